import type { HealthLevel } from '~/modules/admin/system-health.server';

const LOOK: Record<HealthLevel, { label: string; className: string }> = {
  ok: { label: 'Operacional', className: 'bg-emerald-50 text-emerald-800 border-emerald-200' },
  warning: { label: 'Atenção', className: 'bg-amber-50 text-amber-900 border-amber-300' },
  error: { label: 'Falha', className: 'bg-red-50 text-red-800 border-red-200' },
};

/** A health level in words (never colour alone). */
export function StatusBadge({ level }: { level: HealthLevel }) {
  const { label, className } = LOOK[level];
  return <span className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}

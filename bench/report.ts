/** The result table: every figure of a run, with its budget (if any) and whether it is met. */

export interface Budget {
  /** 'max': the value must be at most the limit; 'min': at least. */
  kind: 'max' | 'min';
  limit: number;
}

export type Status = 'met' | 'NOT MET' | 'report' | 'skipped';

export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  /** Digits after the decimal point when printed. */
  digits: number;
  budget?: Budget;
  status: Status;
  note?: string;
}

export function figure(name: string, value: number | null, unit: string, digits: number, budget?: Budget, note?: string): Figure {
  let status: Status = 'report';
  if (budget) {
    const met = value !== null && Number.isFinite(value) && (budget.kind === 'max' ? value <= budget.limit : value >= budget.limit);
    status = met ? 'met' : 'NOT MET';
  }
  return { name, value, unit, digits, budget, status, note };
}

/**
 * A figure of a step the operator left out of the run (`BENCH_SKIP_BACKGROUND=1`…): 'skipped', with the
 * reason, instead of NOT MET. Only when it has no value: a step that ran keeps its result.
 */
export function skippedBy(reason: string | undefined, f: Figure): Figure {
  if (!reason || f.value !== null || !f.budget) return f;
  return { ...f, status: 'skipped', note: reason };
}

function formatValue(f: Figure): string {
  if (f.value === null || !Number.isFinite(f.value)) return 'n/a';
  return `${f.value.toLocaleString('en-US', { minimumFractionDigits: f.digits, maximumFractionDigits: f.digits })}${f.unit ? ` ${f.unit}` : ''}`;
}

function formatBudget(f: Figure): string {
  if (!f.budget) return '—';
  return `${f.budget.kind === 'max' ? '<=' : '>='} ${f.budget.limit}${f.unit ? ` ${f.unit}` : ''}`;
}

export function formatTable(figures: Figure[]): string {
  const header = ['Figure', 'Value', 'Budget', 'Result'];
  const rows = figures.map((f) => [f.name, formatValue(f), formatBudget(f), f.note ? `${f.status} (${f.note})` : f.status]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

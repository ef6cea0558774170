import { BarChart3, ClipboardList, LayoutDashboard, Scale, type LucideIcon } from 'lucide-react';

/**
 * The back office's navigation (spec part 2, section 2.11): only pages that exist are linked. The
 * spec's Leads (/admin/leads) and Mensagens (/admin/mensagens) join this list when their pages are
 * built: Leads after Advogados, Mensagens after Relatórios.
 */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/lawyers', label: 'Advogados', icon: Scale },
  { to: '/admin/reports', label: 'Relatórios', icon: BarChart3 },
  { to: '/admin/auditoria', label: 'Auditoria', icon: ClipboardList },
];

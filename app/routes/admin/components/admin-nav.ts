import { ClipboardList, Inbox, LayoutDashboard, Scale, type LucideIcon } from 'lucide-react';

/**
 * The back office's navigation (spec part 2, section 2.11): only pages that exist are linked. The
 * spec's Relatórios (/admin/reports) and Mensagens (/admin/mensagens) join this list, in that order
 * after Leads, when their pages are built.
 */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/lawyers', label: 'Advogados', icon: Scale },
  { to: '/admin/leads', label: 'Leads', icon: Inbox },
  { to: '/admin/auditoria', label: 'Auditoria', icon: ClipboardList },
];

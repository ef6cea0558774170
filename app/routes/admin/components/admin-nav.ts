import { ClipboardList, Inbox, LayoutDashboard, Mail, Scale, type LucideIcon } from 'lucide-react';

/**
 * The back office's navigation (spec part 2, section 2.11): only pages that exist are linked. The
 * spec's Relatórios (/admin/reports) joins this list between Leads and Mensagens when it is built.
 */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/lawyers', label: 'Advogados', icon: Scale },
  { to: '/admin/leads', label: 'Leads', icon: Inbox },
  { to: '/admin/mensagens', label: 'Mensagens', icon: Mail },
  { to: '/admin/auditoria', label: 'Auditoria', icon: ClipboardList },
];

import { BarChart3, ClipboardList, Flag, Inbox, LayoutDashboard, Mail, Scale, type LucideIcon } from 'lucide-react';

/**
 * The back office's navigation (docs/product-rules.md, "Back office"): Dashboard, Advogados,
 * Leads and Relatórios, then the outbox (Mensagens), the clients' reports (Denúncias) and the audit log.
 */
export const ADMIN_NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/lawyers', label: 'Advogados', icon: Scale },
  { to: '/admin/leads', label: 'Leads', icon: Inbox },
  { to: '/admin/reports', label: 'Relatórios', icon: BarChart3 },
  { to: '/admin/mensagens', label: 'Mensagens', icon: Mail },
  { to: '/admin/denuncias', label: 'Denúncias', icon: Flag },
  { to: '/admin/auditoria', label: 'Auditoria', icon: ClipboardList },
];

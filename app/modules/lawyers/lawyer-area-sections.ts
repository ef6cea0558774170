/**
 * The sections of the lawyer area's header menu (/area-advogado?section=…), in menu order. Monitoring
 * holds the messaging settings for now. Financeiro, only a notice, is in the mobile menu only, as the
 * specification's header asks (desktop: Dashboard, Perfil, CRM, Monitor; mobile adds Financeiro).
 */
export const LAWYER_AREA_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard', mobileOnly: false },
  { id: 'perfil', label: 'Perfil', mobileOnly: false },
  { id: 'crm', label: 'CRM', mobileOnly: false },
  { id: 'monitoramento', label: 'Monitoramento', mobileOnly: false },
  { id: 'financeiro', label: 'Financeiro', mobileOnly: true },
] as const;
export type LawyerAreaSection = (typeof LAWYER_AREA_SECTIONS)[number]['id'];

/** The section a query string asks for; anything unknown is the dashboard. */
export function lawyerAreaSection(value: string | null | undefined): LawyerAreaSection {
  return LAWYER_AREA_SECTIONS.find((s) => s.id === value)?.id ?? 'dashboard';
}

/**
 * The sections of the lawyer area (/area-advogado?section=…) that exist so far, in menu order.
 * Monitoring holds the messaging settings for now; finance joins this list when it is built.
 */
export const LAWYER_AREA_SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'perfil', label: 'Perfil' },
  { id: 'crm', label: 'CRM' },
  { id: 'monitoramento', label: 'Monitoramento' },
] as const;
export type LawyerAreaSection = (typeof LAWYER_AREA_SECTIONS)[number]['id'];

/** The section a query string asks for; anything unknown is the dashboard. */
export function lawyerAreaSection(value: string | null | undefined): LawyerAreaSection {
  return LAWYER_AREA_SECTIONS.find((s) => s.id === value)?.id ?? 'dashboard';
}

// Part of the catalogue (catalog.ts re-exports it): browser-safe, no server imports.
// Other closed vocabularies (checked by the database too)

export const LAWYER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LawyerStatus = (typeof LAWYER_STATUSES)[number];

export const STAGE_COLORS = [
  { value: '#3b82f6', label: 'Azul' },
  { value: '#10b981', label: 'Verde' },
  { value: '#f59e0b', label: 'Âmbar' },
  { value: '#ef4444', label: 'Vermelho' },
  { value: '#8b5cf6', label: 'Roxo' },
  { value: '#ec4899', label: 'Rosa' },
  { value: '#6b7280', label: 'Cinza' },
  { value: '#14b8a6', label: 'Teal' },
] as const;

/** The stages every new lawyer starts with; each lawyer owns their stages (docs/product-rules.md, "CRM"). */
export const DEFAULT_LEAD_STAGES = [
  { name: 'Novo', color: '#3b82f6' },
  { name: 'Em contato', color: '#f59e0b' },
  { name: 'Proposta enviada', color: '#8b5cf6' },
  { name: 'Contratado', color: '#10b981' },
  { name: 'Não contratado', color: '#6b7280' },
] as const;

export const WHATSAPP_CLICK_SOURCES = ['perfil_advogado', 'busca'] as const;
export type WhatsAppClickSource = (typeof WHATSAPP_CLICK_SOURCES)[number];

/** Process monitoring (docs/product-rules.md, "Process monitoring"): how often, where it stands, what moved. */
export const MONITORING_FREQUENCIES = ['DIARIA', 'SEMANAL'] as const;
export type MonitoringFrequencyId = (typeof MONITORING_FREQUENCIES)[number];
export const MONITORING_STATUSES = ['PENDENTE', 'ENCONTRADO', 'NAO_ENCONTRADO'] as const;
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number];
export const PROCESS_UPDATE_TYPES = ['ANDAMENTO', 'DECISAO', 'DESPACHO', 'SENTENCA'] as const;
export type ProcessUpdateType = (typeof PROCESS_UPDATE_TYPES)[number];

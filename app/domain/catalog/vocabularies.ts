// Part of the catalogue (catalog.ts re-exports it): browser-safe, no server imports.
// Other closed vocabularies (checked by the database too)

/** 'suspended': approved once, then suspended by a superadmin (inscription no longer regular: decision 0061); public nowhere, reversible. */
export const LAWYER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
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
  { name: 'Novo', color: '#3b82f6', kind: 'aberto' },
  { name: 'Em contato', color: '#f59e0b', kind: 'aberto' },
  { name: 'Proposta enviada', color: '#8b5cf6', kind: 'aberto' },
  { name: 'Contratado', color: '#10b981', kind: 'ganho' },
  { name: 'Não contratado', color: '#6b7280', kind: 'perdido' },
] as const;

/**
 * What a stage means for the lawyer's figures (issue 23): a lead in an open stage is still being worked;
 * a won ('ganho') or lost ('perdido') stage closes it (conversion = won ÷ closed).
 */
export const STAGE_KINDS = ['aberto', 'ganho', 'perdido'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const STAGE_KIND_LABELS: Record<StageKind, string> = { aberto: 'Em aberto', ganho: 'Ganho', perdido: 'Perdido' };

/** Why a lead was lost, asked when it moves to a lost stage ('Outro' asks for a text). */
export const LOST_REASONS = [
  { id: 'sem_retorno', label: 'Sem retorno do cliente' },
  { id: 'honorarios', label: 'Honorários' },
  { id: 'fora_da_area', label: 'Fora da minha área' },
  { id: 'outro_advogado', label: 'Escolheu outro advogado' },
  { id: 'outro', label: 'Outro' },
] as const;
export type LostReasonId = (typeof LOST_REASONS)[number]['id'];
export const LOST_REASON_IDS = LOST_REASONS.map((r) => r.id) as [LostReasonId, ...LostReasonId[]];

/**
 * How a lawyer first reached a lead (its response time ends there): a WhatsApp or e-mail opened from the
 * card or dialog, a note, or a move out of the first stage.
 */
export const FIRST_CONTACT_CHANNELS = ['whatsapp', 'email', 'nota', 'etapa'] as const;
export type FirstContactChannel = (typeof FIRST_CONTACT_CHANNELS)[number];

export const WHATSAPP_CLICK_SOURCES = ['perfil_advogado', 'busca'] as const;
export type WhatsAppClickSource = (typeof WHATSAPP_CLICK_SOURCES)[number];

/** Process monitoring (docs/product-rules.md, "Process monitoring"): how often, where it stands, what moved. */
export const MONITORING_FREQUENCIES = ['DIARIA', 'SEMANAL'] as const;
export type MonitoringFrequencyId = (typeof MONITORING_FREQUENCIES)[number];
export const MONITORING_STATUSES = ['PENDENTE', 'ENCONTRADO', 'NAO_ENCONTRADO'] as const;
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number];
export const PROCESS_UPDATE_TYPES = ['ANDAMENTO', 'DECISAO', 'DESPACHO', 'SENTENCA'] as const;
export type ProcessUpdateType = (typeof PROCESS_UPDATE_TYPES)[number];

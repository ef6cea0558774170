// What the board's page needs of the CRM's rules, without zod (docs/decisions/0016): limits, the
// spec's texts, the intents and what a post answers. The schemas that use them are in crm.schemas.ts,
// which the page loads only when a form is checked before sending.
import type { WriteAnswer } from '~/lib/write-answer';
import { BRL_MAX_CENTS, parseBrlCents } from '~/domain/brl';
import type { StageKind } from '~/domain/catalog/catalog';

/** Limits of a lead and of the stages (the spec's minimums; the maximums keep rows and the board sane). */
export const LEAD_LIMITS = {
  nome: { min: 3, max: 120 },
  mensagem: { max: 5000 },
} as const;
export const STAGE_LIMITS = { name: { max: 40 }, perLawyer: 20 } as const;
/** A lawyer's note about a lead (docs/decisions/0046); the database checks the same bound. */
export const NOTE_LIMITS = { max: 2000 } as const;

/** The CRM's texts the user reads (docs/product-rules.md, CRM), quoted exactly. */
export const CRM_MESSAGES = {
  loadFailed: 'Erro ao carregar os leads',
  leadCreated: 'Lead cadastrado com sucesso',
  leadCreateFailed: 'Erro ao cadastrar lead. Por favor, tente novamente.',
  leadMoved: 'Status do lead atualizado com sucesso',
  leadMoveFailed: 'Erro ao atualizar o status do lead',
  leadUpdated: 'Lead atualizado com sucesso',
  leadUpdateFailed: 'Erro ao atualizar o lead',
  stagesSaved: 'Etapas atualizadas com sucesso',
  stagesSaveFailed: 'Erro ao salvar alterações',
  stageDeleted: 'Etapa removida com sucesso',
  stageDeleteFailed: 'Erro ao remover etapa',
  stageAdded: 'Nova etapa adicionada com sucesso',
  stageAddFailed: 'Erro ao adicionar etapa',
  stageNameRequired: 'Digite um nome para a etapa',
  leadNotFound: 'Lead não encontrado',
  noteNotFound: 'Nota não encontrada',
  noteAdded: 'Nota adicionada',
  noteUpdated: 'Nota atualizada',
  noteDeleted: 'Nota excluída',
  noteEmpty: 'A nota não pode ficar vazia.',
  noteTooLong: 'A nota pode ter no máximo 2.000 caracteres.',
  noteSaveFailed: 'Erro ao salvar a nota',
  noteDeleteFailed: 'Erro ao excluir a nota',
  stageNotFound: 'Etapa não encontrada',
  followUpSaved: 'Próximo contato salvo',
  followUpCleared: 'Próximo contato removido',
  followUpFailed: 'Erro ao salvar o próximo contato',
  followUpDayRequired: 'Escolha a data do próximo contato.',
  followUpDayInvalid: 'Data inválida. Use o formato dd/mm/aaaa.',
  followUpPast: 'A data do próximo contato não pode estar no passado.',
  followUpTooFar: 'Escolha uma data nos próximos 2 anos.',
  followUpTimeInvalid: 'Horário inválido. Use o formato hh:mm.',
  lostReasonRequired: 'Escolha o motivo da perda para mover o lead para esta etapa.',
  lostReasonInvalid: 'Escolha um dos motivos da lista.',
  lostReasonTextRequired: 'Descreva o motivo da perda em “Outro”.',
  lostReasonTextTooLong: 'O motivo pode ter no máximo 200 caracteres.',
  feeInvalid: 'Informe os honorários como no exemplo: 3.500,00.',
  feeNegative: 'Os honorários não podem ser negativos.',
  feeTooHigh: 'Os honorários podem ser no máximo R$ 1.000.000.000,00.',
  contactRecorded: 'Contato registrado',
  contactFailed: 'Erro ao registrar o contato',
  stageOrderFailed: 'Erro ao mover a etapa',
  unavailable: 'O sistema de CRM para leads não está disponível no seu plano atual. Atualize seu plano para acessar esta funcionalidade.',
} as const;

/**
 * The refusal of a stage that still has leads (docs/product-rules.md, CRM: stages), with the count taken before
 * deleting. One lead reads in the singular ('1 lead associado. Mova-o …').
 */
export function stageHasLeadsMessage(count: number): string {
  return count === 1
    ? 'Esta etapa tem 1 lead associado. Mova-o para outra etapa antes de excluir.'
    : `Esta etapa tem ${count} leads associados. Mova-os para outra etapa antes de excluir.`;
}

/** What a stage's move says (the toast, and the live status beside the buttons): 'Etapa Em contato na posição 1 de 5'. */
export function stageMovedMessage(name: string, position: number, count: number): string {
  return `Etapa ${name} na posição ${position} de ${count}`;
}

/**
 * Cards a column shows when the board opens (the most recently changed ones: a laptop screen shows three
 * or four), and how many each 'Mostrar mais' adds. A column of hundreds of cards is read a screen at a
 * time; its count says how many there are (decisions 0016 and 0031).
 */
export const CARDS_PER_COLUMN_FIRST = 5;
export const CARDS_PER_COLUMN_STEP = 10;

/** The board's follow-up filter ('retorno' in the URL): 'Para hoje' and 'Atrasados', São Paulo days. */
export const FOLLOW_UP_FILTERS = ['hoje', 'atrasados'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];
export const FOLLOW_UP_FILTER_LABELS: Record<FollowUpFilter, string> = { hoje: 'Para hoje', atrasados: 'Atrasados' };
/** The longest search the board takes (a longer one is cut). */
export const BOARD_SEARCH_MAX = 100;

/** The board's search and filters, as checked from the URL (an absent key: no filter). */
export interface BoardFilters {
  /** Words found in the name, e-mail, phone or description, accents and letter case ignored. */
  q?: string;
  area?: string;
  cidade?: string;
  retorno?: FollowUpFilter;
}

/** The filters as the URL's query (without `section`), in one order: '' when none. */
export function boardFilterQuery(filters: BoardFilters): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'area', 'cidade', 'retorno'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** What a CRM form asks for (the `intent` field of every CRM post). */
export const CRM_INTENTS = ['mover-lead', 'editar-lead', 'novo-lead', 'salvar-etapas', 'nova-etapa', 'excluir-etapa', 'ordenar-etapas', 'adicionar-nota', 'editar-nota', 'excluir-nota', 'definir-retorno', 'registrar-contato'] as const;
export type CrmIntent = (typeof CRM_INTENTS)[number];
/** The spec's failure toast of each form, for a failure the server could not explain (a crash, no network). */
export const CRM_FAILURE_MESSAGES: Record<CrmIntent, string> = {
  'mover-lead': CRM_MESSAGES.leadMoveFailed,
  'editar-lead': CRM_MESSAGES.leadUpdateFailed,
  'novo-lead': CRM_MESSAGES.leadCreateFailed,
  'salvar-etapas': CRM_MESSAGES.stagesSaveFailed,
  'nova-etapa': CRM_MESSAGES.stageAddFailed,
  'excluir-etapa': CRM_MESSAGES.stageDeleteFailed,
  'ordenar-etapas': CRM_MESSAGES.stageOrderFailed,
  'adicionar-nota': CRM_MESSAGES.noteSaveFailed,
  'editar-nota': CRM_MESSAGES.noteSaveFailed,
  'excluir-nota': CRM_MESSAGES.noteDeleteFailed,
  'definir-retorno': CRM_MESSAGES.followUpFailed,
  'registrar-contato': CRM_MESSAGES.contactFailed,
};

/** What a CRM post answers (the write door's shape); a failure carries the field errors and the values to show again. */
export type CrmActionResult = WriteAnswer<'crm', CrmIntent, { leadId?: string; stageId?: string; noteId?: string; contactUrl?: string; position?: number; stageCount?: number }>;

/** The lost reason's text ('Outro') and the agreed fees: the database checks the same bounds. */
export const OUTCOME_LIMITS = { reasonText: { max: 200 }, feeMaxCents: BRL_MAX_CENTS } as const;

/** What a move to a won or lost stage carries, as its form sends it. */
export interface MoveOutcomeFields {
  motivo?: string | null;
  motivoOutro?: string | null;
  honorarios?: string | null;
}

/** The agreed fees' field: empty is none; otherwise its message, or the amount in centavos. */
export function feeFieldCents(text: string | null | undefined): { cents: number | null } | { error: string } {
  const typed = (text ?? '').trim();
  if (typed === '') return { cents: null };
  if (typed.startsWith('-')) return { error: CRM_MESSAGES.feeNegative };
  const cents = parseBrlCents(typed);
  if (cents === null) return { error: CRM_MESSAGES.feeInvalid };
  if (cents > OUTCOME_LIMITS.feeMaxCents) return { error: CRM_MESSAGES.feeTooHigh };
  return { cents };
}

/**
 * The page's check of a move to a stage of `kind` before sending it (the server checks the same, with the
 * stage's kind from the database): a lost stage asks for a reason ('Outro' with its text), a won stage
 * takes optional fees. Field errors by name; empty when the move may go.
 */
export function moveOutcomeErrors(kind: StageKind, fields: MoveOutcomeFields): Record<string, string> {
  const errors: Record<string, string> = {};
  if (kind === 'perdido') {
    const motivo = (fields.motivo ?? '').trim();
    const texto = (fields.motivoOutro ?? '').trim();
    if (!motivo) errors.motivo = CRM_MESSAGES.lostReasonRequired;
    else if (motivo === 'outro' && !texto) errors.motivoOutro = CRM_MESSAGES.lostReasonTextRequired;
    if (texto.length > OUTCOME_LIMITS.reasonText.max) errors.motivoOutro = CRM_MESSAGES.lostReasonTextTooLong;
  }
  if (kind === 'ganho') {
    const fee = feeFieldCents(fields.honorarios);
    if ('error' in fee) errors.honorarios = fee.error;
  }
  return errors;
}

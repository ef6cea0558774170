import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.schemas';
import { CITY_IDS, LOST_REASON_IDS, PRACTICE_AREA_IDS, STAGE_COLORS, STAGE_KINDS, type LostReasonId } from '~/domain/catalog/catalog';
import { phoneField } from '~/domain/phone-field';
import { isCalendarDay } from './follow-ups';
import {
  BOARD_SEARCH_MAX,
  CARDS_PER_COLUMN_FIRST,
  CRM_INTENTS,
  CRM_MESSAGES,
  feeFieldCents,
  FOLLOW_UP_FILTERS,
  LEAD_LIMITS,
  NOTE_LIMITS,
  OUTCOME_LIMITS,
  STAGE_LIMITS,
  type BoardFilters,
} from './crm.shared';

// The CRM's forms (docs/product-rules.md, "CRM"): the server parses every post with these; the board's
// page checks its forms with them before sending (loaded on first use). Browser-safe.

export * from './crm.shared';

/** An id as the forms send it; the module answers "not found" for anything that is not one of the lawyer's. */
const idField = (message: string) => z.string({ message }).trim().min(1, message).max(64, message);

const nome = z
  .string({ message: 'Nome deve ter pelo menos 3 caracteres' })
  .trim()
  .min(LEAD_LIMITS.nome.min, 'Nome deve ter pelo menos 3 caracteres')
  .max(LEAD_LIMITS.nome.max, 'Nome muito longo');
const email = z.string({ message: 'Email inválido' }).trim().max(EMAIL_MAX_LENGTH, 'Email inválido').toLowerCase().pipe(z.email('Email inválido'));
/** A mobile or a landline as typed ('(11) 3123-4567', '+55 11 91234-5678'), stored as '5511…'. */
const telefone = phoneField();
/**
 * Optional: an empty description is stored as null. Not sent at all (undefined): left as it is (the edit
 * form of a lead from a client's request shows the client's text read-only; docs/decisions/0046).
 */
const mensagem = z
  .string({ message: 'Descrição inválida' })
  .max(LEAD_LIMITS.mensagem.max, `A descrição deve ter no máximo ${LEAD_LIMITS.mensagem.max} caracteres`)
  .optional()
  .transform((value) => (value === undefined ? undefined : value.trim() || null));

/** 'Novo Lead' (docs/product-rules.md, CRM: new lead): the fields keep the product's names. */
export const newLeadSchema = z.object({
  nome,
  email,
  telefone,
  cidade: z.enum(CITY_IDS, { message: 'Selecione uma cidade' }),
  area_interesse: z.enum(PRACTICE_AREA_IDS, { message: 'Selecione uma área de atuação' }),
  mensagem,
});
export type NewLeadInput = z.output<typeof newLeadSchema>;

/** The lead edit dialog: city and area are never editable (data integrity), so they are not fields. */
export const editLeadSchema = z.object({
  leadId: idField(CRM_MESSAGES.leadNotFound),
  nome,
  email,
  telefone,
  mensagem,
});
export type EditLeadInput = z.output<typeof editLeadSchema>;

/** A note's text: 1 to 2,000 characters once trimmed. */
const nota = z
  .string({ message: CRM_MESSAGES.noteEmpty })
  .trim()
  .min(1, CRM_MESSAGES.noteEmpty)
  .max(NOTE_LIMITS.max, CRM_MESSAGES.noteTooLong);

/** 'Adicionar nota' in a lead's history. */
export const addNoteSchema = z.object({ leadId: idField(CRM_MESSAGES.leadNotFound), nota });
export type AddNoteInput = z.output<typeof addNoteSchema>;
/** 'Salvar nota': a note's new text. */
export const editNoteSchema = z.object({ leadId: idField(CRM_MESSAGES.leadNotFound), noteId: idField(CRM_MESSAGES.noteNotFound), nota });
export type EditNoteInput = z.output<typeof editNoteSchema>;
/** 'Excluir' a note, once confirmed. */
export const deleteNoteSchema = z.object({ leadId: idField(CRM_MESSAGES.leadNotFound), noteId: idField(CRM_MESSAGES.noteNotFound) });
export type DeleteNoteInput = z.output<typeof deleteNoteSchema>;

/**
 * 'Próximo contato' (docs/decisions/0049): 'salvar' a day ('YYYY-MM-DD', as a date field sends it) and an
 * optional time ('HH:MM'), or 'remover' it. Whether the day is past is the server's clock's business
 * (setFollowUp), not the form's.
 */
export const followUpSchema = z.discriminatedUnion('acao', [
  z.object({
    acao: z.literal('salvar'),
    leadId: idField(CRM_MESSAGES.leadNotFound),
    retornoData: z
      .string({ message: CRM_MESSAGES.followUpDayRequired })
      .trim()
      .min(1, CRM_MESSAGES.followUpDayRequired)
      .refine(isCalendarDay, CRM_MESSAGES.followUpDayInvalid),
    retornoHora: z
      .string({ message: CRM_MESSAGES.followUpTimeInvalid })
      .trim()
      .optional()
      .transform((value) => value || null)
      .refine((value) => value === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), CRM_MESSAGES.followUpTimeInvalid),
  }),
  z.object({ acao: z.literal('remover'), leadId: idField(CRM_MESSAGES.leadNotFound) }),
], { message: CRM_MESSAGES.followUpFailed });
export type FollowUpInput = z.output<typeof followUpSchema>;

/** An optional text field: empty (or only spaces) is not given. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ message: tooLong })
    .max(max * 2, tooLong)
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().max(max, tooLong).optional());

/**
 * A card dropped on a column, or the stage select and 'Mover' button of a card. A move to a lost stage
 * carries its reason (`motivo`, 'outro' with `motivoOutro`), to a won stage optionally the agreed fees
 * (`honorarios`, typed as '3.500,00'); whether the stage is lost or won is the database's, so that rule is
 * moveLeadToStage's (a lost stage without a reason is refused there). Read as the module's names.
 */
export const moveLeadSchema = z
  .object({
    leadId: idField(CRM_MESSAGES.leadNotFound),
    stageId: idField(CRM_MESSAGES.stageNotFound),
    motivo: z
      .string({ message: CRM_MESSAGES.lostReasonInvalid })
      .max(40, CRM_MESSAGES.lostReasonInvalid)
      .optional()
      .transform((value) => value?.trim() || undefined)
      .pipe(z.enum(LOST_REASON_IDS, { message: CRM_MESSAGES.lostReasonInvalid }).optional()),
    motivoOutro: optionalText(OUTCOME_LIMITS.reasonText.max, CRM_MESSAGES.lostReasonTextTooLong),
    honorarios: z
      .string({ message: CRM_MESSAGES.feeInvalid })
      .max(40, CRM_MESSAGES.feeInvalid)
      .optional()
      .transform((value, ctx) => {
        const fee = feeFieldCents(value);
        if ('error' in fee) {
          ctx.addIssue({ code: 'custom', message: fee.error });
          return z.NEVER;
        }
        return fee.cents ?? undefined;
      }),
  })
  .refine((f) => f.motivo !== 'outro' || f.motivoOutro !== undefined, { path: ['motivoOutro'], message: CRM_MESSAGES.lostReasonTextRequired })
  .transform(({ leadId, stageId, motivo, motivoOutro, honorarios }): MoveLeadInput => ({
    leadId,
    stageId,
    lostReason: motivo,
    // Only 'Outro' has a text of its own.
    lostReasonText: motivo === 'outro' ? motivoOutro : undefined,
    agreedFeeCents: honorarios,
  }));
/** A move as the module takes it (the tests and the board call it with a lead and a stage only). */
export interface MoveLeadInput {
  leadId: string;
  stageId: string;
  lostReason?: LostReasonId | undefined;
  lostReasonText?: string | undefined;
  agreedFeeCents?: number | undefined;
}

/** A WhatsApp or e-mail opened from a card or the lead's dialog: the lead's first contact, when it is the first. */
export const recordContactSchema = z.object({
  leadId: idField(CRM_MESSAGES.leadNotFound),
  canal: z.enum(['whatsapp', 'email'], { message: 'Canal de contato inválido' }),
});
export type RecordContactInput = z.output<typeof recordContactSchema>;

const STAGE_COLOR_VALUES = STAGE_COLORS.map((c) => c.value) as [string, ...string[]];
const stageName = z
  .string({ message: CRM_MESSAGES.stageNameRequired })
  .trim()
  .min(1, CRM_MESSAGES.stageNameRequired)
  .max(STAGE_LIMITS.name.max, `O nome da etapa deve ter no máximo ${STAGE_LIMITS.name.max} caracteres`);
const stageColor = z.enum(STAGE_COLOR_VALUES, { message: 'Escolha uma das cores da lista' });
const stageKind = z.enum(STAGE_KINDS, { message: 'Escolha um dos tipos da lista' });

/** A new stage: a name, one of the eight colours and its kind ('Em aberto' when the form leaves it out). */
export const addStageSchema = z.object({ name: stageName, color: stageColor, kind: stageKind.default('aberto') });
/** Input, not output: a caller may leave the kind out ('aberto'). */
export type AddStageInput = z.input<typeof addStageSchema>;

export const deleteStageSchema = z.object({ stageId: idField(CRM_MESSAGES.stageNotFound) });
export type DeleteStageInput = z.output<typeof deleteStageSchema>;

/**
 * The rows' checks (as many names and colours as ids, no id twice) run whenever the three lists are
 * lists, in the same round as the fields' own checks (zod would skip them while a colour is off the
 * list): every rule of the form is reported at once (docs/decisions/0042).
 */
const STAGE_ROWS_CHECK = {
  path: ['form'],
  message: CRM_MESSAGES.stagesSaveFailed,
  when: ({ value }: { value: unknown }) => {
    const lists = value as { stageId?: unknown; stageName?: unknown; stageColor?: unknown; stageKind?: unknown } | undefined;
    return Array.isArray(lists?.stageId) && Array.isArray(lists.stageName) && Array.isArray(lists.stageColor) && (lists.stageKind === undefined || Array.isArray(lists.stageKind));
  },
};

/**
 * The stage manager's 'Salvar' (its working copy): one row per stage, sent as parallel lists
 * (stageId, stageName, stageColor, stageKind), turned into rows here. A form without the kinds (an older
 * page) leaves each stage's kind as it is.
 */
export const saveStagesSchema = z
  .object({
    stageId: z.array(idField(CRM_MESSAGES.stageNotFound)).min(1, CRM_MESSAGES.stagesSaveFailed).max(STAGE_LIMITS.perLawyer, CRM_MESSAGES.stagesSaveFailed),
    stageName: z.array(stageName).max(STAGE_LIMITS.perLawyer, CRM_MESSAGES.stagesSaveFailed),
    stageColor: z.array(stageColor).max(STAGE_LIMITS.perLawyer, CRM_MESSAGES.stagesSaveFailed),
    stageKind: z.array(stageKind).max(STAGE_LIMITS.perLawyer, CRM_MESSAGES.stagesSaveFailed).optional(),
  })
  .refine(
    (f) => f.stageName.length === f.stageId.length && f.stageColor.length === f.stageId.length && (f.stageKind === undefined || f.stageKind.length === f.stageId.length),
    STAGE_ROWS_CHECK,
  )
  .refine((f) => new Set(f.stageId).size === f.stageId.length, STAGE_ROWS_CHECK)
  .transform((f) => f.stageId.map((id, i) => ({ id, name: f.stageName[i]!, color: f.stageColor[i]!, ...(f.stageKind ? { kind: f.stageKind[i]! } : {}) })));
export type SaveStagesInput = z.output<typeof saveStagesSchema>;

/**
 * 'Mover etapa … para a esquerda/direita' and a stage dropped among the others: the stage and its new
 * place (1 = first column; a place beyond the ends is the end).
 */
export const reorderStageSchema = z.object({
  stageId: idField(CRM_MESSAGES.stageNotFound),
  posicao: z.coerce.number({ message: CRM_MESSAGES.stageOrderFailed }).int(CRM_MESSAGES.stageOrderFailed).min(-1000, CRM_MESSAGES.stageOrderFailed).max(1000, CRM_MESSAGES.stageOrderFailed),
});
export type ReorderStageInput = z.output<typeof reorderStageSchema>;

const MAX_CARDS_PER_COLUMN = 3000;

/** What the board shows, from the page's URL: `ver` cards per column, the lead a dialog opens, and the filters. */
export interface BoardView {
  perColumn: number;
  /** A lead to include even if its column does not show it (`lead=` or `editar=` opens its dialog). */
  include: string[];
  /** The lead whose details dialog the URL opens (`lead=`): its history is loaded with the page. */
  historyOf?: string;
  /** The search and filters (`q`, `area`, `cidade`, `retorno`): the columns and their counts show only the leads that match. */
  filters: BoardFilters;
}

/**
 * The board's filters as the URL carries them, each checked on its own: a value that is not one of the
 * catalogue's (an area, a city, 'hoje' or 'atrasados') is ignored, a search longer than the limit is cut.
 */
const boardFilterFields = {
  q: z.string().transform((q) => q.replace(/\s+/g, ' ').trim().slice(0, BOARD_SEARCH_MAX).trim()),
  area: z.enum(PRACTICE_AREA_IDS),
  cidade: z.enum(CITY_IDS),
  retorno: z.enum(FOLLOW_UP_FILTERS),
};

export function boardFiltersFromQuery(params: URLSearchParams): BoardFilters {
  const filters: BoardFilters = {};
  const q = boardFilterFields.q.safeParse(params.get('q') ?? '');
  if (q.success && q.data) filters.q = q.data;
  const area = boardFilterFields.area.safeParse(params.get('area'));
  if (area.success) filters.area = area.data;
  const cidade = boardFilterFields.cidade.safeParse(params.get('cidade'));
  if (cidade.success) filters.cidade = cidade.data;
  const retorno = boardFilterFields.retorno.safeParse(params.get('retorno'));
  if (retorno.success) filters.retorno = retorno.data;
  return filters;
}

export function boardViewFromQuery(params: URLSearchParams): BoardView {
  const asked = Number.parseInt(params.get('ver') ?? '', 10);
  const perColumn = Number.isFinite(asked) ? Math.min(Math.max(asked, CARDS_PER_COLUMN_FIRST), MAX_CARDS_PER_COLUMN) : CARDS_PER_COLUMN_FIRST;
  const include = [params.get('lead'), params.get('editar')].filter((id): id is string => id !== null && z.uuid().safeParse(id).success);
  const lead = params.get('lead');
  return { perColumn, include, ...(lead && z.uuid().safeParse(lead).success ? { historyOf: lead } : {}), filters: boardFiltersFromQuery(params) };
}

export const crmIntentSchema = z.enum(CRM_INTENTS);

import { redirect } from 'react-router';
import type { CurrentUser } from '~/auth/session.server';
import { appErrorOrThrow, type UserFacingError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { readFormData } from '~/lib/form-fields.server';
import { parseForm, type FieldErrors } from '~/lib/parse-form.server';
import { throttleWrites } from '~/lib/write-throttle.server';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.schemas';
import {
  addStageSchema,
  CRM_MESSAGES,
  crmIntentSchema,
  deleteStageSchema,
  editLeadSchema,
  LEAD_LIMITS,
  moveLeadSchema,
  newLeadSchema,
  saveStagesSchema,
  STAGE_LIMITS,
  type CrmActionResult,
  type CrmIntent,
} from '~/modules/leads/crm.schemas';
import { addStage, createLead, deleteStage, moveLeadToStage, openCrm, saveStages, updateLead, type CrmLawyer } from '~/modules/leads/crm.server';

// The CRM's posts, one `intent` field each (HTTP only: the rules are in app/modules/leads/crm.server.ts):
// a plain form post to /area-advogado?section=crm (no JavaScript) gets the page again on failure and a
// redirect with a toast on success; the page's JavaScript posts to /area-advogado/crm and gets the
// answer as JSON either way.

export const CRM_PAGE = '/area-advogado?section=crm';

const ID_ECHO = 64;

interface Done {
  message: string;
  leadId?: string;
  stageId?: string;
}

/**
 * A page's own fetch (the board's drop, a dialog sent by the page's JavaScript) rather than a browser
 * navigation: such a post gets data back instead of a redirect. Browsers mark navigations with
 * `Sec-Fetch-Mode: navigate`; a request without the header is treated as a navigation.
 */
function isFetch(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode');
  return mode !== null && mode !== 'navigate';
}

/** The answer to a CRM post; the route sends it as the page's action data or as JSON. */
export interface CrmAnswer {
  body: CrmActionResult;
  status: number;
  /** Seconds before trying again, for a 429 (sent as Retry-After). */
  retryAfter?: number;
}

function failure(intent: CrmIntent | null, fields: { errors?: FieldErrors; values?: Record<string, string | string[]> }, error?: UserFacingError): CrmAnswer {
  const body: CrmActionResult = {
    ok: false,
    intent,
    message: error?.message ?? null,
    errors: error?.field ? { [error.field]: error.message } : (fields.errors ?? {}),
    values: fields.values ?? {},
  };
  return { body, status: error?.status ?? 400, ...(error?.retryAfter ? { retryAfter: error.retryAfter } : {}) };
}

/**
 * Answers one parsed form: its field errors (400), the rule's refusal (an AppError: its status and
 * message, the values kept), or the success. Anything else thrown is a bug and stays a 500.
 */
async function answer<Data>(
  asData: boolean,
  intent: CrmIntent,
  form: { ok: true; data: Data; values: Record<string, string | string[]> } | { ok: false; errors: FieldErrors; values: Record<string, string | string[]> },
  perform: (data: Data) => Promise<Done>,
): Promise<CrmAnswer> {
  if (!form.ok) return failure(intent, form);
  let done: Done;
  try {
    done = await perform(form.data);
  } catch (error) {
    return failure(intent, form, appErrorOrThrow(error));
  }
  if (!asData) throw redirect(CRM_PAGE, { status: 303, headers: { 'Set-Cookie': flashToastCookie(done.message) } });
  const body: CrmActionResult = { ok: true, intent, ...done };
  return { body, status: 200 };
}

/**
 * The CRM post of the signed-in `user` (the route's requireUser), whatever section the page shows.
 * `json`: always answer with data (the JSON endpoint); otherwise a browser navigation that succeeded is
 * redirected to the board with its toast.
 */
export async function crmAction(request: Request, user: CurrentUser, { json = false }: { json?: boolean } = {}): Promise<CrmAnswer> {
  const asData = json || isFetch(request);
  const parsedIntent = crmIntentSchema.safeParse((await readFormData(request.clone())).get('intent'));
  if (!parsedIntent.success) return failure(null, {}, { status: 400, message: 'Ação desconhecida' });
  const intent = parsedIntent.data;
  let lawyer: CrmLawyer;
  try {
    // Counted before anything else, refused or not: the same limit for the board's fetches and the plain posts.
    await throttleWrites('lawyer-area', user.id);
    lawyer = await openCrm(user);
  } catch (error) {
    return failure(intent, {}, appErrorOrThrow(error));
  }

  switch (intent) {
    case 'mover-lead':
      return answer(asData, intent, await parseForm(request, moveLeadSchema, { echo: { leadId: ID_ECHO, stageId: ID_ECHO } }), async (input) => {
        await moveLeadToStage(lawyer, input);
        return { message: CRM_MESSAGES.leadMoved, leadId: input.leadId, stageId: input.stageId };
      });
    case 'editar-lead': {
      const echo = { leadId: ID_ECHO, nome: LEAD_LIMITS.nome.max, email: EMAIL_MAX_LENGTH, telefone: 20, mensagem: LEAD_LIMITS.mensagem.max };
      return answer(asData, intent, await parseForm(request, editLeadSchema, { echo }), async (input) => {
        await updateLead(lawyer, input);
        return { message: CRM_MESSAGES.leadUpdated, leadId: input.leadId };
      });
    }
    case 'novo-lead': {
      const echo = { nome: LEAD_LIMITS.nome.max, email: EMAIL_MAX_LENGTH, telefone: 20, cidade: 60, area_interesse: 60, mensagem: LEAD_LIMITS.mensagem.max };
      return answer(asData, intent, await parseForm(request, newLeadSchema, { echo }), async (input) => {
        const created = await createLead(lawyer, input);
        return { message: CRM_MESSAGES.leadCreated, leadId: created.id };
      });
    }
    case 'salvar-etapas': {
      const lists = { stageId: STAGE_LIMITS.perLawyer, stageName: STAGE_LIMITS.perLawyer, stageColor: STAGE_LIMITS.perLawyer };
      return answer(asData, intent, await parseForm(request, saveStagesSchema, { lists }), async (input) => {
        await saveStages(lawyer, input);
        return { message: CRM_MESSAGES.stagesSaved };
      });
    }
    case 'nova-etapa':
      return answer(asData, intent, await parseForm(request, addStageSchema, { echo: { name: STAGE_LIMITS.name.max, color: 10 } }), async (input) => {
        const created = await addStage(lawyer, input);
        return { message: CRM_MESSAGES.stageAdded, stageId: created.id };
      });
    case 'excluir-etapa':
      return answer(asData, intent, await parseForm(request, deleteStageSchema, { echo: { stageId: ID_ECHO } }), async (input) => {
        await deleteStage(lawyer, input);
        return { message: CRM_MESSAGES.stageDeleted, stageId: input.stageId };
      });
  }
}

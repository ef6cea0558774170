import { createContext, useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type * as CrmSchemas from '~/modules/leads/crm.schemas';
import { CRM_FAILURE_MESSAGES, CRM_INTENTS, stageHasLeadsMessage, type CrmActionResult, type CrmIntent } from '~/modules/leads/crm.shared';

// How the board's forms reach the server. Every form is a plain POST to the area
// (/area-advogado?section=crm), which works without JavaScript; with it, the page sends the same form
// to /area-advogado/crm, which answers JSON, then reloads the board's data once the server has saved.
// (Plain fetch rather than React Router's fetchers: their code would land in the chunk every public
// page loads; docs/decisions/0004.)

/** Where the forms post without JavaScript (the area route's action). */
export const CRM_ACTION = '/area-advogado?section=crm';
/** Where the page's JavaScript posts them (routes/lawyer/crm-api.ts, the same rules, JSON back). */
export const CRM_API = '/area-advogado/crm';

export type CrmFailure = Extract<CrmActionResult, { ok: false }>;
export type ShowToast = (message: string, tone?: 'success' | 'error') => void;

/** The board's toast (crm-toast.tsx). */
export const CrmToastContext = createContext<ShowToast>(() => undefined);

/** Sends one CRM form; a failure on the way (no network, a crash) is the spec's failure of that form. */
export async function postCrmForm(body: FormData): Promise<CrmActionResult> {
  const intent = crmIntentOf(body);
  const failed: CrmActionResult = { ok: false, door: 'crm', intent, message: intent ? CRM_FAILURE_MESSAGES[intent] : null, errors: {}, values: {} };
  try {
    const response = await fetch(CRM_API, { method: 'POST', body, headers: { Accept: 'application/json' } });
    // The session ended: the answer is the login page.
    if (response.redirected && new URL(response.url).pathname === '/login') {
      window.location.assign('/login');
      return failed;
    }
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) return failed;
    return (await response.json()) as CrmActionResult;
  } catch {
    return failed;
  }
}

function crmIntentOf(body: FormData): CrmIntent | null {
  const intent = body.get('intent');
  return CRM_INTENTS.find((known) => known === intent) ?? null;
}

/**
 * The forms the page checks before sending, with the server's own schemas (the server checks again).
 * The schemas and zod load with the first form checked, not with the board (docs/decisions/0016).
 */
async function schemaBeforeSending(intent: CrmIntent): Promise<z.ZodType | undefined> {
  // A move's outcome is checked by its own form (move-outcome.tsx: the stage's kind decides what it needs).
  if (intent === 'mover-lead' || intent === 'excluir-etapa' || intent === 'ordenar-etapas' || intent === 'excluir-nota' || intent === 'registrar-contato') return undefined;
  const schemas = await loadCrmSchemas();
  return {
    'novo-lead': schemas.newLeadSchema,
    'editar-lead': schemas.editLeadSchema,
    'nova-etapa': schemas.addStageSchema,
    'salvar-etapas': schemas.saveStagesSchema,
    'adicionar-nota': schemas.addNoteSchema,
    'editar-nota': schemas.editNoteSchema,
    'definir-retorno': schemas.followUpSchema,
  }[intent];
}

/** The CRM's schemas, fetched once (also started by `preloadCrmSchemas` when the page is idle). */
let crmSchemas: Promise<typeof CrmSchemas> | undefined;
function loadCrmSchemas() {
  crmSchemas ??= import('~/modules/leads/crm.schemas').catch((error: unknown) => {
    crmSchemas = undefined;
    throw error;
  });
  return crmSchemas;
}

/** Fetches the schemas once the board is interactive and the page idle, so the first check does not wait. */
export function preloadCrmSchemas(): () => void {
  const start = () => void loadCrmSchemas().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 2000);
  return () => clearTimeout(id);
}
/** Fields sent as lists (the stage manager's rows). */
const LIST_INTENTS: ReadonlySet<CrmIntent> = new Set(['salvar-etapas']);

/**
 * What the server would refuse in a form before it is sent: the same field messages, found at once and
 * without a round trip. Also a stage that still has leads (`leadCount`, what the board shows). Null when
 * the form may go; the server decides the rest (another tab may have changed things).
 */
export async function checkCrmForm(body: FormData, leadCount?: number): Promise<CrmFailure | null> {
  const intent = crmIntentOf(body);
  if (!intent) return null;
  if (intent === 'excluir-etapa' && leadCount) {
    return { ok: false, door: 'crm', intent, message: stageHasLeadsMessage(leadCount), errors: {}, values: {} };
  }
  // Without the schemas (their chunk did not load: offline, a new deploy), the server checks alone.
  const schema = await schemaBeforeSending(intent).catch(() => undefined);
  if (!schema) return null;
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(body.keys())) {
    if (key === 'intent') continue;
    const texts = body.getAll(key).filter((v): v is string => typeof v === 'string');
    values[key] = LIST_INTENTS.has(intent) ? texts : (texts[0] ?? '');
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { ok: false, door: 'crm', intent, message: null, errors, values };
}

/** Intents whose field message is also a toast: the stage manager's short forms ('Digite um nome para a etapa'). */
const FIELD_TOASTS = new Set(['nova-etapa', 'salvar-etapas']);

/** The toast of a CRM post: its success, the server's refusal, or the spec's failure message. */
export function toastResult(result: CrmActionResult, showToast: ShowToast) {
  if (result.ok) return showToast(result.message, 'success');
  if (result.message) return showToast(result.message, 'error');
  const firstFieldError = Object.values(result.errors)[0];
  if (firstFieldError && result.intent && FIELD_TOASTS.has(result.intent)) return showToast(firstFieldError, 'error');
  if (!firstFieldError && result.intent) showToast(CRM_FAILURE_MESSAGES[result.intent], 'error');
}

/** Sends a CRM form, reloads the board when it saved something, and shows the toast of the result. */
export function useCrmPost() {
  const showToast = useContext(CrmToastContext);
  const revalidator = useRevalidator();
  return async (body: FormData): Promise<CrmActionResult> => {
    const result = await postCrmForm(body);
    // The board changes only once the server has saved: its data is read again before the toast.
    if (result.ok) await revalidator.revalidate();
    toastResult(result, showToast);
    return result;
  };
}

/**
 * One form of the board: `formProps` for its <form> (a plain POST without JavaScript), whether it is
 * being sent, and its last refusal until `clear()` (a dialog closed). `onSettled` runs with each result.
 * A form the page can already tell is wrong (`checkCrmForm`) is not sent: its messages show at once.
 * `answer` is the last refusal, the page's or the server's: the form's error summary takes the focus
 * with each one (decision 0042).
 */
export function useCrmForm(onSettled?: (result: CrmActionResult) => void, { leadCount }: { leadCount?: (form: HTMLFormElement) => number } = {}) {
  const post = useCrmPost();
  const showToast = useContext(CrmToastContext);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CrmFailure | null>(null);
  const latest = useRef(onSettled);
  useEffect(() => {
    latest.current = onSettled;
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const body = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    setBusy(true);
    const refused = await checkCrmForm(body, leadCount?.(form));
    let result: CrmActionResult;
    if (refused) {
      toastResult(refused, showToast);
      result = refused;
    } else {
      result = await post(body);
    }
    setBusy(false);
    setFailure(result.ok ? null : result);
    latest.current?.(result);
  };
  return {
    formProps: { method: 'post', action: CRM_ACTION, onSubmit },
    busy,
    failure,
    answer: failure,
    clear: () => setFailure(null),
  };
}

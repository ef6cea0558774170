import { createContext, useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { CRM_FAILURE_MESSAGES, crmIntentSchema, type CrmActionResult } from '~/modules/leads/crm.schemas';

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
  const intent = crmIntentSchema.safeParse(body.get('intent'));
  const failed: CrmActionResult = { ok: false, intent: intent.success ? intent.data : null, message: intent.success ? CRM_FAILURE_MESSAGES[intent.data] : null, errors: {}, values: {} };
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
 */
export function useCrmForm(onSettled?: (result: CrmActionResult) => void) {
  const post = useCrmPost();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CrmFailure | null>(null);
  const latest = useRef(onSettled);
  useEffect(() => {
    latest.current = onSettled;
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const body = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    setBusy(true);
    const result = await post(body);
    setBusy(false);
    setFailure(result.ok ? null : result);
    latest.current?.(result);
  };
  return { formProps: { method: 'post', action: CRM_ACTION, onSubmit }, busy, failure, clear: () => setFailure(null) };
}

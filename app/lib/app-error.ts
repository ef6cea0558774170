import { data } from 'react-router';

/**
 * What a failed request tells the user: a pt-BR message and the HTTP status it is answered with, plus
 * the seconds to wait when it is a 429. Modules refuse by throwing an `AppError`, which has this shape,
 * so a route answers every refusal the same way.
 */
export interface UserFacingError {
  /** Shown to the user as it is: Brazilian Portuguese. */
  message: string;
  status: number;
  /** Seconds before trying again, sent as `Retry-After` (with status 429). */
  retryAfter?: number;
  /** The form field the message is about ('email' for an address already registered), if any. */
  field?: string;
  /**
   * `Set-Cookie` values the answer must carry even though the request was refused (the /admin
   * entrance clears the session cookies of someone who is not a superadmin). `formError` and
   * `jsonError` send them; a route that answers a refusal its own way sends them itself.
   */
  setCookies?: readonly string[];
}

export interface AppErrorOptions {
  status: number;
  /** A stable English identifier for logs and tests ('lawyer_not_found'); never shown to the user. */
  code: string;
  retryAfter?: number;
  field?: string;
  /** Cookies to set with the refusal (see `UserFacingError.setCookies`). */
  setCookies?: readonly string[];
  cause?: unknown;
}

/**
 * An error a module throws when a rule refuses what the user asked: the message is the pt-BR text the
 * user reads, the status is the HTTP answer. Anything else thrown is a bug and ends as a 500.
 *
 *   throw new AppError('Lead não encontrado', { status: 404, code: 'lead_not_found' });
 */
export class AppError extends Error implements UserFacingError {
  readonly status: number;
  readonly code: string;
  readonly retryAfter?: number;
  readonly field?: string;
  readonly setCookies?: readonly string[];

  constructor(message: string, { status, code, retryAfter, field, setCookies, cause }: AppErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
    if (field !== undefined) this.field = field;
    if (setCookies !== undefined) this.setCookies = setCookies;
  }
}

/** The AppError that was caught; anything else (a bug, or a redirect thrown on purpose) is thrown again. */
export function appErrorOrThrow(error: unknown): AppError {
  if (error instanceof AppError) return error;
  throw error;
}

/** What a form action answers when the form did not go through; the page shows it again with these. */
export interface FormErrorData<Values> {
  /** The first message of each field, by field name. */
  errors: Partial<Record<string, string>>;
  /** A message about the whole form (wrong password, too many attempts), or null. */
  message: string | null;
  /** The submitted values the form shows again, capped (parseForm's `echo` and `lists`). */
  values: Values;
}

/**
 * The one way a form action answers a failure, as React Router `data()` so the page renders again:
 * - `formError(form)` after parseForm refused the input: 400 with the field errors;
 * - `formError(form, error)` when the rule behind the form refused (an AppError): its status and
 *   message, beside its field if it names one, `Retry-After` for a 429 and the error's cookies.
 */
export function formError<Values>(form: { values: Values; errors?: Partial<Record<string, string>> }, error?: UserFacingError) {
  const errors = error ? (error.field ? { [error.field]: error.message } : {}) : (form.errors ?? {});
  const body: FormErrorData<Values> = { errors, message: error?.message ?? null, values: form.values };
  return data(body, { status: error?.status ?? 400, headers: refusalHeaders(error) });
}

/** The one way a resource route (`/api/...`) answers a failure: JSON `{ error: message }` with the status. */
export function jsonError(error: UserFacingError, init: { headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (error.retryAfter) headers.set('Retry-After', String(error.retryAfter));
  for (const cookie of error.setCookies ?? []) headers.append('Set-Cookie', cookie);
  return Response.json({ error: error.message }, { status: error.status, headers });
}

/** `Retry-After` (with a 429) and `Set-Cookie` for each of the error's cookies; undefined when none. */
function refusalHeaders(error: UserFacingError | undefined): [string, string][] | undefined {
  if (!error) return undefined;
  const headers: [string, string][] = [];
  if (error.retryAfter) headers.push(['Retry-After', String(error.retryAfter)]);
  for (const cookie of error.setCookies ?? []) headers.push(['Set-Cookie', cookie]);
  return headers.length > 0 ? headers : undefined;
}

/** A route's `headers` export for forms that can answer 429: the page keeps the action's Retry-After. */
export function keepRetryAfter({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

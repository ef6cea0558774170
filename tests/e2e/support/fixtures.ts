import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import type { ReceivedEmail } from '../../support/smtp-stand-in';
import type { RecordedRequest, StandInBehaviour } from '../../support/whatsapp-stand-ins';

/*
 * Tests that own their data (docs/decisions/0035).
 *
 * Every end-to-end file runs against ONE shared production server (tests/e2e/global-setup.ts), started
 * with the demo seed, E2E_FIXTURES=1 and every stand-in: e-mail (SMTP_URL, MAIL_FROM), WhatsApp Cloud
 * API (the platform's number, text template `aviso_texto`; new-lead messages go as plain text) and
 * WiizoChat (WIIZOCHAT_API_URL), the simulated court, the company details (COMPANY_NAME, COMPANY_CNPJ,
 * SUPPORT_EMAIL, SUPPORT_WHATSAPP) and BOOTSTRAP_SECRET (`inject('settings')` has them all), and
 * TRUST_PROXY=loopback (each browser context sends an X-Forwarded-For of its own: support/browser.ts).
 * A test that changes data creates its own instead of using the demo accounts, and inspects only what it
 * owns. Nothing here is reachable on a real deployment: the config refuses E2E_FIXTURES=1 unless the
 * database is the embedded PGlite and APP_URL is localhost.
 *
 * The fixture door, POST <server>/__e2e/<fixture> with JSON (app/routes/resources/e2e-fixtures.ts):
 *   fixtures.lawyer({ status?, plan?, areas?, cities?, nome?, whatsapp?, numeroOab?, copyOfDemoLawyer?, withoutProfile?,
 *                     planEndedDaysAgo?, signIn? })
 *     → { id, slug, nome, email, password, whatsapp, cookie? }   unique e-mail (e2e.<8 letters>@exemplo.adv.br),
 *     OAB number and WhatsApp; approved, gratuito, civil law in São Paulo unless told. copyOfDemoLawyer: the
 *     demo lawyer's name, OAB, bio, areas, cities, plan (intermediário) and her twelve leads in her
 *     stages (the CRM's assertions hold on the copy), a WhatsApp of its own. withoutProfile: a login whose
 *     profile was never made.
 *   fixtures.superadmin({ nome?, signIn? }) → { id, nome, email, password, cookie? }
 *   fixtures.leads(lawyerId, { demo?: true } | { count }) → { count }   the demo lawyer's twelve, or generated ones
 *   fixtures.review({ lawyerId } | { email }, 'approve' | 'reject')   through the back office's own approveLawyer/rejectLawyer
 *     (by a superadmin created for it), e.g. for a lawyer who registered through the pages
 *   fixtures.session(email, password) → { cookie }   a signed-in session (for a test not about signing in;
 *     otherwise sign in through the real form: `login(page, { email, password })` in support/browser.ts)
 *   useSession(context, cookie)   puts such a cookie into a browser context.
 *   fixtures.autoApprove(email)   a registration with this e-mail starts approved (AUTO_APPROVE_LAWYERS for it alone)
 *   fixtures.followUpDigest(now, lawyerIds) → { day, found, sent }   the CRM's morning digest at that clock, for those lawyers
 *     only (the shared server runs with FOLLOW_UP_DIGEST=off, so no digest goes out on its own)
 *
 * The stand-ins' control API (tests/e2e/support/stand-in-control.ts, in the global setup's process):
 *   standIns.emailsTo(address) / waitForEmail(address, containing?)   what the SMTP server received for it
 *   standIns.refuseEmailsTo(address, { code, message } | null)       RCPT TO refused (e.g. 550) or accepted again
 *   standIns.cloudRequestsTo(phone) / setCloudBehaviours(phone, [...]) the Cloud API's requests to that number,
 *     and the next answers for it ('unauthorized', 'rate-limited', 'server-error', 'unavailable' (503),
 *     'transient', 'hang', 'late': accepted, answered 15 s later, past the server's 10 s deadline, …)
 *   standIns.reportCloudStatus(phone, status, { code?, signature? }) Meta's signed status webhook about the
 *     last message accepted for that number, posted to the shared server's /api/webhooks/whatsapp
 *   standIns.acceptWiizoToken(token) / wiizoRequestsWith(token) / setWiizoBehaviours(token, [...])
 * Everything is scoped to an address, a phone number or a token: give each test its own (`unique()`).
 */

const PREFIX = '/__e2e';

/** A short random tag in lower-case letters, for names, e-mails and tokens of a test's own. */
export function unique(length = 8): string {
  return [...randomBytes(length)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

export interface CreatedLawyer {
  id: string;
  slug: string;
  nome: string;
  email: string;
  password: string;
  /** Digits with the country code: 5511987654321. */
  whatsapp: string;
  cookie?: string;
}

export interface CreatedSuperadmin {
  id: string;
  nome: string;
  email: string;
  password: string;
  cookie?: string;
}

export interface LawyerOptions {
  nome?: string;
  status?: 'pending' | 'approved' | 'rejected';
  plan?: 'gratuito' | 'basico' | 'intermediario' | 'premium';
  areas?: string[];
  cities?: string[];
  whatsapp?: string;
  numeroOab?: string;
  copyOfDemoLawyer?: boolean;
  withoutProfile?: boolean;
  planEndedDaysAgo?: number;
  signIn?: boolean;
}

async function door<T>(fixture: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject('baseURL')}${PREFIX}/${fixture}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const payload = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`fixture ${fixture} answered ${response.status}: ${payload.error ?? JSON.stringify(payload)}`);
  return payload;
}

export const fixtures = {
  lawyer: (options: LawyerOptions = {}) => door<CreatedLawyer>('lawyer', options),
  superadmin: (options: { nome?: string; signIn?: boolean } = {}) => door<CreatedSuperadmin>('superadmin', options),
  leads: (lawyerId: string, options: { demo: true } | { count: number }) => door<{ count: number }>('leads', { lawyerId, ...options }),
  /** The lawyer by id, or by the login e-mail of a lawyer who registered through the pages. */
  review: (lawyer: { lawyerId: string } | { email: string }, decision: 'approve' | 'reject') =>
    door<{ result: { ok: boolean; changed?: boolean; trialEndsAt?: string | null } }>('review', { ...lawyer, decision }),
  session: (email: string, password: string) => door<{ cookie: string }>('session', { email, password }),
  autoApprove: (email: string) => door<{ ok: true }>('auto-approve', { email }),
  /** The CRM's morning digest run at the clock `now` (ISO), for these lawyers only. */
  followUpDigest: (now: string, lawyerIds: string[]) => door<{ day: string | null; found: number; sent: number }>('follow-up-digest', { now, lawyerIds }),
};

/** Puts a session cookie (`name=value; name2=value2`, as the fixtures return it) into a browser context. */
export async function useSession(context: BrowserContext, cookie: string) {
  const url = inject('baseURL');
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
}

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('controlURL')}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as T;
  if (!response.ok) throw new Error(`stand-in control ${method} ${path} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload;
}

const POLL_MS = 100;
const WAIT_MS = 15_000;

/** Polls `read` until `found` picks something out of it; fails with `what` after 15 s. */
async function waitFor<T, R>(what: string, read: () => Promise<T>, found: (value: T) => R | undefined): Promise<R> {
  const deadline = Date.now() + WAIT_MS;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    const result = found(last);
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no ${what} after ${WAIT_MS / 1000}s; last seen: ${JSON.stringify(last)?.slice(0, 2000)}`);
}

export const standIns = {
  emailsTo: (address: string) => control<ReceivedEmail[]>('GET', `/smtp/messages?to=${encodeURIComponent(address)}`),
  /** The first e-mail to `address` (whose subject, text or HTML contains `containing`, when given), waiting for it. */
  waitForEmail: (address: string, containing = '') =>
    waitFor(
      `e-mail to ${address}${containing ? ` containing “${containing}”` : ''}`,
      () => standIns.emailsTo(address),
      (mails) => mails.find((m) => [m.subject, m.text, m.html].some((part) => part.includes(containing))),
    ),
  refuseEmailsTo: (address: string, refusal: { code: number; message: string } | null) => control('PUT', '/smtp/refusal', { to: address, ...(refusal ?? {}) }),
  cloudRequestsTo: (phone: string) => control<RecordedRequest[]>('GET', `/whatsapp/cloud/requests?to=${encodeURIComponent(phone)}`),
  setCloudBehaviours: (phone: string, behaviours: StandInBehaviour[]) => control('PUT', '/whatsapp/cloud/behaviours', { to: phone, behaviours }),
  /** Meta's status report ('delivered', 'read', 'failed' with a code) about the last message accepted for `phone`, signed (or `signature: 'wrong'`) and posted to the server's webhook; answers its status and body. */
  reportCloudStatus: (phone: string, status: string, extra: { code?: number; title?: string; signature?: 'wrong' } = {}) =>
    control<{ status: number; body: string }>('POST', '/whatsapp/cloud/status', { to: phone, status, ...extra }),
  acceptWiizoToken: (token: string) => control('POST', '/whatsapp/wiizochat/tokens', { token }),
  wiizoRequestsWith: (token: string) => control<RecordedRequest[]>('GET', `/whatsapp/wiizochat/requests?token=${encodeURIComponent(token)}`),
  setWiizoBehaviours: (token: string, behaviours: StandInBehaviour[]) => control('PUT', '/whatsapp/wiizochat/behaviours', { token, behaviours }),
  waitFor,
};

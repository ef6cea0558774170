import { requireUser } from '~/auth/session.server';
import { getConfig } from '~/config.server';
import { passDoor } from '~/lib/write-door.server';
import type { CrmActionResult } from '~/modules/leads/crm.shared';
import type { Route } from './+types/lead-contact';
import { CRM_PAGE, crmDoor } from './crm-action.server';

// /area-advogado/contato?lead=<id>&canal=whatsapp|email records a lead's first contact (docs/decisions/0047)
// through the CRM's write door ('registrar-contato': the throttle, the gate, the lawyer's own lead).
// - POST: the `ping` of the WhatsApp and e-mail links of the CRM's cards and lead dialog, whose href is
//   wa.me or mailto itself; the browser sends it when the link is followed, with or without JavaScript.
// - GET: an old or shared link of this address: records the contact and goes on to wa.me or mailto, built
//   from the lead's own phone and e-mail.
//
// Either is only trusted as the lawyer's own action on our page: same-origin (Fetch Metadata), never a
// prefetch; anything else records nothing (a GET shows the lead's dialog, whose link the lawyer can click).

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** The lawyer's own click on one of our pages: a same-origin navigation, not a prefetch. */
function ownClick(request: Request): boolean {
  const purpose = `${request.headers.get('Sec-Purpose') ?? ''} ${request.headers.get('Purpose') ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null) return site === 'same-origin' && request.headers.get('Sec-Fetch-Mode') === 'navigate';
  // A browser without Fetch Metadata: the page the click came from must be ours (Referrer-Policy sends its origin).
  const referer = request.headers.get('Referer');
  try {
    return referer !== null && new URL(referer).origin === new URL(getConfig().appUrl).origin;
  } catch {
    return false;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const leadId = (url.searchParams.get('lead') ?? '').slice(0, 64);
  const canal = (url.searchParams.get('canal') ?? '').slice(0, 20);
  if (!ownClick(request)) {
    return new Response(null, { status: 303, headers: { ...PRIVATE, Location: `${CRM_PAGE}&lead=${encodeURIComponent(leadId)}` } });
  }
  // The same write as the page's JavaScript posts, through the same door.
  const form = new Request(url, { method: 'POST', body: new URLSearchParams({ intent: 'registrar-contato', leadId, canal }) });
  const answer = await passDoor(crmDoor, form, user, 'json');
  const result = (await answer.json()) as CrmActionResult;
  if (result.ok && result.contactUrl) return new Response(null, { status: 303, headers: { ...PRIVATE, Location: result.contactUrl } });
  const message = result.ok ? 'Não foi possível abrir o contato.' : (result.message ?? Object.values(result.errors)[0] ?? 'Não foi possível abrir o contato.');
  const headers = new Headers({ ...PRIVATE, 'Content-Type': 'text/plain; charset=utf-8' });
  const retryAfter = answer.headers.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return new Response(message, { status: answer.status >= 400 ? answer.status : 400, headers });
}

/**
 * The link's `ping` (POST, body 'PING', which is not read): the browser sends it when the lawyer follows
 * the WhatsApp or e-mail link, with or without JavaScript. Recorded only when it comes from our own page
 * (Fetch Metadata 'same-origin', or our Origin); the answer is empty either way.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const site = request.headers.get('Sec-Fetch-Site');
  const origin = request.headers.get('Origin');
  const ours = site !== null ? site === 'same-origin' : origin !== null && origin === new URL(getConfig().appUrl).origin;
  if (!ours) return new Response(null, { status: 204, headers: PRIVATE });
  const url = new URL(request.url);
  const leadId = (url.searchParams.get('lead') ?? '').slice(0, 64);
  const canal = (url.searchParams.get('canal') ?? '').slice(0, 20);
  const form = new Request(url, { method: 'POST', body: new URLSearchParams({ intent: 'registrar-contato', leadId, canal }) });
  const answer = await passDoor(crmDoor, form, user, 'json');
  // A refusal (not the lawyer's lead, too many) says so in its status; nothing to show: a ping has no page.
  return new Response(null, { status: answer.status >= 400 ? answer.status : 204, headers: PRIVATE });
}

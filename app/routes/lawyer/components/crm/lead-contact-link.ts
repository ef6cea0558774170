import type { MouseEvent } from 'react';
import { CRM_API } from './crm-post';

// The WhatsApp and e-mail links of a lead (its card and its dialog) record the lawyer's first contact
// (docs/decisions/0047). Their href is /area-advogado/contato, which records it and goes on to wa.me or
// mailto, so they work without JavaScript; with it, a plain click sends the record to the CRM's JSON
// endpoint without waiting (keepalive: it survives the page leaving) and opens wa.me or mailto at once.

export type ContactChannel = 'whatsapp' | 'email';

/** The link's href: the server's route, which records the contact and redirects. */
export function leadContactHref(leadId: string, canal: ContactChannel): string {
  return `/area-advogado/contato?lead=${encodeURIComponent(leadId)}&canal=${canal}`;
}

/**
 * The link's click with JavaScript: a plain click opens `directUrl` (wa.me in a new tab, mailto here) and
 * records the contact on the side; `onRecorded` runs once the server has it. A middle or modified click is
 * left to the browser, which follows the href (the server records it there).
 */
export function openLeadContact(event: MouseEvent<HTMLAnchorElement>, leadId: string, canal: ContactChannel, directUrl: string, onRecorded?: () => void) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const body = new FormData();
  body.set('intent', 'registrar-contato');
  body.set('leadId', leadId);
  body.set('canal', canal);
  void fetch(CRM_API, { method: 'POST', body, keepalive: true, headers: { Accept: 'application/json' } })
    .then((response) => {
      if (response.ok) onRecorded?.();
    })
    .catch(() => undefined);
  if (canal === 'whatsapp') window.open(directUrl, '_blank', 'noopener,noreferrer');
  else window.location.href = directUrl;
}

import type { MouseEvent } from 'react';
import { CRM_API } from './crm-post';

// The WhatsApp and e-mail links of a lead (its card and its dialog) record the lawyer's first contact
// (docs/decisions/0047). Their href is wa.me or mailto itself, as the specification's card says; the
// record goes to the server on the side: the link's `ping` (the browser POSTs it when the link is
// followed, with or without JavaScript, a middle click too) and, with JavaScript, a keepalive POST to the
// CRM's JSON endpoint on click (browsers that do not send pings). The server keeps the first one only.

export type ContactChannel = 'whatsapp' | 'email';

/** Where the link's ping goes: the route that records the first contact (routes/lawyer/lead-contact.ts). */
export function leadContactPing(leadId: string, canal: ContactChannel): string {
  return `/area-advogado/contato?lead=${encodeURIComponent(leadId)}&canal=${canal}`;
}

/** The link's href, ping and click: the browser follows the href as usual; the click records the contact too. */
export function leadContactLink(leadId: string, canal: ContactChannel, directUrl: string, onRecorded?: () => void) {
  return {
    href: directUrl,
    ping: leadContactPing(leadId, canal),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented) return;
      const body = new FormData();
      body.set('intent', 'registrar-contato');
      body.set('leadId', leadId);
      body.set('canal', canal);
      void fetch(CRM_API, { method: 'POST', body, keepalive: true, headers: { Accept: 'application/json' } })
        .then((response) => {
          if (response.ok) onRecorded?.();
        })
        .catch(() => undefined);
    },
  };
}

import type { ReactNode } from 'react';
import type { WhatsAppClickSource } from '~/domain/catalog/catalog';
import { whatsappChatUrl, whatsappGreeting } from '../contact';
import { reportWhatsAppClick } from '../whatsapp-click';
import { WHATSAPP_ICON_CLASS, WHATSAPP_LINK_CLASS, withClass } from './lawyer-markup';

interface WhatsAppButtonProps {
  /** The lawyer's public slug: the click beacon names the lawyer the way the URL does. */
  lawyerSlug: string;
  nome: string;
  whatsapp: string;
  brandName: string;
  source: WhatsAppClickSource;
  children?: ReactNode;
  className?: string;
}

/**
 * A real link to wa.me with the prefilled greeting, opened in a new tab: it works without JavaScript,
 * and with JavaScript the click is also counted on the server. The cards write it as a string
 * (lawyer-card-html.ts, whatsappLinkHtml).
 */
export function WhatsAppButton({ lawyerSlug, nome, whatsapp, brandName, source, children, className = '' }: WhatsAppButtonProps) {
  return (
    <a
      href={whatsappChatUrl(whatsapp, whatsappGreeting(nome, brandName))}
      target="_blank"
      rel="noopener noreferrer nofollow"
      // With React in the browser (a page of the app) the handler reports the click; on a page rendered on
      // the server only, its script does from these attributes (app/browser/public-pages.ts).
      onClick={() => reportWhatsAppClick(lawyerSlug, source)}
      data-whatsapp-click=""
      data-advogado={lawyerSlug}
      data-origem={source}
      className={withClass(WHATSAPP_LINK_CLASS, className)}
    >
      <span aria-hidden="true" className={WHATSAPP_ICON_CLASS} />
      {children ?? 'WhatsApp'}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}

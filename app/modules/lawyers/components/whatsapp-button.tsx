import type { ReactNode } from 'react';
import type { WhatsAppClickSource } from '~/modules/catalog/catalog';
import { whatsappChatUrl, whatsappGreeting } from '../contact';

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

/** Tells the server about the click without delaying the chat; the server decides whether it counts. */
function reportClick(lawyerSlug: string, source: WhatsAppClickSource) {
  const body = new URLSearchParams({ advogado: lawyerSlug, origem: source });
  if (!navigator.sendBeacon?.('/api/cliques-whatsapp', body)) {
    void fetch('/api/cliques-whatsapp', { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

/**
 * A real link to wa.me with the prefilled greeting, opened in a new tab: it works without JavaScript,
 * and with JavaScript the click is also counted on the server.
 */
export function WhatsAppButton({ lawyerSlug, nome, whatsapp, brandName, source, children, className = '' }: WhatsAppButtonProps) {
  return (
    <a
      href={whatsappChatUrl(whatsapp, whatsappGreeting(nome, brandName))}
      target="_blank"
      rel="noopener noreferrer nofollow"
      onClick={() => reportClick(lawyerSlug, source)}
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-whatsapp px-4 py-2.5 font-semibold text-white transition-colors hover:bg-whatsapp-hover ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
      </svg>
      {children ?? 'WhatsApp'}
      <span className="sr-only"> (abre em nova aba)</span>
    </a>
  );
}

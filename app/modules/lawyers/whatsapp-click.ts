import type { WhatsAppClickSource } from '~/domain/catalog/catalog';

/**
 * Tells the server about a click on a lawyer's WhatsApp link, without delaying the chat; the server
 * decides whether it counts. Browser-only, no framework: the React button of the app's pages and the
 * public pages' own script (app/browser/public-pages.ts) both call it.
 */
export function reportWhatsAppClick(lawyerSlug: string, source: WhatsAppClickSource | string): void {
  const body = new URLSearchParams({ advogado: lawyerSlug, origem: source });
  if (!navigator.sendBeacon?.('/api/cliques-whatsapp', body)) {
    void fetch('/api/cliques-whatsapp', { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

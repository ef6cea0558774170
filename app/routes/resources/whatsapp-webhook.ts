import { getConfig } from '~/config.server';
import { jsonError } from '~/lib/app-error';
import { answerWhatsAppVerification, receiveWhatsAppStatusWebhook } from '~/modules/messaging/whatsapp-status-webhook.server';
import type { Route } from './+types/whatsapp-webhook';

/**
 * The WhatsApp Cloud API's webhook (docs/decisions/0039): GET is Meta's verification, POST the status
 * reports. Configured by WHATSAPP_CLOUD_VERIFY_TOKEN and WHATSAPP_CLOUD_APP_SECRET; 404 without them.
 */
export function loader({ request }: Route.LoaderArgs) {
  return answerWhatsAppVerification(new URL(request.url), getConfig().whatsappWebhook);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return jsonError({ status: 405, message: 'Método não permitido' }, { headers: { Allow: 'GET, POST' } });
  return receiveWhatsAppStatusWebhook(request, getConfig().whatsappWebhook);
}

import { z } from 'zod';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { getCurrentUser } from '~/auth/session.server';
import { jsonError } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { WHATSAPP_CLICK_SOURCES } from '~/domain/catalog/catalog';
import { recordWhatsAppClick } from '~/modules/analytics/analytics.server';
import { findApprovedLawyerIdBySlug } from '~/modules/lawyers/lawyers.server';
import type { Route } from './+types/whatsapp-click';

const clickSchema = z.object({
  // Checked strictly before any query: a slug is lowercase letters, digits and hyphens only (no NUL).
  advogado: z.string().min(1).max(100).regex(/^[a-z0-9-]+$/),
  origem: z.enum(WHATSAPP_CLICK_SOURCES),
});

/**
 * A visitor opened a lawyer's WhatsApp chat (sent by the button with sendBeacon). The click is counted
 * at most once a minute per visitor and lawyer (see analytics.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return jsonError(METHOD_NOT_ALLOWED);
  const form = await parseForm(request, clickSchema);
  if (!form.ok) return jsonError({ status: 400, message: 'Clique inválido' });
  const lawyerId = await findApprovedLawyerIdBySlug(form.data.advogado);
  if (!lawyerId) return jsonError({ status: 404, message: 'Advogado não encontrado' });
  const viewer = await getCurrentUser(request);
  recordWhatsAppClick({
    lawyerId,
    source: form.data.origem,
    // Set by the Express server from the socket on every request, never taken from the client.
    ip: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get('user-agent'),
    viewerId: viewer?.id ?? null,
  });
  return new Response(null, { status: 204 });
}

export function loader() {
  return jsonError(METHOD_NOT_ALLOWED, { headers: { Allow: 'POST' } });
}

const METHOD_NOT_ALLOWED = { status: 405, message: 'Método não permitido' };

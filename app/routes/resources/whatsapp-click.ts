import { z } from 'zod';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { getCurrentUser } from '~/auth/session.server';
import { formFields } from '~/lib/form-fields.server';
import { WHATSAPP_CLICK_SOURCES } from '~/modules/catalog/catalog';
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
  if (request.method !== 'POST') return Response.json({ error: 'Método não permitido' }, { status: 405 });
  const parsed = clickSchema.safeParse(await formFields(request));
  if (!parsed.success) return Response.json({ error: 'Clique inválido' }, { status: 400 });
  const lawyerId = await findApprovedLawyerIdBySlug(parsed.data.advogado);
  if (!lawyerId) return Response.json({ error: 'Advogado não encontrado' }, { status: 404 });
  const viewer = await getCurrentUser(request);
  recordWhatsAppClick({
    lawyerId,
    source: parsed.data.origem,
    // Set by the Express server from the socket on every request, never taken from the client.
    ip: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get('user-agent'),
    viewerId: viewer?.id ?? null,
  });
  return new Response(null, { status: 204 });
}

export function loader() {
  return Response.json({ error: 'Método não permitido' }, { status: 405, headers: { Allow: 'POST' } });
}

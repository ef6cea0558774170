import { redirect } from 'react-router';
import { z } from 'zod';
import type { CurrentUser } from '~/auth/session.server';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { readFormData } from '~/lib/form-fields.server';
import { parseForm } from '~/lib/parse-form.server';
import { throttleWrites } from '~/lib/write-throttle.server';
import { MESSAGING_INTENTS, MESSAGING_TEXTS, NOTIFICATION_NUMBER_MAX_LENGTH, saveMessagingSettingsSchema, testMessageSchema } from '~/modules/messaging/messaging.schemas';
import { removeGatewayToken, saveMessagingSettings, sendTestMessage } from '~/modules/messaging/messaging-settings.server';

/** Where the card lives; a form that went through comes back here with its toast. */
export const MESSAGING_SETTINGS_PATH = '/area-advogado?section=monitoramento';

function backToCard(message: string): never {
  throw redirect(MESSAGING_SETTINGS_PATH, { headers: { 'Set-Cookie': flashToastCookie(message) } });
}

/**
 * The posts of the messaging settings card (`intent`: save, remove the token, test send), for the
 * signed-in lawyer only: the lawyer id is the session's, whatever the form says. A form that goes
 * through redirects back to the card with the spec's toast (reloading does not post again); one that
 * does not is answered with its message and the number typed (never the token).
 */
export async function messagingSettingsAction(request: Request, user: CurrentUser) {
  // Only an approved lawyer (a superadmin with a profile counts as one) has this card; the area sends anyone else where they belong.
  if (!user.lawyer || (user.lawyer.status !== 'approved' && !user.isSuperadmin)) throw redirect('/area-advogado');
  const lawyerId = user.id;
  const intent = z.enum(MESSAGING_INTENTS).safeParse((await readFormData(request.clone())).get('intent'));
  const echo = { intent: 30 };

  if (!intent.success) {
    const form = await parseForm(request, z.object({}), { echo });
    return formError(form, { message: 'Ação desconhecida. Recarregue a página e tente novamente.', status: 400 });
  }

  if (intent.data === 'salvar-notificacoes') {
    const form = await parseForm(request, saveMessagingSettingsSchema, { echo: { ...echo, numero: NOTIFICATION_NUMBER_MAX_LENGTH } });
    if (!form.ok) return formError(form);
    try {
      await throttleWrites('lawyer-area', lawyerId);
      await saveMessagingSettings(lawyerId, form.data);
    } catch (error) {
      return formError(form, appErrorOrThrow(error));
    }
    backToCard(MESSAGING_TEXTS.saved);
  }

  if (intent.data === 'remover-token') {
    const form = await parseForm(request, z.object({}), { echo });
    try {
      await throttleWrites('lawyer-area', lawyerId);
      await removeGatewayToken(lawyerId);
    } catch (error) {
      return formError(form, appErrorOrThrow(error));
    }
    backToCard(MESSAGING_TEXTS.tokenRemoved);
  }

  const form = await parseForm(request, testMessageSchema, { echo });
  if (!form.ok) return formError(form, { message: form.errors.envio ?? MESSAGING_TEXTS.testNeedsTokenAndNumber, status: 400 });
  let sent: { message: string };
  try {
    await throttleWrites('lawyer-area', lawyerId);
      sent = await sendTestMessage(lawyerId, form.data);
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  backToCard(sent.message);
}

import { redirect } from 'react-router';
import { z } from 'zod';
import type { CurrentUser } from '~/auth/session.server';
import { AppError } from '~/lib/app-error';
import { doorIntents, writeDoor } from '~/lib/write-door.server';
import { MESSAGING_TEXTS, NOTIFICATION_NUMBER_MAX_LENGTH, saveMessagingSettingsSchema, testMessageSchema } from '~/modules/messaging/messaging.schemas';
import { openMessaging, removeGatewayToken, saveMessagingSettings, sendTestMessage, type MessagingLawyer } from '~/modules/messaging/messaging-settings.server';

/** Where the card lives; a form that went through comes back here with its toast. */
export const MESSAGING_SETTINGS_PATH = '/area-advogado?section=monitoramento';

const ECHO = { intent: 30 };

const messagingIntent = doorIntents<MessagingLawyer>();

/**
 * The posts of the messaging settings card (`intent`: save, remove the token, test send), through the
 * write door, for the signed-in lawyer only: the lawyer is the session's, whatever the form says. A form
 * that goes through redirects back to the card with the spec's toast (reloading does not post again);
 * one that does not is answered with its message and the number typed (never the token).
 */
export const messagingDoor = writeDoor({
  name: 'notificacoes',
  scope: 'lawyer-area',
  // Only an approved lawyer (a superadmin with a profile counts as one) has this card; the area sends anyone else where they belong.
  open: async (user: CurrentUser) => {
    try {
      return await openMessaging(user);
    } catch (error) {
      if (error instanceof AppError) throw redirect('/area-advogado');
      throw error;
    }
  },
  back: MESSAGING_SETTINGS_PATH,
  unknownIntent: { message: 'Ação desconhecida. Recarregue a página e tente novamente.', echo: ECHO },
  intents: {
    'salvar-notificacoes': messagingIntent({
      schema: saveMessagingSettingsSchema,
      echo: { ...ECHO, numero: NOTIFICATION_NUMBER_MAX_LENGTH },
      run: async (lawyer, input) => {
        await saveMessagingSettings(lawyer, input);
        return { message: MESSAGING_TEXTS.saved };
      },
    }),
    'remover-token': messagingIntent({
      schema: z.object({}),
      echo: ECHO,
      run: async (lawyer) => {
        await removeGatewayToken(lawyer);
        return { message: MESSAGING_TEXTS.tokenRemoved };
      },
    }),
    'testar-notificacao': messagingIntent({
      schema: testMessageSchema,
      echo: ECHO,
      invalid: (errors) => ({ message: errors.envio ?? MESSAGING_TEXTS.testNeedsTokenAndNumber, status: 400 }),
      run: (lawyer, input) => sendTestMessage(lawyer, input),
    }),
  },
});

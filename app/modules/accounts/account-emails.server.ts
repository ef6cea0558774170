import { enqueueEmail, type OutboxWriter } from '~/integrations/email/outbox.server';
import { emailConfirmationMessage, passwordResetMessage } from '~/integrations/email/templates.server';

/** The e-mails of the accounts module, queued in the caller's transaction (docs/decisions/0011). */
export type AccountEmail = { kind: 'confirmation' | 'password-reset'; to: string; nome: string; link: string };

export async function queueAccountEmail(tx: OutboxWriter, email: AccountEmail): Promise<void> {
  switch (email.kind) {
    case 'confirmation':
      await enqueueEmail(tx, { to: email.to, ...emailConfirmationMessage({ name: email.nome, url: email.link }) });
      return;
    case 'password-reset':
      await enqueueEmail(tx, { to: email.to, ...passwordResetMessage({ name: email.nome, url: email.link }) });
      return;
  }
}

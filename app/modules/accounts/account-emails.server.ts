import { enqueueEmail, type OutboxWriter } from '~/integrations/email/outbox.server';
import {
  accountDeletedMessage,
  emailConfirmationMessage,
  lawyerApprovedMessage,
  lawyerReinstatedMessage,
  lawyerRejectedMessage,
  lawyerSuspendedMessage,
  passwordResetMessage,
} from '~/integrations/email/templates.server';

/** The e-mails of the accounts module, queued in the caller's transaction (docs/decisions/0011). */
export type AccountEmail =
  | { kind: 'confirmation' | 'password-reset'; to: string; nome: string; link: string }
  | { kind: 'lawyer-approved' | 'lawyer-reinstated'; to: string; nome: string }
  | { kind: 'lawyer-rejected' | 'lawyer-suspended'; to: string; nome: string; reason?: string }
  | { kind: 'account-deleted'; to: string; nome: string };

export async function queueAccountEmail(tx: OutboxWriter, email: AccountEmail): Promise<{ id: string }> {
  switch (email.kind) {
    case 'confirmation':
      return enqueueEmail(tx, { to: email.to, ...emailConfirmationMessage({ name: email.nome, url: email.link }) });
    case 'password-reset':
      return enqueueEmail(tx, { to: email.to, ...passwordResetMessage({ name: email.nome, url: email.link }) });
    case 'lawyer-approved':
      return enqueueEmail(tx, { to: email.to, ...lawyerApprovedMessage({ name: email.nome }) });
    case 'lawyer-rejected':
      return enqueueEmail(tx, { to: email.to, ...lawyerRejectedMessage({ name: email.nome, reason: email.reason }) });
    case 'lawyer-suspended':
      return enqueueEmail(tx, { to: email.to, ...lawyerSuspendedMessage({ name: email.nome, reason: email.reason }) });
    case 'lawyer-reinstated':
      return enqueueEmail(tx, { to: email.to, ...lawyerReinstatedMessage({ name: email.nome }) });
    case 'account-deleted':
      return enqueueEmail(tx, { to: email.to, ...accountDeletedMessage({ name: email.nome }) });
  }
}

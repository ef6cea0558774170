import type { AppConfig } from '~/config.server';
import type { EmailSender } from './email';
import { createSmtpSender } from './smtp.server';

/**
 * The e-mail adapter the environment chooses: SMTP when SMTP_URL is set; otherwise none, and every
 * message stays in the outbox, queued (the default: /dev/outbox shows them, links are logged).
 */
export function createConfiguredEmailSender(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): EmailSender | null {
  return config.smtpUrl ? createSmtpSender({ url: config.smtpUrl, from: config.mailFrom }) : null;
}

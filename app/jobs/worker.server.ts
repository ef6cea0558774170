import type { AppConfig } from '~/config.server';
import type { EmailSender } from '~/integrations/email/email';
import { createConfiguredEmailSender } from '~/integrations/email/email-sender.server';
import { emailDeliveryJob, startEmailDispatcher, type EmailDispatcher } from './email-delivery.server';
import { backgroundLog } from './log.server';
import { startJobQueue, stopJobQueue } from './queue.server';

interface BackgroundWork {
  sender: EmailSender | null;
  dispatcher?: EmailDispatcher;
}

const state = globalThis as typeof globalThis & { __jusconectaBackgroundWork?: BackgroundWork };

/**
 * The work the app process does besides answering requests: the job queue and its workers, and, when
 * SMTP_URL is set, the e-mail dispatcher and delivery. Without SMTP no delivery job runs: e-mails stay
 * queued in the outbox. Called by startServices() once the database is migrated.
 */
export async function startBackgroundWork(config: Pick<AppConfig, 'env' | 'smtpUrl' | 'mailFrom'>): Promise<void> {
  if (state.__jusconectaBackgroundWork) return;
  const sender = createConfiguredEmailSender(config);
  const queue = await startJobQueue({ jobs: sender ? [emailDeliveryJob(sender)] : [] });
  const work: BackgroundWork = { sender, dispatcher: sender ? startEmailDispatcher(queue) : undefined };
  state.__jusconectaBackgroundWork = work;
  if (sender) backgroundLog().info({ smtp: new URL(config.smtpUrl!).host }, 'E-mails enviados por SMTP');
  else if (config.env === 'production') backgroundLog().warn('SMTP_URL não definido: nenhum e-mail é enviado; eles ficam na caixa de saída (tabela outbox)');
  else backgroundLog().info('SMTP_URL não definido: os e-mails ficam na caixa de saída (/dev/outbox)');
}

/** Stops the dispatcher, then the queue (running deliveries finish first), before the database closes. */
export async function stopBackgroundWork(): Promise<void> {
  const work = state.__jusconectaBackgroundWork;
  if (!work) return;
  state.__jusconectaBackgroundWork = undefined;
  await work.dispatcher?.stop();
  await stopJobQueue();
  work.sender?.close?.();
}

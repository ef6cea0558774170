import type { AppConfig } from '~/config.server';
import { createConfiguredCourtProvider } from '~/integrations/court-monitoring/court-monitoring.server';
import type { EmailSender } from '~/integrations/email/email';
import { createConfiguredEmailSender } from '~/integrations/email/email-sender.server';
import { createConfiguredWhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { readGatewayToken } from '~/modules/messaging/gateway-tokens.server';
import { EMAIL_DISPATCH, emailDeliveryJob } from './email-delivery.server';
import { backgroundLog } from '~/lib/log.server';
import { escavadorCallbackJob, monitoringCheckJob, startMonitoringDispatcher, type MonitoringDispatcher } from './monitoring.server';
import { startOutboxDispatcher, type OutboxDispatch, type OutboxDispatcher } from './outbox-delivery.server';
import { startFollowUpDigestDispatcher, type FollowUpDigestDispatcher } from './follow-up-digest.server';
import { startJobQueue, stopJobQueue, type JobDefinition } from './queue.server';
import { whatsAppDeliveryJob, whatsAppDispatch } from './whatsapp-delivery.server';

interface BackgroundWork {
  emailSender: EmailSender | null;
  dispatcher?: OutboxDispatcher;
  monitoring: MonitoringDispatcher;
  digest?: FollowUpDigestDispatcher;
}

const state = globalThis as typeof globalThis & { __jusconectaBackgroundWork?: BackgroundWork };

type WorkerConfig = Pick<AppConfig, 'env' | 'smtpUrl' | 'mailFrom' | 'whatsappCloud' | 'wiizoChatApiUrl' | 'courtMonitoring' | 'monitoringPollConcurrency'> &
  Partial<Pick<AppConfig, 'outboxConcurrency' | 'followUpDigest'>>;

/**
 * The work the app process does besides answering requests: the job queue and its workers, and one
 * outbox dispatcher for the channels that can deliver: e-mail when SMTP_URL is set, WhatsApp when the
 * Cloud API or WiizoChat is configured. A channel without configuration runs no delivery job: its
 * messages stay queued in the outbox. Process monitoring (docs/decisions/0030): with Escavador, the job
 * that applies its callbacks; with a pull provider (DataJud, the simulator), the scheduled checks and
 * their dispatcher. Called by startServices() once the database is migrated.
 */
export async function startBackgroundWork(config: WorkerConfig): Promise<void> {
  if (state.__jusconectaBackgroundWork) return;
  const emailSender = createConfiguredEmailSender(config);
  const whatsAppSenders = createConfiguredWhatsAppSenders(config, { tokenFor: readGatewayToken });

  const jobs: JobDefinition<unknown>[] = [];
  const channels: OutboxDispatch[] = [];
  if (emailSender) {
    jobs.push(emailDeliveryJob(emailSender, { concurrency: config.outboxConcurrency }));
    channels.push(EMAIL_DISPATCH);
  }
  if (whatsAppSenders) {
    jobs.push(whatsAppDeliveryJob(whatsAppSenders, { concurrency: config.outboxConcurrency }));
    channels.push(whatsAppDispatch(whatsAppSenders));
  }
  // Escavador watches the courts itself and calls back; DataJud and the simulator are asked on a schedule.
  const courtProvider = createConfiguredCourtProvider(config);
  const pushed = courtProvider.id === 'escavador';
  jobs.push(pushed ? escavadorCallbackJob() : monitoringCheckJob(courtProvider, { concurrency: config.monitoringPollConcurrency }));
  const queue = await startJobQueue({ jobs });
  state.__jusconectaBackgroundWork = {
    emailSender,
    dispatcher: channels.length > 0 ? startOutboxDispatcher(queue, channels) : undefined,
    monitoring: startMonitoringDispatcher(queue, { polling: pushed ? null : { concurrency: config.monitoringPollConcurrency }, callbacks: pushed, ...(pushed ? { pendingStatus: courtProvider } : {}) }),
    // The CRM's morning digest goes into the outbox like every message (FOLLOW_UP_DIGEST=off: not from this process).
    ...(config.followUpDigest === false ? {} : { digest: startFollowUpDigestDispatcher() }),
  };

  if (emailSender) backgroundLog().info({ smtp: new URL(config.smtpUrl!).host }, 'E-mails enviados por SMTP');
  else if (config.env === 'production') backgroundLog().warn('SMTP_URL não definido: nenhum e-mail é enviado; eles ficam na caixa de saída (tabela outbox)');
  else backgroundLog().info('SMTP_URL não definido: os e-mails ficam na caixa de saída (/dev/outbox)');
  logWhatsAppDelivery(config);
  if (pushed) backgroundLog().info('Monitoramento: callbacks do Escavador em /api/webhooks/escavador');
  else backgroundLog().info({ provider: courtProvider.id, concurrency: config.monitoringPollConcurrency }, 'Monitoramento: verificações agendadas de processos');
}

/** Says once, at start, how WhatsApp messages leave (or that they stay in the outbox). */
function logWhatsAppDelivery({ whatsappCloud, wiizoChatApiUrl }: WorkerConfig) {
  const log = backgroundLog();
  if (wiizoChatApiUrl) log.info({ wiizochat: new URL(wiizoChatApiUrl).host }, 'WhatsApp: tokens WiizoChat dos advogados usados quando salvos');
  if (whatsappCloud) log.info({ cloudApi: new URL(whatsappCloud.apiUrl).host, phoneNumberId: whatsappCloud.phoneNumberId }, 'WhatsApp: Cloud API da plataforma configurada');
  else if (wiizoChatApiUrl) log.info('WhatsApp: Cloud API não configurada; as notificações de advogados sem token do WiizoChat ficam na caixa de saída');
  else log.info('WhatsApp: nenhum envio configurado (WHATSAPP_CLOUD_*, WIIZOCHAT_API_URL); as notificações ficam na caixa de saída');
}

/** Stops the dispatcher, then the queue (running deliveries finish first), before the database closes. */
export async function stopBackgroundWork(): Promise<void> {
  const work = state.__jusconectaBackgroundWork;
  if (!work) return;
  state.__jusconectaBackgroundWork = undefined;
  await work.monitoring.stop();
  await work.digest?.stop();
  await work.dispatcher?.stop();
  await stopJobQueue();
  work.emailSender?.close?.();
}

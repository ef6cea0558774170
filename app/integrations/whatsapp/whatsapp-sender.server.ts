import type { AppConfig } from '~/config.server';
import { createCloudApiSender } from './cloud-api.server';
import { createWiizoChatSender } from './wiizochat.server';
import type { WhatsAppSender } from './whatsapp';

/** How a message goes out: through the lawyer's own WiizoChat token, or the platform's Cloud API number. */
export type WhatsAppRoute = 'wiizochat' | 'cloud-api';

export interface ChosenWhatsAppSender {
  via: WhatsAppRoute;
  sender: WhatsAppSender;
}

/** The WhatsApp adapters the environment allows, chosen message by message. */
export interface WhatsAppSenders {
  /** The platform's Cloud API sender is configured (every message has a way out). */
  readonly cloudApi: boolean;
  /** WIIZOCHAT_API_URL is set (lawyers' saved tokens can be used). */
  readonly wiizoChat: boolean;
  /**
   * The sender for a message of `lawyerId` (null: a platform message): the lawyer's saved WiizoChat
   * token when there is one, else the Cloud API, else null (the message stays queued).
   */
  choose(lawyerId: string | null): Promise<ChosenWhatsAppSender | null>;
}

export interface WhatsAppSenderDependencies {
  /** The lawyer's WiizoChat token in clear, or null when none is saved (or it cannot be read). */
  tokenFor(lawyerId: string): Promise<string | null>;
  timeoutMs?: number;
}

/**
 * The WhatsApp adapters the environment chooses (docs/decisions/0014): WiizoChat with the lawyer's own
 * token when WIIZOCHAT_API_URL is set, the Cloud API when its token and phone number id are set; null
 * when neither is, and every WhatsApp message stays in the outbox, queued (the default).
 */
export function createConfiguredWhatsAppSenders(
  config: Pick<AppConfig, 'whatsappCloud' | 'wiizoChatApiUrl'>,
  { tokenFor, timeoutMs }: WhatsAppSenderDependencies,
): WhatsAppSenders | null {
  const { whatsappCloud, wiizoChatApiUrl } = config;
  if (!whatsappCloud && !wiizoChatApiUrl) return null;
  const cloud: ChosenWhatsAppSender | null = whatsappCloud ? { via: 'cloud-api', sender: createCloudApiSender({ ...whatsappCloud, timeoutMs }) } : null;
  return {
    cloudApi: cloud !== null,
    wiizoChat: Boolean(wiizoChatApiUrl),
    async choose(lawyerId) {
      if (wiizoChatApiUrl && lawyerId) {
        const token = await tokenFor(lawyerId);
        if (token) return { via: 'wiizochat', sender: createWiizoChatSender({ apiUrl: wiizoChatApiUrl, token, timeoutMs }) };
      }
      return cloud;
    },
  };
}

import { DEFAULT_WHATSAPP_TIMEOUT_MS, field, parseRetryAfter, postJson, type GatewayAnswer } from './gateway-http.server';
import { flattenText } from '~/lib/plain-text';
import { toE164Digits, WhatsAppDeliveryError, type WhatsAppMessage, type WhatsAppSender } from './whatsapp';

// The WhatsApp Cloud API (Meta Graph API), as Meta's Cloud API documentation describes it:
// POST {API_URL}/{PHONE_NUMBER_ID}/messages with a Bearer token; a text message, or a template message
// (business-initiated messages outside the 24-hour window must be approved templates).

export interface CloudApiSenderOptions {
  /** `https://graph.facebook.com/v21.0`: the Graph API base with its version. */
  apiUrl: string;
  accessToken: string;
  phoneNumberId: string;
  /** Approved template names: `newLead` for 'novo-lead' messages, `text` for every other kind. Without one, the kind goes as plain text. */
  templates: { newLead?: string; text?: string };
  timeoutMs?: number;
}

/** The template language of every message (the templates are written in Brazilian Portuguese). */
const TEMPLATE_LANGUAGE = 'pt_BR';
/** text.body is at most 4096 characters. */
const TEXT_MAX_LENGTH = 4096;

/** Authentication failures: 0 AuthException, 190 access token expired or invalid. */
const AUTH_CODES = new Set([0, 190]);
/** Throughput and rate limits, retried after a wait: 4 app calls, 80007 WABA, 130429 throughput, 131048 spam rate, 131056 pair rate. */
export const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/** Meta's own trouble, retried: 1 and 2 (API unknown/service), 131000 'Something went wrong', 131016 service unavailable. */
export const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);

export function createCloudApiSender({ apiUrl, accessToken, phoneNumberId, templates, timeoutMs = DEFAULT_WHATSAPP_TIMEOUT_MS }: CloudApiSenderOptions): WhatsAppSender {
  const url = `${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(phoneNumberId)}/messages`;
  return {
    async send(message) {
      const answer = await postJson(url, {
        headers: { Authorization: `Bearer ${accessToken}` },
        body: cloudApiRequestBody(message, templates),
        timeoutMs,
        service: 'a API do WhatsApp',
      });
      if (answer.status >= 200 && answer.status < 300) {
        // A 200 means accepted, not delivered: the WAMID is what later status webhooks carry.
        const messages = field(answer.json, 'messages');
        const id = Array.isArray(messages) ? field(messages[0], 'id') : undefined;
        return { providerMessageId: typeof id === 'string' ? id : null };
      }
      throw cloudApiError(answer);
    },
  };
}

/** The request body of a text or a template message, for one message. */
export function cloudApiRequestBody(message: WhatsAppMessage, templates: CloudApiSenderOptions['templates']) {
  const to = toE164Digits(message.to);
  const template = message.kind === 'novo-lead' ? templates.newLead : templates.text;
  if (!template) {
    return { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: message.text.slice(0, TEXT_MAX_LENGTH) } };
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: template,
      language: { code: TEMPLATE_LANGUAGE },
      components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text: templateParameter(text) })) }],
    },
  };
}

/**
 * The longest template parameter sent. Meta refuses a body whose text, parameters filled in, passes
 * 1,024 characters (132005 'Hydrated text is too long'); the templates' own words take the rest.
 */
export const TEMPLATE_PARAMETER_MAX = 700;

/**
 * A template parameter as Meta accepts it: one line (no line break, tab or run of more than four
 * spaces: 132018), not empty (a dash stands in), capped (132005).
 */
export function templateParameter(text: string): string {
  return flattenText(text, TEMPLATE_PARAMETER_MAX) || '-';
}

/**
 * A Graph API error as a delivery error. Authentication (401, codes 0 and 190) and the message's own
 * refusals (131026 undeliverable, 131047 outside the 24-hour window, any other 4xx) are permanent:
 * sending again would be refused again. Rate limits (429 and codes 4, 80007, 130429, 131048, 131056)
 * wait for Retry-After; 5xx, an error Meta marks `is_transient: true` and Meta's own trouble (codes 1,
 * 2, 131000, 131016) are retried: each was refused before delivery, so a retry cannot double it.
 */
function cloudApiError(answer: GatewayAnswer): WhatsAppDeliveryError {
  const error = field(answer.json, 'error');
  const code = field(error, 'code');
  const numericCode = typeof code === 'number' ? code : undefined;
  const details = field(field(error, 'error_data'), 'details');
  const providerMessage = [field(error, 'message'), details].filter((v): v is string => typeof v === 'string' && v !== '').join(' — ') || answer.text || 'sem detalhes';
  const where = `HTTP ${answer.status}${numericCode === undefined ? '' : `, código ${numericCode}`}`;

  if (answer.status === 401 || (numericCode !== undefined && AUTH_CODES.has(numericCode))) {
    return new WhatsAppDeliveryError(`A API do WhatsApp recusou o token de acesso (${where}): ${providerMessage}`, { permanent: true });
  }
  if (answer.status === 429 || (numericCode !== undefined && RATE_LIMIT_CODES.has(numericCode))) {
    return new WhatsAppDeliveryError(`Limite de envios da API do WhatsApp atingido (${where}): ${providerMessage}`, {
      permanent: false,
      retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
    });
  }
  if (answer.status >= 500 || field(error, 'is_transient') === true || (numericCode !== undefined && TRANSIENT_CODES.has(numericCode))) {
    return new WhatsAppDeliveryError(`Falha temporária na API do WhatsApp (${where}): ${providerMessage}`, { permanent: false });
  }
  return new WhatsAppDeliveryError(`A API do WhatsApp recusou a mensagem (${where}): ${providerMessage}`, { permanent: true });
}

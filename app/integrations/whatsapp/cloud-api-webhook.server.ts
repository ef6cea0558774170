import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PROVIDER_STATUSES, type ProviderStatus } from '~/db/schema/messaging';
import { RATE_LIMIT_CODES, TRANSIENT_CODES } from './cloud-api.server';

// The WhatsApp Cloud API's webhook, as Meta's documentation describes it:
// - verification: GET ?hub.mode=subscribe&hub.verify_token=<ours>&hub.challenge=<n> → 200 with the
//   challenge as the body when the token is ours, else 403;
// - events: POST with X-Hub-Signature-256: sha256=<hex of HMAC-SHA256(raw body, app secret)>, the
//   body {object: 'whatsapp_business_account', entry: [{changes: [{field: 'messages', value:
//   {statuses: [{id, status, timestamp, recipient_id, errors?}]}}]}]}. Meta repeats a delivery that did
//   not get a 200, and statuses may arrive out of order.

/** Constant-time comparison of two strings (a different length is a mismatch, found without comparing). */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The answer to Meta's verification GET: the challenge when mode and token are right, else null (403). */
export function verificationChallenge(params: URLSearchParams, verifyToken: string): string | null {
  const challenge = params.get('hub.challenge');
  if (params.get('hub.mode') !== 'subscribe' || !challenge || challenge.length > 200) return null;
  return sameSecret(params.get('hub.verify_token') ?? '', verifyToken) ? challenge : null;
}

/** Whether `header` (X-Hub-Signature-256) is the HMAC-SHA256 of the raw `body` with the app secret, compared in constant time. */
export function validWebhookSignature(body: Uint8Array, header: string | null, appSecret: string): boolean {
  if (!header || !/^sha256=[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const expected = createHmac('sha256', appSecret).update(body).digest();
  const given = Buffer.from(header.trim().slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature Meta would send for `body` (the tests' and the stand-in's caller). */
export function webhookSignature(body: string | Uint8Array, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

const statusSchema = z.object({
  id: z.string().min(1).max(256),
  status: z.string().max(40),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(z.object({ code: z.number().int(), title: z.string().max(500).optional(), message: z.string().max(2000).optional() }))
    .max(20)
    .optional(),
});

const webhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        id: z.string().max(64).optional(),
        changes: z
          .array(
            z.object({
              field: z.string().max(64),
              value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

/** One status report about one message the platform sent. */
export interface WhatsAppStatusReport {
  providerMessageId: string;
  status: ProviderStatus;
  occurredAt: Date;
  errorCode: number | null;
  errorTitle: string | null;
}

/**
 * The status reports of a webhook body, or null when it is not a WhatsApp Business Account webhook.
 * Statuses other than sent, delivered, read and failed, and inbound messages, are left out (a body
 * without statuses is valid and reports nothing).
 */
export function parseStatusWebhook(json: unknown): WhatsAppStatusReport[] | null {
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  const reports: WhatsAppStatusReport[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const status of change.value.statuses ?? []) {
        if (!(PROVIDER_STATUSES as readonly string[]).includes(status.status)) continue;
        const error = status.errors?.[0];
        reports.push({
          providerMessageId: status.id,
          status: status.status as ProviderStatus,
          occurredAt: new Date(Number(status.timestamp) * 1000),
          errorCode: error?.code ?? null,
          errorTitle: error ? (error.title ?? error.message ?? null) : null,
        });
      }
    }
  }
  return reports;
}

/**
 * A delivery failure Meta reports later that another attempt may get past: rate and throughput limits
 * (4, 80007, 130429, 131048, 131056) and Meta's own trouble (1, 2, 131000, 131016). Any other code
 * (131026 not on WhatsApp, 131047 outside the 24-hour window, 131049 marketing cap…) is final.
 */
export function retryableStatusFailure(code: number | null): boolean {
  return code !== null && (RATE_LIMIT_CODES.has(code) || TRANSIENT_CODES.has(code));
}

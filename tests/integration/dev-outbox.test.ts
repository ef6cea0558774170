import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import type { EmailSender } from '~/integrations/email/email';
import { deliverOutboxMessage, enqueueEmail } from '~/integrations/email/outbox.server';
import { createSmtpSender } from '~/integrations/email/smtp.server';
import { emailConfirmationMessage, lawyerApprovedMessage } from '~/integrations/email/templates.server';
import { loader as outboxPageLoader } from '~/routes/dev/outbox';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in';

// The development page of the outbox (app/routes/dev/outbox.tsx); moved here from
// app/integrations/email/outbox.server.test.ts, which does not import routes.

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function smtp(options?: Parameters<typeof startSmtpStandIn>[0]): Promise<{ server: SmtpStandIn; sender: EmailSender }> {
  const server = await startSmtpStandIn(options);
  const sender = createSmtpSender({ url: server.url, from: getConfig().mailFrom });
  closers.push(() => server.close(), () => sender.close?.());
  return { server, sender };
}

const confirmation = () => emailConfirmationMessage({ name: 'Ana Souza', url: 'http://localhost:3000/api/auth/verify-email?token=abc' });

describe('/dev/outbox', () => {
  test('lists the outbox newest first, with status, attempts and the last error', async () => {
    const { sender } = await smtp({ refuseRecipient: (to) => (to.startsWith('ninguem') ? { code: 550, message: 'Caixa inexistente' } : undefined) });
    const first = await enqueueEmail(db, { to: 'ana@exemplo.com.br', ...confirmation() });
    await db.update(outbox).set({ createdAt: sql`now() - interval '1 minute'` }).where(eq(outbox.id, first.id));
    const second = await enqueueEmail(db, { to: 'ninguem@exemplo.com.br', ...lawyerApprovedMessage({ name: 'Ninguém' }) });
    await deliverOutboxMessage(second.id, { sender });

    const page = await outboxPageLoader();
    expect(page.messages.map((m) => [m.recipient, m.status, m.attempts])).toEqual([
      ['ninguem@exemplo.com.br', 'failed', 1],
      ['ana@exemplo.com.br', 'queued', 0],
    ]);
    expect(page.messages[0]!.lastError).toContain('550 Caixa inexistente');
    // The HTML is shown in a sandboxed iframe; its links open outside it.
    expect(page.messages[1]!.html).toContain('<head><base target="_blank">');
    expect(page.smtpConfigured).toBe(false);
  });

  test('answers 404 in production', async () => {
    const config = getConfig();
    const env = config.env;
    config.env = 'production';
    try {
      const thrown = await outboxPageLoader().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(thrown).toMatchObject({ init: { status: 404 } });
    } finally {
      config.env = env;
    }
  });
});

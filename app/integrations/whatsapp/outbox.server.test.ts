import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { enqueueWhatsAppMessages, type OutboxWhatsApp } from './outbox.server';
import { newLeadWhatsAppText } from './templates';

const message = (key: string, to = '11987654321'): OutboxWhatsApp => ({
  to,
  ...newLeadWhatsAppText({ nome: 'Maria Souza', areaId: 'familia', cityId: 'sp_sao_paulo' }),
  kind: 'novo-lead',
  lawyerId: null,
  idempotencyKey: key,
});

describe('WhatsApp outbox', () => {
  test('stores each message once per key, in the caller’s transaction', async () => {
    expect(await db.transaction((tx) => enqueueWhatsAppMessages(tx, [message('novo-lead:a'), message('novo-lead:b')]))).toBe(2);
    // A retried request enqueues the same notifications again: nothing new is stored.
    expect(await db.transaction((tx) => enqueueWhatsAppMessages(tx, [message('novo-lead:a'), message('novo-lead:c')]))).toBe(1);
    const rows = await db.select().from(outbox).where(eq(outbox.channel, 'whatsapp'));
    expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(['novo-lead:a', 'novo-lead:b', 'novo-lead:c']);
    expect(rows[0]).toMatchObject({ status: 'queued', recipient: '11987654321', metadata: { kind: 'novo-lead', params: ['"Maria Souza"', 'Direito de Família', 'São Paulo - SP'], lawyerId: null } });
    expect(rows[0]!.body).toBe(
      'Olá! Você recebeu um novo lead no sistema:\n\nNome: "Maria Souza"\nÁrea: Direito de Família\nCidade: São Paulo - SP\n\nAcesse o sistema para visualizar e entrar em contato.',
    );
  });

  test('a rolled-back transaction leaves no message; a malformed number is refused', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueWhatsAppMessages(tx, [message('novo-lead:x')]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await db.select().from(outbox).where(eq(outbox.idempotencyKey, 'novo-lead:x'))).toHaveLength(0);
    await expect(db.transaction((tx) => enqueueWhatsAppMessages(tx, [message('novo-lead:y', '+55 11 9')]))).rejects.toThrow('invalid recipient');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '~/config.server';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-'));

describe('delivery configuration', () => {
  test('OUTBOX_CONCURRENCY: 8 unless set, 1 to 64', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).outboxConcurrency).toBe(8);
    expect(loadConfig({ DATA_DIR: dataDir(), OUTBOX_CONCURRENCY: '16' }).outboxConcurrency).toBe(16);
    expect(() => loadConfig({ DATA_DIR: dataDir(), OUTBOX_CONCURRENCY: '0' })).toThrow('OUTBOX_CONCURRENCY: deve estar entre 1 e 64');
    expect(() => loadConfig({ DATA_DIR: dataDir(), OUTBOX_CONCURRENCY: 'muitos' })).toThrow('OUTBOX_CONCURRENCY: deve ser um número');
  });

  test('the WhatsApp status webhook needs its verify token and the app secret together', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).whatsappWebhook).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_VERIFY_TOKEN: 'verifica-123', WHATSAPP_CLOUD_APP_SECRET: 'segredo-456' }).whatsappWebhook).toEqual({
      verifyToken: 'verifica-123',
      appSecret: 'segredo-456',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_VERIFY_TOKEN: 'verifica-123' })).toThrow('WHATSAPP_CLOUD_APP_SECRET');
    expect(() => loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_APP_SECRET: 'segredo-456' })).toThrow('WHATSAPP_CLOUD_VERIFY_TOKEN');
    expect(() => loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_VERIFY_TOKEN: 'com espaço', WHATSAPP_CLOUD_APP_SECRET: 'segredo-456' })).toThrow('não pode ter espaços');
  });
});

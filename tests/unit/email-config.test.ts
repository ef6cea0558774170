import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '~/config.server';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-'));

describe('e-mail configuration', () => {
  test('without SMTP_URL e-mails stay in the outbox; the sender is the brand at the host of APP_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ smtpUrl: undefined, mailFrom: '"JusConecta" <nao-responda@localhost>' });
    expect(loadConfig({ DATA_DIR: dataDir(), BRAND_NAME: 'Advoga, "Já"', APP_URL: 'https://www.advogaja.com.br:8443/' }).mailFrom).toBe(
      '"Advoga, \\"Já\\"" <nao-responda@www.advogaja.com.br>',
    );
  });

  test('SMTP_URL takes smtp:// and smtps:// URLs; MAIL_FROM a name and address', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtps://envio:s%40nha@smtp.exemplo.com.br:465', MAIL_FROM: 'Equipe JusConecta <contato@jusconecta.com.br>' });
    expect(config.smtpUrl).toBe('smtps://envio:s%40nha@smtp.exemplo.com.br:465');
    expect(config.mailFrom).toBe('Equipe JusConecta <contato@jusconecta.com.br>');
  });

  test.each(['http://smtp.exemplo.com.br', 'smtp://', 'smtp.exemplo.com.br:587'])('SMTP_URL %s is refused in Portuguese', (url) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: url })).toThrow(/SMTP_URL: deve ser uma URL smtp:\/\/usuario:senha@servidor:porta/);
  });

  test.each(['contato', 'Nome <contato>', 'a@b.c\r\nBcc: x@y.z'])('MAIL_FROM %j is refused in Portuguese', (from) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: from })).toThrow(/MAIL_FROM: deve ser um endereço de e-mail/);
  });
});

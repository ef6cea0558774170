import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '~/config.server';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-'));

describe('WhatsApp configuration', () => {
  test('nothing set: no Cloud API sender and no WiizoChat, so notifications stay in the outbox', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ whatsappCloud: null, wiizoChatApiUrl: undefined });
  });

  test('the Cloud API needs its token and phone number id; the URL defaults to Graph v21.0; templates are optional', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      WHATSAPP_CLOUD_ACCESS_TOKEN: 'EAAGm0PX4ZCpsBA',
      WHATSAPP_CLOUD_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_CLOUD_TEMPLATE_NEW_LEAD: 'novo_lead_v2',
      WIIZOCHAT_API_URL: 'https://api.wiizochat.example/functions/v1/',
    });
    expect(config.whatsappCloud).toEqual({
      apiUrl: 'https://graph.facebook.com/v21.0',
      accessToken: 'EAAGm0PX4ZCpsBA',
      phoneNumberId: '106540352242922',
      templates: { newLead: 'novo_lead_v2', text: undefined },
    });
    expect(config.wiizoChatApiUrl).toBe('https://api.wiizochat.example/functions/v1');
    expect(loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_API_URL: 'http://127.0.0.1:9000/v23.0/', WHATSAPP_CLOUD_ACCESS_TOKEN: 'x', WHATSAPP_CLOUD_PHONE_NUMBER_ID: '1' }).whatsappCloud?.apiUrl).toBe(
      'http://127.0.0.1:9000/v23.0',
    );
  });

  test('half a Cloud API configuration is refused in Portuguese', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_ACCESS_TOKEN: 'EAAG' })).toThrow(/WHATSAPP_CLOUD_PHONE_NUMBER_ID: é obrigatório quando WHATSAPP_CLOUD_ACCESS_TOKEN está definido/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WHATSAPP_CLOUD_PHONE_NUMBER_ID: '1065' })).toThrow(/WHATSAPP_CLOUD_ACCESS_TOKEN: é obrigatório quando WHATSAPP_CLOUD_PHONE_NUMBER_ID está definido/);
  });

  test.each([
    ['WHATSAPP_CLOUD_API_URL', 'graph.facebook.com/v21.0', /deve ser uma URL completa http:\/\/ ou https:\/\//],
    ['WIIZOCHAT_API_URL', 'ftp://wiizochat.example', /deve ser uma URL completa http:\/\/ ou https:\/\//],
    ['WHATSAPP_CLOUD_PHONE_NUMBER_ID', '+55 11 9999', /deve ter só dígitos/],
    ['WHATSAPP_CLOUD_ACCESS_TOKEN', 'token com espaço', /não pode ter espaços nem acentos/],
    ['WHATSAPP_CLOUD_TEMPLATE_TEXT', 'Aviso Texto', /deve ser o nome de um modelo aprovado/],
  ])('%s=%j is refused in Portuguese', (name, value, message) => {
    const both = { WHATSAPP_CLOUD_ACCESS_TOKEN: 'EAAG', WHATSAPP_CLOUD_PHONE_NUMBER_ID: '1065' };
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...both, [name]: value })).toThrow(message);
  });
});

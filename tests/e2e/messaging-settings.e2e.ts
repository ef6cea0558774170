import { afterAll, beforeAll } from 'vitest';
import { startCloudApiStandIn, startWiizoChatStandIn, type WhatsAppStandIn } from '../support/whatsapp-stand-ins';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, test as base } from './support/browser';
import { startOwnServer } from './support/own-server';

// The demo lawyer (Plano Intermediário: WhatsApp notifications included) sets up notifications in the
// monitoring section and sends a test message. This file's server sends WhatsApp through local
// stand-ins of WiizoChat (the lawyer's own token) and of the Cloud API (the platform's number).

const TOKEN = 'wz-token-da-advogada-e2e-7f3a9c';
const CLOUD = { accessToken: 'EAAG-token-da-plataforma-e2e', phoneNumberId: '106540352242922' };
const TEST_TEXT = 'Mensagem de teste do JusConecta: as notificações de novos leads e de movimentações de processos chegarão a este número.';

let wiizo: WhatsAppStandIn | undefined;
let cloud: WhatsAppStandIn | undefined;
let server: Awaited<ReturnType<typeof startOwnServer>> | undefined;

// Started before the tests (under the hook timeout: seeding the demo takes a while), stopped after.
beforeAll(async () => {
  wiizo = await startWiizoChatStandIn({ tokens: [TOKEN] });
  cloud = await startCloudApiStandIn(CLOUD);
  server = await startOwnServer('messaging', {
    WIIZOCHAT_API_URL: wiizo.url,
    WHATSAPP_CLOUD_API_URL: cloud.url,
    WHATSAPP_CLOUD_ACCESS_TOKEN: CLOUD.accessToken,
    WHATSAPP_CLOUD_PHONE_NUMBER_ID: CLOUD.phoneNumberId,
    WHATSAPP_CLOUD_TEMPLATE_NEW_LEAD: 'novo_lead',
    WHATSAPP_CLOUD_TEMPLATE_TEXT: 'aviso_texto',
  });
});

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
  await wiizo?.close();
  await cloud?.close();
});

// eslint-disable-next-line no-empty-pattern
const test = base.extend<{ baseURL: string }>({ baseURL: [async ({}, provide) => provide(server!.baseURL), { scope: 'file' }] });

test('a lawyer saves the number and a token, sees only “configurado”, and the test message reaches the gateway', async ({ page }) => {
  await login(page);
  await page.getByRole('link', { name: 'Monitoramento' }).click();
  await expect(page).toHaveURL('/area-advogado?section=monitoramento');
  await expect(page.getByRole('heading', { level: 2, name: 'Monitoramento de Processos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notificações por WhatsApp' })).toBeVisible();
  expect(await page.getByRole('link', { name: 'Monitoramento' }).getAttribute('aria-current')).toBe('page');
  await expect(page.getByText('Token: não configurado')).toBeVisible();

  // The spec's validation, beside the field, the typed value kept.
  const number = page.getByLabel('Número do WhatsApp para notificações');
  await number.fill('9876');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Por favor, insira um número de WhatsApp válido')).toBeVisible();
  expect(await number.inputValue()).toBe('9876');

  await number.fill('(11) 98765-4321');
  await page.getByLabel('Token do WiizoChat').fill(TOKEN);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso')).toBeVisible();
  await expect(page.getByText('Token: configurado')).toBeVisible();
  await expect(page.getByText('As notificações saem pelo seu token do WiizoChat.')).toBeVisible();
  // The token is never sent back: not in the field, not anywhere in the page or its data.
  expect(await page.getByLabel('Token do WiizoChat').inputValue()).toBe('');
  expect(await number.inputValue()).toBe('(11) 98765-4321');
  await page.reload();
  expect(await page.content()).not.toContain(TOKEN);
  const data = await page.evaluate(() => fetch('/area-advogado.data?section=monitoramento').then((r) => r.text()));
  expect(data).toContain('configurado');
  expect(data).not.toContain(TOKEN);

  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByText('Mensagem de teste enviada com sucesso!')).toBeVisible();
  expect(wiizo!.requests).toHaveLength(1);
  expect(wiizo!.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(wiizo!.requests[0]!.body).toEqual({ to: '+5511987654321', type: 'text', text: { body: TEST_TEXT } });

  // The gateway's refusal is shown with the spec's prefix.
  wiizo!.next('unauthorized');
  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao enviar mensagem de teste: O WiizoChat recusou o token do advogado (HTTP 401, UNAUTHORIZED)' })).toBeVisible();

  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);

  // Without the token, the platform's Cloud API number sends, as the approved text template.
  await page.getByRole('button', { name: 'Remover token' }).click();
  await expect(page.getByText('Token do WiizoChat removido com segurança')).toBeVisible();
  await expect(page.getByText('Token: não configurado')).toBeVisible();
  await expect(page.getByText('As notificações saem pelo WhatsApp da plataforma.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByText('Mensagem de teste enviada com sucesso!')).toBeVisible();
  expect(cloud!.requests).toHaveLength(1);
  expect(cloud!.requests[0]!.headers.authorization).toBe(`Bearer ${CLOUD.accessToken}`);
  expect(cloud!.requests[0]!.path).toBe(`/v21.0/${CLOUD.phoneNumberId}/messages`);
  expect(cloud!.requests[0]!.body).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '5511987654321',
    type: 'template',
    template: { name: 'aviso_texto', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: TEST_TEXT }] }] },
  });
});

test('without JavaScript the card’s forms work as plain posts', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await login(page);
  await page.goto('/area-advogado?section=monitoramento');

  await page.getByLabel('Número do WhatsApp para notificações').fill('+55 (21) 91234-5678');
  await page.getByLabel('Token do WiizoChat').fill('curto');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('O token deve ter pelo menos 8 caracteres')).toBeVisible();
  expect(await page.getByLabel('Número do WhatsApp para notificações').inputValue()).toBe('+55 (21) 91234-5678');
  expect(await page.getByLabel('Token do WiizoChat').inputValue()).toBe('');

  await page.getByLabel('Token do WiizoChat').fill(TOKEN);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page).toHaveURL('/area-advogado?section=monitoramento');
  await expect(page.getByText('Configurações salvas com sucesso')).toBeVisible();
  await expect(page.getByText('Token: configurado')).toBeVisible();

  const sentBefore = wiizo!.requests.length;
  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByText('Mensagem de teste enviada com sucesso!')).toBeVisible();
  expect(wiizo!.requests).toHaveLength(sentBefore + 1);
  expect(wiizo!.requests.at(-1)!.body).toMatchObject({ to: '+5521912345678', text: { body: TEST_TEXT } });

  await page.getByRole('button', { name: 'Remover token' }).click();
  await expect(page.getByText('Token do WiizoChat removido com segurança')).toBeVisible();
});

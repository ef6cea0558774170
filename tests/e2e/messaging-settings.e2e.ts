import { beforeAll, inject } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures, standIns, unique } from './support/fixtures';

// The demo lawyer (Plano Intermediário: WhatsApp notifications included) sets up notifications in the
// monitoring section and sends a test message. On the shared server, WhatsApp goes through local
// stand-ins of WiizoChat (the lawyer's own token) and of the Cloud API (the platform's number, its text
// template `aviso_texto`); the lawyer is a copy of the demo lawyer of this file's own (the fixture door,
// docs/decisions/0035), her token and notification numbers are this run's own, and the stand-ins are
// read by that token and those numbers (docs/decisions/0035).

const TOKEN = `wz-token-da-advogada-e2e-${unique(6)}`;
const CLOUD = inject('settings').cloud;
const TEST_TEXT = 'Mensagem de teste do JusConecta: as notificações de novos leads e de movimentações de processos chegarão a este número.';

/** A mobile number of this run's own with the DDD given: its digits with 55, and as typed, e.g. '(11) 98765-4321'. */
function ownNumber(ddd: string) {
  const rest = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
  return { digits: `55${ddd}9${rest}`, typed: `(${ddd}) 9${rest.slice(0, 4)}-${rest.slice(4)}` };
}
const PHONE = ownNumber('11');
const SECOND_PHONE = ownNumber('21');

let lawyer: CreatedLawyer;
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true });
  await standIns.acceptWiizoToken(TOKEN);
});

test('a lawyer saves the number and a token, sees only “configurado”, and the test message reaches the gateway', async ({ page }) => {
  await login(page, lawyer);
  await page.getByRole('link', { name: 'Monitoramento' }).click();
  await expect(page).toHaveURL('/area-advogado?section=monitoramento');
  await expect(page.getByRole('heading', { level: 2, name: 'Monitoramento de Processos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notificações por WhatsApp' })).toBeVisible();
  expect(await page.getByRole('link', { name: 'Monitoramento' }).getAttribute('aria-current')).toBe('page');
  await expect(page.getByText('Token: não configurado')).toBeVisible();
  // What the token is, that it is optional, and what sends without it; e-mail on every plan; no internal name.
  const help = page.getByText(/^O WiizoChat é um serviço à parte/);
  await expect(help).toBeVisible();
  expect(await help.innerText()).toContain('Com ele, as notificações saem do seu número; sem ele, saem do WhatsApp da plataforma.');
  expect(await page.getByLabel('Token do WiizoChat (opcional)').getAttribute('aria-describedby')).toContain('token-ajuda');
  await expect(page.getByText('Cada novo lead chega no seu e-mail de login, em qualquer plano.')).toBeVisible();
  expect(await page.locator('main').innerText()).not.toContain('Simulador');

  // The spec's validation, beside the field, the typed value kept.
  const number = page.getByLabel('Número do WhatsApp para notificações');
  await waitForHydration(page);
  await number.fill('9876');
  // The field shows the digits in the phone's shape as they are typed.
  expect(await number.inputValue()).toBe('(98) 76');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Por favor, insira um número de WhatsApp válido')).toBeVisible();
  expect(await number.inputValue()).toBe('(98) 76');

  await number.fill(PHONE.typed);
  await page.getByLabel('Token do WiizoChat').fill(TOKEN);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas com sucesso')).toBeVisible();
  await expect(page.getByText('Token: configurado')).toBeVisible();
  await expect(page.getByText('As notificações saem do seu próprio número, pelo WiizoChat.')).toBeVisible();
  // The token is never sent back: not in the field, not anywhere in the page or its data.
  expect(await page.getByLabel('Token do WiizoChat').inputValue()).toBe('');
  expect(await number.inputValue()).toBe(PHONE.typed);
  await page.reload();
  expect(await page.content()).not.toContain(TOKEN);
  const data = await page.evaluate(() => fetch('/area-advogado.data?section=monitoramento').then((r) => r.text()));
  expect(data).toContain('configurado');
  expect(data).not.toContain(TOKEN);

  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByText('Mensagem de teste enviada com sucesso!')).toBeVisible();
  const wiizo = await standIns.wiizoRequestsWith(TOKEN);
  expect(wiizo).toHaveLength(1);
  expect(wiizo[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(wiizo[0]!.body).toEqual({ to: `+${PHONE.digits}`, type: 'text', text: { body: TEST_TEXT } });

  // The gateway's refusal is shown with the spec's prefix.
  await standIns.setWiizoBehaviours(TOKEN, ['unauthorized']);
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
  const cloud = await standIns.cloudRequestsTo(PHONE.digits);
  expect(cloud).toHaveLength(1);
  expect(cloud[0]!.headers.authorization).toBe(`Bearer ${CLOUD.accessToken}`);
  expect(cloud[0]!.path).toBe(`/v21.0/${CLOUD.phoneNumberId}/messages`);
  expect(cloud[0]!.body).toEqual({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: PHONE.digits,
    type: 'template',
    template: { name: 'aviso_texto', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: TEST_TEXT }] }] },
  });
});

test('without JavaScript the card’s forms work as plain posts', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await login(page, lawyer);
  await page.goto('/area-advogado?section=monitoramento');

  await page.getByLabel('Número do WhatsApp para notificações').fill(`+55 ${SECOND_PHONE.typed}`);
  await page.getByLabel('Token do WiizoChat').fill('curto');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('O token deve ter pelo menos 8 caracteres')).toBeVisible();
  expect(await page.getByLabel('Número do WhatsApp para notificações').inputValue()).toBe(`+55 ${SECOND_PHONE.typed}`);
  expect(await page.getByLabel('Token do WiizoChat').inputValue()).toBe('');

  await page.getByLabel('Token do WiizoChat').fill(TOKEN);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page).toHaveURL('/area-advogado?section=monitoramento');
  await expect(page.getByText('Configurações salvas com sucesso')).toBeVisible();
  await expect(page.getByText('Token: configurado')).toBeVisible();

  const sentBefore = (await standIns.wiizoRequestsWith(TOKEN)).length;
  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByText('Mensagem de teste enviada com sucesso!')).toBeVisible();
  const sent = await standIns.wiizoRequestsWith(TOKEN);
  expect(sent).toHaveLength(sentBefore + 1);
  expect(sent.at(-1)!.body).toMatchObject({ to: `+${SECOND_PHONE.digits}`, text: { body: TEST_TEXT } });

  await page.getByRole('button', { name: 'Remover token' }).click();
  await expect(page.getByText('Token do WiizoChat removido com segurança')).toBeVisible();
});

test('a Gratuito lawyer reads which plans include WhatsApp and that every new lead comes by e-mail', async ({ page }) => {
  const gratuito = await fixtures.lawyer({ plan: 'gratuito' });
  await login(page, gratuito);
  await page.goto('/area-advogado?section=monitoramento');
  await expect(page.getByText('As notificações por WhatsApp fazem parte dos planos Intermediário e Premium.')).toBeVisible();
  await expect(page.getByText('Cada novo lead chega no seu e-mail de login, em qualquer plano.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atualizar plano' }).first()).toBeVisible();
  expect(await page.getByRole('button', { name: 'Enviar mensagem de teste' }).count()).toBe(0);
  expect(await page.locator('main').innerText()).not.toContain('Simulador');
});

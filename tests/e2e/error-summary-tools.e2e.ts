import type { Locator, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { contractPdf } from '../fixtures/contracts/contract-files';
import { LEASE_CONTRACT } from '../fixtures/contracts/contract-texts';
import { expect, login, saveScreenshot, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures } from './support/fixtures';

// The error summary (docs/decisions/0042) in the lawyer area's and the tools' forms, on a 360 px phone:
// after a refusal of the server the summary at the top of the form (inside the dialog, for the CRM)
// takes the focus and is in view, holds a link per refused field in the form's order (every rule in one
// round), each field's message is said once, beside its field, and a link focuses its field. The
// lawyer is a copy of the demo lawyer of this file's own (Plano Intermediário: CRM, monitoring and
// WhatsApp notifications; the fixture door, docs/decisions/0035).

let lawyer: CreatedLawyer;
beforeAll(async () => {
  // Civil law: the client requests other files send meanwhile (family law) do not reach her board.
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true, areas: ['civil'] });
});

const SECTION = '/area-advogado?section=monitoramento';

/** Polls until the element has the focus. */
const expectFocused = (element: Locator) => expect.poll(() => element.evaluate((node) => node === document.activeElement), { timeout: 10_000 }).toBe(true);

/** Polls until the element's top is inside the viewport (scrolled into view). */
const expectInView = (element: Locator) =>
  expect
    .poll(
      async () => {
        const box = await element.boundingBox();
        const height = element.page().viewportSize()!.height;
        return box !== null && box.y >= 0 && box.y < height;
      },
      { timeout: 10_000 },
    )
    .toBe(true);

/** The focused element's role, as a screen reader would announce it. */
const focusedRole = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role') ?? null);

/** What the screen shows (the viewport, not the whole page), to look at. */
const screenshot = (page: Page, name: string) => saveScreenshot(page, name, { fullPage: false });

/** The form that holds the button. */
const formWith = (page: Page | Locator, button: string) => page.locator('form').filter({ has: page.getByRole('button', { name: button }) });

test('CRM, Novo Lead: with the page’s own check out of the way, the server’s refusal puts the summary in focus inside the dialog', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  // The page checks a CRM form with the server's schemas before sending; a stand-in of their chunk that
  // accepts everything leaves the whole check to the server, whose answer is what this test reads.
  await page.route(/\/assets\/crm\.schemas-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'const accepts = { safeParse: () => ({ success: true }) };\nexport { accepts as newLeadSchema, accepts as editLeadSchema, accepts as addStageSchema, accepts as saveStagesSchema };',
    }),
  );
  await login(page, lawyer);
  await page.goto('/area-advogado?section=crm');
  await waitForHydration(page);
  await page.waitForSelector('[data-board-ready]', { state: 'attached' });

  await page.getByRole('link', { name: 'Novo Lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Lead' });
  await dialog.getByLabel('Telefone').fill('11 9999a');
  const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/area-advogado/crm' && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Cadastrar Lead' }).click();
  expect((await refused).status()).toBe(400);

  const summary = dialog.getByRole('alert');
  await expectFocused(summary);
  await expect.poll(() => focusedRole(page)).toBe('alert');
  // Focus stays in the modal dialog.
  expect(await summary.evaluate((node) => node.closest('dialog')?.matches(':modal') ?? false)).toBe(true);
  await expectInView(summary);
  await screenshot(page, 'error-summary-crm-novo-lead-360');
  // Every rule in one round, in the form's order; each message once, beside its field.
  expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Nome', 'Email', 'Telefone', 'Cidade', 'Área de interesse']);
  for (const message of ['Nome deve ter pelo menos 3 caracteres', 'Email inválido', 'Apenas números são permitidos', 'Selecione uma área de atuação']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await summary.getByRole('link', { name: 'Telefone' }).click();
  await expectFocused(dialog.getByLabel('Telefone'));
  expect(await dialog.getByLabel('Telefone').inputValue()).toBe('11 9999a');

  // Each answer of the server takes the focus again.
  await page.getByRole('button', { name: 'Cadastrar Lead' }).click();
  await expectFocused(summary);
});

test('monitoring: a number only the server checks, then a duplicate said beside the number only', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await login(page, lawyer);
  await page.goto(SECTION);
  await waitForHydration(page);
  const form = formWith(page, 'Monitorar processo');
  const numero = page.getByLabel('Número do processo');

  // Right pattern, wrong check digits.
  await numero.fill('0018063-18.2013.8.26.0002');
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  const summary = form.getByRole('alert');
  await expectFocused(summary);
  await expect.poll(() => focusedRole(page)).toBe('alert');
  await expectInView(summary);
  await screenshot(page, 'error-summary-monitoring-360');
  expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Número do processo']);
  await expect(page.getByText('Dígito verificador não confere: confira o número.')).toBeVisible();
  await summary.getByRole('link', { name: 'Número do processo' }).click();
  await expectFocused(numero);
  expect(await numero.inputValue()).toBe('0018063-18.2013.8.26.0002');

  await numero.fill('0018063-19.2013.8.26.0002');
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  await expect(page.getByText('Monitoramento criado!', { exact: false })).toBeVisible();
  await numero.fill('0018063-19.2013.8.26.0002');
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  const duplicate = 'Este processo já está sendo monitorado na sua conta.';
  await expect(page.getByText(duplicate)).toBeVisible();
  await expectFocused(summary);
  expect(await summary.innerText()).not.toContain(duplicate);
  expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Número do processo']);
});

test('messaging settings: the number and the token refused in one round, the summary focused above them', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await login(page, lawyer);
  await page.goto(SECTION);
  await waitForHydration(page);
  await page.getByLabel('Número do WhatsApp para notificações').fill('9876');
  await page.getByLabel('Token do WiizoChat').fill('curto');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();

  const summary = formWith(page, 'Salvar configurações').getByRole('alert');
  await expectFocused(summary);
  await expect.poll(() => focusedRole(page)).toBe('alert');
  await expectInView(summary);
  await screenshot(page, 'error-summary-messaging-360');
  expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Número do WhatsApp para notificações', 'Token do WiizoChat (opcional)']);
  await expect(page.getByText('Por favor, insira um número de WhatsApp válido')).toBeVisible();
  await expect(page.getByText('O token deve ter pelo menos 8 caracteres')).toBeVisible();
  await summary.getByRole('link', { name: 'Token do WiizoChat (opcional)' }).click();
  await expectFocused(page.getByLabel('Token do WiizoChat'));
});

test('contract summariser: contact data only the server refuses, then a file it cannot read', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await page.goto('/sumarizador-contratos');
  await waitForHydration(page);
  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'locacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await contractPdf(LEASE_CONTRACT.paragraphs)) });
  // Filled in, as the page checks; wrong, as only the server checks.
  await page.getByLabel('Email').fill('juridico-alfa');
  await page.getByLabel('Empresa').fill('Alfa Alimentos');
  await page.getByLabel('Telefone (com DDD)').fill('1198');
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();

  const form = formWith(page, 'Analisar Contrato');
  const summary = form.getByRole('alert');
  await expectFocused(summary);
  await expect.poll(() => focusedRole(page)).toBe('alert');
  await expectInView(summary);
  await screenshot(page, 'error-summary-contract-360');
  expect(await summary.getByRole('link').allInnerTexts()).toEqual(['Email', 'Telefone (com DDD)']);
  await summary.getByRole('link', { name: 'Telefone (com DDD)' }).click();
  await expectFocused(page.getByLabel('Telefone (com DDD)'));

  // A PDF header with nothing readable after it passes the page's check; the server's reason is said
  // beside the file, and the summary, focused, links to it.
  await page.getByLabel('Email').fill('juridico@alfa.com.br');
  await page.getByLabel('Telefone (com DDD)').fill('(11) 98765-4321');
  const broken = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...new Uint8Array(2000).fill(7)]);
  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'quebrado.pdf', mimeType: 'application/pdf', buffer: Buffer.from(broken) });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  const fileSummary = form.getByRole('alert').filter({ hasText: 'Corrija os campos indicados:' });
  await expectFocused(fileSummary);
  await expectInView(fileSummary);
  expect(await fileSummary.getByRole('link').allInnerTexts()).toEqual(['Arquivo do contrato (PDF ou DOCX)']);
  expect(await fileSummary.innerText()).not.toContain('Erro ao processar o arquivo.');
  await fileSummary.getByRole('link', { name: 'Arquivo do contrato (PDF ou DOCX)' }).click();
  await expectFocused(page.getByLabel('Arquivo do contrato'));
});

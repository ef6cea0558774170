import type { Locator, Page } from 'playwright-core';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, waitForHydration } from './support/browser';
import { fixtures } from './support/fixtures';

// After a refused submit a form moves the focus to an error summary at its top (role="alert"), which
// holds the server's message and a link to each field with an error (docs/product-rules.md, "Forms"):
// on a 360 px phone the answer is in view wherever the submit button was. Every rule is reported in the
// same round. The taken address is a lawyer this file creates (the fixture door, docs/decisions/0035).

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

const BIO = 'Advogada há oito anos, atuo em direito de família e sucessões com atendimento próximo e linguagem clara.';

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel('Nome completo').fill('Ana Repetida Souza');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Número da OAB').fill('654321');
  await page.getByLabel('Seccional (UF)').selectOption('SP');
  await page.getByLabel('WhatsApp (com DDD)').fill('11987654321');
  await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte-7');
  await page.getByLabel('Confirme a senha').fill('minha-senha-forte-7');
  await page.getByLabel('Biografia').fill(BIO);
  await page.getByLabel('Direito Civil').check();
  await page.getByLabel('São Paulo - SP').check();
}

test('on a phone, the registration’s server error takes the focus in view, with a link to the field', async ({ openPage }) => {
  const taken = (await fixtures.lawyer()).email;
  const page = await openPage({ viewport: 'mobile' });
  await page.goto('/registro-advogado');
  await waitForHydration(page);
  await fillRegistration(page, taken);
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Este email já está cadastrado' });
  await expectFocused(summary);
  await expectInView(summary);
  await saveScreenshot(page, 'form-errors-registration-360');
  // The link names the field and takes the focus to it; the values stay.
  await summary.getByRole('link', { name: 'Email' }).click();
  await expectFocused(page.getByLabel('Email'));
  expect(await page.getByLabel('Email').inputValue()).toBe(taken);
  expect(await page.getByLabel('Biografia').inputValue()).toBe(BIO);
  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
});

test('every rule in one round: the mismatched passwords are reported with the other mistakes, at 1280 px too', async ({ openPage }) => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    const page = await openPage({ viewport });
    await page.goto('/registro-advogado');
    await waitForHydration(page);
    await page.getByLabel('Nome completo').fill('Jo');
    await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte-7');
    await page.getByLabel('Confirme a senha').fill('outra-senha-forte-8');
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();

    const summary = page.getByRole('alert').filter({ hasText: 'Corrija os campos indicados:' });
    await expectFocused(summary);
    await expectInView(summary);
    await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
    await expect(page.getByText('Nome deve ter pelo menos 3 caracteres')).toBeVisible();
    const links = await summary.getByRole('link').allInnerTexts();
    expect(links).toEqual(['Nome completo', 'Email', 'Número da OAB', 'Seccional (UF)', 'WhatsApp', 'Confirme a senha', 'Biografia', 'Áreas de Atuação', 'Cidades Atendidas']);
    await summary.getByRole('link', { name: 'Áreas de Atuação' }).click();
    await expectFocused(page.getByRole('group', { name: 'Áreas de Atuação' }).getByRole('checkbox').first());
    // Following a link keeps the answer on the page.
    await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
    await expect(summary).toBeVisible();
    if (viewport === 'desktop') {
      await summary.evaluate((node) => node.scrollIntoView());
      await saveScreenshot(page, 'form-errors-registration-1280-view', { fullPage: false });
      await saveScreenshot(page, 'form-errors-registration-1280');
    }
  }
});

test('without JavaScript the summary comes back above the first field', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
  await page.goto('/login');
  await page.getByLabel('Email').fill('ninguem@exemplo.com.br');
  await page.getByLabel('Senha').fill('senha-errada-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Email ou senha incorretos' });
  await expectInView(summary);
  const [summaryBox, fieldBox] = await Promise.all([summary.boundingBox(), page.getByLabel('Email').boundingBox()]);
  expect(summaryBox!.y).toBeLessThan(fieldBox!.y);
});

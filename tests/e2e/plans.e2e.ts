import type { Page } from 'playwright-core';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { beforeAll } from 'vitest';
import { expect, login, saveScreenshot, test, VIEWPORTS, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures } from './support/fixtures';

// /planos: a visitor compares the plans and goes to the registration with one chosen; the demo lawyer
// (Plano Intermediário) subscribes to another plan. Subscribing changes her plan, so the file uses a
// copy of the demo lawyer of its own (the fixture door, docs/decisions/0035): the shared server keeps
// the demo lawyer on Intermediário for the other files.

let lawyer: CreatedLawyer;
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true });
});


/** Screenshots at 360 px and 1280 px, each checked with axe. */
async function screenshot(page: Page, name: string) {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await saveScreenshot(page, `${viewport.width}_planos_${name}`);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, `axe on ${name} at ${label}:\n${formatViolations(violations)}`).toEqual([]);
    // Nothing sticks out sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('a visitor sees the four plans with their prices and goes to the registration with one chosen', async ({ page, baseURL }) => {
  expect(await (await fetch(`${baseURL}/sitemaps/paginas.xml`)).text()).toContain(`<loc>${baseURL}/planos</loc>`);
  await page.goto('/planos');
  await expect(page.getByRole('heading', { level: 1, name: 'Escolha o plano ideal para você' })).toBeVisible();

  for (const [name, price] of [
    ['Plano Gratuito', /R\$\s0,00/],
    ['Plano Básico', /R\$\s297,00/],
    ['Plano Intermediário', /R\$\s497,00/],
    ['Plano Premium', /R\$\s997,00/],
  ] as const) {
    await expect(card(page, name).getByText(price)).toBeVisible();
  }
  await expect(card(page, 'Plano Intermediário').getByText('Mais Popular')).toBeVisible();
  expect(await page.getByText('Mais Popular').count()).toBe(1);
  expect(await page.getByText('Plano Atual').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Assinar Agora' }).count()).toBe(0);
  await expect(card(page, 'Plano Premium').getByText('Monitoramento de até 20 processos')).toBeVisible();
  await expect(card(page, 'Plano Intermediário').getByText('Monitoramento de até 5 processos')).toBeVisible();

  const ctas = page.getByRole('link', { name: 'Cadastre-se Gratuitamente' });
  expect(await ctas.count()).toBe(4);
  expect(await card(page, 'Plano Gratuito').getByRole('link', { name: 'Cadastre-se Gratuitamente' }).getAttribute('href')).toBe('/registro-advogado?plano=gratuito');
  await screenshot(page, 'visitante');

  await card(page, 'Plano Premium').getByRole('link', { name: 'Cadastre-se Gratuitamente' }).click();
  await expect(page).toHaveURL('/registro-advogado?plano=premium');
  await expect(page.getByText('Plano escolhido:')).toBeVisible();
  await expect(page.getByText('Plano Premium', { exact: true })).toBeVisible();
});

test('the demo lawyer subscribes to Premium from /planos and her badge changes', async ({ page }) => {
  await login(page, lawyer);
  await page.goto('/area-advogado');
  await expect(page.getByText('Plano atual: Plano Intermediário')).toBeVisible();

  await page.getByRole('link', { name: 'Gerenciar Plano' }).click();
  await expect(page).toHaveURL('/planos');
  await waitForHydration(page);
  const current = card(page, 'Plano Intermediário');
  await expect(current.getByText('Plano Atual', { exact: true }).first()).toBeVisible();
  expect(await current.getByRole('button', { name: 'Plano Atual' }).isDisabled()).toBe(true);
  expect(await page.getByRole('link', { name: 'Cadastre-se Gratuitamente' }).count()).toBe(0);
  await screenshot(page, 'advogada');

  // The button says it is working while the post is on its way (held back a moment here).
  await page.route('**/planos.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await card(page, 'Plano Premium').getByRole('button', { name: 'Assinar Agora' }).click();
  // The change is confirmed first (decision 0045).
  const dialog = page.getByRole('dialog', { name: 'Confirmar mudança de plano' });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByRole('button', { name: 'Processando...' })).toBeVisible();

  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByText('Plano Premium ativado com sucesso!')).toBeVisible();
  await expect(page.getByText('Plano atual: Plano Premium')).toBeVisible();
  await expect(page.getByText('Até 20 processos monitorados')).toBeVisible();

  await page.goto('/planos');
  await expect(card(page, 'Plano Premium').getByRole('button', { name: 'Plano Atual' })).toBeVisible();
  await expect(card(page, 'Plano Intermediário').getByRole('button', { name: 'Assinar Agora' })).toBeVisible();
});

test('without JavaScript, subscribing is a plain form post after the confirmation page; the financial section leads to the plans', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await login(page, lawyer);
  await page.goto('/area-advogado?section=financeiro');
  await expect(page.getByText('A área financeira está temporariamente indisponível.', { exact: false })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Gerenciar Plano' }).click();
  await expect(page).toHaveURL('/planos');

  await card(page, 'Plano Básico').getByRole('button', { name: 'Assinar Agora' }).click();
  // The confirmation page (decision 0045), then the post.
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByText('Plano Básico ativado com sucesso!')).toBeVisible();
  await expect(page.getByText('Plano atual: Plano Básico')).toBeVisible();
});

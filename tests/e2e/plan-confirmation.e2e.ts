import type { Page } from 'playwright-core';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, waitForHydration } from './support/browser';
import { fixtures, useSession } from './support/fixtures';

// /planos asks before changing the plan (decision 0045): with JavaScript a dialog, without it a page.
// Each test has a lawyer of its own from the fixture door, signed in by its cookie.

const NO_CHARGE = 'Nenhuma cobrança é feita por enquanto: escolher um plano apenas o ativa, sem pagamento.';

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('with JavaScript, Assinar Agora opens the confirmation; Cancelar keeps the plan, Confirmar changes it', async ({ page }) => {
  const lawyer = await fixtures.lawyer({ plan: 'basico', signIn: true });
  await useSession(page.context(), lawyer.cookie!);
  await page.goto('/planos');
  await waitForHydration(page);
  await expect(page.getByText(NO_CHARGE)).toBeVisible();

  const subscribe = card(page, 'Plano Premium').getByRole('button', { name: 'Assinar Agora' });
  await subscribe.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar mudança de plano' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL('/planos');
  for (const text of [
    /Plano Premium: R\$\s997,00\/mês/,
    'Em relação ao Plano Básico:',
    'Processos monitorados: de 0 para 20.',
    'Passa a receber notificações por WhatsApp de novos leads e das movimentações dos processos.',
    'O Plano Premium vale por 30 dias a partir da confirmação.',
    NO_CHARGE,
  ]) {
    await expect(dialog.getByText(text)).toBeVisible();
  }
  // A modal: the focus is inside it.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await saveScreenshot(page, '360_planos_confirmacao_dialogo');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancelar: closed, the focus back on the button, nothing changed.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).not.toBeVisible();
  await expect.poll(() => subscribe.evaluate((button) => button === document.activeElement)).toBe(true);
  // Escape closes it too.
  await subscribe.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeVisible();
  await page.goto('/area-advogado');
  await expect(page.getByText('Plano atual: Plano Básico')).toBeVisible();

  await page.goto('/planos');
  await waitForHydration(page);
  await card(page, 'Plano Premium').getByRole('button', { name: 'Assinar Agora' }).click();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByText('Plano Premium ativado com sucesso!')).toBeVisible();
  await expect(page.getByText('Plano atual: Plano Premium')).toBeVisible();
  // On a desktop the section menu leaves Financeiro to the mobile menu, as the spec's header says.
  expect(await page.getByRole('navigation', { name: 'Seções da área do advogado' }).getByRole('link', { name: 'Financeiro' }).count()).toBe(0);
});

test('without JavaScript at 360 px: Financeiro in the menu, then the confirmation page; confirming changes the plan', async ({ openPage }) => {
  const lawyer = await fixtures.lawyer({ plan: 'premium', signIn: true });
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await useSession(page.context(), lawyer.cookie!);
  await page.goto('/area-advogado');

  // The mobile menu has Financeiro (the spec's header); the section says the money sentence.
  await page.locator('header summary').click();
  await page.getByRole('navigation', { name: 'Menu móvel' }).getByRole('link', { name: 'Financeiro' }).click();
  await expect(page).toHaveURL('/area-advogado?section=financeiro');
  await expect(page.getByText(NO_CHARGE, { exact: false })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Gerenciar Plano' }).click();
  await expect(page).toHaveURL('/planos');

  await card(page, 'Plano Gratuito').getByRole('button', { name: 'Assinar Agora' }).click();
  await expect(page).toHaveURL('/planos?confirmar=gratuito');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmar mudança de plano' })).toBeVisible();
  for (const text of [/Plano Gratuito: R\$\s0,00\/mês/, 'Processos monitorados: de 20 para 0.', 'Deixa de receber notificações por WhatsApp', 'O Plano Gratuito não vence.', NO_CHARGE]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await saveScreenshot(page, '360_planos_confirmacao_pagina');

  // Cancelar goes back to the plans; nothing changed.
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL('/planos');
  await expect(card(page, 'Plano Premium').getByRole('button', { name: 'Plano Atual' })).toBeVisible();

  await card(page, 'Plano Gratuito').getByRole('button', { name: 'Assinar Agora' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByText('Plano Gratuito ativado com sucesso!')).toBeVisible();
  await expect(page.getByText('Plano atual: Plano Gratuito')).toBeVisible();
});

import type { Page } from 'playwright-core';
import { expect, test } from './support/browser';

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));

test('at 360 px the menu opens, closes and takes the visitor to the search', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await page.goto('/');
  // The menu is a <details> element (it works without JavaScript); its summary is named by its text.
  const toggle = page.locator('header summary');
  const openLabel = toggle.getByText('Abrir menu');
  const closeLabel = toggle.getByText('Fechar menu');
  const mobileNav = page.getByRole('navigation', { name: 'Menu móvel' });

  await expect(page.getByRole('navigation', { name: 'Principal' })).not.toBeVisible();
  await expect(mobileNav).not.toBeVisible();
  await expect(openLabel).toBeVisible();
  await toggle.click();
  await expect(mobileNav).toBeVisible();
  await expect(closeLabel).toBeVisible();
  await expect(openLabel).not.toBeVisible();
  await toggle.click();
  await expect(mobileNav).not.toBeVisible();
  await expect(openLabel).toBeVisible();

  await toggle.click();
  await mobileNav.getByRole('link', { name: 'Encontrar Advogado' }).click();
  await expect(page).toHaveURL('/busca');
  await expect(page.getByRole('heading', { level: 1, name: 'Encontre um advogado' })).toBeVisible();
  await expect(mobileNav).not.toBeVisible();
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
});

test.for([
  '/',
  '/busca?area=familia&cidade=sp_sao_paulo',
  '/advogado/anabeatrizcarvalho',
  '/blog',
  '/blog/pensao-alimenticia-2025-novas-interpretacoes',
  '/login',
])('at 360 px %s does not scroll sideways', async (path, { openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(360);
});

import type { Page } from 'playwright-core';
import { expect, test } from './support/browser';

/**
 * The profile links of the cards on the page, in order. Without JavaScript the page arrives as a
 * stream: the URL changes before the whole grid is parsed, so wait for the pagination, which comes
 * after the grid, before reading the cards.
 */
async function profileLinks(page: Page): Promise<string[]> {
  await expect(page.getByRole('navigation', { name: 'Paginação' })).toBeVisible();
  await page.waitForLoadState('load');
  const links = await page.getByRole('article').getByRole('heading').getByRole('link').all();
  return Promise.all(links.map(async (link) => (await link.getAttribute('href')) ?? ''));
}

test('without JavaScript the search form and its pages still work', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto('/busca');
  await page.getByLabel('Área de atuação', { exact: true }).selectOption('familia');
  await page.getByRole('button', { name: 'Buscar Advogados' }).click();

  // A plain GET form: the browser puts every field in the URL, the empty city too.
  await expect(page).toHaveURL('/busca?area=familia&cidade=');
  await expect(page.getByRole('heading', { name: /\d+ advogados? encontrados?/ })).toBeVisible();
  await expect(page.getByLabel('Área de atuação', { exact: true })).toBeVisible();
  expect(await page.getByLabel('Área de atuação', { exact: true }).inputValue()).toBe('familia');
  const firstPage = await profileLinks(page);
  expect(firstPage.length).toBeGreaterThan(0);

  const pagination = page.getByRole('navigation', { name: 'Paginação' });
  await pagination.getByRole('link', { name: 'Próxima' }).click();
  await expect(page).toHaveURL('/busca?area=familia&pagina=2');
  await expect(pagination.locator('[aria-current="page"]')).toBeVisible();
  expect(await pagination.locator('[aria-current="page"]').textContent()).toBe('2');
  const secondPage = await profileLinks(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);

  await pagination.getByRole('link', { name: 'Anterior' }).click();
  await expect(page).toHaveURL('/busca?area=familia');
  expect(await profileLinks(page)).toEqual(firstPage);
});

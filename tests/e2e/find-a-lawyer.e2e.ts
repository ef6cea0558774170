import { expect, pathOf, test, waitForHydration } from './support/browser';

test('a visitor finds a family lawyer in São Paulo and opens her WhatsApp', async ({ page }) => {
  await page.goto('/busca');
  await page.getByLabel('Área de atuação', { exact: true }).selectOption('familia');
  await page.getByLabel('Cidade', { exact: true }).selectOption('sp_sao_paulo');
  await page.getByRole('button', { name: 'Buscar Advogados' }).click();

  await expect(page).toHaveURL('/busca?area=familia&cidade=sp_sao_paulo');
  await expect(page.getByRole('heading', { name: /\d+ advogados? encontrados?/ })).toBeVisible();
  // The demo lawyer's own card: on the shared server, tests' copies of her carry her name too (slugs
  // anabeatrizcarvalho1, 2, …), so the card is the one whose profile link is hers.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Ana Beatriz Carvalho', exact: true }) })
    .filter({ has: page.locator('a[href="/advogado/anabeatrizcarvalho"]') });
  await card.getByRole('link', { name: 'Ver perfil completo' }).click();

  await expect(page).toHaveURL('/advogado/anabeatrizcarvalho');
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Beatriz Carvalho' })).toBeVisible();
  await expect(page.getByText('Advogada OAB/SP 214587', { exact: true })).toBeVisible();
  // The demo lawyer's inscription was never checked on the platform (decision 0061): her OAB, no claim of a check.
  expect(await page.getByText('Advogado Verificado', { exact: true }).count()).toBe(0);
  await expect(page.getByText('OAB/SP 214587', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sobre mim' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pronto para te ajudar' })).toBeVisible();

  const whatsapp = page.getByRole('link', { name: 'Conversar no WhatsApp' });
  const href = (await whatsapp.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
  expect(new URL(href).searchParams.get('text')).toContain('Ana Beatriz Carvalho');
  expect(await whatsapp.getAttribute('target')).toBe('_blank');
  expect((await whatsapp.getAttribute('rel'))?.split(/\s+/)).toContain('noopener');

  // No network: wa.me answers with a stand-in page.
  await page.context().route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="pt-BR"><title>WhatsApp</title><p>Conversa aberta</p></html>' }),
  );
  await waitForHydration(page); // the click is reported by a client-side handler
  const [chat, clickReport] = await Promise.all([
    page.context().waitForEvent('page'),
    page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cliques-whatsapp' && response.request().method() === 'POST'),
    whatsapp.click(),
  ]);
  expect(clickReport.status()).toBe(204);
  await chat.waitForURL(/^https:\/\/wa\.me\/5511987654321\?text=/);
  await expect(chat.getByText('Conversa aberta')).toBeVisible();
  expect(pathOf(page)).toBe('/advogado/anabeatrizcarvalho'); // the directory stays open in its own tab
});

test('the lawyer list at /advogado leads to each lawyer’s profile', async ({ page }) => {
  await page.goto('/advogado');

  await expect(page.getByRole('heading', { level: 1, name: 'Encontre um advogado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /\d+ advogados? encontrados?/ })).toBeVisible();
  const firstCard = page.getByRole('article').first();
  const name = (await firstCard.getByRole('heading').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await firstCard.getByRole('link', { name: 'Ver perfil completo' }).click();

  await expect(page).toHaveURL(/\/advogado\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

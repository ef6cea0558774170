import { expect, test } from './support/browser';

test('a profile that does not exist answers 404 and points back to the search', async ({ page }) => {
  const response = await page.goto('/advogado/ninguem-aqui');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil não encontrado' })).toBeVisible();
  await expect(page.getByText('O advogado que você está procurando não foi encontrado ou não está mais disponível.')).toBeVisible();
  await page.getByRole('link', { name: 'Encontrar advogados' }).click();
  await expect(page).toHaveURL('/busca');
  await expect(page.getByRole('heading', { level: 1, name: 'Encontre um advogado' })).toBeVisible();
});

test('any other path answers 404 with the English page and a link home', async ({ page }) => {
  const response = await page.goto('/pagina-que-nao-existe');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist or has been moved.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Encontre o advogado ideal para o seu caso' })).toBeVisible();
});

import { expect, login, test } from './support/browser';

test('the login page explains what it is for', async ({ page }) => {
  await page.goto('/login');

  await expect(page.getByRole('heading', { level: 1, name: 'Área do Advogado' })).toBeVisible();
  await expect(page.getByText('Faça login para acessar sua área exclusiva')).toBeVisible();
});

test('a wrong password shows an error and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('advogada@demo.jusconecta.com.br');
  await page.getByLabel('Senha').fill('senha-errada-123');
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha incorretos' })).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('an invalid email is pointed out beside the field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('isto-nao-e-um-email');
  await page.getByLabel('Senha').fill('qualquer-senha');
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByText('Email inválido')).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('the demo lawyer logs in, sees her area in the header, and logs out', async ({ page }) => {
  const header = page.getByRole('banner');
  await login(page, 'lawyer');
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();

  await page.goto('/');
  await expect(header.getByRole('link', { name: 'Minha Área' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sou Advogado' })).not.toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Logout realizado com sucesso!')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sou Advogado' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Minha Área' })).not.toBeVisible();

  await page.goto('/area-advogado');
  await expect(page).toHaveURL('/login');
});

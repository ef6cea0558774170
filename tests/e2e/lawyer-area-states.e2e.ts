import type { Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import { expect, login, test } from './support/browser';
import { fixtures } from './support/fixtures';

// What the lawyer area does with users who are not an approved lawyer. The demo data has no pending,
// rejected or profile-less login, so this file creates its own on the shared server (the fixture door,
// docs/decisions/0035).

let USERS: { noProfile: string; pending: string; rejected: string };
let PASSWORD = '';
const baseURL = inject('baseURL');

beforeAll(async () => {
  const [noProfile, pending, rejected] = await Promise.all([
    fixtures.lawyer({ withoutProfile: true }),
    fixtures.lawyer({ status: 'pending' }),
    fixtures.lawyer({ status: 'rejected' }),
  ]);
  USERS = { noProfile: noProfile.email, pending: pending.email, rejected: rejected.email };
  PASSWORD = noProfile.password;
});

/** Submits the login form; resolves once the answer has been followed. */
async function signIn(page: Page, email: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Entrar' }).click()]);
}

describe('users who are not an approved lawyer', () => {
  test('a user without a lawyer profile sees the profile problem card, with a retry and a new registration', async ({ page }) => {
    await signIn(page, USERS.noProfile);
    await expect(page).toHaveURL('/area-advogado');
    await expect(page.getByRole('heading', { name: 'Problema no Perfil' })).toBeVisible();
    await expect(page.getByText('Seu perfil não foi encontrado no sistema.')).toBeVisible();
    await expect(page.getByText('Se o problema persistir, entre em contato com o suporte.')).toBeVisible();
    expect(await page.getByRole('link', { name: 'Refazer Cadastro' }).getAttribute('href')).toBe('/registro-advogado');

    await page.getByRole('link', { name: 'Tentar Novamente' }).click();
    await expect(page.getByRole('heading', { name: 'Problema no Perfil' })).toBeVisible();
  });

  test('a pending lawyer is sent to /perfil-em-analise, also when opening the area later', async ({ page }) => {
    await signIn(page, USERS.pending);
    await expect(page).toHaveURL('/perfil-em-analise');
    await page.goto(`${baseURL}/area-advogado?section=perfil`);
    await expect(page).toHaveURL('/perfil-em-analise');
  });

  test('a rejected lawyer is signed out and lands on /login with the rejection toast', async ({ page }) => {
    await signIn(page, USERS.rejected);
    await expect(page).toHaveURL('/login?conta=rejeitada');
    await expect(page.getByText('Sua conta foi rejeitada. Entre em contato com o suporte para mais informações.')).toBeVisible();
    await expect(page.getByText('Login realizado com sucesso!')).not.toBeVisible();

    // Signed out: the area asks for a login again, and no toast comes back.
    await page.goto(`${baseURL}/area-advogado`);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sou Advogado' })).toBeVisible();
  });
});

test('the demo superadmin who signs in at /login sees the superadmin notice, not a profile problem', async ({ page }) => {
  await login(page, 'superadmin');
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByRole('heading', { name: 'Conta de superadmin' })).toBeVisible();
  await expect(page.getByText('Problema no Perfil')).not.toBeVisible();
  await page.getByRole('link', { name: 'Ir para a Área Superadmin' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Admin' })).toBeVisible();
});

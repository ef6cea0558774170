import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { beforeAll } from 'vitest';
import { expect, login, saveScreenshot, test, VIEWPORTS } from './support/browser';
import { type CreatedLawyer, fixtures } from './support/fixtures';

// The lawyer's LGPD self-service: 'Baixar meus dados' and 'Excluir minha conta'. The journey deletes
// the lawyer, so it uses a copy of the demo lawyer of this file's own (the fixture door,
// docs/decisions/0035): the shared server keeps the demo lawyer for the other files. A name of her own:
// a slug freed by the deletion goes to the next profile of the same name, which another file's copy of
// the demo lawyer may create meanwhile.

let lawyer: CreatedLawyer;
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true, nome: 'Ana Beatriz Carvalho Titular' });
});

async function screenshot(page: Page, name: string) {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await saveScreenshot(page, `${viewport.width}_lgpd_${name}`);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, `axe on ${name} at ${label}:\n${formatViolations(violations)}`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test('without JavaScript, a wrong confirmation word deletes nothing', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await login(page, lawyer);
  await page.goto('/area-advogado?section=perfil');
  await page.getByRole('link', { name: 'Excluir minha conta' }).click();
  await expect(page).toHaveURL('/area-advogado/excluir-conta');
  await page.getByLabel('Para confirmar, digite EXCLUIR').fill('apagar tudo');
  await page.getByRole('button', { name: 'Excluir minha conta definitivamente' }).click();
  await expect(page.getByText('Digite EXCLUIR para confirmar a exclusão da conta.')).toBeVisible();
  expect(await page.getByLabel('Para confirmar, digite EXCLUIR').inputValue()).toBe('apagar tudo');
  await page.goto('/area-advogado?section=perfil');
  await expect(page.getByRole('heading', { name: 'Seus dados (LGPD)' })).toBeVisible();
});

test('a lawyer downloads her data, then deletes her account with the typed confirmation', async ({ page, baseURL }) => {
  // A visitor's view of her profile, now in the page cache.
  const publicProfile = `${baseURL}/advogado/${lawyer.slug}`;
  expect((await fetch(publicProfile)).status).toBe(200);

  await login(page, lawyer);
  await page.goto('/area-advogado?section=perfil');
  const card = page.getByRole('heading', { name: 'Seus dados (LGPD)' });
  await expect(card).toBeVisible();
  await screenshot(page, 'perfil');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar meus dados' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^jusconecta-meus-dados-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { formatVersion: number; account: { email: string }; profile: { oab: string; nome: string } };
  expect(exported.formatVersion).toBe(1);
  expect(exported.account.email).toBe(lawyer.email);
  expect(exported.profile).toMatchObject({ oab: 'OAB/SP 214587', nome: 'Ana Beatriz Carvalho Titular' });
  // The download left her on the profile tab.
  await expect(card).toBeVisible();

  await page.getByRole('link', { name: 'Excluir minha conta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Excluir minha conta' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'O que continua na plataforma' }).getByText(lawyer.email)).toBeVisible();
  await screenshot(page, 'excluir-conta');

  const confirmation = page.getByLabel('Para confirmar, digite EXCLUIR');
  await confirmation.fill('EXCLUI');
  await page.getByRole('button', { name: 'Excluir minha conta definitivamente' }).click();
  await expect(page.getByText('Digite EXCLUIR para confirmar a exclusão da conta.')).toBeVisible();
  await expect(page).toHaveURL('/area-advogado/excluir-conta');

  // The home page (rendered on the server only) comes as a document, and the router asks for no data of
  // it: that answer would clear the toast's cookie, at times before the document was asked for.
  const homeData: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.method() === 'GET' && pathname.endsWith('.data')) homeData.push(pathname + search);
  });
  await confirmation.fill('EXCLUIR');
  await page.getByRole('button', { name: 'Excluir minha conta definitivamente' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail.')).toBeVisible();
  expect(homeData).toEqual([]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sou Advogado' })).toBeVisible();

  // Signed out, and the old credentials no longer open anything.
  await page.goto('/area-advogado');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(lawyer.email);
  await page.getByLabel('Senha').fill(lawyer.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha incorretos' })).toBeVisible();

  // Her public profile is gone at once: the page cache does not answer it from before.
  expect((await fetch(publicProfile)).status).toBe(404);
});

import { beforeAll } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, test } from './support/browser';
import { type CreatedLawyer, fixtures, standIns } from './support/fixtures';

// The demo lawyer forgot her password: she asks for a link, reads it in the e-mail a real SMTP server
// received, sets a new password and signs in with it; the session she had elsewhere is over. It changes
// the password, so the lawyer is a copy of the demo lawyer of this file's own (the fixture door,
// docs/decisions/0035), and the e-mail is read from the shared server's SMTP stand-in by her address.

const NEW_PASSWORD = 'outra-senha-forte-2026';

let lawyer: CreatedLawyer;
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true });
});

test('a lawyer resets a forgotten password from the e-mail link; her other session ends and the link works once', async ({ openPage }) => {
  // Session A, in another browser.
  const elsewhere = await openPage();
  await login(elsewhere, lawyer);
  await expect(elsewhere).toHaveURL('/area-advogado');

  const page = await openPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha?' }).click();
  await expect(page).toHaveURL('/esqueci-senha');
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  await page.getByLabel('Email').fill(lawyer.email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Se o e-mail estiver cadastrado, você receberá instruções para redefinir sua senha.' })).toBeVisible();

  const mail = await standIns.waitForEmail(lawyer.email);
  expect(mail.subject).toBe('Redefinição de senha no JusConecta');
  const link = /https?:\/\/[^\s"<>]+\/recuperar-senha\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The link is also open in a second tab, which will submit too late.
  const secondTab = await elsewhere.context().newPage();
  await secondTab.goto(link!);
  await expect(secondTab.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();
  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);

  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar nova senha').fill('nao-e-a-mesma-senha');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();

  await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Senha redefinida com sucesso! Faça login com sua nova senha.')).toBeVisible();

  await page.getByLabel('Email').fill(lawyer.email);
  await page.getByLabel('Senha').fill(lawyer.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha incorretos' })).toBeVisible();

  await page.getByLabel('Senha').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/area-advogado');

  // Session A was ended by the reset.
  await elsewhere.goto('/area-advogado');
  await expect(elsewhere).toHaveURL('/login');

  // The second tab's form, sent after the link was used: the page says so instead of failing.
  await secondTab.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha-forte-9');
  await secondTab.getByLabel('Confirmar nova senha').fill('mais-uma-senha-forte-9');
  await secondTab.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(secondTab.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeVisible();

  // The same link again: no form, a way to ask for a new one.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeVisible();
  await expect(page.getByText('Este link de redefinição de senha é inválido, já foi usado ou expirou.')).toBeVisible();
  expect(await page.getByLabel('Nova senha', { exact: true }).count()).toBe(0);
  await page.getByRole('link', { name: 'Solicitar novo link' }).click();
  await expect(page).toHaveURL('/esqueci-senha');
});

test('without JavaScript: an unknown address gets the same answer, a bad one is pointed out, a made-up link is dead', async ({ openPage, baseURL }) => {
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await page.goto('/esqueci-senha');
  await page.getByLabel('Email').fill('isto-nao-e-email');
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  expect(await page.getByLabel('Email').inputValue()).toBe('isto-nao-e-email');

  await page.getByLabel('Email').fill('ninguem.cadastrado@exemplo.com.br');
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByText('Se o e-mail estiver cadastrado, você receberá instruções para redefinir sua senha.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o login' }).click();
  await expect(page).toHaveURL('/login');

  await page.goto('/recuperar-senha?token=InventadoInventadoInvent');
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeVisible();
  await page.goto('/recuperar-senha');
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido ou expirado' })).toBeVisible();

  // The pages are never cached, never indexed, and the reset page sends its URL to no other site.
  for (const path of ['/esqueci-senha', '/recuperar-senha?token=InventadoInventadoInvent']) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-cache')).toBeNull();
    expect(await response.text()).toContain('<meta name="robots" content="noindex"');
  }
  expect(await (await fetch(`${baseURL}/recuperar-senha`)).text()).toContain('<meta name="referrer" content="same-origin"');
});

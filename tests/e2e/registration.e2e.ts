import { expect, test as base } from './support/browser';
import { fixtures, standIns } from './support/fixtures';

// A lawyer registers on their own, confirms the address from the e-mail a real SMTP server received,
// lands on the page of a profile under review, and is approved by a superadmin. On the shared server,
// whose e-mail goes to the SMTP stand-in (read by her address).
//
// The approval calls the back office's approveLawyer in the server process through the fixture door
// (docs/decisions/0035), as a superadmin created for it, and checks what it answers; the back office's
// own pages are tested in pristine/admin-lawyers.ts.

interface BackOffice {
  /** Approves the lawyer with this login e-mail as a superadmin, through approveLawyer. */
  approve(email: string): Promise<unknown>;
}

const test = base.extend<{ backOffice: BackOffice }>({
  backOffice: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await provide({
        async approve(email) {
          const { result } = await fixtures.review({ email }, 'approve');
          return { ...result, trialEndsAt: result.trialEndsAt ? new Date(result.trialEndsAt) : null };
        },
      });
    },
    { scope: 'file' },
  ],
});

const waitForMail = (to: string, containing = '') => standIns.waitForEmail(to, containing);

const BIO = 'Advogada há oito anos, atuo em direito de família e sucessões com atendimento próximo e linguagem clara.';

test('a lawyer registers, confirms the e-mail from the inbox and waits for review', async ({ page }) => {
  await page.goto('/registro-advogado?plano=premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastre-se como Advogado' })).toBeVisible();
  await expect(page.getByText('Plano Premium')).toBeVisible();

  await page.getByLabel('Nome completo').fill('Beatriz Fontes Almeida');
  await page.getByLabel('Email').fill('beatriz.fontes@exemplo.adv.br');
  await page.getByLabel('Número da OAB').fill('123456');
  await page.getByLabel('Seccional (UF)').selectOption('RJ');
  await page.getByLabel('WhatsApp (com DDD)').fill('21987654321');
  await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte-7');
  await page.getByLabel('Confirme a senha').fill('minha-senha-forte-7');
  await page.getByLabel('Biografia').fill(BIO);
  await expect(page.getByText(`${BIO.length}/50`)).toBeVisible();
  await page.getByLabel('Direito de Família').check();
  await page.getByLabel('Rio de Janeiro - RJ').check();
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();

  await expect(page).toHaveURL('/verificar-email');
  await expect(page.getByText('Cadastro realizado! Verifique seu email para confirmar a conta.')).toBeVisible();
  await expect(page.getByText('beatriz.fontes@exemplo.adv.br')).toBeVisible();

  const mail = await waitForMail('beatriz.fontes@exemplo.adv.br');
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL('/perfil-em-analise');
  await expect(page.getByRole('heading', { name: 'Olá, Beatriz Fontes Almeida!' })).toBeVisible();
  await expect(page.getByText('OAB/RJ 123456')).toBeVisible();
  await expect(page.getByText('24 a 48 horas úteis')).toBeVisible();
  // Her LGPD rights do not wait for the review.
  await expect(page.getByRole('link', { name: 'baixar meus dados' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'excluir minha conta' })).toBeVisible();

  // The link again, in another browser: nothing breaks, and nothing is created twice.
  const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const again = await other.newPage();
  await again.goto(link!.replace(/&amp;/g, '&'));
  await expect(again.getByRole('heading', { name: 'Email confirmado' })).toBeVisible();
  await other.close();

  // Pending lawyers are not public.
  await page.goto('/busca?area=familia&cidade=rj_rio_de_janeiro');
  await expect(page.getByRole('heading', { level: 2, name: /advogad/ })).toBeVisible();
  expect(await page.locator('section[aria-labelledby="resultados"]').getByText('Beatriz Fontes Almeida').count()).toBe(0);
});

// Continues the registration above (the same server and lawyer).
test('a superadmin approves her: she is in search at once, the approval e-mail arrives and her area opens', async ({ page, baseURL, backOffice }) => {
  const approvedAt = Date.now();
  const result = (await backOffice.approve('beatriz.fontes@exemplo.adv.br')) as { changed: boolean; trialEndsAt: Date | null };
  expect(result).toMatchObject({ changed: true, status: 'approved' });
  // The 7 free days of the premium plan she chose start now.
  expect(result.trialEndsAt!.getTime() - approvedAt).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);

  const mail = await waitForMail('beatriz.fontes@exemplo.adv.br', 'Seu perfil foi aprovado');
  expect(mail.text).toContain(`${baseURL}/area-advogado`);

  // A visitor finds her profile and sees her in search.
  expect((await fetch(`${baseURL}/advogado/beatrizfontesalmeida`)).status).toBe(200);
  await page.goto('/busca?area=familia&cidade=rj_rio_de_janeiro');
  await expect(page.locator('section[aria-labelledby="resultados"]').getByText('Beatriz Fontes Almeida')).toBeVisible();

  // She signs in and reaches her area, no longer the review page.
  await page.goto('/login');
  await page.getByLabel('Email').fill('beatriz.fontes@exemplo.adv.br');
  await page.getByLabel('Senha').fill('minha-senha-forte-7');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByText('Plano atual: Plano Premium')).toBeVisible();
});

test('a taken address, and a form with mistakes, are answered beside the fields, values kept', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto('/registro-advogado');
  await page.getByLabel('Nome completo').fill('Jo');
  await page.getByLabel('Email').fill('advogada@demo.jusconecta.com.br');
  await page.getByLabel('Biografia').fill('Curta demais.');
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  await expect(page.getByText('Nome deve ter pelo menos 3 caracteres')).toBeVisible();
  await expect(page.getByText('Biografia deve ter pelo menos 50 caracteres')).toBeVisible();
  await expect(page.getByText('Selecione pelo menos uma área de atuação')).toBeVisible();
  await expect(page.getByText('Selecione pelo menos uma cidade')).toBeVisible();
  expect(await page.getByLabel('Email').inputValue()).toBe('advogada@demo.jusconecta.com.br');

  await page.getByLabel('Nome completo').fill('Ana Repetida');
  await page.getByLabel('Número da OAB').fill('654321');
  await page.getByLabel('Seccional (UF)').selectOption('SP');
  await page.getByLabel('WhatsApp (com DDD)').fill('11987654321');
  await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte-7');
  await page.getByLabel('Confirme a senha').fill('minha-senha-forte-7');
  await page.getByLabel('Biografia').fill(BIO);
  await page.getByLabel('Direito Civil').check();
  await page.getByLabel('São Paulo - SP').check();
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  await expect(page.getByText('Este email já está cadastrado. Faça login ou use outro email.').first()).toBeVisible();
});

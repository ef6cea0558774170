import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { expect, test as base } from './support/browser';
import { startOwnServer } from './support/own-server';

// A lawyer registers on their own, confirms the address from the e-mail a real SMTP server received,
// and lands on the page of a profile under review. The server of this file sends through SMTP_URL.

interface Mail {
  to: string;
  text: string;
}
const inbox: Mail[] = [];

/** A local SMTP server that accepts everything and keeps each message's recipient and decoded text. */
async function startSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        // Quoted-printable soft breaks and escapes, enough to read the links back.
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => smtp.close(() => resolve())) };
}

let closeSmtp: (() => Promise<void>) | undefined;
afterAll(async () => closeSmtp?.());

const test = base.extend<{ baseURL: string }>({
  baseURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const smtp = await startSmtp();
      closeSmtp = smtp.close;
      const server = await startOwnServer('registration', { SMTP_URL: smtp.url, MAIL_FROM: 'JusConecta <nao-responda@jusconecta.test>' });
      await provide(server.baseURL);
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'file' },
  ],
});

async function waitForMail(to: string): Promise<Mail> {
  for (let i = 0; i < 150; i++) {
    const mail = inbox.find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to}; inbox: ${inbox.map((m) => m.to).join(', ')}`);
}

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

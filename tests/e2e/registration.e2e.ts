import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import type * as DbClient from '~/db/client.server';
import { expect, test as base } from './support/browser';
import { startOwnServer } from './support/own-server';

// A lawyer registers on their own, confirms the address from the e-mail a real SMTP server received,
// lands on the page of a profile under review, and is approved by a superadmin. The server of this
// file sends through SMTP_URL.
//
// The approval: the back office that will call approveLawyer is not built yet, and the embedded
// database is locked by the server process, so this file's server runs on a PostgreSQL database of its
// own (created here, dropped at the end) and the test calls approveLawyer through a second connection,
// as a second app process would. Nothing test-only is added to the server. Without PostgreSQL (neither
// E2E_POSTGRES_URL nor one on 127.0.0.1:5432) the server uses the embedded database and the approval
// test is skipped, visibly.

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

const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether PostgreSQL answers; with E2E_POSTGRES_URL set, it must. */
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    if (process.env.E2E_POSTGRES_URL) throw error;
    return false;
  }
}
const withPostgres = await postgresAnswers();

/** A database of this file's own on that server; `drop` waits until every connection to it has closed. */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `jusconecta_e2e_registration_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            // 55006: a closing connection is still attached; it goes within moments.
            if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

const SECRET = randomBytes(32).toString('base64url');

interface BackOffice {
  /** Approves the lawyer with this login e-mail as the seeded superadmin, through approveLawyer. */
  approve(email: string): Promise<unknown>;
}

const test = base.extend<{ database: Awaited<ReturnType<typeof createDatabase>> | null; baseURL: string; backOffice: BackOffice }>({
  database: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const database = withPostgres ? await createDatabase() : null;
      await provide(database);
      // After the server (which depends on this) has stopped.
      await database?.drop();
    },
    { scope: 'file' },
  ],
  baseURL: [
    async ({ database }, provide) => {
      const smtp = await startSmtp();
      closeSmtp = smtp.close;
      const server = await startOwnServer('registration', {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'JusConecta <nao-responda@jusconecta.test>',
        ...(database ? { DATABASE_URL: database.url, APP_SECRET: SECRET } : {}),
      });
      await provide(server.baseURL);
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'file' },
  ],
  backOffice: [
    async ({ database, baseURL }, provide) => {
      let client: typeof DbClient | undefined;
      await provide({
        async approve(email) {
          if (!database) throw new Error('the back office needs the PostgreSQL database');
          if (!client) {
            // The configuration the app modules read (the e-mail's links point at this file's server).
            Object.assign(process.env, { APP_URL: baseURL, APP_SECRET: SECRET, LOG_LEVEL: 'warn' });
            client = await import('~/db/client.server');
            await client.openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
          }
          const { user } = await import('~/db/schema/auth');
          const { superadmins } = await import('~/db/schema/admin');
          const { approveLawyer } = await import('~/modules/accounts/lawyer-review.server');
          const [lawyer] = await client.db.select({ id: user.id }).from(user).where(eq(user.email, email));
          const [reviewer] = await client.db.select({ id: superadmins.id }).from(superadmins).limit(1);
          return approveLawyer(lawyer!.id, { reviewerId: reviewer!.id });
        },
      });
      await client?.closeDatabase();
    },
    { scope: 'file' },
  ],
});

async function waitForMail(to: string, containing = ''): Promise<Mail> {
  for (let i = 0; i < 150; i++) {
    const mail = inbox.find((m) => m.to === to && m.text.includes(containing));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to}${containing ? ` containing “${containing}”` : ''}; inbox: ${inbox.map((m) => m.to).join(', ')}`);
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
test.skipIf(!withPostgres)('a superadmin approves her: she is in search at once, the approval e-mail arrives and her area opens', async ({ page, baseURL, backOffice }) => {
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

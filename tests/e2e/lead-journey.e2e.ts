import type { Browser, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import { generateDemoLawyers } from '~/modules/demo/demo-lawyers';
import { expect, newClientAddress, test, waitForHydration } from './support/browser';
import { fixtures, standIns } from './support/fixtures';

// The marketplace's core loop, end to end: three lawyers register (two serve the visitor's area and
// city, the third the area in another city); a visitor's request reaches the two and not the third;
// both find the lead on their boards, one moves it with the keyboard, the other edits it; each of the
// two was told by e-mail (a real SMTP server), the one on Plano Intermediário also on WhatsApp (the
// platform's Cloud API number, a local stand-in), the one on Plano Gratuito not; the visitor got the
// confirmation e-mail, whose link removes the request and its leads.
// On the shared server (docs/decisions/0035), the three e-mails are named to the fixture door first:
// their registrations are approved at once (AUTO_APPROVE_LAWYERS for them alone, the spec's literal
// reading), so that nothing but the product's own pages is used; the stand-ins are read by their numbers
// and the visitor's address.

// The demo data is deterministic (app/modules/demo): an area and two cities where no approved demo
// lawyer works, so that the lawyers registered here are the only ones who can match.
const demo = generateDemoLawyers(120);
const ANA = { areas: ['familia', 'consumidor'], cities: ['sp_sao_paulo', 'sp_campinas'] };
const served = (area: string, city: string) =>
  demo.some((l) => l.status === 'approved' && l.areas.includes(area as never) && l.cities.includes(city)) || (ANA.areas.includes(area) && ANA.cities.includes(city));
const { area, city, otherCity } = (() => {
  for (const a of PRACTICE_AREAS) {
    const free = CITIES.filter((c) => !served(a.id, c.id));
    if (free.length >= 2) return { area: a, city: free[0]!, otherCity: free[1]! };
  }
  throw new Error('no area is free in two cities');
})();

const mailTo = (to: string, containing = '') => standIns.waitForEmail(to, containing);

/** Every request the Cloud API stand-in received for the three lawyers' numbers. */
const cloudRequests = async () => (await Promise.all(lawyers.map((l) => standIns.cloudRequestsTo(`55${l.whatsapp}`)))).flat();

interface Lawyer {
  nome: string;
  /** The plan chosen at registration (`?plano=`); gratuito when absent. */
  plan?: 'intermediario';
  email: string;
  whatsapp: string;
  city: { id: string; label: string };
}

const PASSWORD = 'senha-da-jornada-2026';
const lawyers: Lawyer[] = [
  { nome: 'Helena Prado Vasconcelos', email: 'helena.prado@exemplo.adv.br', whatsapp: '11987650001', city, plan: 'intermediario' },
  { nome: 'Rodrigo Teles Amaral', email: 'rodrigo.teles@exemplo.adv.br', whatsapp: '11987650002', city },
  { nome: 'Sílvia Moura Campos', email: 'silvia.moura@exemplo.adv.br', whatsapp: '11987650003', city: otherCity },
];

/** Registers through /registro-advogado and confirms from the e-mail: the page is then in her area, signed in. */
async function register(page: Page, lawyer: Lawyer, oab: string) {
  await page.goto(lawyer.plan ? `/registro-advogado?plano=${lawyer.plan}` : '/registro-advogado');
  await page.getByLabel('Nome completo').fill(lawyer.nome);
  await page.getByLabel('Email').fill(lawyer.email);
  await page.getByLabel('Número da OAB').fill(oab);
  await page.getByLabel('Seccional (UF)').selectOption('SP');
  await page.getByLabel('WhatsApp (com DDD)').fill(lawyer.whatsapp);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a senha').fill(PASSWORD);
  await page.getByLabel('Biografia').fill('Advogada com atuação dedicada, atendimento próximo e linguagem clara para cada cliente.');
  await page.getByLabel(area.label, { exact: true }).check();
  await page.getByLabel(lawyer.city.label, { exact: true }).check();
  await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  await expect(page).toHaveURL('/verificar-email');
  const mail = await mailTo(lawyer.email);
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL('/area-advogado');
}

async function openBoard(page: Page) {
  await page.goto('/area-advogado?section=crm');
  await expect(page.getByRole('heading', { level: 2, name: 'CRM de Leads' })).toBeVisible();
  await waitForHydration(page);
  await page.waitForSelector('[data-board-ready]', { state: 'attached' });
}

const column = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const card = (scope: Page | ReturnType<typeof column>, name: string) => scope.getByRole('article', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A signed-in page of its own for each lawyer (separate browser contexts: separate sessions). */
const pages = new Map<string, Page>();
async function pageOf(browser: Browser, baseURL: string, lawyer: Lawyer): Promise<Page> {
  let page = pages.get(lawyer.email);
  if (!page) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      extraHTTPHeaders: { 'X-Forwarded-For': newClientAddress() },
    });
    page = await context.newPage();
    pages.set(lawyer.email, page);
  }
  return page;
}
afterAll(async () => Promise.all([...pages.values()].map((p) => p.context().close())));

const CLIENT = { nome: 'Otávio Siqueira Braga', email: 'otavio.braga@exemplo.com.br', whatsapp: '11912340000' };

test('three lawyers register and are approved at once; the request reaches the two of the city, each on their board and by e-mail, the Intermediário one on WhatsApp too', async ({ browser, baseURL, page }) => {
  let oab = 410001;
  for (const lawyer of lawyers) await fixtures.autoApprove(lawyer.email);
  for (const lawyer of lawyers) await register(await pageOf(browser, baseURL, lawyer), lawyer, String(oab++));

  await page.goto('/solicitar-atendimento');
  await page.getByLabel('Nome completo').fill(CLIENT.nome);
  await page.getByLabel('Email').fill(CLIENT.email);
  await page.getByLabel('WhatsApp (com DDD)').fill(CLIENT.whatsapp);
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: city.label });
  await page.getByLabel('Área de atuação', { exact: true }).selectOption({ label: area.label });
  await page.getByLabel('Descreva seu caso').fill('Preciso de orientação sobre um processo que recebi e quero entender os prazos.');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();

  // WhatsApp: one message to the matching lawyer whose plan lists it (Helena, Intermediário), to her
  // number, with the spec's text; none to Rodrigo (Gratuito), none to the third.
  const [helena, rodrigo, silvia] = lawyers as [Lawyer, Lawyer, Lawyer];
  const messages = await standIns.waitFor('a WhatsApp message', cloudRequests, (requests) => (requests.length >= 1 ? requests : undefined));
  expect(messages.map((m) => (m.body as { to: string }).to)).toEqual([`55${helena.whatsapp}`]);
  const body = messages[0]!.body as { type: string; text?: { body: string } };
  expect(body).toMatchObject({ type: 'text' });
  expect(body.text!.body).toBe(
    `Olá! Você recebeu um novo lead no sistema:\n\nNome: "${CLIENT.nome}"\nÁrea: ${area.label}\nCidade: ${city.label}\n\nAcesse o sistema para visualizar e entrar em contato.`,
  );

  // An e-mail to each of the two, whatever the plan, with the way to the CRM.
  for (const lawyer of [helena, rodrigo]) {
    const told = await mailTo(lawyer.email, 'Você recebeu um novo lead');
    expect(told.text).toContain(`Nome: "${CLIENT.nome}"`);
    expect(told.text).toContain('/area-advogado?section=crm');
  }
  expect((await standIns.emailsTo(silvia.email)).some((m) => m.subject.includes('novo lead'))).toBe(false);

  // The visitor's e-mail names the two and not the third.
  const mail = await mailTo(CLIENT.email);
  expect(mail.text).toContain(helena.nome);
  expect(mail.text).toContain(rodrigo.nome);
  expect(mail.text).not.toContain(silvia.nome);

  // Both boards have the lead in their first stage; the third board does not.
  for (const lawyer of [helena, rodrigo]) {
    const board = await pageOf(browser, baseURL, lawyer);
    await openBoard(board);
    await expect(card(column(board, 'Novo'), CLIENT.nome)).toBeVisible();
  }
  const third = await pageOf(browser, baseURL, silvia);
  await openBoard(third);
  await expect(third.getByText('Gerencie seus 0 leads de forma organizada')).toBeVisible();
  expect(await card(third, CLIENT.nome).count()).toBe(0);
  // Still exactly one WhatsApp once the queue is idle (no retry sent a second, none to Gratuito).
  expect(await cloudRequests()).toHaveLength(1);
});

test('one lawyer moves the lead with the keyboard, the other edits his copy: neither touches the other’s', async ({ browser, baseURL }) => {
  const [helena, rodrigo] = lawyers as [Lawyer, Lawyer];
  const first = await pageOf(browser, baseURL, helena);
  await openBoard(first);
  await first.getByRole('button', { name: `Mover lead ${CLIENT.nome}` }).focus();
  await first.keyboard.press('Space');
  await first.waitForFunction((name) => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.startsWith(`Lead ${name} selecionado, na etapa Novo.`)), CLIENT.nome);
  await first.keyboard.press('ArrowRight');
  await first.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes('sobre a etapa Em contato')));
  await first.keyboard.press('Space');
  await expect(toast(first, 'Status do lead atualizado com sucesso')).toBeVisible();
  await expect(card(column(first, 'Em contato'), CLIENT.nome)).toBeVisible();

  const second = await pageOf(browser, baseURL, rodrigo);
  await openBoard(second);
  await card(second, CLIENT.nome).getByRole('link', { name: CLIENT.nome, exact: true }).click();
  await second.getByRole('dialog', { name: CLIENT.nome }).getByRole('link', { name: 'Editar Lead' }).click();
  const dialog = second.getByRole('dialog', { name: 'Editar Lead' });
  await dialog.getByLabel('Descrição do Caso').fill('Primeira conversa feita: o cliente enviará a citação por e-mail até sexta.');
  await second.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(toast(second, 'Lead atualizado com sucesso')).toBeVisible();
  // His copy is still in Novo (the move was hers) and carries his note.
  await expect(card(column(second, 'Novo'), CLIENT.nome).getByText(/Primeira conversa feita/)).toBeVisible();

  // Hers did not get his note.
  await first.reload();
  await expect(card(column(first, 'Em contato'), CLIENT.nome)).toBeVisible();
  expect(await card(first, CLIENT.nome).getByText(/Primeira conversa feita/).count()).toBe(0);
});

test('the link of the visitor’s e-mail removes the request and both leads', async ({ browser, baseURL, page }) => {
  const mail = await mailTo(CLIENT.email);
  const link = /https?:\/\/\S+\/solicitacao\/remover\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Remover solicitação de atendimento' })).toBeVisible();
  await page.getByRole('button', { name: 'Remover minha solicitação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitação removida' })).toBeVisible();

  for (const lawyer of lawyers.slice(0, 2)) {
    const board = await pageOf(browser, baseURL, lawyer);
    await openBoard(board);
    await expect(board.getByText('Gerencie seus 0 leads de forma organizada')).toBeVisible();
    expect(await card(board, CLIENT.nome).count()).toBe(0);
  }
});

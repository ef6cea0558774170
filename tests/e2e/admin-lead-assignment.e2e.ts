import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { LEAD_REQUEST_MESSAGES } from '~/modules/leads/lead-requests';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, toast, VIEWPORTS, waitForHydration } from './support/browser';
import { fixtures, standIns, unique, useSession } from './support/fixtures';
import { unservedPlace } from './support/unserved-places';

// Nobody left waiting (docs/decisions/0044): a client asks for help in an area and city no approved
// lawyer serves; the request waits under 'Sem advogado' in /admin/leads, where a superadmin finds a
// lawyer by name and assigns it; the lawyer is told by e-mail and WhatsApp (the SMTP and Cloud API
// stand-ins) and finds the lead in the first stage of the CRM board; the client is told whom it went to.
// At 1280 px with JavaScript and at 360 px without it. On the shared server, with a client, a lawyer
// and a superadmin of this file's own (the fixture door, docs/decisions/0035).

// The demo data is deterministic (app/modules/demo): the area and city pairs no approved demo lawyer
// (nor Ana Beatriz Carvalho) serves. lead-journey.e2e.ts registers lawyers for the first area free in
// two cities and lead-request.e2e.ts sends its unmatched request to the last pair, phones.e2e.ts serves
// Propriedade Intelectual in Joinville: this file takes a pair from the middle, which no test serves.
const { area: AREA, city: CITY } = unservedPlace(1 / 2);

/** The client's request, through the public form (with JavaScript: the form's own answer). */
async function askForHelp(page: Page, client: { nome: string; email: string }) {
  await page.goto('/solicitar-atendimento');
  await waitForHydration(page);
  await page.getByLabel('Nome completo').fill(client.nome);
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('WhatsApp (com DDD)').fill('(21) 98765-4321');
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: CITY.label });
  await page.getByLabel('Área de atuação', { exact: true }).selectOption({ label: AREA.label });
  await page.getByLabel('Descreva seu caso').fill(`Preciso de orientação sobre o meu caso, que ninguém na minha cidade atende. Protocolo ${client.nome}.`);
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  // The spec's sentence for a request without a lawyer, then what happens next.
  await expect(page.getByText('Solicitação enviada! Em breve um advogado entrará em contato.', { exact: true })).toBeVisible();
  await expect(page.getByText(LEAD_REQUEST_MESSAGES.unmatchedNextStep, { exact: true })).toBeVisible();
}

/**
 * The request's card in 'Sem advogado'. The list is oldest first and paged by offset, and the suite's
 * other files change it while this one reads it (a removed request, a deleted lawyer's leads waiting
 * again): walking forward from page 1, a request removed from an earlier page moved this card back past
 * the page just read, and it was missed (once in three full runs). The newest request is on the last
 * page, so the walk starts there (a page past the end answers with the last) and goes back.
 */
async function findCard(page: Page, nome: string): Promise<Locator> {
  const card = page.getByRole('article', { name: nome, exact: true });
  await page.goto('/admin/leads?vista=sem-advogado&pagina=1000000');
  for (let pages = 0; pages < 50; pages++) {
    if ((await card.count()) > 0) return card;
    const previous = page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Anterior' });
    if ((await previous.count()) === 0) break;
    const before = page.url();
    await previous.click();
    await page.waitForURL((url) => url.href !== before);
  }
  throw new Error(`no card for ${nome} under 'Sem advogado'`);
}

describe('Sem advogado', () => {
  test.for([
    { viewport: 'desktop', javaScriptEnabled: true },
    { viewport: 'mobile', javaScriptEnabled: false },
  ] as const)('at $viewport width (JavaScript: $javaScriptEnabled) a request nobody matched is assigned, and the lawyer is told and sees it', async ({ viewport, javaScriptEnabled }, { openPage }) => {
    const tag = unique(6);
    const client = { nome: `Cliente Espera ${tag}`, email: `cliente.espera.${tag}@exemplo.com.br` };
    // The lawyer serves another area: routing cannot give her the request, only the back office can.
    const lawyer = await fixtures.lawyer({ nome: `Advogada Atribuida ${tag}`, plan: 'premium', areas: ['tributario'], cities: ['sp_sao_paulo'], signIn: true });
    const admin = await fixtures.superadmin({ signIn: true });

    await askForHelp(await openPage({ viewport }), client);
    await standIns.waitForEmail(client.email, 'nenhum advogado aprovado');

    const page = await openPage({ viewport, javaScriptEnabled });
    await useSession(page.context(), admin.cookie!);
    await page.goto('/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Gerenciar Leads' })).toBeVisible();
    const views = page.getByRole('navigation', { name: 'Visões dos leads' });
    expect(await views.getByRole('link', { name: 'Todos os leads' }).getAttribute('aria-current')).toBe('page');
    await views.getByRole('link', { name: /^Sem advogado \d+$/ }).click();
    await expect(page).toHaveURL('/admin/leads?vista=sem-advogado');
    await expect(page.getByRole('heading', { level: 2, name: 'Leads sem advogado' })).toBeVisible();
    expect(await views.getByRole('link', { name: /^Sem advogado/ }).getAttribute('aria-current')).toBe('page');

    const card = await findCard(page, client.nome);
    await expect(card.getByText(client.email)).toBeVisible();
    await expect(card.getByText('(21) 98765-4321')).toBeVisible();
    await expect(card.getByText(AREA.label, { exact: true })).toBeVisible();
    await expect(card.getByText(CITY.label, { exact: true })).toBeVisible();
    await expect(card.getByText(`Protocolo ${client.nome}.`, { exact: false })).toBeVisible();
    await expect(card.getByText(/^(Aguardando há|Chegou agora mesmo)/)).toBeVisible();
    await expect(card.getByText(`Nenhum advogado aprovado atende ${AREA.label} em ${CITY.label}.`, { exact: false })).toBeVisible();

    // Find the lawyer by name (a GET scoped to this card), choose her, assign.
    await card.getByLabel('Buscar advogado por nome ou OAB').fill(lawyer.nome);
    await card.getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/[?&]busca=/);
    const found = page.getByRole('article', { name: client.nome, exact: true });
    await expect(found.getByText(/^1 advogado aprovado encontrado/)).toBeVisible();
    const choice = found.getByLabel('Advogado aprovado', { exact: true });
    await choice.selectOption(lawyer.id);
    expect(await choice.locator('option:checked').textContent()).toMatch(new RegExp(`^${lawyer.nome} \\(OAB/SP \\d+\\)$`));

    // On a phone the whole card, 'Atribuir' included, is within the screen: no table to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    const button = found.getByRole('button', { name: 'Atribuir' });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    if (javaScriptEnabled) {
      // axe-core runs in the page: only where the page runs scripts.
      const violations = await findSeriousA11yViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
    }
    await found.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `admin-lead-assignment-${VIEWPORTS[viewport].width}`);

    await button.click();
    await expect(toast(page, `Lead atribuído a ${lawyer.nome}.`)).toBeVisible();
    await expect(page).toHaveURL(/^.*\/admin\/leads\?vista=sem-advogado(&pagina=\d+)?$/);
    expect(await page.getByRole('article', { name: client.nome, exact: true }).count()).toBe(0);

    // The lawyer is told as routing tells her: an e-mail, and on Premium a WhatsApp (the Cloud API stand-in).
    const mail = await standIns.waitForEmail(lawyer.email, 'Você recebeu um novo lead');
    expect(mail.text).toContain(`Nome: "${client.nome}"`);
    const [whatsapp] = await standIns.waitFor(`a WhatsApp to ${lawyer.whatsapp}`, () => standIns.cloudRequestsTo(lawyer.whatsapp), (requests) => (requests.length > 0 ? requests : undefined));
    expect(JSON.stringify(whatsapp!.body)).toContain(client.nome);
    // The client is told whom the platform's team forwarded it to.
    const forwarded = await standIns.waitForEmail(client.email, 'encaminhou sua solicitação');
    expect(forwarded.text).toContain(`encaminhou sua solicitação para ${lawyer.nome} (OAB/SP`);

    // The lawyer finds it on her board, in her first stage.
    const board = await openPage({ viewport });
    await useSession(board.context(), lawyer.cookie!);
    await board.goto('/area-advogado?section=crm');
    await expect(board.getByRole('heading', { level: 2, name: 'CRM de Leads' })).toBeVisible();
    await expect(board.getByRole('group', { name: 'Novo', exact: true }).getByRole('article', { name: client.nome, exact: true })).toBeVisible();
  });
});

import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, signInAsSuperadmin, test, toast, VIEWPORTS, waitForHydration } from './support/browser';
import { fixtures, standIns, unique } from './support/fixtures';
import { unservedPlace } from './support/unserved-places';

// Issue 27 parts 1-3 (decisions 0061 and 0062) on the shared server: a superadmin approves a lawyer only
// with the CNA confirmation and her profile shows the date; a suspended lawyer leaves search, her profile
// and the request form's list, and comes back; /confirmar-advogado answers for a verified lawyer's phone
// and an unknown one and refuses the 31st query of an address in a minute; the fixed warning is on the
// profile, the request confirmation and the client's e-mail; a report reaches /admin/denuncias and the
// superadmins' inbox. Each test owns its lawyers (the fixture door) and its client address.

const CNA_LABEL = 'Conferi no Cadastro Nacional dos Advogados: inscrição regular';
const DEMO_SUPERADMIN_EMAIL = 'admin@demo.jusconecta.com.br';

/** An area and a city no approved demo lawyer serves (the middle such pair: lead-request.e2e.ts and lead-journey.e2e.ts use the ends). */
const quiet = unservedPlace(1 / 4);

const oabNumber = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));

/** Today in São Paulo as dd/mm/aaaa (the OAB line's date of a check made now). */
function todayInSaoPaulo(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' }).formatToParts(new Date()).map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year}`;
}

async function expectNoViolations(page: Page) {
  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
}

/** Whether the element's box lies inside the viewport's width (no sideways scroll needed to reach it). */
async function withinWidth(page: Page, selector: ReturnType<Page['getByRole']>) {
  const box = await selector.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe('approving with the CNA check', () => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    test(`at ${VIEWPORTS[viewport].width} px: the actions are in view, the box is required, and the profile shows the date`, async ({ openPage }) => {
      const numero = oabNumber();
      const lawyer = await fixtures.lawyer({ status: 'pending', nome: `Beatriz Conferida ${unique(6)}`, numeroOab: numero });
      const page = await openPage({ viewport });
      await signInAsSuperadmin(page);
      await page.goto(`/admin/lawyers?q=${encodeURIComponent(lawyer.email)}`);
      const row = page.getByRole('row', { name: new RegExp(lawyer.nome) });
      await expect(row.getByText('Não conferida no CNA')).toBeVisible();
      // On a phone the row's actions stay in view while the table scrolls under them.
      for (const name of [`Aprovar ${lawyer.nome}`, `Rejeitar ${lawyer.nome}`, `Excluir ${lawyer.nome}`]) {
        expect(await withinWidth(page, row.getByRole('link', { name })), name).toBe(true);
      }
      await row.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `trust-admin-lawyers-${VIEWPORTS[viewport].width}`, { fullPage: false });

      await row.getByRole('link', { name: `Aprovar ${lawyer.nome}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Aprovar advogado?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(numero, { exact: true })).toBeVisible();
      await expect(dialog.getByText('SP', { exact: true })).toBeVisible();
      expect(await dialog.getByRole('link', { name: /Consultar no Cadastro Nacional dos Advogados/ }).getAttribute('href')).toBe('https://cna.oab.org.br/');
      await expectNoViolations(page);
      await saveScreenshot(page, `trust-approve-dialog-${VIEWPORTS[viewport].width}`, { fullPage: false });

      // Without the box: refused by the server, said beside the box, still pending.
      await dialog.getByRole('button', { name: 'Aprovar' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: 'Confirme que conferiu a inscrição no Cadastro Nacional dos Advogados.' })).toBeVisible();
      const stillPending = await fetch(`${new URL(page.url()).origin}/advogado/${lawyer.slug}`);
      expect(stillPending.status).toBe(404);

      await dialog.getByLabel(CNA_LABEL).check();
      await dialog.getByRole('button', { name: 'Aprovar' }).click();
      await expect(toast(page, 'Status do advogado atualizado para aprovado')).toBeVisible();
      await expect(row.getByText(`Conferida em ${todayInSaoPaulo()}`)).toBeVisible();

      const visitor = await openPage({ viewport });
      await visitor.goto(`/advogado/${lawyer.slug}`);
      const line = `OAB/SP ${numero} · inscrição conferida em ${todayInSaoPaulo()}`;
      await expect(visitor.getByText(line, { exact: true }).first()).toBeVisible();
      expect(await visitor.getByText('Advogado Verificado', { exact: true }).count()).toBe(0);
      await saveScreenshot(visitor, `trust-profile-${VIEWPORTS[viewport].width}`);
    });
  }
});

test('Conferir de novo: a lawyer approved before the check is listed, checked again with the box, and leaves the list', async ({ openPage }) => {
  const numero = oabNumber();
  // Approved by the fixture door, as before migration 0024: no check on record.
  const lawyer = await fixtures.lawyer({ nome: `Caio Antigo ${unique(6)}`, numeroOab: numero });
  const page = await openPage();
  await signInAsSuperadmin(page);
  await page.goto('/admin/lawyers');
  await page.getByRole('link', { name: 'Conferir de novo', exact: true }).click();
  await expect(page).toHaveURL('/admin/lawyers?aba=conferir');
  await page.getByLabel('Buscar por nome, e-mail ou OAB').fill(lawyer.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row', { name: new RegExp(lawyer.nome) });
  await expect(row.getByText('Nunca', { exact: true })).toBeVisible();
  await expectNoViolations(page);
  await saveScreenshot(page, 'trust-recheck-list-1280');

  await row.getByRole('link', { name: `Conferir de novo ${lawyer.nome}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Conferir a inscrição de novo?' });
  await expect(dialog.getByText(numero, { exact: true })).toBeVisible();
  await dialog.getByLabel(CNA_LABEL).check();
  await dialog.getByRole('button', { name: 'Registrar conferência' }).click();
  await expect(toast(page, 'Inscrição conferida de novo.')).toBeVisible();
  await expect(page.getByText('Nenhuma inscrição a conferir')).toBeVisible();

  const visitor = await openPage();
  await visitor.goto(`/advogado/${lawyer.slug}`);
  await expect(visitor.getByText(`OAB/SP ${numero} · inscrição conferida em ${todayInSaoPaulo()}`, { exact: true }).first()).toBeVisible();
});

test('a suspended lawyer leaves search, her profile and the request list, is told by e-mail, and comes back when reactivated', async ({ openPage }) => {
  const lawyer = await fixtures.lawyer({ nome: `Sofia Suspensa ${unique(6)}`, areas: [quiet.area.id], cities: [quiet.city.id] });
  const visitor = await openPage();
  const search = `/busca?area=${quiet.area.id}&cidade=${quiet.city.id}`;
  const card = () => visitor.getByRole('article').filter({ has: visitor.locator(`a[href="/advogado/${lawyer.slug}"]`) });
  await visitor.goto(search);
  await expect(card()).toBeVisible();

  const page = await openPage({ viewport: 'mobile' });
  await signInAsSuperadmin(page);
  await page.goto(`/admin/lawyers?q=${encodeURIComponent(lawyer.email)}`);
  await page.getByRole('link', { name: `Suspender ${lawyer.nome}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Suspender advogado?' });
  await dialog.getByLabel('Motivo (opcional)').fill('Inscrição cancelada no CNA.');
  await expectNoViolations(page);
  await saveScreenshot(page, 'trust-suspend-dialog-360', { fullPage: false });
  await dialog.getByRole('button', { name: 'Suspender' }).click();
  await expect(toast(page, 'Status do advogado atualizado para suspenso')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(lawyer.nome) }).getByText('Suspenso', { exact: true })).toBeVisible();

  // Gone at once, despite the page cache: search, the profile (404), the request form's list.
  await visitor.goto(search);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await card().count()).toBe(0);
  const profile = await visitor.goto(`/advogado/${lawyer.slug}`);
  expect(profile?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Perfil não encontrado' })).toBeVisible();
  const list = await visitor.request.get(`/api/advogados-solicitacao/lista?areaAtuacao=${quiet.area.id}&cidade=${quiet.city.id}`);
  expect(await list.text()).not.toContain(lawyer.nome);
  const mail = await standIns.waitForEmail(lawyer.email, 'foi suspenso');
  expect(mail.text).toContain('Motivo: Inscrição cancelada no CNA.');

  // 'Reativar': the CNA check again, then back in search.
  await page.getByRole('link', { name: `Reativar ${lawyer.nome}` }).click();
  const reactivate = page.getByRole('alertdialog', { name: 'Reativar advogado?' });
  await reactivate.getByLabel(CNA_LABEL).check();
  await reactivate.getByRole('button', { name: 'Reativar' }).click();
  await expect(toast(page, 'Status do advogado atualizado para aprovado')).toBeVisible();
  await visitor.goto(search);
  await expect(card()).toBeVisible();
  await standIns.waitForEmail(lawyer.email, 'foi reativado');
});

describe('/confirmar-advogado', () => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    test(`at ${VIEWPORTS[viewport].width} px: from the footer; a verified lawyer's phone typed as (11) 98765-4321, an unknown number`, async ({ openPage }) => {
      const page = await openPage({ viewport });
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Confirmar um Advogado' }).click();
      await expect(page).toHaveURL('/confirmar-advogado');
      await expect(page.getByRole('heading', { level: 1, name: 'Confirmar um advogado' })).toBeVisible();
      await expectNoViolations(page);

      // The demo lawyer's WhatsApp (5511987654321), typed as people write it.
      await page.getByLabel('Telefone ou WhatsApp').fill('(11) 98765-4321');
      await page.getByRole('button', { name: 'Confirmar telefone' }).click();
      const answer = page.getByRole('region', { name: /pertence a um advogado verificado/ });
      await expect(answer).toBeVisible();
      await expect(answer.getByRole('heading', { name: '(11) 98765-4321 pertence a um advogado verificado no JusConecta' })).toBeVisible();
      await expect(answer.getByText('Ana Beatriz Carvalho', { exact: true })).toBeVisible();
      await expect(answer.getByText('OAB/SP 214587', { exact: true })).toBeVisible();
      expect(await answer.getByRole('link', { name: 'Ver perfil de Ana Beatriz Carvalho' }).getAttribute('href')).toBe('/advogado/anabeatrizcarvalho');
      // Nothing else about her: no e-mail, no other number.
      expect(await answer.innerText()).not.toMatch(/@|\(\d{2}\) \d{4,5}-\d{4}.*\(\d{2}\)/s);
      await expectNoViolations(page);
      await saveScreenshot(page, `trust-confirm-found-${VIEWPORTS[viewport].width}`);

      await page.getByLabel('Telefone ou WhatsApp').fill('(21) 3555-0199');
      await page.getByRole('button', { name: 'Confirmar telefone' }).click();
      const none = page.getByRole('region', { name: '(21) 3555-0199 não pertence a nenhum advogado verificado no JusConecta' });
      await expect(none).toBeVisible();
      await expect(none.getByText('Não faça pagamentos nem envie documentos ou códigos para esse contato.')).toBeVisible();
      await expectNoViolations(page);
      await saveScreenshot(page, `trust-confirm-unknown-${VIEWPORTS[viewport].width}`);
    });
  }

  test('without JavaScript: by OAB number and UF, and a bad number refused in Portuguese', async ({ openPage }) => {
    // An inscription of its own: the demo lawyer's (214587) is shared by the copies other files make of her.
    const numero = oabNumber();
    await fixtures.lawyer({ nome: `Otávio Inscrito ${unique(6)}`, numeroOab: numero });
    const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
    await page.goto('/confirmar-advogado');
    await page.getByLabel('Número da OAB', { exact: true }).fill(numero);
    await page.getByLabel('Seccional (UF)').selectOption('SP');
    await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await expect(page.getByRole('heading', { name: `OAB/SP ${numero} pertence a um advogado verificado no JusConecta` })).toBeVisible();

    await page.getByLabel('Telefone ou WhatsApp').fill('12345');
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/confirmar-advogado' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Confirmar telefone' }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText('Informe o número com DDD: (11) 98765-4321').first()).toBeVisible();
    await expect(page.getByRole('alert').getByRole('link', { name: 'Telefone ou WhatsApp' })).toBeVisible();
  });

  test('refuses the 31st query from one address within a minute (429, in Portuguese)', async ({ openPage }) => {
    const page = await openPage();
    await page.goto('/confirmar-advogado');
    // Thirty queries from this page's address (its context's X-Forwarded-For), as its forms post them.
    const origin = new URL(page.url()).origin;
    for (let i = 0; i < 30; i += 1) {
      const response = await page.request.post('/confirmar-advogado', { form: { intent: 'telefone', telefone: '(11) 98765-4321' }, headers: { Origin: origin } });
      expect(response.status(), `query ${i + 1}`).toBe(200);
    }
    await page.getByLabel('Telefone ou WhatsApp').fill('(11) 98765-4321');
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/confirmar-advogado' && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Confirmar telefone' }).click();
    const response = await refused;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.getByText('Muitas tentativas. Aguarde um minuto e tente novamente.')).toBeVisible();
    expect(await page.getByRole('region', { name: /pertence/ }).count()).toBe(0);
  });
});

test('the warning is on the profile, the request confirmation and the client’s e-mail', async ({ openPage }) => {
  const lawyer = await fixtures.lawyer({ nome: `Marcos Aviso ${unique(6)}`, areas: [quiet.area.id], cities: [quiet.city.id] });
  const page = await openPage({ viewport: 'mobile' });
  await page.goto(`/advogado/${lawyer.slug}`);
  const warning = page.getByRole('note', { name: 'Aviso contra golpes' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText(/nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo/)).toBeVisible();
  expect(await warning.getByRole('link').getAttribute('href')).toBe('/confirmar-advogado');
  expect(await page.getByRole('link', { name: 'Confirme o número' }).getAttribute('href')).toBe('/confirmar-advogado');
  await expectNoViolations(page);

  const client = `cliente.${unique()}@exemplo.com.br`;
  await page.getByRole('link', { name: 'Solicitar atendimento' }).first().click();
  await expect(page).toHaveURL(`/solicitar-atendimento/${lawyer.slug}`);
  await waitForHydration(page);
  await page.getByLabel('Nome completo').fill('Renata Cliente');
  await page.getByLabel('Email').fill(client);
  await page.getByLabel('WhatsApp (com DDD)').fill('11912345678');
  await page.getByLabel('Descreva seu caso').fill('Recebi uma cobrança indevida e gostaria de orientação sobre como agir.');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  const outcome = page.getByRole('status').filter({ hasText: 'Solicitação enviada' });
  await expect(outcome).toBeVisible();
  await expect(outcome.getByRole('note', { name: 'Aviso contra golpes' })).toBeVisible();
  await expectNoViolations(page);
  await saveScreenshot(page, 'trust-request-confirmation-360');

  const mail = await standIns.waitForEmail(client);
  expect(mail.text).toMatch(/advogados do JusConecta nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo\. Recebeu um pedido assim\? Confirme o número em http:\/\/127\.0\.0\.1:\d+\/confirmar-advogado/);
  expect(mail.html).toContain('/confirmar-advogado');
});

test('a report from a profile, about the lawyer’s own number, e-mails the superadmin and is handled in /admin/denuncias', async ({ openPage }) => {
  const lawyer = await fixtures.lawyer({ nome: `Otávio Denunciado ${unique(6)}` });
  const story = `Disseram ser o advogado e pediram PIX para liberar o alvará ${unique(10)}.`;
  const page = await openPage();
  await page.goto(`/advogado/${lawyer.slug}`);
  await page.getByRole('link', { name: 'Denunciar' }).click();
  await expect(page).toHaveURL(`/confirmar-advogado?perfil=${lawyer.slug}`);
  await page.getByLabel('O que aconteceu').fill(story);
  await page.getByLabel('Número usado').fill(lawyer.whatsapp.slice(2));
  await page.getByLabel('Seu contato (opcional)').fill('vitima@exemplo.com.br');
  await page.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByText('Denúncia recebida. Obrigado: a equipe vai analisá-la.')).toBeVisible();
  await expectNoViolations(page);

  const alert = await standIns.waitForEmail(DEMO_SUPERADMIN_EMAIL, story.slice(-20, -1));
  expect(alert.subject).toBe('Denúncia sobre o número de um advogado verificado — JusConecta');
  expect(alert.text).toContain(lawyer.nome);

  for (const viewport of ['desktop', 'mobile'] as const) {
    const admin = await openPage({ viewport });
    await signInAsSuperadmin(admin);
    await admin.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Denúncias' }).first().click();
    await expect(admin).toHaveURL('/admin/denuncias');
    const report = admin.getByRole('article').filter({ hasText: story });
    await expect(report).toBeVisible();
    await expect(report.getByText(`É o WhatsApp de um advogado verificado: ${lawyer.nome}`, { exact: false })).toBeVisible();
    await expectNoViolations(admin);
    await saveScreenshot(admin, `trust-admin-reports-${VIEWPORTS[viewport].width}`);
    if (viewport === 'desktop') {
      await expect(report.locator('span').getByText('Nova', { exact: true })).toBeVisible();
      await report.getByLabel('Status da denúncia').selectOption({ label: 'Em análise' });
      await report.getByRole('button', { name: 'Salvar status' }).click();
      await expect(toast(admin, 'Status da denúncia atualizado.')).toBeVisible();
      await expect(admin.getByRole('article').filter({ hasText: story }).locator('span').getByText('Em análise', { exact: true })).toBeVisible();
    }
  }
});

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, newClientAddress, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures } from './support/fixtures';

// The lawyer's CRM board (docs/product-rules.md, "CRM") as the demo lawyer uses it, on the shared
// server with a copy of her of this file's own (her data and her twelve leads in her stages: the
// fixture door, docs/decisions/0035): the journeys move, create, edit and delete, which other files
// must not see.

let lawyer: CreatedLawyer;
beforeAll(async () => {
  // Civil law, not her family law: the client requests other files send meanwhile (family law in São
  // Paulo) reach every family lawyer there, and would add cards to this board.
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true, areas: ['civil'] });
});

const CRM = '/area-advogado?section=crm';

async function openBoard(page: Page) {
  await login(page, lawyer);
  await page.goto(CRM);
  await expect(page.getByRole('heading', { level: 2, name: 'CRM de Leads' })).toBeVisible();
  await waitForHydration(page);
  // The board's own chunk has hydrated and its drag and drop runs.
  await page.waitForSelector('[data-board-ready]', { state: 'attached' });
}

const column = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

async function columnCount(page: Page, name: string): Promise<number> {
  return column(page, name).getByRole('article').count();
}

describe('the board', () => {
  test('the demo lawyer sees her leads in her stages, each card with its details and contact links', async ({ page }) => {
    await openBoard(page);
    await expect(page.getByText('Gerencie seus 12 leads de forma organizada')).toBeVisible();
    for (const [stage, count] of [['Novo', 4], ['Em contato', 3], ['Proposta enviada', 2], ['Contratado', 2], ['Não contratado', 1]] as const) {
      expect(await columnCount(page, stage), stage).toBe(count);
      expect(await column(page, stage).locator('h3 + span').textContent()).toBe(`${count} ${count === 1 ? 'lead' : 'leads'}`);
    }
    const mariana = card(column(page, 'Novo'), 'Mariana Lopes Ferreira');
    await expect(mariana.getByText('Direito de Família')).toBeVisible();
    await expect(mariana.getByText('São Paulo - SP')).toBeVisible();
    await expect(mariana.getByText('há 2 horas')).toBeVisible();
    await expect(mariana.getByText(/^Estou me separando depois de 8 anos de casamento e temos dois filhos, de 5 e 9 anos\. Gostaria de ent\.\.\.$/)).toBeVisible();
    expect(await mariana.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/5511987231456');
    expect(await mariana.getByRole('link', { name: /^Email/ }).getAttribute('href')).toBe('mailto:mariana.lopes@exemplo.com.br');
    // Its ping records the first contact (decision 0047).
    expect(await mariana.getByRole('link', { name: /^WhatsApp/ }).getAttribute('ping')).toMatch(/^\/area-advogado\/contato\?lead=[0-9a-f-]{36}&canal=whatsapp$/);

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  test('a card opens its details: contact, case, description and the actions', async ({ page }) => {
    await openBoard(page);
    await card(page, 'Eduardo Pires Cunha').getByText('Campinas - SP').click();
    const dialog = page.getByRole('dialog', { name: 'Eduardo Pires Cunha' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('eduardo.cunha@exemplo.com.br')).toBeVisible();
    await expect(dialog.getByText('(19) 98761-2345')).toBeVisible();
    await expect(dialog.getByText('Direito do Consumidor')).toBeVisible();
    await expect(dialog.getByText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
    await expect(dialog.getByText(/alegando doença preexistente que nunca tive\. A cirurgia é urgente\.$/)).toBeVisible();
    expect(await dialog.getByRole('link', { name: 'Contatar no WhatsApp' }).getAttribute('href')).toBe('https://wa.me/5519987612345');
    expect(await dialog.getByRole('link', { name: 'Enviar Email' }).getAttribute('href')).toBe('mailto:eduardo.cunha@exemplo.com.br');

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).not.toBeVisible();
  });
});

describe('moving leads', () => {
  test('with the keyboard: pick up from the card, arrow to the next stage, drop; the board changes when the server confirms', async ({ page }) => {
    await openBoard(page);
    const handle = page.getByRole('button', { name: 'Mover lead Mariana Lopes Ferreira' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.startsWith('Lead Mariana Lopes Ferreira selecionado, na etapa Novo.')));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes('sobre a etapa Em contato')));
    await page.keyboard.press('Space');

    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Em contato'), 'Mariana Lopes Ferreira')).toBeVisible();
    expect(await card(column(page, 'Novo'), 'Mariana Lopes Ferreira').count()).toBe(0);
    // Focus comes back to the card, in its new column (in the frame after the board changed).
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Mover lead Mariana Lopes Ferreira');
    expect(await card(column(page, 'Em contato'), 'Mariana Lopes Ferreira').getByRole('button', { name: 'Mover lead Mariana Lopes Ferreira' }).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.reload();
    await expect(card(column(page, 'Em contato'), 'Mariana Lopes Ferreira')).toBeVisible();
  });

  test('with the keyboard at 360 px: the arrows take the card across columns scrolled out of view', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await openBoard(page);
    await page.getByRole('button', { name: 'Mover lead Beatriz Farias Lima' }).focus();
    await page.keyboard.press('Enter');
    for (const stage of ['Proposta enviada', 'Em contato', 'Novo']) {
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction((name) => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent === `Lead Beatriz Farias Lima sobre a etapa ${name}.`), stage);
    }
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent === 'Lead Beatriz Farias Lima sobre a etapa Em contato.'));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Em contato'), 'Beatriz Farias Lima')).toBeVisible();
  });

  test('Escape cancels a keyboard move: nothing is sent, the card stays', async ({ page }) => {
    await openBoard(page);
    await page.getByRole('button', { name: 'Mover lead Luciana Rocha Teixeira' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes('Movimento cancelado')));
    await expect(card(column(page, 'Proposta enviada'), 'Luciana Rocha Teixeira')).toBeVisible();
    await page.reload();
    await expect(card(column(page, 'Proposta enviada'), 'Luciana Rocha Teixeira')).toBeVisible();
  });

  test('with the mouse: drag a card onto another column', async ({ page }) => {
    await openBoard(page);
    await dragCard(page, 'Ricardo Nunes Batista', 'Proposta enviada');
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Proposta enviada'), 'Ricardo Nunes Batista')).toBeVisible();
    await page.reload();
    await expect(card(column(page, 'Proposta enviada'), 'Ricardo Nunes Batista')).toBeVisible();
  });

  test('by touch: a long press picks the card up, the finger carries it to another column', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', extraHTTPHeaders: { 'X-Forwarded-For': newClientAddress() } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openBoard(page);
    await card(page, 'André Luiz Carvalho').scrollIntoViewIfNeeded();
    const from = (await card(page, 'André Luiz Carvalho').locator('ul').first().boundingBox())!;
    const to = (await column(page, 'Novo').boundingBox())!;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    await touch('touchStart', start.x, start.y);
    // Held still until the card is picked up (after the library's 250 ms delay): a drag, not a scroll.
    await page.waitForSelector('button[aria-label="Mover lead André Luiz Carvalho"][aria-pressed="true"]');
    // Columns are as tall as the board: the target is straight across, at the same height.
    for (let i = 1; i <= 12; i++) await touch('touchMove', start.x + ((to.x + to.width / 2 - start.x) * i) / 12, start.y);
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes('sobre a etapa Novo')));
    await touch('touchEnd', 0, 0);
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Novo'), 'André Luiz Carvalho')).toBeVisible();
    await context.close();
    expect(errors).toEqual([]);
  });

  test('a move the server refuses leaves the card where it was, with the error toast', async ({ page, openPage }) => {
    await openBoard(page);
    // A stage that another tab deletes after this board was loaded.
    await addStage(page, 'Temporária');
    const other = await openPage();
    await openBoard(other);
    await other.getByText('Gerenciar Etapas do CRM').click();
    await other.getByRole('link', { name: 'Editar Etapas' }).click();
    await other.getByRole('button', { name: 'Excluir a etapa Temporária' }).click();
    await expect(toast(other, 'Etapa removida com sucesso')).toBeVisible();

    await dragCard(page, 'Juliana Castro Almeida', 'Temporária');
    await expect(toast(page, 'Etapa não encontrada')).toBeVisible();
    await expect(card(column(page, 'Novo'), 'Juliana Castro Almeida')).toBeVisible();
  });

  test('from the details, with a stage select and Mover (no dragging needed)', async ({ page }) => {
    await openBoard(page);
    await card(page, 'Camila Duarte Moreira').getByRole('link', { name: 'Camila Duarte Moreira', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Camila Duarte Moreira' });
    await dialog.getByLabel('Etapa do lead').selectOption({ label: 'Contratado' });
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Contratado'), 'Camila Duarte Moreira')).toBeVisible();
  });
});

describe('leads', () => {
  test('Novo Lead: the spec’s checks, then the lead in the first stage', async ({ page }) => {
    await openBoard(page);
    const before = await columnCount(page, 'Novo');
    const opener = page.getByRole('link', { name: 'Novo Lead' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Novo Lead' });
    // Spaces and the mask's punctuation are accepted now; a letter is not.
    await dialog.getByLabel('Telefone').fill('11 9999a');
    await page.getByRole('button', { name: 'Cadastrar Lead' }).click();
    await expect(dialog.getByText('Nome deve ter pelo menos 3 caracteres')).toBeVisible();
    await expect(dialog.getByText('Email inválido')).toBeVisible();
    await expect(dialog.getByText('Apenas números são permitidos')).toBeVisible();
    await expect(dialog.getByText('Selecione uma cidade', { exact: true }).last()).toBeVisible();
    await expect(dialog.getByText('Selecione uma área de atuação')).toBeVisible();
    // Focus goes to the error summary at the top of the dialog (decision 0042), which links to each field.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert' && document.activeElement.closest('dialog') !== null);

    await dialog.getByLabel('Nome').fill('Sérgio Tavares Nogueira');
    await dialog.getByLabel('Email').fill('sergio.nogueira@exemplo.com.br');
    await dialog.getByLabel('Telefone').fill('5511955554444');
    await dialog.getByLabel('Cidade').selectOption({ label: 'Campinas - SP' });
    await dialog.getByLabel('Área de interesse').selectOption({ label: 'Direito de Família' });
    await dialog.getByLabel('Mensagem (opcional)').fill('Indicação de um cliente antigo: quer revisar o valor da pensão alimentícia.');
    await page.getByRole('button', { name: 'Cadastrar Lead' }).click();

    await expect(toast(page, 'Lead cadastrado com sucesso')).toBeVisible();
    await expect(dialog).not.toBeVisible();
    const created = card(column(page, 'Novo'), 'Sérgio Tavares Nogueira');
    await expect(created).toBeVisible();
    await expect(created.getByText('agora mesmo')).toBeVisible();
    expect(await columnCount(page, 'Novo')).toBe(before + 1);
    // Focus goes back to what opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Novo Lead');
  });

  test('Editar Lead: city and area cannot change; the rest is saved', async ({ page }) => {
    await openBoard(page);
    await card(page, 'Fernando Oliveira Santos').getByRole('link', { name: 'Fernando Oliveira Santos', exact: true }).click();
    await page.getByRole('dialog', { name: 'Fernando Oliveira Santos' }).getByRole('link', { name: 'Editar Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Lead' });
    await expect(dialog).toBeVisible();
    expect(await dialog.getByLabel('Cidade').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Cidade').inputValue()).toBe('São Paulo - SP');
    expect(await dialog.getByLabel('Área de interesse').isDisabled()).toBe(true);
    await expect(dialog.getByText(/não podem ser editadas, para manter a integridade dos dados/)).toBeVisible();

    await dialog.getByLabel('Nome').fill('');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(dialog.getByText('Nome deve ter pelo menos 3 caracteres')).toBeVisible();
    await dialog.getByLabel('Nome').fill('Fernando O. Santos');
    await dialog.getByLabel('Descrição do Caso').fill('Voo cancelado: pedir reembolso do hotel e indenização por danos morais.');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();

    await expect(toast(page, 'Lead atualizado com sucesso')).toBeVisible();
    await expect(card(page, 'Fernando O. Santos').getByText('Voo cancelado: pedir reembolso do hotel e indenização por danos morais.')).toBeVisible();
    await page.reload();
    await expect(card(page, 'Fernando O. Santos')).toBeVisible();
  });
});

describe('stages', () => {
  test('rename and recolour (saved together), add one at the end, and no deleting a stage that has leads', async ({ page }) => {
    await openBoard(page);
    await page.getByText('Gerenciar Etapas do CRM').click();
    await page.getByRole('link', { name: 'Editar Etapas' }).click();
    const second = page.getByRole('group', { name: /^Etapa 2/ });
    await second.getByLabel('Nome da etapa').fill('Primeiro contato');
    await second.getByLabel('Cor').selectOption({ label: 'Teal' });
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(toast(page, 'Etapas atualizadas com sucesso')).toBeVisible();
    await expect(column(page, 'Primeiro contato')).toBeVisible();

    await page.getByRole('link', { name: 'Editar Etapas' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(toast(page, 'Digite um nome para a etapa')).toBeVisible();
    await page.getByLabel('Nome da nova etapa').fill('Arquivados');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(toast(page, 'Nova etapa adicionada com sucesso')).toBeVisible();
    const added = column(page, 'Arquivados');
    await expect(added.getByText('Nenhum lead nesta etapa')).toBeVisible();
    const headings = await page.getByRole('group').locator('h3').allTextContents();
    expect(headings.at(-1)).toBe('Arquivados');

    const inNovo = await columnCount(page, 'Novo');
    await page.getByRole('button', { name: 'Excluir a etapa Novo' }).click();
    await expect(toast(page, `Esta etapa tem ${inNovo} leads associados. Mova-os para outra etapa antes de excluir.`)).toBeVisible();
    await expect(column(page, 'Novo')).toBeVisible();

    await page.getByRole('button', { name: 'Excluir a etapa Arquivados' }).click();
    await expect(toast(page, 'Etapa removida com sucesso')).toBeVisible();
    await expect(column(page, 'Arquivados')).not.toBeVisible();
  });
});

describe('without JavaScript', () => {
  test('a lead is moved from its details page with the stage select and Mover', async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await login(page, lawyer);
    await page.goto(CRM);
    await page.getByRole('link', { name: 'Patrícia Gomes Ribeiro', exact: true }).click();
    await expect(page).toHaveURL(/lead=/);
    const dialog = page.getByRole('dialog', { name: 'Patrícia Gomes Ribeiro' });
    await dialog.getByLabel('Etapa do lead').selectOption({ label: 'Contratado' });
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    await expect(page).toHaveURL(CRM);
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Contratado'), 'Patrícia Gomes Ribeiro')).toBeVisible();
  });

  test('Novo Lead is a plain form: refused fields come back with the values kept', async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await login(page, lawyer);
    await page.goto(CRM);
    await page.getByRole('link', { name: 'Novo Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Lead' });
    await dialog.getByLabel('Nome').fill('Lúcia Prado');
    await dialog.getByLabel('Email').fill('lucia');
    await page.getByRole('button', { name: 'Cadastrar Lead' }).click();
    await expect(dialog.getByText('Email inválido')).toBeVisible();
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Lúcia Prado');
    await dialog.getByLabel('Email').fill('lucia.prado@exemplo.com.br');
    await dialog.getByLabel('Telefone').fill('5511944443333');
    await dialog.getByLabel('Cidade').selectOption({ label: 'São Paulo - SP' });
    await dialog.getByLabel('Área de interesse').selectOption({ label: 'Direito do Consumidor' });
    await page.getByRole('button', { name: 'Cadastrar Lead' }).click();
    await expect(toast(page, 'Lead cadastrado com sucesso')).toBeVisible();
    await expect(card(page, 'Lúcia Prado')).toBeVisible();
  });
});

describe('the page', () => {
  test('at 360 px the board scrolls sideways inside itself, not the page', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await openBoard(page);
    const { page: pageWidth, viewport, board, boardVisible } = await page.evaluate(() => {
      const region = document.querySelector('[aria-label="Quadro de leads"]')!;
      return { page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth, board: region.scrollWidth, boardVisible: region.clientWidth };
    });
    expect(pageWidth).toBeLessThanOrEqual(viewport);
    expect(board).toBeGreaterThan(boardVisible);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  test('public pages never load the board’s JavaScript (the lawyer area’s chunks) nor zod; the CRM does', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/', '/busca', '/login', '/registro-advogado', '/planos', '/por-que-se-registrar']) await page.goto(path, { waitUntil: 'networkidle' });
    // Neither the area's chunk, nor what the signed-in areas share, nor zod (the forms' schemas).
    expect(scripts.filter((s) => /lawyer-area|private-shared|schemas/.test(s))).toEqual([]);
    await login(page, lawyer);
    await page.goto(CRM, { waitUntil: 'networkidle' });
    expect(scripts.filter((s) => s.includes('lawyer-area')).length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes('private-shared')).length).toBeGreaterThan(0);
  });
});

async function addStage(page: Page, name: string) {
  await page.getByText('Gerenciar Etapas do CRM').click();
  await page.getByRole('link', { name: 'Editar Etapas' }).click();
  await page.getByLabel('Nome da nova etapa').fill(name);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(toast(page, 'Nova etapa adicionada com sucesso')).toBeVisible();
  await expect(column(page, name)).toBeVisible();
}

/** Drags a card by mouse onto a column, scrolling the board to it first. */
async function dragCard(page: Page, lead: string, stage: string) {
  const source = card(page, lead);
  const target = column(page, stage);
  await source.scrollIntoViewIfNeeded();
  const from = (await source.locator('ul').first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  // Columns are as tall as the board: the target is straight across, at the card's height.
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, from.y + from.height / 2 + 10, { steps: 12 });
  await page.waitForFunction((name) => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes(`sobre a etapa ${name}`)), stage);
  await page.mouse.up();
}

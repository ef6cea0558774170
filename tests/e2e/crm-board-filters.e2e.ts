import type { Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import { expect, saveScreenshot, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures, unique, useSession } from './support/fixtures';

// Issue 23, part 5: the board's search ('Joao' finds 'João …'), a stage moved left with the keyboard,
// and by drag, and the jumps to each column above the board at 1280 px; the search without JavaScript at 360 px.
// One copy of the demo lawyer for the file (civil law: other files' family-law requests stay away).

const CRM = '/area-advogado?section=crm';
const STAGES = ['Novo', 'Em contato', 'Proposta enviada', 'Contratado', 'Não contratado'];
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

let lawyer: CreatedLawyer;
let joao: string;
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true, areas: ['civil'], signIn: true });
  joao = `João Ximenes ${unique(5)}`;
  // A lead named 'João …', typed in as the page's JavaScript sends it.
  const created = await fetch(`${inject('baseURL')}/area-advogado/crm`, {
    method: 'POST',
    headers: { cookie: lawyer.cookie! },
    body: new URLSearchParams({ intent: 'novo-lead', nome: joao, email: 'joao.ximenes@exemplo.com.br', telefone: '(11) 98765-4321', cidade: 'sp_sao_paulo', area_interesse: 'civil', mensagem: '' }),
  });
  expect(created.status).toBe(200);
});

async function openBoard(page: Page) {
  await page.goto(CRM);
  await waitForHydration(page);
  await page.waitForSelector('[data-board-ready]', { state: 'attached' });
}

describe('find and arrange', () => {
  test('at 1280 px: jumps to every column, the search ignores accents, a stage moves left by keyboard and by drag', async ({ page }) => {
    await useSession(page.context(), lawyer.cookie!);
    await openBoard(page);

    // Every stage has its jump above the board, on the first screen; the last one brings its column into view.
    const jumps = page.getByRole('navigation', { name: 'Ir para a etapa' });
    for (const stage of STAGES) await expect(jumps.getByRole('link', { name: new RegExp(`^${stage} \\d+ leads?$`) })).toBeVisible();
    const lastJump = await jumps.getByRole('link', { name: /^Não contratado/ }).boundingBox();
    expect(lastJump!.y + lastJump!.height).toBeLessThanOrEqual(800);
    await saveScreenshot(page, 'crm-board-1280');
    await jumps.getByRole('link', { name: /^Não contratado/ }).click();
    const last = page.getByRole('group', { name: 'Não contratado', exact: true });
    await expect.poll(async () => (await last.boundingBox())!.x + (await last.boundingBox())!.width, { timeout: 15_000 }).toBeLessThanOrEqual(1280);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toMatch(/^etapa-/);

    // 'Joao' finds 'João …' (the URL carries the search), and only it.
    await page.getByLabel('Buscar', { exact: true }).fill('Joao');
    await expect(page).toHaveURL(/[?&]q=Joao(&|$)/);
    await expect(card(page, joao)).toBeVisible();
    await expect(page.getByText('1 lead encontrado')).toBeVisible();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('link', { name: 'Limpar filtros' }).click();
    await expect(card(page, 'Eduardo Pires Cunha')).toBeVisible();

    // 'Em contato' moves left with the keyboard: focus stays on its button, the status says where it is.
    await page.getByText('Gerenciar Etapas do CRM').click();
    const left = page.getByRole('button', { name: 'Mover etapa Em contato para a esquerda' });
    await left.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Etapa Em contato na posição 1 de 5' })).toBeVisible();
    await expect.poll(() => page.getByRole('group').locator('h3').first().textContent(), { timeout: 15_000 }).toBe('Em contato');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 15_000 }).toBe('Mover etapa Em contato para a esquerda');
    expect(await left.getAttribute('aria-disabled')).toBe('true');
    // Back where it was, for the rest of the file.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Etapa Em contato na posição 2 de 5' })).toBeVisible();

    // By mouse: 'Proposta enviada' dragged by its grip onto 'Novo' takes the first place.
    const grip = page.getByTitle('Arrastar a etapa Proposta enviada');
    await page.waitForSelector('[title="Arrastar a etapa Proposta enviada"][role="button"]');
    const from = (await grip.boundingBox())!;
    const to = (await page.getByTitle('Arrastar a etapa Novo').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x - 20, from.y + from.height / 2, { steps: 5 });
    // Lifted (the row's ring) before it travels: on a busy machine the first moves may come before dnd-kit has seen the press.
    await page.locator('li[data-dnd-dragging="true"]').waitFor({ timeout: 10_000 });
    await page.mouse.move(to.x + 4, to.y + to.height / 2, { steps: 10 });
    // Dropped only once dnd-kit has sorted the lifted row into first place (its optimistic order moves the
    // row in the list): on a busy machine it handles the last moves a frame or more after they come, and a
    // release before that drops the row where it was. Each poll moves the pointer up a little more from
    // the top of 'Novo's grip where it is now (sorting follows the direction of travel, and the rows move
    // while one is lifted).
    let nudge = 0;
    const novo = page.getByTitle('Arrastar a etapa Novo');
    await expect
      .poll(
        async () => {
          nudge = Math.min(nudge + 2, 24);
          const now = (await novo.boundingBox()) ?? to;
          await page.mouse.move(now.x + 2, now.y + 1 - nudge);
          return page.locator('li[data-dnd-dragging="true"]').evaluate((row) => [...row.parentElement!.children].indexOf(row));
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    await page.mouse.up();
    await expect(page.getByRole('status').filter({ hasText: 'Etapa Proposta enviada na posição 1 de 5' })).toBeVisible();
    await expect.poll(() => page.getByRole('group').locator('h3').first().textContent(), { timeout: 15_000 }).toBe('Proposta enviada');
  });

  test('at 360 px without JavaScript: the search form finds João for joao, and the page does not scroll sideways', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
    await useSession(page.context(), lawyer.cookie!);
    await page.goto(CRM);
    await page.getByLabel('Buscar', { exact: true }).fill('joao');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/[?&]q=joao(&|$)/);
    await expect(card(page, joao)).toBeVisible();
    expect(await page.getByRole('article').count()).toBe(1);
    await expect(page.getByRole('navigation', { name: 'Ir para a etapa' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'crm-board-filters-360');
    await page.getByRole('link', { name: 'Limpar filtros' }).click();
    await expect(card(page, 'Eduardo Pires Cunha')).toBeVisible();
  });
});

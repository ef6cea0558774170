import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, toast, waitForHydration } from './support/browser';
import { fixtures, useSession } from './support/fixtures';

// Won and lost, and the response time (issue 23, parts 3 and 4; docs/decisions/0047): a keyboard move to
// 'Não contratado' asks why before anything is sent, and the dashboard's lost reasons count it; a first
// WhatsApp click sets the response time, which the lead's timeline and the dashboard show. The same
// without JavaScript at 360 px. A copy of the demo lawyer of each test's own (civil law: the family-law
// requests other files send would add cards to her board).

const CRM = '/area-advogado?section=crm';
const DASHBOARD = '/area-advogado';
const column = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const card = (scope: Page | Locator, name: string) => scope.getByRole('article', { name, exact: true });
const pipelineCard = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4, name: title, exact: true }) });

const newLawyer = () => fixtures.lawyer({ copyOfDemoLawyer: true, areas: ['civil'], signIn: true });

/** The dashboard's figures this test reads: leads waiting, and each lost reason's count. */
async function dashboardFigures(page: Page): Promise<{ waiting: number; reasons: Record<string, number>; responseTime: string }> {
  await page.goto(DASHBOARD);
  await expect(page.getByRole('heading', { name: 'Funil e atendimento' })).toBeVisible();
  const waiting = Number(await pipelineCard(page, 'Aguardando contato').locator('p.text-4xl').textContent());
  const reasons: Record<string, number> = {};
  for (const row of await pipelineCard(page, 'Motivos de perda').getByRole('listitem').all()) {
    const [label, count] = await row.locator('span').allTextContents();
    reasons[label!] = Number(count);
  }
  const responseTime = (await pipelineCard(page, 'Tempo de resposta').locator('p.text-4xl').textContent()) ?? '';
  return { waiting, reasons, responseTime };
}

async function openBoard(page: Page) {
  await page.goto(CRM);
  await waitForHydration(page);
  await page.waitForSelector('[data-board-ready]', { state: 'attached' });
}

describe('won and lost, and the response time', () => {
  test('at 1280 px: a keyboard move to Não contratado asks the reason, a WhatsApp click is the first contact; the dashboard counts both', async ({ page }) => {
    await useSession(page.context(), (await newLawyer()).cookie!);
    // wa.me is outside the test's world: the tab it opens gets a stand-in page.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title>' }));
    const before = await dashboardFigures(page);

    await openBoard(page);
    await page.getByRole('button', { name: 'Mover lead Luciana Rocha Teixeira' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes('sobre a etapa Contratado')));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-live]')].some((e) => e.textContent?.includes('sobre a etapa Não contratado')));
    await page.keyboard.press('Space');

    // Nothing is sent before the reason: the card stays where it was.
    const ask = page.getByRole('dialog', { name: 'Mover para Não contratado' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Confirmar' }).click();
    await expect(ask.getByText('Escolha o motivo da perda para mover o lead para esta etapa.').first()).toBeVisible();
    await expect(card(column(page, 'Proposta enviada'), 'Luciana Rocha Teixeira')).toBeVisible();
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await ask.getByRole('radio', { name: 'Honorários', exact: true }).check();
    await ask.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Não contratado'), 'Luciana Rocha Teixeira')).toBeVisible();

    // The first WhatsApp click: the wa.me tab opens (the link's own href), the contact is recorded on the side.
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title>' }));
    const recorded = page.waitForResponse((r) => r.url().endsWith('/area-advogado/crm') && r.request().method() === 'POST');
    const popup = page.context().waitForEvent('page');
    await card(page, 'Mariana Lopes Ferreira').getByRole('link', { name: 'WhatsApp de Mariana Lopes Ferreira (abre em nova aba)' }).click();
    const tab = await popup;
    await tab.waitForURL('https://wa.me/5511987231456');
    await tab.close();
    expect((await recorded).status()).toBe(200);

    await card(page, 'Mariana Lopes Ferreira').getByRole('link', { name: 'Mariana Lopes Ferreira', exact: true }).click();
    const mariana = page.getByRole('dialog', { name: 'Mariana Lopes Ferreira' });
    // She arrived two hours before the fixture made her.
    await expect(mariana.getByText(/^Primeiro contato por WhatsApp · 2 h após a chegada do lead$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await card(page, 'Luciana Rocha Teixeira').getByRole('link', { name: 'Luciana Rocha Teixeira', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Luciana Rocha Teixeira' }).getByText('Motivo: Honorários')).toBeVisible();

    const after = await dashboardFigures(page);
    expect(after.reasons['Honorários']).toBe((before.reasons['Honorários'] ?? 0) + 1);
    // Mariana was contacted (Luciana, contacted in the seed, never waited).
    expect(after.waiting).toBe(before.waiting - 1);
    // The seed's eight first contacts (median 2 h 30 min) and Mariana's after 2 h: the median is 2 h.
    expect(after.responseTime).toMatch(/^2 h/);
    const dashboardViolations = await findSeriousA11yViolations(page);
    expect(dashboardViolations, formatViolations(dashboardViolations)).toEqual([]);
    await saveScreenshot(page, 'dashboard-pipeline-1280');
  });

  test('at 360 px without JavaScript: the move is refused until the reason is given, and the WhatsApp link records the contact', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
    await useSession(page.context(), (await newLawyer()).cookie!);
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title>' }));

    await page.goto(CRM);
    await page.getByRole('link', { name: 'Ricardo Nunes Batista', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Ricardo Nunes Batista' });
    await dialog.getByLabel('Etapa do lead').selectOption({ label: 'Não contratado' });
    // The reasons show once a lost stage is chosen (CSS, no script).
    await expect(dialog.getByRole('radio', { name: 'Outro', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Mover' }).click();
    dialog = page.getByRole('dialog', { name: 'Ricardo Nunes Batista' });
    await expect(dialog.getByText('Escolha o motivo da perda para mover o lead para esta etapa.').first()).toBeVisible();
    await dialog.getByRole('radio', { name: 'Outro', exact: true }).check();
    await dialog.getByLabel('Descreva o motivo').fill('Resolveu por conta própria');
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await expect(page).toHaveURL(CRM);
    await expect(toast(page, 'Status do lead atualizado com sucesso')).toBeVisible();
    await expect(card(column(page, 'Não contratado'), 'Ricardo Nunes Batista')).toBeVisible();

    // The card's WhatsApp link opens wa.me in a new tab; its ping, sent by the browser without any script,
    // records the contact (the dialog shows it once the server has it).
    const popup = page.context().waitForEvent('page');
    const toWhatsApp = page.context().waitForEvent('request', (r) => r.url().startsWith('https://wa.me/'));
    await card(page, 'Juliana Castro Almeida').getByRole('link', { name: 'WhatsApp de Juliana Castro Almeida (abre em nova aba)' }).click();
    expect((await toWhatsApp).url()).toBe('https://wa.me/5511976543210');
    await (await popup).close();
    await expect
      .poll(async () => {
        await page.goto(CRM);
        await card(page, 'Juliana Castro Almeida').getByRole('link', { name: 'Juliana Castro Almeida', exact: true }).click();
        return page.getByRole('dialog', { name: 'Juliana Castro Almeida' }).getByText(/^Primeiro contato por WhatsApp/).count();
      }, { timeout: 15_000, interval: 250 })
      .toBe(1);

    const figures = await dashboardFigures(page);
    expect(figures.reasons['Outro']).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'dashboard-pipeline-360');
  });
});

import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { DEMO_LAWYER_LEADS } from '~/modules/demo/demo-leads';
import { addDays, saoPauloDay } from '~/modules/leads/follow-ups';
import { isWorkingDay } from '~/modules/leads/working-days';
import { expect, saveScreenshot, test, toast } from './support/browser';
import { card, newDemoCopyLawyer, openLeadDialog } from './support/crm';
import { fixtures, standIns, useSession } from './support/fixtures';

// 'Próximo contato' and the morning digest (issue 23, docs/decisions/0049): a lawyer sets a follow-up for
// today, sees it on the card, and the digest run at a fixed clock sends her one e-mail listing it, and
// none when it runs again that day.

const newLawyer = newDemoCopyLawyer;

async function openLead(page: Page, name: string, options: { javaScript: boolean }): Promise<Locator> {
  const dialog = await openLeadDialog(page, name, options);
  await expect(dialog.getByRole('heading', { name: 'Próximo contato' })).toBeVisible();
  return dialog;
}

/** 8:00 in São Paulo (UTC-3) of the first working day after today: the digest's hour, after every lead of the test. */
function nextDigestMorning(): string {
  let day = addDays(saoPauloDay(new Date()), 1);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return `${day}T11:00:00.000Z`;
}

describe('follow-ups', () => {
  test('at 1280 px: a follow-up for today on the card, then one digest e-mail listing it, and none again that day', async ({ page }) => {
    const lawyer = await newLawyer();
    await useSession(page.context(), lawyer.cookie!);
    const today = saoPauloDay(new Date());
    let dialog = await openLead(page, 'Eduardo Pires Cunha', { javaScript: true });
    await expect(dialog.getByText('Nenhum próximo contato marcado.')).toBeVisible();
    await dialog.getByLabel('Data do próximo contato').fill(today);
    await dialog.getByLabel('Horário (opcional)').fill('09:30');
    await dialog.getByRole('button', { name: 'Salvar próximo contato' }).click();
    await expect(toast(page, 'Próximo contato salvo')).toBeVisible();
    await expect(dialog.getByText('Hoje às 09:30', { exact: true })).toBeVisible();
    await expect(dialog.getByText(`Próximo contato marcado para ${today.split('-').reverse().join('/')} às 09:30`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card(page, 'Eduardo Pires Cunha').getByText('Hoje às 09:30')).toBeVisible();

    // 'Para hoje': hers and the demo copy's Patrícia (today at 14:00); not André (overdue) nor the leads without one.
    await page.getByLabel('Próximo contato', { exact: true }).selectOption({ label: 'Para hoje' });
    await expect(page).toHaveURL(/retorno=hoje/);
    await expect(card(page, 'Patrícia Gomes Ribeiro')).toBeVisible();
    await expect(card(page, 'Eduardo Pires Cunha')).toBeVisible();
    await expect(card(page, 'André Luiz Carvalho')).not.toBeVisible();
    await expect(card(page, 'Mariana Lopes Ferreira')).not.toBeVisible();

    const morning = nextDigestMorning();
    const first = await fixtures.followUpDigest(morning, [lawyer.id]);
    expect(first).toMatchObject({ found: 1, sent: 1 });
    const email = await standIns.waitForEmail(lawyer.email, 'Sua agenda de hoje');
    expect(email.text).toContain('Eduardo Pires Cunha');
    // Hers and the demo copy's due by that morning: Patrícia today at 14:00, André overdue since yesterday,
    // and, when the next working day is after a weekend or holiday, those of the days in between.
    const morningDay = morning.slice(0, 10);
    const demoDue = DEMO_LAWYER_LEADS.filter((l) => l.followUpInDays !== undefined && addDays(today, l.followUpInDays) <= morningDay);
    expect(email.text).toContain(`Próximos contatos para hoje e atrasados (${1 + demoDue.length}):`);
    for (const lead of demoDue) expect(email.text).toContain(`- ${lead.nome} (`);
    expect(email.text).toContain('André Luiz Carvalho (Atrasado desde');
    expect(await fixtures.followUpDigest(morning, [lawyer.id])).toMatchObject({ found: 0, sent: 0 });
    expect((await standIns.emailsTo(lawyer.email)).filter((m) => m.subject.includes('Sua agenda de hoje'))).toHaveLength(1);

    // Removed: the dialog no longer shows it.
    dialog = await openLead(page, 'Eduardo Pires Cunha', { javaScript: true });
    await dialog.getByRole('button', { name: 'Desmarcar próximo contato' }).click();
    await expect(toast(page, 'Próximo contato removido')).toBeVisible();
    await expect(dialog.getByText('Nenhum próximo contato marcado.')).toBeVisible();
  });

  test('at 360 px without JavaScript: a past day is refused on its field, a later one saved back in the dialog', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
    await useSession(page.context(), (await newLawyer()).cookie!);
    let dialog = await openLead(page, 'Mariana Lopes Ferreira', { javaScript: false });
    const today = saoPauloDay(new Date());
    await dialog.getByLabel('Data do próximo contato').fill(addDays(today, -1));
    await dialog.getByRole('button', { name: 'Salvar próximo contato' }).press('Enter');
    dialog = page.getByRole('dialog', { name: 'Mariana Lopes Ferreira' });
    await expect(dialog.getByText('A data do próximo contato não pode estar no passado.').first()).toBeVisible();

    const nextWeek = addDays(today, 7);
    await dialog.getByLabel('Data do próximo contato').fill(nextWeek);
    await dialog.getByRole('button', { name: 'Salvar próximo contato' }).press('Enter');
    dialog = page.getByRole('dialog', { name: 'Mariana Lopes Ferreira' });
    await expect(dialog.getByText(nextWeek.split('-').reverse().join('/'), { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialog.getByRole('heading', { name: 'Próximo contato' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'follow-up-360');
  });
});

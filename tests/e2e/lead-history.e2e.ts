import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, toast } from './support/browser';
import { newDemoCopyLawyer, openLeadDialog } from './support/crm';
import { unique, useSession } from './support/fixtures';

// A lead's history in the CRM (issue 23, docs/decisions/0046): the lawyer adds two notes, edits one, and
// the client's request stays as the client sent it. A copy of the demo lawyer of each test's own (civil
// law: the family-law requests other files send would add cards to her board), at 1280 px with
// JavaScript and at 360 px without it.

const noteItem = (dialog: Locator, text: string) => dialog.getByRole('listitem').filter({ hasText: text });
const newLawyer = newDemoCopyLawyer;

async function openLead(page: Page, name: string, options: { javaScript: boolean }) {
  const dialog = await openLeadDialog(page, name, options);
  await expect(dialog.getByRole('heading', { name: 'Histórico' })).toBeVisible();
  await expect(dialog.getByText('Pedido do cliente')).toBeVisible();
  return dialog;
}

/**
 * Without JavaScript the page's flash toast stays at the bottom of a 360 px screen, over whatever is
 * there: the keyboard reaches the control under it, as a user would by scrolling.
 */
async function press(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

/** The client's words as the dialog shows them: the case description (the history says it is still the client's text). */
async function clientText(dialog: Locator): Promise<string> {
  await expect(dialog.getByText('É o texto da descrição do caso, acima, ainda sem alterações.')).toBeVisible();
  return (await dialog.getByRole('heading', { name: 'Descrição do caso' }).locator('xpath=..').locator('p').last().textContent()) ?? '';
}

describe('a lead’s history', () => {
  test('at 1280 px: two notes added, one edited, the client’s text unchanged', async ({ page }) => {
    await useSession(page.context(), (await newLawyer()).cookie!);
    const dialog = await openLead(page, 'Eduardo Pires Cunha', { javaScript: true });
    const original = await clientText(dialog);
    expect(original).toMatch(/alegando doença preexistente que nunca tive\. A cirurgia é urgente\.$/);
    const first = `Ligar para o cliente na segunda ${unique()}`;
    const second = `Pedir a negativa do plano por escrito ${unique()}`;

    // An empty note is refused beside its field, the summary taking the focus.
    await dialog.getByRole('button', { name: 'Adicionar nota' }).click();
    await expect(dialog.getByText('A nota não pode ficar vazia.')).toBeVisible();

    await dialog.getByLabel('Nova nota').fill(first);
    await expect(dialog.getByText(`${first.length}/2000`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Adicionar nota' }).click();
    await expect(toast(page, 'Nota adicionada')).toBeVisible();
    await expect(noteItem(dialog, first)).toBeVisible();
    await expect.poll(() => dialog.getByLabel('Nova nota').inputValue()).toBe('');

    await dialog.getByLabel('Nova nota').fill(second);
    await dialog.getByRole('button', { name: 'Adicionar nota' }).click();
    await expect(noteItem(dialog, second)).toBeVisible();

    await noteItem(dialog, first).getByRole('link', { name: 'Editar' }).click();
    await dialog.getByLabel('Editar nota').fill(`${first} (remarcado para terça)`);
    await dialog.getByRole('button', { name: 'Salvar nota' }).click();
    await expect(toast(page, 'Nota atualizada')).toBeVisible();
    await expect(noteItem(dialog, `${first} (remarcado para terça)`)).toBeVisible();
    expect(await noteItem(dialog, `${first} (remarcado para terça)`).textContent()).toContain('editada em');
    // Oldest first: the edited first note before the second.
    const notes = await dialog.getByRole('listitem').allTextContents();
    expect(notes.findIndex((t) => t.includes(first))).toBeLessThan(notes.findIndex((t) => t.includes(second)));

    expect(await clientText(dialog)).toBe(original);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    // Deleting asks first.
    await noteItem(dialog, second).getByRole('link', { name: 'Excluir' }).click();
    await dialog.getByRole('button', { name: 'Confirmar exclusão' }).click();
    await expect(toast(page, 'Nota excluída')).toBeVisible();
    await expect(noteItem(dialog, second)).not.toBeVisible();
  });

  test('at 360 px without JavaScript: the same, through plain posts back to the dialog', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
    await useSession(page.context(), (await newLawyer()).cookie!);
    let dialog = await openLead(page, 'Mariana Lopes Ferreira', { javaScript: false });
    const original = await clientText(dialog);
    expect(original).toMatch(/^Estou me separando depois de 8 anos de casamento/);
    const first = `Reunião marcada ${unique()}`;
    const second = `Documentos recebidos ${unique()}`;

    for (const text of [first, second]) {
      await dialog.getByLabel('Nova nota').fill(text);
      await press(dialog.getByRole('button', { name: 'Adicionar nota' }));
      dialog = page.getByRole('dialog', { name: 'Mariana Lopes Ferreira' });
      await expect(noteItem(dialog, text)).toBeVisible();
      await expect(toast(page, 'Nota adicionada')).toBeVisible();
    }
    await press(noteItem(dialog, first).getByRole('link', { name: 'Editar' }));
    await dialog.getByLabel('Editar nota').fill(`${first}, adiada`);
    await press(dialog.getByRole('button', { name: 'Salvar nota' }));
    await expect(noteItem(dialog, `${first}, adiada`)).toBeVisible();
    await expect(toast(page, 'Nota atualizada')).toBeVisible();
    expect(await clientText(dialog)).toBe(original);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialog.getByText('Pedido do cliente').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'lead-history-360');
  });
});

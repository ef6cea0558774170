import type { Locator, Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { findPlan } from '~/domain/catalog/catalog';
import { demoPaymentCases, generateDemoLawyers } from '~/modules/demo/demo-lawyers';
import { findSeriousA11yViolations, formatViolations } from '../support/axe';
import { test as base, expect, saveScreenshot, signInAsSuperadmin, toast, submitAdminLogin } from '../support/browser';

// /admin/lawyers 'Gerenciar Advogados' (docs/product-rules.md, "Back office") on the pristine server (its
// decisions change the demo data): approve, reject and delete demo lawyers that the seed left pending.

// The seed's lawyers (app/modules/demo/demo-seed.server.ts): the same generator, the same list.
const GENERATED = generateDemoLawyers(120);
const PENDING = GENERATED.filter((l) => l.status === 'pending');

// The pristine server (tests/e2e/global-setup.ts): the seed's data, which the modules imported before this one
// by tests/e2e/back-office-figures.e2e.ts leave as this one reads it.
const server = inject('pristine');

const test = base.extend<{ baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: [async ({}, provide) => provide(server.baseURL), { scope: 'file' }],
});

/** Waits for the element, then expects its text (whitespace collapsed, no-break spaces included) to contain `text`. */
async function expectText(locator: Locator, text: string) {
  await expect(locator.first()).toBeVisible();
  const squash = (value: string) => value.replace(/\s+/g, ' ');
  expect(squash(await locator.first().innerText())).toContain(squash(text));
}

/** Searches the list (the tab, when given, stays open: the form carries it before `q`). */
async function searchFor(page: Page, text: string, tab?: 'financeiro') {
  await page.getByLabel('Buscar por nome, e-mail ou OAB').fill(text);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const query = `q=${encodeURIComponent(text).replaceAll('.', '\\.')}`;
  await expect(page).toHaveURL(new RegExp(`/admin/lawyers\\?${tab ? `aba=${tab}&` : ''}${query}`));
}

/** The page of /busca (for the lawyer's first area and city) that lists the lawyer, or null. */
async function searchPageListing(baseURL: string, lawyer: (typeof PENDING)[number]): Promise<string | null> {
  for (let pagina = 1; pagina <= 20; pagina++) {
    const url = `/busca?area=${lawyer.areas[0]}&cidade=${lawyer.cities[0]}${pagina > 1 ? `&pagina=${pagina}` : ''}`;
    const response = await fetch(`${baseURL}${url}`);
    if (!response.ok) return null;
    if ((await response.text()).includes(lawyer.nome)) return url;
  }
  return null;
}

describe('Gerenciar Advogados', () => {
  // First: the figures are the seed's, before the journeys below approve, reject and delete.
  test('Área Financeira: plan, price, end date and payment status, with the revenue of plans em dia', async ({ openPage }) => {
    const page = await openPage();
    await signInAsSuperadmin(page);
    await page.goto('/admin/lawyers');
    await page.getByRole('link', { name: 'Área Financeira' }).click();
    await expect(page).toHaveURL('/admin/lawyers?aba=financeiro');
    await expect(page.getByRole('heading', { level: 2, name: 'Área Financeira' })).toBeVisible();

    // The seed: the demo lawyer (intermediário) and the generated ones, each with an active plan, but
    // one whose paid plan ended three days ago and one without any plan (demoPaymentCases).
    const cases = demoPaymentCases(GENERATED);
    const overdue = GENERATED[cases.overdue]!;
    const withoutPlan = GENERATED[cases.withoutPlan]!;
    const emDia = [{ plan: 'intermediario' as const }, ...GENERATED.filter((_, i) => i !== cases.overdue && i !== cases.withoutPlan)];
    const revenue = emDia.reduce((sum, l) => sum + findPlan(l.plan)!.priceBrl, 0);
    const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    // Each summary card: its heading, then its figure.
    const figure = async (title: string) => {
      const value = page.getByRole('heading', { level: 3, name: title, exact: true }).locator('xpath=following-sibling::p[1]');
      await expect(value).toBeVisible();
      return (await value.innerText()).replace(/\s+/g, ' ');
    };
    expect(await figure('Receita prevista')).toBe(money.format(revenue).replace(/\s+/g, ' '));
    expect(await figure('Em Dia')).toBe(String(emDia.length));
    expect(await figure('Em Atraso')).toBe('1');
    expect(await figure('Sem Plano')).toBe('1');

    const table = page.getByRole('table', { name: /^Área Financeira/ });
    await expect(table.getByRole('columnheader', { name: 'Pagamento' })).toBeVisible();
    await expect(table.getByText('Em Dia').first()).toBeVisible();
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-lawyers-financeiro-1280');

    // Each case on its row, found by the search (which keeps the tab).
    await searchFor(page, overdue.email, 'financeiro');
    const overdueRow = page.getByRole('table', { name: /^Área Financeira/ }).getByRole('row', { name: new RegExp(overdue.nome) });
    await expectText(overdueRow, 'Em Atraso');
    await expectText(overdueRow, findPlan(overdue.plan)!.name);
    await expectText(overdueRow, money.format(findPlan(overdue.plan)!.priceBrl));
    await searchFor(page, withoutPlan.email, 'financeiro');
    await expectText(page.getByRole('table', { name: /^Área Financeira/ }).getByRole('row', { name: new RegExp(withoutPlan.nome) }), 'Sem Plano');

    await page.setViewportSize({ width: 360, height: 740 });
    await saveScreenshot(page, 'admin-lawyers-financeiro-360');
    await page.goto('/admin/lawyers');
    await saveScreenshot(page, 'admin-lawyers-360');
  });

  test('approve a pending lawyer, who then appears in /busca; reject one; delete one after the confirmation', async ({ openPage, baseURL }) => {
    const [toApprove, toReject, toDelete] = PENDING as [(typeof PENDING)[number], (typeof PENDING)[number], (typeof PENDING)[number]];
    const page = await openPage();
    await signInAsSuperadmin(page);
    await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Advogados' }).click();
    await expect(page).toHaveURL('/admin/lawyers');
    await expect(page.getByRole('heading', { level: 1, name: 'Gerenciar Advogados' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Visão Geral' });
    await expect(overview.getByText('121', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Lista de Advogados, página 1 de 7' })).toBeVisible();

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-lawyers-1280');

    // Approve: out of the pending filter, into search.
    expect(await searchPageListing(baseURL, toApprove)).toBeNull();
    await searchFor(page, toApprove.email);
    const approveRow = page.getByRole('row', { name: new RegExp(toApprove.nome) });
    await expect(approveRow.getByText('Pendente', { exact: true })).toBeVisible();
    // Approve: in its dialog, only with the CNA confirmation (decision 0061).
    await approveRow.getByRole('link', { name: `Aprovar ${toApprove.nome}` }).click();
    const approveDialog = page.getByRole('alertdialog', { name: 'Aprovar advogado?' });
    await approveDialog.getByLabel('Conferi no Cadastro Nacional dos Advogados: inscrição regular').check();
    await approveDialog.getByRole('button', { name: 'Aprovar' }).click();
    await expect(toast(page, 'Status do advogado atualizado para aprovado')).toBeVisible();
    await expect(approveRow.getByText('Aprovado', { exact: true })).toBeVisible();
    const listing = await searchPageListing(baseURL, toApprove);
    expect(listing, 'the approved lawyer is listed by /busca').not.toBeNull();
    await page.goto(listing!);
    await expect(page.getByText(toApprove.nome).first()).toBeVisible();

    // Reject, with a reason, in its dialog.
    await page.goto('/admin/lawyers?status=pending');
    await expect(page.getByText('3 advogados')).toBeVisible();
    await page.getByRole('link', { name: `Rejeitar ${toReject.nome}` }).click();
    const rejectDialog = page.getByRole('alertdialog', { name: 'Rejeitar advogado?' });
    await expect(rejectDialog).toBeVisible();
    await rejectDialog.getByLabel('Motivo (opcional)').fill('Número da OAB não confere com a Seccional.');
    await rejectDialog.getByRole('button', { name: 'Rejeitar' }).click();
    await expect(toast(page, 'Status do advogado atualizado para rejeitado')).toBeVisible();
    await expect(page).toHaveURL('/admin/lawyers?status=pending');
    await expect(page.getByText('2 advogados')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(toReject.nome) })).not.toBeVisible();

    // Delete: the dialog first; 'Cancelar' keeps the lawyer, 'Excluir' removes them.
    await searchFor(page, toDelete.email);
    await page.getByRole('link', { name: `Excluir ${toDelete.nome}` }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: 'Excluir advogado?' });
    await expect(deleteDialog).toBeVisible();
    await expect(deleteDialog.getByText(/Esta ação é irreversível/)).toBeVisible();
    await saveScreenshot(page, 'admin-lawyers-delete-dialog-1280');
    await deleteDialog.getByRole('link', { name: 'Cancelar' }).click();
    await expect(deleteDialog).not.toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(toDelete.nome) })).toBeVisible();
    await page.getByRole('link', { name: `Excluir ${toDelete.nome}` }).click();
    await expect(deleteDialog).toBeVisible();
    await deleteDialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Advogado excluído com sucesso.')).toBeVisible();
    await expect(page.getByText('Nenhum advogado encontrado')).toBeVisible();
    await expect(overview.getByText('120', { exact: true })).toBeVisible();

    // The decisions are in the audit log.
    await page.goto('/admin/auditoria');
    await expect(page.getByText('Aprovou o cadastro do advogado')).toBeVisible();
    await expect(page.getByText('Rejeitou o cadastro do advogado')).toBeVisible();
    await expect(page.getByText('Excluiu a conta do advogado')).toBeVisible();
  });

  test('without JavaScript: the dialog is rendered by the server and the decision still goes through', async ({ openPage }) => {
    const lawyer = PENDING[3]!;
    const page = await openPage({ javaScriptEnabled: false });
    await submitAdminLogin(page);
    await page.goto(`/admin/lawyers?q=${encodeURIComponent(lawyer.email)}`);
    await page.getByRole('link', { name: `Rejeitar ${lawyer.nome}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rejeitar advogado?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Rejeitar' }).click();
    await expect(toast(page, 'Status do advogado atualizado para rejeitado')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(lawyer.nome) }).getByText('Rejeitado', { exact: true })).toBeVisible();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, inject } from 'vitest';
import { generateDemoLawyers } from '~/modules/demo/demo-lawyers';
import { findSeriousA11yViolations, formatViolations } from '../support/axe';
import { test as base, expect, login, waitForHydration, saveScreenshot, signInAsSuperadmin, toast, submitAdminLogin } from '../support/browser';

// /admin/leads 'Gerenciar Leads' (docs/product-rules.md, "Back office") and what deleting a lawyer leaves behind
// (docs/product-rules.md, "Your data (LGPD)"), on the pristine server: its requests and its deletion change
// the demo data.

// The demo lawyer (app/modules/demo/demo-seed.server.ts) works family law in São Paulo, like these.
const FAMILY_LAWYERS_IN_SAO_PAULO = [
  'Ana Beatriz Carvalho',
  ...generateDemoLawyers(120)
    .filter((l) => l.status === 'approved' && l.areas.includes('familia') && l.cities.includes('sp_sao_paulo'))
    .map((l) => l.nome),
];

// The pristine server (tests/e2e/global-setup.ts): the seed's data, which the modules imported before this one
// by tests/e2e/back-office-figures.e2e.ts leave as this one reads it.
const server = inject('pristine');

const test = base.extend<{ baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: [async ({}, provide) => provide(server.baseURL), { scope: 'file' }],
});

async function searchLeads(page: Page, text: string) {
  await page.getByLabel('Buscar por nome ou e-mail do cliente').fill(text);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(`/admin/leads?q=${encodeURIComponent(text)}`);
}

describe('Gerenciar Leads', () => {
  test('a request sent to every matching lawyer is one row, its lawyers beyond two behind +N mais', async ({ openPage }) => {
    expect(FAMILY_LAWYERS_IN_SAO_PAULO.length, 'the demo data has more than two family lawyers in São Paulo').toBeGreaterThan(2);
    const visitor = await openPage();
    await visitor.goto('/solicitar-atendimento');
    await visitor.getByLabel('Nome completo').fill('Helena Duarte Prado');
    await visitor.getByLabel('Email').fill('Helena.Prado@Exemplo.com.br');
    await visitor.getByLabel('WhatsApp (com DDD)').fill('11912345678');
    await visitor.getByLabel('Cidade', { exact: true }).selectOption({ label: 'São Paulo - SP' });
    await visitor.getByLabel('Área de atuação', { exact: true }).selectOption({ label: 'Direito de Família' });
    await visitor.getByLabel('Descreva seu caso').fill('Quero regularizar a guarda da minha filha e a pensão, que o pai deixou de pagar em janeiro.');
    await visitor.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(visitor.getByText(/^Solicitação enviada com sucesso!/)).toBeVisible();

    const page = await openPage();
    await signInAsSuperadmin(page);
    await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Leads' }).click();
    await expect(page).toHaveURL('/admin/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Gerenciar Leads' })).toBeVisible();
    // The demo lawyer's twelve clients and this request's client: 13 e-mails, 12 + one lead per lawyer.
    const total = 12 + FAMILY_LAWYERS_IN_SAO_PAULO.length;
    await expect(page.getByRole('status').filter({ hasText: `13 leads únicos carregados (${total} total)` })).toBeVisible();

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-leads-1280');

    await searchLeads(page, 'helena.prado');
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: `1 leads únicos carregados (${FAMILY_LAWYERS_IN_SAO_PAULO.length} total)` })).toBeVisible();
    const row = page.getByRole('row', { name: /Helena Duarte Prado/ });
    await expect(row.getByText('helena.prado@exemplo.com.br')).toBeVisible();
    await expect(row.getByText('Quero regularizar a guarda da minha filha e a pens...')).toBeVisible();
    await expect(row.getByText('São Paulo - SP')).toBeVisible();
    await expect(row.getByText('Direito de Família')).toBeVisible();
    const hidden = FAMILY_LAWYERS_IN_SAO_PAULO.length - 2;
    const shownNames = async () => (await row.getByRole('listitem').allInnerTexts()).length;
    expect(await shownNames()).toBe(2);
    const more = row.getByRole('button', { name: `+${hidden} mais` });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    const less = row.getByRole('button', { name: 'Mostrar menos' });
    await expect(less).toBeVisible();
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(await shownNames()).toBe(FAMILY_LAWYERS_IN_SAO_PAULO.length);
    for (const nome of FAMILY_LAWYERS_IN_SAO_PAULO) await expect(row.getByText(nome, { exact: true })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await saveScreenshot(page, 'admin-leads-360');
    // The table scrolls inside its own region; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('nothing found: the empty state with Tentar novamente, also without JavaScript', async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await submitAdminLogin(page);
    await page.goto('/admin/leads?q=ninguem-pediu-isto');
    await expect(page.getByText('Nenhum lead encontrado')).toBeVisible();
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page).toHaveURL('/admin/leads?q=ninguem-pediu-isto');
    await expect(page.getByText('Nenhum lead encontrado')).toBeVisible();
  });

  test('deleting a lawyer leaves nothing of theirs (profile, photo file, login) while their leads survive unassigned', async ({ openPage }) => {
    // The demo lawyer uploads a photo first.
    const lawyer = await openPage();
    await login(lawyer);
    await lawyer.goto('/editar-perfil');
    await waitForHydration(lawyer);
    const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 40, g: 80, b: 150 } } }).png().toBuffer();
    await lawyer.getByLabel('Foto de perfil').setInputFiles({ name: 'retrato.png', mimeType: 'image/png', buffer: png });
    await lawyer.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(lawyer).toHaveURL('/area-advogado?section=perfil');
    const photoUrl = (await lawyer.getByRole('img', { name: /^Foto de / }).getAttribute('src')) ?? '';
    expect(photoUrl).toMatch(/^\/fotos\/[a-f0-9]{64}\.webp$/);
    const photoFile = path.join(server.dataDir, 'photos', path.basename(photoUrl));
    expect(fs.existsSync(photoFile)).toBe(true);
    expect((await lawyer.request.get(photoUrl)).status()).toBe(200);

    const page = await openPage();
    await signInAsSuperadmin(page);
    await page.goto('/admin/leads?q=mariana.lopes');
    const before = page.getByRole('row', { name: /Mariana Lopes Ferreira/ });
    await expect(before.getByText('Ana Beatriz Carvalho', { exact: true })).toBeVisible();

    await page.goto('/admin/lawyers?q=advogada%40demo.jusconecta.com.br');
    await page.getByRole('link', { name: 'Excluir Ana Beatriz Carvalho' }).click();
    await page.getByRole('alertdialog', { name: 'Excluir advogado?' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Advogado excluído com sucesso.')).toBeVisible();
    await expect(page.getByText('Nenhum advogado encontrado')).toBeVisible();

    // Her photo is gone from the disk and from the web, her profile answers 404, her login no longer works.
    expect(fs.existsSync(photoFile)).toBe(false);
    expect((await page.request.get(photoUrl)).status()).toBe(404);
    expect((await page.request.get('/advogado/anabeatrizcarvalho')).status()).toBe(404);
    const again = await openPage();
    await again.goto('/login');
    await again.getByLabel('Email').fill('advogada@demo.jusconecta.com.br');
    await again.getByLabel('Senha').fill('demo-advogada-2025');
    await again.getByRole('button', { name: 'Entrar' }).click();
    await expect(again.getByRole('alert')).toBeVisible();
    await expect(again).toHaveURL(/\/login/);

    // Her clients' leads are still there, with no lawyer.
    await page.goto('/admin/leads?q=mariana.lopes');
    const after = page.getByRole('row', { name: /Mariana Lopes Ferreira/ });
    await expect(after.getByText('Sem advogado')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 leads únicos carregados (1 total)' })).toBeVisible();
  });
});

import { describe, inject } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from '../support/axe';
import { expect, login, saveScreenshot, submitAdminLogin, test, toast } from '../support/browser';

// The back office's door (docs/product-rules.md, "Back office"; docs/decisions/0018), on the shared
// server, started with BOOTSTRAP_SECRET: the demo data already has a superadmin, so a new one needs the
// secret. The dashboard's figures and system status are read on the pristine server (the seed's 121
// lawyers, no SMTP_URL: tests/e2e/global-setup.ts), before any other file changes them there.

const BOOTSTRAP_SECRET = inject('settings').bootstrapSecret;
const NEW_ADMIN = { email: 'nova.admin@exemplo.com.br', password: 'Painel-Seguro-2026', name: 'Nova Administradora' };
const DEMO_LAWYER = { email: 'advogada@demo.jusconecta.com.br', password: 'demo-advogada-2025' };

const pristineTest = test.extend<{ baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: [async ({}, provide) => provide(inject('pristine').baseURL), { scope: 'file' }],
});

describe('creating a superadmin', () => {
  test('the form is never prefilled, and a refused form sends back neither the password nor the secret (without JavaScript)', async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto('/bootstrap-superadmin');
    await expect(page.getByRole('heading', { level: 1, name: 'Criar superadmin' })).toBeVisible();
    for (const label of ['Email', 'Senha', 'Nome (opcional)', 'Segredo de bootstrap']) expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');

    await page.getByLabel('Email').fill(NEW_ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(NEW_ADMIN.password);
    await page.getByLabel('Nome (opcional)').fill(NEW_ADMIN.name);
    await page.getByLabel('Segredo de bootstrap').fill('chute-errado');
    await page.getByRole('button', { name: 'Criar superadmin' }).click();
    await expect(page.getByText('Segredo de bootstrap inválido.')).toBeVisible();
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Segredo de bootstrap').inputValue()).toBe('');
    expect(await page.getByLabel('Email').inputValue()).toBe(NEW_ADMIN.email);
    expect(await page.getByLabel('Nome (opcional)').inputValue()).toBe(NEW_ADMIN.name);
    await saveScreenshot(page, 'admin-bootstrap-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await saveScreenshot(page, 'admin-bootstrap-360');
  });

  test('with the right secret the superadmin is created and signs in at /admin', async ({ page }) => {
    await page.goto('/bootstrap-superadmin');
    await page.getByLabel('Email').fill(NEW_ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(NEW_ADMIN.password);
    await page.getByLabel('Nome (opcional)').fill(NEW_ADMIN.name);
    await page.getByLabel('Segredo de bootstrap').fill('chute-errado');
    await page.getByRole('button', { name: 'Criar superadmin' }).click();
    await expect(page.getByText('Segredo de bootstrap inválido.')).toBeVisible();
    await page.getByLabel('Segredo de bootstrap').fill(BOOTSTRAP_SECRET);
    await page.getByRole('button', { name: 'Criar superadmin' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(toast(page, 'Superadmin criado com sucesso! Agora você pode fazer login em /admin.')).toBeVisible();

    await expect(page.getByRole('heading', { level: 1, name: 'Área Superadmin' })).toBeVisible();
    await expect(page.getByText('Acesso restrito para superadministradores')).toBeVisible();
    await submitAdminLogin(page, NEW_ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Admin' })).toBeVisible();
  });
});

describe('the dashboard', () => {
  pristineTest('a superadmin sees the figures and the real system status, then logs out back to /admin', async ({ openPage }) => {
    const page = await openPage();
    await submitAdminLogin(page, { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' });
    await expect(page).toHaveURL('/admin/dashboard');

    const response = await page.goto('/admin/dashboard');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    for (const title of ['Total Advogados', 'Leads Totais', 'Aprovados', 'Pendentes']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    // The demo data: 121 lawyers, a few pending.
    await expect(page.getByText('121', { exact: true })).toBeVisible();
    const activity = page.getByRole('region', { name: 'Atividade Recente' });
    for (const figure of ['Visualizações de perfil', 'Cliques no WhatsApp', 'Advogados ativos']) await expect(activity.getByText(figure)).toBeVisible();
    const status = page.getByRole('region', { name: 'Status do Sistema' });
    await expect(status.getByText(/^PGlite \(embutido\): respondeu em [\d,]+ ms$/)).toBeVisible();
    await expect(status.getByText('Em execução neste servidor')).toBeVisible();
    await expect(status.getByText('Envio: não configurado (SMTP_URL): os e-mails ficam na caixa de saída')).toBeVisible();
    // The public site's header and footer are not part of the back office.
    await expect(page.getByRole('link', { name: 'Sou Advogado' })).not.toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-dashboard-1280');

    await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL('/admin/auditoria');
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
    await saveScreenshot(page, 'admin-auditoria-1280');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(toast(page, 'Logout realizado com sucesso!')).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin');
  });

  test('at 360 px the shell and the dashboard fit the screen', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await page.goto('/admin');
    await saveScreenshot(page, 'admin-login-360');
    await submitAdminLogin(page, { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' });
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Admin' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'admin-dashboard-360');
    await page.goto('/admin/auditoria');
    await saveScreenshot(page, 'admin-auditoria-360');
  });

  test('the audit log shows the superadmin created at /bootstrap-superadmin', async ({ page }) => {
    await submitAdminLogin(page, { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' });
    await expect(page).toHaveURL('/admin/dashboard');
    await page.goto('/admin/auditoria?acao=superadmins');
    await expect(page.getByText('Superadmin criado', { exact: true })).toBeVisible();
    await expect(page.getByText(`${NEW_ADMIN.name} (${NEW_ADMIN.email})`)).toBeVisible();
    await expect(page.getByText('Página /bootstrap-superadmin')).toBeVisible();
  });
});

describe('everyone else', () => {
  test('an approved lawyer who signs in at /admin is signed out with the spec message', async ({ page }) => {
    await submitAdminLogin(page, DEMO_LAWYER);
    await expect(page).toHaveURL('/admin');
    await expect(toast(page, 'Acesso não autorizado. Apenas superadmins podem acessar esta área.')).toBeVisible();
    await page.goto('/area-advogado');
    await expect(page).toHaveURL('/login');
  });

  test('a visitor, and a lawyer signed in at /login, are sent to the entrance from any back-office page', async ({ page }) => {
    await page.goto('/admin/auditoria');
    await expect(page).toHaveURL('/admin');

    await login(page, 'lawyer');
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin');
    await expect(toast(page, 'Acesso não autorizado. Apenas superadmins podem acessar esta área.')).toBeVisible();
    // Still signed in as a lawyer: only the back office is closed to her.
    await page.goto('/area-advogado');
    await expect(page).toHaveURL('/area-advogado');
  });
});

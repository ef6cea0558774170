import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, signInAsSuperadmin, test, toast } from './support/browser';
import { fixtures, standIns } from './support/fixtures';

// /admin/mensagens on the shared server, delivering e-mail to the SMTP stand-in, which first refuses
// this file's lawyer's address for good (550): her password-reset e-mail fails, a superadmin finds it
// with the filters, resends it once the server accepts again, and sees it sent. The reset link is never
// shown. The lawyer is a copy of the demo lawyer of this file's own (the fixture door,
// docs/decisions/0035).

let LAWYER_EMAIL: string;
beforeAll(async () => {
  LAWYER_EMAIL = (await fixtures.lawyer({ copyOfDemoLawyer: true })).email;
  await standIns.refuseEmailsTo(LAWYER_EMAIL, { code: 550, message: '5.1.1 Caixa postal indisponível' });
});

/** Reloads the page until `row` shows `text` (delivery runs in the background, about a second after the commit). */
async function reloadUntil(page: Page, row: () => Locator, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return row().getByText(text, { exact: true }).isVisible();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

describe('Mensagens', () => {
  test('a superadmin filters by channel and status, resends a failed e-mail and sees it sent; no secret link on the page', async ({ openPage }) => {
    // The reset e-mail to the demo lawyer: refused for good by the SMTP server.
    const visitor = await openPage();
    await visitor.goto('/esqueci-senha');
    await visitor.getByLabel('Email').fill(LAWYER_EMAIL);
    await visitor.getByRole('button', { name: 'Enviar link de recuperação' }).click();
    await expect(toast(visitor, 'Se o e-mail estiver cadastrado')).toBeVisible();

    const page = await openPage();
    await signInAsSuperadmin(page);
    await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: 'Mensagens' }).click();
    await expect(page).toHaveURL('/admin/mensagens');
    await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
    const row = () => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: LAWYER_EMAIL }) });
    await reloadUntil(page, row, 'Falhou');
    await expect(row().getByText(/Redefinição de senha no/)).toBeVisible();
    await expect(row().getByText(/550/)).toBeVisible();

    // The filters: WhatsApp lists WhatsApp messages only (other files' journeys send some meanwhile, or
    // none yet: then the empty state), so not this e-mail; failed e-mails hold it.
    await page.getByLabel('Canal').selectOption({ label: 'WhatsApp' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL('/admin/mensagens?status=&canal=whatsapp');
    // The URL changes as the filtered page arrives: wait until the e-mail's row is gone from the screen
    // (it failed once on a busy machine, read before React had rendered the filtered list).
    await expect(row()).not.toBeVisible();
    const channels = await page.getByRole('row').locator('td:nth-child(2)').allInnerTexts();
    if (channels.length === 0) await expect(page.getByText('Nenhuma mensagem encontrada.')).toBeVisible();
    else expect(new Set(channels)).toEqual(new Set(['WhatsApp']));
    await page.getByLabel('Status').selectOption({ label: 'Falhou' });
    await page.getByLabel('Canal').selectOption({ label: 'E-mail' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL('/admin/mensagens?status=failed&canal=email');
    await expect(row().getByText('Falhou', { exact: true })).toBeVisible();
    expect(await page.getByRole('row').filter({ hasText: 'Enviada' }).count()).toBe(0);

    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-messages-1280');

    // Resend, once the server accepts again: back to the same filtered list with the toast, and sent.
    await standIns.refuseEmailsTo(LAWYER_EMAIL, null);
    await row().getByRole('button', { name: /^Reenviar/ }).click();
    await expect(toast(page, 'Mensagem reenfileirada para envio.')).toBeVisible();
    await expect(page).toHaveURL('/admin/mensagens?status=failed&canal=email');
    await page.getByLabel('Status').selectOption({ label: 'Enviada' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL('/admin/mensagens?status=sent&canal=email');
    await reloadUntil(page, row, 'Enviada');
    expect(await row().getByRole('button', { name: /^Reenviar/ }).count()).toBe(0);
    const delivered = await standIns.emailsTo(LAWYER_EMAIL);
    expect(delivered).toHaveLength(1);

    // The reset link's token is in the e-mail, never on the page.
    const token = /token=([\w-]+)/.exec(delivered[0]!.text)?.[1] ?? /redefinir-senha\/([\w-]+)/.exec(delivered[0]!.text)?.[1];
    expect(token, delivered[0]!.text).toBeTruthy();
    expect(await page.content()).not.toContain(token!);
  });

  test('at 360 px the table scrolls inside its own region, not the page', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile' });
    await signInAsSuperadmin(page);
    await page.goto('/admin/mensagens');
    const region = page.getByRole('region', { name: 'Tabela de mensagens (role para os lados no celular)' });
    await expect(region).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await saveScreenshot(page, 'admin-messages-360');
  });
});

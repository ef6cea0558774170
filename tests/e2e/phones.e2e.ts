import type { Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { expect, saveScreenshot, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures, standIns, unique, useSession } from './support/fixtures';

// Phones as people write them (docs/product-rules.md, Phones) on the two public forms, at 1280 and
// 360 px: a client's WhatsApp typed with its mask or with +55 reaches the lawyer's CRM as that number,
// a lawyer's WhatsApp typed either way is the one her public profile shows and links to, and an area
// code that does not exist is refused beside the field. On the shared server, with a lawyer, clients
// and registrations of this file's own (docs/decisions/0035).

const AREA = { id: 'propriedade_intelectual', label: 'Propriedade Intelectual' };
const CITY = { id: 'sc_joinville', label: 'Joinville - SC' };
const CASES = [
  { viewport: 'desktop', typed: '(11) 98888-7777', shown: '(11) 98888-7777' },
  { viewport: 'desktop', typed: '+55 11 98888-7777', shown: '+55 (11) 98888-7777' },
  { viewport: 'mobile', typed: '(11) 98888-7777', shown: '(11) 98888-7777' },
  { viewport: 'mobile', typed: '+55 11 98888-7777', shown: '+55 (11) 98888-7777' },
] as const;

/** Types the number key by key, as a person would: the field shows it in its shape as it goes. */
async function typePhone(page: Page, label: string, typed: string) {
  const field = page.getByLabel(label);
  await field.click();
  await field.pressSequentially(typed);
  return field;
}

describe('the request form', () => {
  let lawyer: CreatedLawyer;
  const clients: string[] = [];
  beforeAll(async () => {
    lawyer = await fixtures.lawyer({ areas: [AREA.id], cities: [CITY.id], signIn: true });
  });

  async function fillRequest(page: Page, nome: string) {
    await page.getByLabel('Nome completo').fill(nome);
    await page.getByLabel('Email').fill(`${nome.toLowerCase().replace(/\s+/g, '.')}@exemplo.com.br`);
    await page.getByLabel('Cidade', { exact: true }).selectOption({ label: CITY.label });
    await page.getByLabel('Área de atuação', { exact: true }).selectOption({ label: AREA.label });
    await page.getByLabel('Descreva seu caso').fill('Uma empresa está usando a marca que registrei no INPI e preciso saber o que fazer.');
  }

  test.for(CASES)('$typed is accepted at $viewport width', async ({ viewport, typed, shown }, { openPage }) => {
    const page = await openPage({ viewport });
    await page.goto('/solicitar-atendimento');
    await waitForHydration(page);
    const nome = `Cliente Fone ${unique(6)}`;
    clients.push(nome);
    await fillRequest(page, nome);
    const field = await typePhone(page, 'WhatsApp (com DDD)', typed);
    expect(await field.inputValue()).toBe(shown);
    expect(await field.getAttribute('placeholder')).toBe('(11) 91234-5678');
    if (typed.startsWith('(')) await saveScreenshot(page, `phones-request-typed-${viewport}`);
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  });

  test('without JavaScript the form posts the number as typed and the server reads it', async ({ openPage }) => {
    const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
    await page.goto('/solicitar-atendimento');
    const nome = `Cliente Sem Script ${unique(6)}`;
    clients.push(nome);
    await fillRequest(page, nome);
    await page.getByLabel('WhatsApp (com DDD)').fill('+55 11 98888-7777');
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  });

  test('the lawyer’s CRM shows each of those clients with the number they typed', async ({ openPage }) => {
    expect(clients).toHaveLength(CASES.length + 1);
    const page = await openPage();
    await useSession(page.context(), lawyer.cookie!);
    await page.goto('/area-advogado?section=crm&ver=50');
    await waitForHydration(page);
    await page.waitForSelector('[data-board-ready]', { state: 'attached' });
    for (const nome of clients) {
      const card = page.getByRole('article', { name: nome, exact: true });
      expect(await card.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href'), nome).toBe('https://wa.me/5511988887777');
      await card.getByText(CITY.label).click();
      const dialog = page.getByRole('dialog', { name: nome });
      await expect(dialog.getByText('(11) 98888-7777', { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).not.toBeVisible();
    }
  });

  test.for(['desktop', 'mobile'] as const)('area code 10 is refused beside the field at %s width, the rest kept', async (viewport, { openPage }) => {
    const page = await openPage({ viewport });
    await page.goto('/solicitar-atendimento');
    await waitForHydration(page);
    const nome = `Cliente Errado ${unique(6)}`;
    await fillRequest(page, nome);
    const field = await typePhone(page, 'WhatsApp (com DDD)', '(10) 98888-7777');
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(page.getByText('DDD inválido', { exact: true })).toBeVisible();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('whatsapp-erro');
    expect(await field.inputValue()).toBe('(10) 98888-7777');
    expect(await page.getByLabel('Nome completo').inputValue()).toBe(nome);
    expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe(CITY.id);
    await saveScreenshot(page, `phones-request-ddd-${viewport}`);
  });
});

describe('the registration form', () => {
  const BIO = 'Advogada de propriedade intelectual, cuido de marcas, patentes e contratos de licença com atendimento próximo.';

  async function fillRegistration(page: Page, { nome, email }: { nome: string; email: string }) {
    await page.getByLabel('Nome completo').fill(nome);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Número da OAB').fill(String(100000 + Math.floor(Math.random() * 899999)));
    await page.getByLabel('Seccional (UF)').selectOption('SC');
    await page.getByLabel('Senha', { exact: true }).fill('minha-senha-forte-7');
    await page.getByLabel('Confirme a senha').fill('minha-senha-forte-7');
    await page.getByLabel('Biografia').fill(BIO);
    await page.getByLabel(AREA.label).check();
    await page.getByLabel(CITY.label).check();
  }

  test.for(CASES)('$typed is accepted at $viewport width and is the number her profile shows', async ({ viewport, typed, shown }, { openPage }) => {
    const tag = unique(8);
    const nome = `Advogada Fone ${tag}`;
    const email = `e2e.fone.${tag}@exemplo.adv.br`;
    await fixtures.autoApprove(email);
    const page = await openPage({ viewport });
    await page.goto('/registro-advogado');
    await waitForHydration(page);
    await fillRegistration(page, { nome, email });
    const field = await typePhone(page, 'WhatsApp (com DDD)', typed);
    expect(await field.inputValue()).toBe(shown);
    expect(await field.getAttribute('placeholder')).toBe('(11) 91234-5678');
    if (typed.startsWith('(')) await saveScreenshot(page, `phones-registration-typed-${viewport}`);
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await expect(page).toHaveURL('/verificar-email');

    const mail = await standIns.waitForEmail(email);
    const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!.replace(/&amp;/g, '&'));
    await page.waitForURL((url) => url.pathname !== '/api/auth/verify-email');

    // Approved at once (this address's own AUTO_APPROVE): her public profile shows and links the number.
    await page.goto(`/advogado/advogadafone${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
    await expect(page.getByText('(11) 98888-7777', { exact: true })).toBeVisible();
    const chat = await page.getByRole('link', { name: /^Conversar no WhatsApp/ }).first().getAttribute('href');
    expect(chat).toMatch(/^https:\/\/wa\.me\/5511988887777\?text=/);
  });

  test.for(['desktop', 'mobile'] as const)('area code 10 is refused beside the field at %s width, the rest kept', async (viewport, { openPage }) => {
    const tag = unique(8);
    const nome = `Advogada Errada ${tag}`;
    const email = `e2e.fone.errado.${tag}@exemplo.adv.br`;
    const page = await openPage({ viewport });
    await page.goto('/registro-advogado');
    await waitForHydration(page);
    await fillRegistration(page, { nome, email });
    const field = await typePhone(page, 'WhatsApp (com DDD)', '(10) 98888-7777');
    await page.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await expect(page.getByText('DDD inválido', { exact: true })).toBeVisible();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.inputValue()).toBe('(10) 98888-7777');
    expect(await page.getByLabel('Nome completo').inputValue()).toBe(nome);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel(CITY.label).isChecked()).toBe(true);
    await saveScreenshot(page, `phones-registration-ddd-${viewport}`);
  });
});

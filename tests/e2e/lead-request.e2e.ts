import type { Page } from 'playwright-core';
import { assignFreeSlugs } from '~/lib/slugify';
import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import { generateDemoLawyers } from '~/modules/demo/demo-lawyers';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, test, waitForHydration } from './support/browser';
import { standIns } from './support/fixtures';

// A visitor asks for help through /solicitar-atendimento, with and without JavaScript, reads the
// confirmation e-mail a real SMTP server received, and removes the request from its link. On the shared
// server (the demo data, e-mail delivered through SMTP_URL to the stand-in, read by this file's own
// client addresses: docs/decisions/0035).

// The demo data is deterministic (app/modules/demo): Ana Beatriz Carvalho (familia, consumidor in São
// Paulo and Campinas) plus 120 generated lawyers, slugs given in that order.
const demo = generateDemoLawyers(120);
const demoSlugs = assignFreeSlugs(['Ana Beatriz Carvalho', ...demo.map((l) => l.nome)], []);
const pendingSlug = demoSlugs[1 + demo.findIndex((l) => l.status === 'pending')]!;
/** An area and a city that no approved demo lawyer serves: the last such pair (the lawyers lead-journey.e2e.ts registers serve the first). */
const unserved = (() => {
  for (const area of [...PRACTICE_AREAS].reverse()) {
    for (const city of [...CITIES].reverse()) {
      const served = demo.some((l) => l.status === 'approved' && l.areas.includes(area.id) && l.cities.includes(city.id));
      const ana = ['familia', 'consumidor'].includes(area.id) && ['sp_sao_paulo', 'sp_campinas'].includes(city.id);
      if (!served && !ana) return { area, city };
    }
  }
  throw new Error('every area is served in every city');
})();

const waitForMail = (to: string) => standIns.waitForEmail(to);

async function fillRequest(page: Page, { email, city = 'São Paulo - SP', area = 'Direito de Família' }: { email: string; city?: string; area?: string }) {
  await page.getByLabel('Nome completo').fill('Marina Duarte');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('WhatsApp (com DDD)').fill('11912345678');
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: city });
  await page.getByLabel('Área de atuação', { exact: true }).selectOption({ label: area });
  await page.getByLabel('Descreva seu caso').fill('Meu ex-companheiro parou de pagar a pensão do nosso filho há três meses.');
}

async function expectEmptyForm(page: Page) {
  for (const label of ['Nome completo', 'Email', 'WhatsApp (com DDD)', 'Descreva seu caso']) expect(await page.getByLabel(label).inputValue()).toBe('');
  expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe('');
}

test('with JavaScript: the request reaches the matching lawyers, the form is reset and the e-mail lists them', async ({ page }) => {
  await page.goto('/solicitar-atendimento');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicite Atendimento Jurídico' })).toBeVisible();
  expect(await page.getByLabel('WhatsApp (com DDD)').getAttribute('placeholder')).toBe('(11) 91234-5678');
  await expect(page.getByText('Advogados não pedem pagamento pelo WhatsApp antes de um contrato assinado.')).toBeVisible();
  expect(await page.getByRole('link', { name: /Cadastro Nacional dos Advogados/ }).getAttribute('href')).toBe('https://cna.oab.org.br/');
  expect(await page.getByRole('link', { name: 'Confirme o número' }).getAttribute('href')).toBe('/confirmar-advogado');
  // The honeypot is neither seen nor reachable.
  expect(await page.getByRole('textbox', { name: 'Deixe este campo em branco' }).count()).toBe(0);
  expect(await findSeriousA11yViolations(page).then(formatViolations)).toBe('');

  await waitForHydration(page);
  await fillRequest(page, { email: 'marina.duarte@exemplo.com.br' });
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  await expect(page).toHaveURL('/solicitar-atendimento');
  await expectEmptyForm(page);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

  const mail = await waitForMail('marina.duarte@exemplo.com.br');
  expect(mail.subject).toBe('Recebemos sua solicitação de atendimento jurídico — JusConecta');
  expect(mail.text).toMatch(/- Ana Beatriz Carvalho \(OAB\/SP 214587\): http:\/\/127\.0\.0\.1:\d+\/advogado\/anabeatrizcarvalho/);
  expect(mail.text).toMatch(/nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo. Recebeu um pedido assim\? Confirme o número em http:\/\/127\.0\.0\.1:\d+\/confirmar-advogado/);
  expect(mail.html).toContain('Remover minha solicitação');
});

test('without JavaScript: a plain form post, the no-match message, a reset form, and a reload that sends nothing again', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await page.goto('/solicitar-atendimento');
  await fillRequest(page, { email: 'sem.advogado@exemplo.com.br', city: unserved.city.label, area: unserved.area.label });
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada! Em breve um advogado entrará em contato.')).toBeVisible();
  await expect(page).toHaveURL('/solicitar-atendimento');
  await expectEmptyForm(page);
  const mail = await waitForMail('sem.advogado@exemplo.com.br');
  expect(mail.text).toContain(`nenhum advogado aprovado no JusConecta atende essa área nessa cidade`);

  // The outcome is shown once: a reload is a GET of the empty page, not the form again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicite Atendimento Jurídico' })).toBeVisible();
  expect(await page.getByText('Solicitação enviada!').count()).toBe(0);
  expect(await standIns.emailsTo('sem.advogado@exemplo.com.br')).toHaveLength(1);
});

test('mistakes are answered beside each field with the spec’s messages, values kept, with and without JavaScript', async ({ openPage }) => {
  for (const javaScriptEnabled of [false, true]) {
    const page = await openPage({ javaScriptEnabled });
    await page.goto('/solicitar-atendimento');
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel('Nome completo').fill('Jo');
    // Spaces and the mask's punctuation are accepted now; a letter is not.
    await page.getByLabel('WhatsApp (com DDD)').fill('11 9999a');
    await page.getByLabel('Descreva seu caso').fill('Curto demais.');
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    for (const message of [
      'Nome deve ter pelo menos 3 caracteres',
      'Email inválido',
      'Apenas números são permitidos',
      'Selecione uma cidade',
      'Selecione uma área de atuação',
      'Descreva seu caso com pelo menos 20 caracteres',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    expect(await page.getByLabel('Nome completo').inputValue()).toBe('Jo');
    expect(await page.getByLabel('Descreva seu caso').inputValue()).toBe('Curto demais.');
    expect(await page.getByLabel('Nome completo').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('WhatsApp (com DDD)').fill('119999');
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(page.getByText('Número deve ter pelo menos 10 dígitos', { exact: true })).toBeVisible();
  }
});

test('the lawyer variant shows the chosen lawyer; an unknown or pending lawyer’s address is the plain form', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await page.goto('/advogado/anabeatrizcarvalho');
  await page.getByRole('link', { name: 'Solicitar atendimento', exact: true }).click();
  await expect(page).toHaveURL('/solicitar-atendimento/anabeatrizcarvalho');
  await expect(page.getByRole('heading', { level: 2, name: 'Ana Beatriz Carvalho' })).toBeVisible();
  await expect(page.getByText('OAB/SP 214587', { exact: true })).toBeVisible();
  await expect(page.getByText('Você está solicitando atendimento com')).toBeVisible();
  expect(await findSeriousA11yViolations(page).then(formatViolations)).toBe('');

  for (const slug of ['ninguem-com-este-nome', pendingSlug]) {
    const response = await page.goto(`/solicitar-atendimento/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Solicite Atendimento Jurídico' })).toBeVisible();
    expect(await page.getByText('Você está solicitando atendimento com').count()).toBe(0);
    // Nothing of a lawyer under review reaches the page.
    if (slug === pendingSlug) expect(await page.content()).not.toContain(demo[demoSlugs.indexOf(pendingSlug) - 1]!.nome);
  }

  // Sent from the lawyer's page: she is first in the client's e-mail.
  await page.goto('/solicitar-atendimento/anabeatrizcarvalho');
  await waitForHydration(page);
  await fillRequest(page, { email: 'escolheu.ana@exemplo.com.br', city: 'Campinas - SP', area: 'Direito do Consumidor' });
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  await expect(page).toHaveURL('/solicitar-atendimento/anabeatrizcarvalho');
  const mail = await waitForMail('escolheu.ana@exemplo.com.br');
  const listed = mail.text.split(/\r?\n/).filter((line) => /^- .+\(OAB\//.test(line));
  expect(listed[0]).toMatch(/^- Ana Beatriz Carvalho \(OAB\/SP 214587\)/);
});

test('the e-mail’s link asks before removing, removes, and then says the link is used', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto('/solicitar-atendimento');
  await fillRequest(page, { email: 'quer.remover@exemplo.com.br' });
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  const mail = await waitForMail('quer.remover@exemplo.com.br');
  const link = /https?:\/\/\S+\/solicitacao\/remover\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // Opening it (as a mail scanner would) removes nothing; the button does (here with JavaScript).
  await page.goto(link!);
  const withScript = await openPage();
  await withScript.goto(link!);
  await expect(withScript.getByRole('heading', { level: 1, name: 'Remover solicitação de atendimento' })).toBeVisible();
  await expect(withScript.getByText('Direito de Família')).toBeVisible();
  await expect(withScript.getByText('São Paulo - SP')).toBeVisible();
  expect(await withScript.locator('meta[name="referrer"]').getAttribute('content')).toBe('same-origin');
  expect(await findSeriousA11yViolations(withScript).then(formatViolations)).toBe('');
  await waitForHydration(withScript);
  await withScript.getByRole('button', { name: 'Remover minha solicitação' }).click();
  await expect(withScript.getByRole('heading', { level: 1, name: 'Solicitação removida' })).toBeVisible();
  await expect(withScript.getByText('Sua solicitação foi removida.', { exact: false })).toBeVisible();

  // Without JavaScript a second removal from the page opened earlier is refused: the link is used.
  await page.getByRole('button', { name: 'Remover minha solicitação' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido' })).toBeVisible();

  const again = await page.goto(link!);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Link inválido' })).toBeVisible();
  await expect(page.getByText('Este link de remoção não é válido ou a solicitação já foi removida.')).toBeVisible();
});

import type { Page } from 'playwright-core';
import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import { generateDemoLawyers } from '~/modules/demo/demo-lawyers';
import { expect, saveScreenshot, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures, standIns, unique } from './support/fixtures';

// The client chooses the lawyers, within LEAD_MAX_LAWYERS (5 on the shared server; issue 22 part 2,
// docs/decisions/0043): the form lists the matching lawyers with the first five ticked and sends only to
// those still ticked, with and without JavaScript; from a lawyer's page only that lawyer gets it. Each
// test has an area and city of its own that no demo lawyer serves (international law in cities the demo
// leaves alone), with its own lawyers; who received a request is read from the client's confirmation
// e-mail, which lists every lawyer it went to.

const demo = generateDemoLawyers(120);
const AREA = PRACTICE_AREAS.find((area) => area.id === 'internacional')!;
const places = CITIES.filter((city) => !demo.some((l) => l.status === 'approved' && l.areas.includes(AREA.id) && l.cities.includes(city.id)));
const place = (index: number) => ({ area: AREA, city: places[index]! });

async function lawyersIn({ city }: ReturnType<typeof place>, count: number): Promise<CreatedLawyer[]> {
  const tag = unique(4);
  const created: CreatedLawyer[] = [];
  // One at a time: the names sort in creation order, which the assertions below do not rely on.
  for (let i = 0; i < count; i++) created.push(await fixtures.lawyer({ areas: [AREA.id], cities: [city.id], nome: `Advogada Escolha ${tag} ${String.fromCharCode(65 + i)}` }));
  return created;
}

async function fillClient(page: Page, email: string, { city }: ReturnType<typeof place>) {
  await page.getByLabel('Nome completo').fill('Clara Vasconcelos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('WhatsApp (com DDD)').fill('(11) 98888-7777');
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: city.label });
  await page.getByLabel('Área de atuação', { exact: true }).selectOption({ label: AREA.label });
  await page.getByLabel('Descreva seu caso').fill('Preciso validar no Brasil um divórcio feito em Portugal e não sei por onde começar.');
}

/** The names of the lawyers the client's confirmation e-mail says the request went to. */
async function recipientsOf(email: string): Promise<string[]> {
  const mail = await standIns.waitForEmail(email);
  return mail.text
    .split(/\r?\n/)
    .map((line) => /^- (.+?) \(OAB\//.exec(line)?.[1])
    .filter((name): name is string => Boolean(name))
    .sort();
}

const checkbox = (page: Page, lawyer: CreatedLawyer) => page.getByRole('checkbox', { name: lawyer.nome });

for (const viewport of ['mobile', 'desktop'] as const) {
  test(`at ${viewport} width the form lists the matching lawyers, the first five ticked, and sends only to those still ticked`, async ({ openPage }) => {
    const here = place(viewport === 'mobile' ? 0 : 1);
    const lawyers = await lawyersIn(here, 7);
    const page = await openPage({ viewport });
    await page.goto('/solicitar-atendimento');
    await waitForHydration(page);
    await expect(page.getByText('Escolha a cidade e a área de atuação para ver os advogados aprovados que podem receber sua solicitação.')).toBeVisible();
    const email = `escolha.${unique()}@exemplo.com.br`;
    await fillClient(page, email, here);

    const boxes = page.getByRole('group', { name: 'Advogados que vão receber sua solicitação' }).getByRole('checkbox');
    await expect(checkbox(page, lawyers[0]!)).toBeVisible();
    expect(await boxes.count()).toBe(7);
    const states = await boxes.evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).checked, (input as HTMLInputElement).disabled]));
    // The first five of the directory's order are ticked; the other two are offered, and wait for a free place.
    expect(states.slice(0, 5)).toEqual(Array(5).fill([true, false]));
    expect(states.slice(5)).toEqual(Array(2).fill([false, true]));
    await expect(page.getByText('5 advogados marcados de no máximo 5. Desmarque um para escolher outro.')).toBeVisible();
    await saveScreenshot(page, `lead-choice-list-${viewport}`);

    // Untick three, tick one of those offered: four lawyers are asked.
    const names = await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const bySlug = new Map(lawyers.map((l) => [l.slug, l]));
    const [keep1, drop1, drop2, drop3, keep2, extra] = names.map((slug) => bySlug.get(slug)!);
    for (const lawyer of [drop1!, drop2!, drop3!]) await checkbox(page, lawyer).uncheck();
    await checkbox(page, extra!).check();
    await expect(page.getByText('3 advogados marcados de no máximo 5')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
    await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();

    expect(await recipientsOf(email)).toEqual([keep1!, keep2!, extra!].map((l) => l.nome).sort());
  });
}

test('from a lawyer’s page, area and city come from her profile, only she is ticked, and only she gets the request', async ({ openPage }) => {
  const here = place(2);
  const [other1, other2, chosen] = await lawyersIn(here, 3);
  const page = await openPage({ viewport: 'mobile' });
  await page.goto(`/advogado/${chosen!.slug}`);
  await page.getByRole('link', { name: 'Solicitar atendimento', exact: true }).click();
  await expect(page).toHaveURL(`/solicitar-atendimento/${chosen!.slug}`);
  await waitForHydration(page);
  expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe(here.city.id);
  expect(await page.getByLabel('Área de atuação', { exact: true }).inputValue()).toBe(AREA.id);
  expect(await checkbox(page, chosen!).isChecked()).toBe(true);
  for (const other of [other1!, other2!]) expect(await checkbox(page, other).isChecked()).toBe(false);
  // She comes first, the others are offered below.
  const first = page.getByRole('group', { name: 'Advogados que vão receber sua solicitação' }).getByRole('checkbox').first();
  expect(await first.getAttribute('value')).toBe(chosen!.slug);

  const email = `perfil.${unique()}@exemplo.com.br`;
  await page.getByLabel('Nome completo').fill('Otávio Lemos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('WhatsApp (com DDD)').fill('+55 11 98888-7777');
  await page.getByLabel('Descreva seu caso').fill('Tenho um contrato de trabalho com uma empresa estrangeira e preciso de orientação.');
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  expect(await recipientsOf(email)).toEqual([chosen!.nome]);
});

test('without JavaScript it is two steps: “Ver advogados” shows the list with every value kept, then the send goes to those ticked', async ({ openPage }) => {
  const here = place(3);
  const lawyers = await lawyersIn(here, 6);
  const page = await openPage({ viewport: 'mobile', javaScriptEnabled: false });
  await page.goto('/solicitar-atendimento');
  const email = `sem.script.${unique()}@exemplo.com.br`;
  await fillClient(page, email, here);
  await page.getByRole('button', { name: 'Ver advogados' }).click();

  const boxes = page.getByRole('group', { name: 'Advogados que vão receber sua solicitação' }).getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBe(6);
  expect(await page.getByLabel('Nome completo').inputValue()).toBe('Clara Vasconcelos');
  expect(await page.getByLabel('Descreva seu caso').inputValue()).toContain('divórcio feito em Portugal');
  const ticked = await boxes.evaluateAll((inputs) => inputs.filter((input) => (input as HTMLInputElement).checked).map((input) => (input as HTMLInputElement).value));
  expect(ticked).toHaveLength(5);
  await saveScreenshot(page, 'lead-choice-no-javascript');

  // Keep only the second ticked one; ticking a sixth would be refused by the server ('Escolha no máximo 5 advogados.').
  const bySlug = new Map(lawyers.map((l) => [l.slug, l]));
  for (const slug of ticked.filter((_, i) => i !== 1)) await checkbox(page, bySlug.get(slug)!).uncheck();
  await page.getByRole('button', { name: 'Enviar Solicitação' }).click();
  await expect(page.getByText('Solicitação enviada com sucesso! Em breve um advogado entrará em contato.')).toBeVisible();
  expect(await recipientsOf(email)).toEqual([bySlug.get(ticked[1]!)!.nome]);
});

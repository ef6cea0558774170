import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startDataJudStandIn, type DataJudStandIn } from '../support/court-stand-ins';
import { realWorldText } from '../support/real-world';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, test, waitForHydration } from './support/browser';
import { killOwnServers, startOwnServer } from './support/own-server';

// Process monitoring against DataJud as it really answers (docs/decisions/0051): ONE server of this
// file's own (COURT_MONITORING_PROVIDER=datajud) pointed at the DataJud stand-in, which answers with the
// real samples of ../shared/fixtures/real-world/ (failed shards, timed_out, a real TJSP process). The
// demo lawyer (Plano Intermediário) of that server's own seed follows the processes.

const API_KEY = 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw==';
const SECTION = '/area-advogado?section=monitoramento';
const TJSP = '0010490-56.2025.8.26.0309';
const body = (name: string) => ({ body: JSON.parse(realWorldText(name)) as unknown });

let standIn: DataJudStandIn;
let server: Awaited<ReturnType<typeof startOwnServer>>;
let context: BrowserContext | undefined;

beforeAll(async () => {
  standIn = await startDataJudStandIn({ apiKey: API_KEY });
  server = await startOwnServer('datajud', {
    COURT_MONITORING_PROVIDER: 'datajud',
    DATAJUD_API_URL: standIn.url,
    DATAJUD_API_KEY: API_KEY,
    DATAJUD_REQUESTS_PER_SECOND: '10',
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  server?.child.kill('SIGTERM');
  await server?.exited;
  await standIn?.close();
  killOwnServers();
});

async function ownPage(browser: Browser): Promise<Page> {
  context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await login(page, 'lawyer');
  await page.goto(SECTION);
  await waitForHydration(page);
  return page;
}

const dialogOf = (page: Page, numero: string) => page.getByRole('dialog', { name: `Processo ${numero}` });

async function refresh(page: Page, numero: string) {
  await dialogOf(page, numero).getByRole('button', { name: 'Atualizar' }).click();
}

test('DataJud answering with failed shards or timed_out: the process keeps its status and the details say when it is tried again; a real answer fills the details; TST, STM and TRE numbers are followed', async ({ browser }) => {
  const page = await ownPage(browser);
  await expect(page.getByRole('heading', { name: 'Novo monitoramento' })).toBeVisible();
  const numero = page.getByLabel('Número do processo');

  // A new process, then DataJud's cluster answers with 2 of 3 shards failed: still PENDENTE, never NAO_ENCONTRADO.
  await numero.fill(TJSP);
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  await expect(page.getByText('Monitoramento criado! O status será atualizado automaticamente pelo DataJud (CNJ).')).toBeVisible();
  // The field is cleared after a successful add.
  await expect.poll(() => numero.inputValue()).toBe('');

  standIn.nextBodies(body('datajud-partial-shards-200.json'));
  await page.getByRole('link', { name: `Ver detalhes do processo ${TJSP}` }).click();
  await expect(dialogOf(page, TJSP)).toBeVisible();
  await refresh(page, TJSP);
  // The answer says it at once (with DataJud's reason)…
  const answer = dialogOf(page, TJSP).getByRole('alert');
  await expect(answer.getByText(/DataJud indisponível, nova tentativa às \d{2}:\d{2}/)).toBeVisible();
  expect(await answer.innerText()).toContain('2 de 3 partes do índice em falha');
  // …and the details keep saying it when opened again.
  await page.goto(page.url());
  const retry = dialogOf(page, TJSP).getByRole('status').filter({ hasText: 'DataJud indisponível, nova tentativa às' });
  await expect(retry).toBeVisible();
  // 'às 14:05', or 'às 00:01 de 27/11/2026' when the retry falls on the next São Paulo day (a run near midnight).
  expect(await retry.innerText()).toMatch(/^DataJud indisponível, nova tentativa às \d{2}:\d{2}( de \d{2}\/\d{2}\/\d{4})?$/);
  await expect(dialogOf(page, TJSP).getByText('Pendente', { exact: true })).toBeVisible();
  await expect(dialogOf(page, TJSP).getByText('Não encontrado')).not.toBeVisible();
  await waitForHydration(page);

  // The real TJSP answer: found, 12 movements typed by their TPU codes, the cover.
  standIn.nextBodies(body(`datajud-tjsp-${TJSP}.json`));
  await refresh(page, TJSP);
  await expect(page.getByText('Processo verificado: 12 movimentações novas.')).toBeVisible();
  const found = dialogOf(page, TJSP);
  await expect(found.getByText('Encontrado', { exact: true })).toBeVisible();
  await expect(found.getByRole('status').filter({ hasText: 'DataJud indisponível' })).not.toBeVisible();
  await expect(found.getByText('Cumprimento de sentença', { exact: true })).toBeVisible();
  await expect(found.getByText('06 CIVEL DE JUNDIAI', { exact: true })).toBeVisible();
  await expect(found.getByText('Práticas Abusivas', { exact: true })).toBeVisible();
  await expect(found.getByText('19/09/2025', { exact: true })).toBeVisible();
  const started = found.getByRole('listitem').filter({ hasText: 'Execução/Cumprimento de Sentença Iniciada (o)' });
  expect(await started.innerText()).toMatch(/^ANDAMENTO/);
  const decision = found.getByRole('listitem').filter({ hasText: 'Outras Decisões' });
  expect(await decision.innerText()).toMatch(/^DECISÃO/);
  await expect(found.getByRole('listitem').filter({ hasText: 'Conclusão: para despacho' })).toBeVisible();
  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);

  // Found, then DataJud times out: it stays ENCONTRADO, and the retry is announced again.
  standIn.nextBodies(body('datajud-timed-out-200.json'));
  await refresh(page, TJSP);
  await expect(dialogOf(page, TJSP).getByRole('alert').getByText(/DataJud indisponível, nova tentativa às \d{2}:\d{2}/)).toBeVisible();
  await page.goto(page.url());
  await expect(dialogOf(page, TJSP).getByRole('status').filter({ hasText: 'DataJud indisponível, nova tentativa às' })).toBeVisible();
  await expect(dialogOf(page, TJSP).getByText('Encontrado', { exact: true })).toBeVisible();
  await waitForHydration(page);
  await dialogOf(page, TJSP).getByRole('link', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(SECTION);
  await expect(dialogOf(page, TJSP)).not.toBeVisible();

  // The table: the class and judging body, the last movement (date and text), the retry line.
  const row = page.getByRole('table', { name: 'Monitoramentos Ativos' }).getByRole('row', { name: new RegExp(TJSP.replaceAll('.', '\\.')) });
  const rowText = await row.innerText();
  expect(rowText).toMatch(/Cumprimento de sentença[\s\S]*06 CIVEL DE JUNDIAI/);
  expect(rowText).toMatch(/Encontrado[\s\S]*DataJud indisponível, nova tentativa às \d{2}:\d{2}/);
  expect(rowText).toMatch(/26\/01\/2026 \d{2}:\d{2}[\s\S]*Petição: Petição \(outras\)/);

  // TST (J=5, TR 00), STM (J=7) and a TRE (chosen in the court list): each is followed in its own DataJud index.
  const others: Array<[string, string | null, string]> = [
    ['1000794-13.2022.5.00.0000', null, 'tst'],
    ['4976023-82.2012.7.00.2263', null, 'stm'],
    ['0000001-49.2024.6.14.0000', 'TRE-PA', 'tre-pa'],
  ];
  for (const [cnj, court, alias] of others) {
    standIn.index(alias, { numeroProcesso: cnj.replace(/\D/g, ''), tribunal: alias.toUpperCase(), grau: 'G1', classe: { codigo: 1, nome: 'Classe de teste' }, movimentos: [{ codigo: 26, nome: 'Distribuição', dataHora: '2024-02-01T13:00:00.000Z' }] });
    await page.getByLabel('Número do processo').fill(cnj);
    await page.getByLabel('Tribunal').selectOption(court ?? 'todos');
    await expect.poll(() => page.getByLabel('Número do processo').inputValue()).toBe(cnj);
    await page.getByRole('button', { name: 'Monitorar processo' }).click();
    await expect(page.getByRole('link', { name: `Ver detalhes do processo ${cnj}` })).toBeVisible();
    await page.getByRole('link', { name: `Ver detalhes do processo ${cnj}` }).click();
    await refresh(page, cnj);
    await expect(page.getByText('Processo verificado: 1 movimentação nova.')).toBeVisible();
    await expect(dialogOf(page, cnj).getByText('Encontrado', { exact: true })).toBeVisible();
    expect(standIn.requests.at(-1)?.path).toBe(`/api_publica_${alias}/_search`);
    await dialogOf(page, cnj).getByRole('link', { name: 'Fechar' }).click();
    await expect(page).toHaveURL(SECTION);
    await expect(dialogOf(page, cnj)).not.toBeVisible();
  }
  const table = page.getByRole('table', { name: 'Monitoramentos Ativos' });
  for (const sigla of ['TST', 'STM', 'TRE-PA']) await expect(table.getByRole('cell', { name: sigla, exact: true })).toBeVisible();
});

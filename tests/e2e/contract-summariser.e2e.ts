import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { contractDocx, contractPdf, pngImage } from '../fixtures/contracts/contract-files';
import { REAL_WORLD_DIR } from '../support/real-world';
import { LEASE_CONTRACT, NDA_CONTRACT } from '../fixtures/contracts/contract-texts';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, saveScreenshot, test, toast, waitForHydration } from './support/browser';

// The free tools: /ferramentas and the contract summariser's journey in Chromium, a PDF picked and a
// DOCX dropped, the page's own checks, a refusal from the server, and the same post without
// JavaScript. On the shared server each browser context posts from a client address of its own
// (X-Forwarded-For: support/browser.ts), so its posts have a fresh rate-limit window.

const SECTIONS = ['Resumo Executivo', 'Pontos Principais', 'Pontos de Atenção', 'Datas e Prazos Críticos', 'Recomendações'];

async function fillContact(page: Page) {
  await page.getByLabel('Email').fill('juridico@alfa.com.br');
  await page.getByLabel('Empresa').fill('Alfa Alimentos');
  await page.getByLabel('Telefone (com DDD)').fill('(11) 98765-4321');
}

/** Drops a file on the drop area as a browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, bytes: Uint8Array, name: string, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ data, fileName, mime }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName, { type: mime }));
      return transfer;
    },
    { data: Array.from(bytes), fileName: name, mime: type },
  );
  const area = page.getByTestId('area-arquivo');
  await area.dispatchEvent('dragover', { dataTransfer });
  await area.dispatchEvent('drop', { dataTransfer });
}

async function expectResult(page: Page) {
  await expect(page.getByRole('heading', { name: 'Análise do contrato' })).toBeVisible();
  for (const section of SECTIONS) await expect(page.getByRole('heading', { level: 3, name: section })).toBeVisible();
}

test('/ferramentas shows six tools: the summariser is a link, the other five say “Em breve” and are not buttons', async ({ page }) => {
  await page.goto('/ferramentas');
  await expect(page.getByRole('heading', { name: 'Ferramentas Jurídicas Gratuitas' })).toBeVisible();
  expect(await page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }).count()).toBe(6);
  expect(await page.getByText('Em breve', { exact: true }).count()).toBe(5);
  expect(await page.locator('main').getByRole('button').count()).toBe(0);
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toBeVisible();
  expect(await findSeriousA11yViolations(page), formatViolations(await findSeriousA11yViolations(page))).toEqual([]);
  await page.getByRole('link', { name: 'Usar ferramenta' }).click();
  await expect(page).toHaveURL('/sumarizador-contratos');
  await expect(page.getByRole('heading', { name: 'Sumarizador de Contratos', level: 1 })).toBeVisible();
});

test('a visitor picks a PDF, sees “Analisando contrato...”, then the analysis; dropping a DOCX clears it and analyses the new one', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/sumarizador-contratos');
  await waitForHydration(page);

  // Nothing chosen: the page says so before posting anything.
  await fillContact(page);
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Por favor, selecione um arquivo primeiro.' })).toBeVisible();

  // An image with a .pdf name is refused by its first bytes, in the browser.
  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pngImage()) });
  await expect(page.getByText('Formato não suportado. Use apenas PDF ou DOCX.')).toBeVisible();

  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'locacao.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await contractPdf(LEASE_CONTRACT.paragraphs)) });
  await expect(page.getByText('Formato não suportado. Use apenas PDF ou DOCX.')).not.toBeVisible();
  // Hold the answer back a moment so the analysing state can be seen (the real one is quick).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sumarizador-contratos.data*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expect(page.getByRole('button', { name: 'Analisando contrato...' })).toBeVisible();
  expect(await page.getByLabel('Email').isDisabled()).toBe(true);
  expect(await page.getByLabel('Arquivo do contrato').isDisabled()).toBe(true);
  release();

  await expectResult(page);
  await page.unroute('**/sumarizador-contratos.data*');
  await expect(toast(page, 'Análise Concluída')).toBeVisible();
  await expect(toast(page, 'O contrato foi analisado com sucesso!')).toBeVisible();
  await expect(page.getByText('Valor: R$ 2.800,00 (dois mil e oitocentos reais) – aluguel mensal (Cláusula 3ª).')).toBeVisible();
  expect(await page.getByLabel('Email').isDisabled()).toBe(false);
  expect(await findSeriousA11yViolations(page), formatViolations(await findSeriousA11yViolations(page))).toEqual([]);

  // A new file clears the previous result.
  await dropFile(page, contractDocx(NDA_CONTRACT.paragraphs), 'acordo.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  await expect(page.getByRole('heading', { name: 'Análise do contrato' })).not.toBeVisible();
  await expect(page.getByText('acordo.docx')).toBeVisible();
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expectResult(page);
  await expect(page.getByText(/^Parte: INOVA TECNOLOGIA EM SAÚDE S\.A\., como PARTE REVELADORA/)).toBeVisible();
  await expect(page.getByText('Não há cláusula de foro: em caso de disputa, não está definido onde a ação será proposta (não encontrada no contrato)')).toBeVisible();
});

test('a DOCX picked and a PDF dropped are analysed too; a file the server refuses shows “Erro na Análise” with the reason', async ({ openPage }) => {
  const page = await openPage({ viewport: 'mobile' });
  await page.goto('/sumarizador-contratos');
  await waitForHydration(page);
  await fillContact(page);

  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'nda.docx', mimeType: '', buffer: Buffer.from(contractDocx(NDA_CONTRACT.paragraphs)) });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expectResult(page);

  await dropFile(page, await contractPdf(LEASE_CONTRACT.paragraphs), 'locacao.pdf', 'application/pdf');
  await expect(page.getByRole('heading', { name: 'Análise do contrato' })).not.toBeVisible();
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expectResult(page);
  await expect(page.getByText('Reajuste pelo IGP-M: O aluguel será reajustado a cada 12 (doze) meses pela variação positiva do IGP-M/FGV. (Cláusula 4ª)')).toBeVisible();
  await saveScreenshot(page, 'sumarizador-resultado-360');

  // A PDF header with nothing readable after it passes the browser's check; the server refuses it.
  const broken = new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...new Uint8Array(2000).fill(7)]);
  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'quebrado.pdf', mimeType: 'application/pdf', buffer: Buffer.from(broken) });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expect(toast(page, 'Erro na Análise')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Erro ao processar o arquivo\./ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Análise do contrato' })).not.toBeVisible();
});

test('without JavaScript the form posts the file as multipart and the page comes back with the analysis', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto('/sumarizador-contratos');
  // Posting without a file: the server's message, the contact kept.
  await fillContact(page);
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Por favor, selecione um arquivo primeiro.' })).toBeVisible();
  await expect(toast(page, 'Erro na Análise')).toBeVisible();
  expect(await page.getByLabel('Empresa').inputValue()).toBe('Alfa Alimentos');

  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'locacao.docx', mimeType: 'application/octet-stream', buffer: Buffer.from(contractDocx(LEASE_CONTRACT.paragraphs)) });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expectResult(page);
  await expect(toast(page, 'O contrato foi analisado com sucesso!')).toBeVisible();
  await expect(page.getByText('Foro: Comarca de Curitiba/PR – As partes elegem o foro da Comarca de Curitiba/PR para dirimir as questões oriundas deste contrato. (Cláusula 7ª)')).toBeVisible();
});

test('an individual leaves “Empresa” empty and sends real contracts: the abusive clauses are attention points and the contract is never called protective; a model says it is one', async ({ openPage }) => {
  const page = await openPage();
  await page.goto('/sumarizador-contratos');
  await waitForHydration(page);
  await page.getByLabel('Email').fill('ana.souza@exemplo.com.br');
  await page.getByLabel('Telefone (com DDD)').fill('(21) 98765-4321');
  expect(await page.getByLabel('Empresa').inputValue()).toBe('');
  const real = (name: string) => Buffer.from(fs.readFileSync(path.join(REAL_WORLD_DIR, 'contracts', name)));

  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'servicos.pdf', mimeType: 'application/pdf', buffer: real('servicos-clausulas-abusivas.pdf') });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expectResult(page);
  await expect(toast(page, 'O contrato foi analisado com sucesso!')).toBeVisible();
  await expect(page.getByText(/^Atenção: 9 cláusulas que o Código de Defesa do Consumidor \(Lei nº 8\.078\/1990, art\. 51\) considera abusivas/)).toBeVisible();
  await expect(page.getByText(/^Cláusula abusiva pelo Código de Defesa do Consumidor \(art\. 49, do CDC\): proíbe o direito de arrependimento do consumidor\. .*\(Cláusula 9ª\)\.$/)).toBeVisible();
  await expect(page.getByText(/^Cláusula abusiva pelo Código de Defesa do Consumidor \(art\. 51, IV, e art\. 101, I, do CDC\): foro estrangeiro ou distante do consumidor\./)).toBeVisible();
  await expect(page.getByText('Valor principal: não identificado no texto.')).toBeVisible();
  expect(await page.getByText(/proteções básicas/).count()).toBe(0);

  await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'locacao.docx', mimeType: '', buffer: real('locacao-residencial-modelo.docx') });
  await page.getByRole('button', { name: 'Analisar Contrato' }).click();
  await expectResult(page);
  await expect(page.getByText(/^Este documento é um modelo a preencher, não um contrato preenchido: tem \d+ campos em branco/)).toBeVisible();
  await expect(page.getByText('Vigência: em branco no modelo (“terá a duração de {{duracao}}”, Cláusula 1ª).')).toBeVisible();
  await expect(page.getByText('Foro: Comarca de Lavras/MG (Cláusula 33ª).')).toBeVisible();
  expect(await page.getByText(/Vigência: 120 dias/).count()).toBe(0);
  expect(await findSeriousA11yViolations(page), formatViolations(await findSeriousA11yViolations(page))).toEqual([]);
});

test('screenshots at 360 px and 1280 px of both pages, the summariser with a result', async ({ openPage }) => {
  for (const viewport of ['mobile', 'desktop'] as const) {
    const page = await openPage({ viewport });
    await page.goto('/ferramentas');
    await saveScreenshot(page, `ferramentas-${viewport}`);
    await page.goto('/sumarizador-contratos');
    await waitForHydration(page);
    await fillContact(page);
    await page.getByLabel('Arquivo do contrato').setInputFiles({ name: 'locacao-residencial.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await contractPdf(LEASE_CONTRACT.paragraphs)) });
    await page.getByRole('button', { name: 'Analisar Contrato' }).click();
    await expectResult(page);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, `sumarizador-${viewport}`);
  }
});

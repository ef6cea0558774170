import fs from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { toolLeads } from '~/db/schema/tools';
import { createOpenAiCompatibleAnalyser } from '~/integrations/contract-analysis/openai-compatible.server';
import { CONTRACT_MESSAGES } from '~/modules/contracts/contract-rules';
import { analyseContract, CONTRACT_ANALYSES_PER_HOUR } from '~/modules/contracts/contracts.server';
import { action } from '~/routes/tools/contract-summariser';
import { contractDocx, contractPdf, corruptPdf, encryptedPdf, fakeJpeg, manyPagePdf, pngImage, scannedPdf, zipBombDocx } from '../fixtures/contracts/contract-files';
import { LEASE_CONTRACT, NDA_CONTRACT } from '../fixtures/contracts/contract-texts';
import { startContractAnalysisStandIn, type ContractAnalysisStandIn } from '../support/contract-analysis-stand-in';

// The summariser's form post, as the browser sends it with or without JavaScript (multipart), through
// the route's action on PGlite: the analysis, the tool lead, every refusal a 4xx in Portuguese.

const CONTACT = { email: 'juridico@alfa.com.br', empresa: 'Alfa Alimentos', telefone: '(11) 98765-4321' };

function post(file: { bytes: Uint8Array; name: string; type?: string } | null, fields: Record<string, string> = CONTACT, ip = '203.0.113.20') {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  // A browser without a chosen file still sends the part, empty and without a name.
  body.append('arquivo', file ? new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? '' }) : new File([], '', { type: 'application/octet-stream' }));
  const request = new Request('http://localhost:3000/sumarizador-contratos', { method: 'POST', headers: { [CLIENT_IP_HEADER]: ip }, body });
  return action({ request, params: {}, context: {} } as never);
}

type Answer = { type: string; init: ResponseInit | null; data: { errors: Record<string, string>; message: string | null; analysis?: { sections: Record<string, string[]>; source: string }; fileName?: string } };

async function answer(file: Parameters<typeof post>[0], fields?: Record<string, string>, ip?: string) {
  const result = (await post(file, fields, ip)) as unknown as Answer;
  const headers = new Headers(result.init?.headers);
  return { status: result.init?.status ?? 200, body: result.data, cacheControl: headers.get('Cache-Control'), retryAfter: headers.get('Retry-After') };
}

async function storedLeads() {
  const [row] = await db.select({ n: count() }).from(toolLeads);
  return row?.n ?? 0;
}

afterEach(() => vi.restoreAllMocks());

describe('the contract summariser’s form post', () => {
  test('a PDF is analysed: the five sections, no-store, and the contact kept as a tool lead (digits only)', async () => {
    const result = await answer({ bytes: await contractPdf(LEASE_CONTRACT.paragraphs), name: 'locacao.pdf', type: 'application/pdf' });
    expect(result.status).toBe(200);
    expect(result.cacheControl).toBe('no-store');
    expect(result.body.fileName).toBe('locacao.pdf');
    expect(result.body.analysis?.source).toBe('builtin');
    expect(Object.keys(result.body.analysis!.sections)).toEqual(['resumoExecutivo', 'pontosPrincipais', 'pontosDeAtencao', 'datasEPrazos', 'recomendacoes']);
    expect(result.body.analysis!.sections.pontosPrincipais).toContain('Valor: R$ 2.800,00 (dois mil e oitocentos reais) – aluguel mensal (Cláusula 3ª).');
    const leads = await db.select().from(toolLeads);
    expect(leads).toEqual([expect.objectContaining({ tool: 'sumarizador-contratos', email: 'juridico@alfa.com.br', empresa: 'Alfa Alimentos', telefone: '5511987654321' })]);
  });

  test('an individual leaves “Empresa” empty (or the browser leaves it out): the contract is analysed and the lead stored without a company', async () => {
    const empty = await answer({ bytes: contractDocx(LEASE_CONTRACT.paragraphs), name: 'locacao.docx' }, { email: 'ana@exemplo.com.br', empresa: '   ', telefone: '(11) 98765-4321' });
    expect(empty.status).toBe(200);
    expect(empty.body.errors ?? {}).toEqual({});
    const missing = await answer({ bytes: contractDocx(LEASE_CONTRACT.paragraphs), name: 'locacao.docx' }, { email: 'bia@exemplo.com.br', telefone: '(21) 98765-4321' });
    expect(missing.status).toBe(200);
    const leads = await db.select().from(toolLeads);
    expect(leads.map((l) => [l.email, l.empresa])).toEqual(expect.arrayContaining([['ana@exemplo.com.br', null], ['bia@exemplo.com.br', null]]));
  });

  test('a DOCX sent with a .pdf name and no type is read as the DOCX it is', async () => {
    const result = await answer({ bytes: contractDocx(NDA_CONTRACT.paragraphs), name: 'acordo.pdf' });
    expect(result.status).toBe(200);
    expect(result.body.analysis!.sections.pontosDeAtencao?.[0]).toMatch(/^Não há cláusula de foro/);
  });

  test('the file is read in memory: nothing is written to disk while a contract is analysed', async () => {
    const writes = [vi.spyOn(fs, 'writeFileSync'), vi.spyOn(fs, 'createWriteStream'), vi.spyOn(fs, 'openSync'), vi.spyOn(fs.promises, 'writeFile'), vi.spyOn(fs.promises, 'open')];
    const pdf = await answer({ bytes: await contractPdf(LEASE_CONTRACT.paragraphs), name: 'locacao.pdf' });
    const docx = await answer({ bytes: contractDocx(LEASE_CONTRACT.paragraphs), name: 'locacao.docx' });
    expect([pdf.status, docx.status]).toEqual([200, 200]);
    for (const write of writes) expect(write).not.toHaveBeenCalled();
  });

  test.each([
    ['an image renamed .pdf', async () => ({ bytes: pngImage(), name: 'contrato.pdf', type: 'application/pdf' }), 415, CONTRACT_MESSAGES.unsupported],
    ['a corrupt PDF', async () => ({ bytes: await corruptPdf(), name: 'contrato.pdf' }), 422, CONTRACT_MESSAGES.corruptPdf],
    ['a password-protected PDF', async () => ({ bytes: encryptedPdf(), name: 'protegido.pdf' }), 422, CONTRACT_MESSAGES.encrypted],
    ['a scanned PDF', async () => ({ bytes: await scannedPdf(fakeJpeg(30_000)), name: 'digitalizado.pdf' }), 422, CONTRACT_MESSAGES.scanned],
    ['a zip bomb renamed .docx', async () => ({ bytes: zipBombDocx(), name: 'contrato.docx' }), 422, CONTRACT_MESSAGES.zipBomb],
    ['a zip bomb that lies about its sizes', async () => ({ bytes: zipBombDocx({ lie: true }), name: 'contrato.docx' }), 422, CONTRACT_MESSAGES.zipBomb],
    ['a file over 10 MB', async () => ({ bytes: new Uint8Array(10 * 1024 * 1024 + 1), name: 'grande.pdf' }), 400, CONTRACT_MESSAGES.tooLarge],
    ['an 8 MB PDF of 50,000 pages', async () => ({ bytes: manyPagePdf(50_000), name: 'anexos.pdf' }), 422, CONTRACT_MESSAGES.tooManyPages],
  ])('%s is refused with its message beside the file, and no lead is stored', async (_name, file, status, message) => {
    const result = await answer(await file());
    expect(result.status).toBe(status);
    expect(result.body.errors.arquivo).toBe(message);
    expect(result.body.analysis).toBeUndefined();
    expect(await storedLeads()).toBe(0);
  });

  test('no file: “Por favor, selecione um arquivo primeiro.”; missing contact fields get their messages (the company is optional)', async () => {
    const result = await answer(null, { email: '', empresa: ' ', telefone: '' });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({
      arquivo: 'Por favor, selecione um arquivo primeiro.',
      email: 'Informe seu email.',
      telefone: 'Informe o telefone.',
    });
    const invalid = await answer({ bytes: await contractPdf(LEASE_CONTRACT.paragraphs), name: 'a.pdf' }, { email: 'nao-e-email', empresa: 'X', telefone: '1234' });
    expect(invalid.body.errors).toEqual({ email: 'Email inválido', telefone: 'Número deve ter pelo menos 10 dígitos' });
  });

  test('a body that is not a form is a 400 with the messages, never a 500', async () => {
    const request = new Request('http://localhost:3000/sumarizador-contratos', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, body: '--x\r\nbroken' });
    const result = (await action({ request, params: {}, context: {} } as never)) as unknown as Answer;
    expect(result.init?.status).toBe(400);
    expect(result.data.errors.arquivo).toBe(CONTRACT_MESSAGES.noFile);
  });

  test(`at most ${CONTRACT_ANALYSES_PER_HOUR} analyses per IP an hour, then 429 with Retry-After; another IP goes on`, async () => {
    const bytes = contractDocx(LEASE_CONTRACT.paragraphs);
    for (let i = 0; i < CONTRACT_ANALYSES_PER_HOUR; i++) expect((await answer({ bytes, name: 'a.docx' }, CONTACT, '198.51.100.4')).status).toBe(200);
    const blocked = await answer({ bytes, name: 'a.docx' }, CONTACT, '198.51.100.4');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Muitas tentativas\. Aguarde \d+ minutos e tente novamente\.$/);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(3000);
    // A refused file counts too: the limit is on the work, whatever its outcome.
    expect((await answer({ bytes: pngImage(), name: 'a.pdf' }, CONTACT, '198.51.100.4')).status).toBe(429);
    expect((await answer({ bytes, name: 'a.docx' }, CONTACT, '198.51.100.5')).status).toBe(200);
  });
});

describe('with a language model configured', () => {
  let standIn: ContractAnalysisStandIn;
  beforeAll(async () => {
    standIn = await startContractAnalysisStandIn();
  });
  afterAll(() => standIn.close());
  const service = () => createOpenAiCompatibleAnalyser({ url: standIn.url, apiKey: 'sk-test', model: 'gpt-test' }, { timeoutMs: 500 });
  const analyse = async () => analyseContract({ file: new File([contractDocx(LEASE_CONTRACT.paragraphs) as Uint8Array<ArrayBuffer>], 'locacao.docx'), contact: { ...CONTACT, telefone: '11987654321' } }, { clientIp: '192.0.2.1', service: service() });

  test('its answer is the analysis, parsed into the five sections', async () => {
    const result = await analyse();
    expect(result.source).toBe('external');
    expect(result.sections.pontosPrincipais).toEqual(['Aluguel mensal de R$ 2.800,00 (Cláusula 3ª)']);
    expect(JSON.stringify(standIn.requests.at(-1)!.body)).toContain('O aluguel mensal é de R$ 2.800,00');
  });

  test.each(['unauthorized', 'server-error', 'hang', 'malformed-json', 'without-sections'] as const)('when it fails (%s) the built-in analyser answers', async (behaviour) => {
    standIn.next(behaviour);
    const result = await analyse();
    expect(result.source).toBe('builtin');
    expect(result.sections.pontosPrincipais).toContain('Valor: R$ 2.800,00 (dois mil e oitocentos reais) – aluguel mensal (Cláusula 3ª).');
    expect(await storedLeads()).toBe(1);
  });
});

import { afterEach, describe, expect, test } from 'vitest';
import { startEscavadorStandIn, type EscavadorMovementItem } from '../../../tests/support/court-stand-ins';
import { createEscavadorProvider, type EscavadorProviderOptions } from './escavador.server';
import { CourtProviderError, type StartMonitoringInput } from './provider';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.token-de-teste';
const TJSP = { sigla: 'TJSP', datajudAlias: 'tjsp' };
/** Published TJSP numbers and the list example of Escavador's docs: real numbers with valid check digits. */
const NUMERO = '0018063-19.2013.8.26.0002';
const OUTRO = '1002089-72.2023.8.26.0260';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function escavador(options: Partial<EscavadorProviderOptions> = {}) {
  const standIn = await startEscavadorStandIn({ token: TOKEN });
  closers.push(() => standIn.close());
  const provider = createEscavadorProvider({ apiUrl: standIn.url, token: TOKEN, timeoutMs: 2000, ...options });
  return { standIn, provider };
}

async function failureOf(promise: Promise<unknown>): Promise<CourtProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourtProviderError);
  return error as CourtProviderError;
}

const start = (numero = NUMERO, extra: Partial<StartMonitoringInput> = {}): StartMonitoringInput => ({ numero, court: TJSP, courtChosen: false, frequencia: 'DIARIA', ...extra });

function movement(id: number, data: string, conteudo: string, extra: Partial<EscavadorMovementItem> = {}): EscavadorMovementItem {
  return {
    id,
    data,
    tipo: 'ANDAMENTO',
    conteudo,
    tipo_publicacao: null,
    classificacao_predita: null,
    texto_categoria: null,
    fonte: { fonte_id: 3, nome: 'Tribunal de Justiça de São Paulo', tipo: 'TRIBUNAL', sigla: 'TJSP', grau: 1, grau_formatado: 'Primeiro Grau' },
    ...extra,
  };
}

describe('the Escavador adapter: monitorings', () => {
  test('creates a monitoring with the Bearer token and the SDK headers, the number and frequency; the court only when chosen', async () => {
    const { standIn, provider } = await escavador();
    expect(provider).toMatchObject({ id: 'escavador', displayName: 'Escavador' });

    const { providerRef } = await provider.startMonitoring(start());
    expect(providerRef).toBe('1567024');
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api/v2/monitoramentos/processos', body: { numero: NUMERO, frequencia: 'DIARIA' } });
    expect(request!.body).not.toHaveProperty('tribunal');
    expect(request!.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', accept: 'application/json' });
    expect(standIn.monitorings.get(1567024)).toMatchObject({ numero: NUMERO, status: 'PENDENTE', frequencia: 'DIARIA', data_ultima_verificacao: null, tribunais: [{ sigla: 'TJSP' }] });

    await provider.startMonitoring(start(OUTRO, { courtChosen: true, frequencia: 'SEMANAL' }));
    expect(standIn.requests[1]!.body).toEqual({ numero: OUTRO, tribunal: 'TJSP', frequencia: 'SEMANAL' });
  });

  test('lists (following links.next across pages), gets one, and deletes; a monitoring already gone counts as stopped', async () => {
    const { standIn, provider } = await escavador();
    standIn.listPageSize = 2;
    const numbers = [NUMERO, OUTRO, '0058967-77.2016.8.19.0000', '0722391-40.2017.8.07.0001', '1157146-44.2024.8.26.0100'];
    const refs: string[] = [];
    for (const numero of numbers) refs.push((await provider.startMonitoring(start(numero))).providerRef!);

    const list = await provider.listMonitorings();
    expect(list.map((m) => m.numero)).toEqual(numbers);
    expect(standIn.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(['/api/v2/monitoramentos/processos', '/api/v2/monitoramentos/processos?page=2', '/api/v2/monitoramentos/processos?page=3']);
    expect(list[3]).toMatchObject({ id: refs[3], status: 'PENDENTE', frequencia: 'DIARIA', tribunais: ['TJDFT'], dataUltimaVerificacao: null });

    expect(await provider.getMonitoring(refs[1]!)).toMatchObject({ id: refs[1], numero: OUTRO, status: 'PENDENTE' });

    await provider.stopMonitoring({ numero: OUTRO, providerRef: refs[1]! });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v2/monitoramentos/processos/${refs[1]}` });
    expect(standIn.monitorings.has(Number(refs[1]))).toBe(false);
    expect(await failureOf(provider.getMonitoring(refs[1]!))).toMatchObject({ kind: 'not_found', status: 404, detail: 'NotFound' });
    await expect(provider.stopMonitoring({ numero: OUTRO, providerRef: refs[1]! })).resolves.toBeUndefined();
    const before = standIn.requests.length;
    await provider.stopMonitoring({ numero: OUTRO, providerRef: null });
    expect(standIn.requests).toHaveLength(before);
  });

  test("a duplicate (422 'Você já monitora este processo.') adopts the account's existing monitoring (another lawyer follows the process)", async () => {
    const { standIn, provider } = await escavador();
    standIn.listPageSize = 1;
    await provider.startMonitoring(start(OUTRO));
    const first = await provider.startMonitoring(start());
    const second = await provider.startMonitoring(start(NUMERO, { frequencia: 'SEMANAL' }));
    expect(second).toEqual(first);
    expect(standIn.monitorings.size).toBe(2);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`).slice(2)).toEqual([
      'POST /api/v2/monitoramentos/processos',
      'GET /api/v2/monitoramentos/processos',
      'GET /api/v2/monitoramentos/processos?page=2',
    ]);
  });

  test('a duplicate the list does not show is a duplicate error with the provider message', async () => {
    const { standIn, provider } = await escavador({ maxListPages: 1 });
    standIn.listPageSize = 1;
    await provider.startMonitoring(start());
    await provider.startMonitoring(start(OUTRO));
    const error = await failureOf(provider.startMonitoring(start(OUTRO)));
    expect(error).toMatchObject({ kind: 'duplicate', status: 422, detail: 'Você já monitora este processo.', retryable: false });
  });

  test('a number out of the CNJ format is invalid (422 NUMERO_CNJ_INVALIDO), with the provider message', async () => {
    const { provider } = await escavador();
    const error = await failureOf(provider.startMonitoring(start('18063-19.2013.8.26.2')));
    expect(error).toMatchObject({ kind: 'invalid', status: 422, detail: 'O número do processo não está no formato CNJ.' });
  });
});

describe('the Escavador adapter: checks and movements', () => {
  test('PENDENTE is pending, NAO_ENCONTRADO is not found (no movement call), ENCONTRADO reads the movements', async () => {
    const { standIn, provider } = await escavador();
    const { providerRef } = await provider.startMonitoring(start());
    expect(await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef })).toEqual({ found: false, pending: true, movements: [] });

    standIn.resolve(Number(providerRef), 'NAO_ENCONTRADO');
    const calls = standIn.requests.length;
    expect(await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef })).toEqual({ found: false, movements: [] });
    expect(standIn.requests).toHaveLength(calls + 1);

    standIn.resolve(Number(providerRef), 'ENCONTRADO');
    standIn.addProcess(NUMERO, [movement(853879, '2018-07-25', 'CERTIDAO DE CARTORIO EXPEDIDA')]);
    expect(await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef })).toEqual({
      found: true,
      movements: [{ data: new Date('2018-07-25T00:00:00Z'), descricao: 'CERTIDAO DE CARTORIO EXPEDIDA', tipo: 'ANDAMENTO' }],
    });
    expect(standIn.requests.at(-1)!.path).toBe(`/api/v2/processos/numero_cnj/${encodeURIComponent(NUMERO)}/movimentacoes?limit=100`);
  });

  test('follows the cursor of links.next through every page (newest first), up to the page cap', async () => {
    const { standIn, provider } = await escavador();
    const movements = Array.from({ length: 250 }, (_, i) => movement(1000 + i, new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10), `Movimento ${i}`));
    standIn.addProcess(NUMERO, movements);

    const check = await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null });
    expect(check.found).toBe(true);
    expect(check.movements).toHaveLength(250);
    expect(check.movements[0]!.descricao).toBe('Movimento 249');
    expect(check.movements.at(-1)!.descricao).toBe('Movimento 0');
    const pages = standIn.requests.map((r) => new URL(r.path, 'http://x').searchParams);
    expect(pages).toHaveLength(3);
    expect(pages[1]!.get('cursor')).toBeTruthy();
    expect(pages[2]!.get('li')).toBe('100');

    const capped = createEscavadorProvider({ apiUrl: standIn.url, token: TOKEN, maxMovementPages: 2 });
    expect((await capped.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null })).movements).toHaveLength(200);
  });

  test('a next link to another host is not followed (the token stays home)', async () => {
    const { standIn, provider } = await escavador();
    standIn.addProcess(NUMERO, Array.from({ length: 120 }, (_, i) => movement(i, '2024-01-01', `M${i}`)));
    standIn.linksBase = 'https://api.escavador.example/api/v2';
    const error = await failureOf(provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null }));
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('https://api.escavador.example');
    expect(standIn.requests).toHaveLength(1);
  });

  test('without a monitoring, a process Escavador does not have is not found', async () => {
    const { provider } = await escavador();
    expect(await provider.checkProcess({ numero: OUTRO, court: TJSP, providerRef: null })).toEqual({ found: false, movements: [] });
  });

  test('types come from the predicted classification, else from the content; anything else is ANDAMENTO', async () => {
    const { standIn, provider } = await escavador();
    standIn.addProcess(NUMERO, [
      movement(1, '2024-10-05', 'Vistos. Ante o exposto, JULGO PROCEDENTE o pedido.', { tipo: 'PUBLICACAO', classificacao_predita: { nome: 'Sentença', descricao: 'Sentença de mérito', hierarquia: 'Atos do Juiz > Sentença' } }),
      movement(2, '2024-10-04', 'Decisão interlocutória proferida'),
      movement(3, '2024-10-03', 'Despacho de mero expediente'),
      movement(4, '2024-10-02', 'Pedido de Liminar/Antecipação de Tutela'),
      movement(5, '2024-10-01', 'Conclusos para sentença'),
      movement(6, '2024-09-30', 'Remetidos os autos para o Tribunal', { tipo: 'PUBLICACAO' }),
    ]);
    const { movements } = await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null });
    expect(movements.map((m) => m.tipo)).toEqual(['SENTENCA', 'DECISAO', 'DESPACHO', 'ANDAMENTO', 'ANDAMENTO', 'ANDAMENTO']);
  });
});

describe('the Escavador adapter: errors', () => {
  test('401 Unauthenticated is auth, 402 no credit is no_credit: not retryable, with the provider message', async () => {
    const { standIn, provider } = await escavador({ token: 'token-errado' });
    expect(await failureOf(provider.startMonitoring(start()))).toMatchObject({ kind: 'auth', status: 401, detail: 'Unauthenticated', retryable: false });

    const ok = createEscavadorProvider({ apiUrl: standIn.url, token: TOKEN });
    standIn.next('no-credit');
    expect(await failureOf(ok.startMonitoring(start()))).toMatchObject({ kind: 'no_credit', status: 402, detail: 'Você não possui saldo em crédito da API.', retryable: false });
  });

  test('429 is rate_limited after its Retry-After; 500 unavailable; both retryable', async () => {
    const { standIn, provider } = await escavador();
    standIn.retryAfterSeconds = 42;
    standIn.next('rate-limited');
    expect(await failureOf(provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null }))).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 42, retryable: true });
    standIn.retryAfterSeconds = null;
    standIn.next('rate-limited');
    const noHeader = await failureOf(provider.startMonitoring(start()));
    expect(noHeader.kind).toBe('rate_limited');
    expect(noHeader.retryAfterSeconds).toBeUndefined();

    standIn.next('server-error');
    expect(await failureOf(provider.stopMonitoring({ numero: NUMERO, providerRef: '1' }))).toMatchObject({ kind: 'unavailable', status: 500, detail: 'Server Error', retryable: true });
  });

  test('a hang past the deadline and a closed port are network errors, in Portuguese', async () => {
    const { standIn } = await escavador();
    const provider = createEscavadorProvider({ apiUrl: standIn.url, token: TOKEN, timeoutMs: 300 });
    standIn.next('hang');
    const started = Date.now();
    const timeout = await failureOf(provider.startMonitoring(start()));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(timeout).toMatchObject({ kind: 'network', retryable: true, detail: 'Tempo esgotado: o Escavador não respondeu em 300 ms' });

    const url = standIn.url;
    await standIn.close();
    const refused = await failureOf(createEscavadorProvider({ apiUrl: url, token: TOKEN }).startMonitoring(start()));
    expect(refused.kind).toBe('network');
    expect(refused.detail).toMatch(/^Falha ao conectar com o Escavador: /);
  });

  test('a redirect is refused, never followed with the token', async () => {
    const { standIn, provider } = await escavador();
    standIn.next('redirect');
    const error = await failureOf(provider.startMonitoring(start()));
    expect(error).toMatchObject({ kind: 'unavailable', status: 302 });
    expect(standIn.requests).toHaveLength(1);
  });

  test('a monitoring deleted at Escavador is not_found on check', async () => {
    const { provider } = await escavador();
    expect(await failureOf(provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: '999' }))).toMatchObject({ kind: 'not_found', status: 404 });
  });
});

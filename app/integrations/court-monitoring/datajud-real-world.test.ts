import { afterEach, describe, expect, test } from 'vitest';
import { courtOfCnj } from '~/domain/cnj';
import { startDataJudStandIn } from '../../../tests/support/court-stand-ins';
import { realWorldFiles, realWorldText } from '../../../tests/support/real-world';
import { createCourtPacer, createDataJudProvider, dataJudCheck, dataJudError } from './datajud.server';
import { CourtProviderError, type ProviderCourt } from './provider';

// Every real DataJud answer in ../shared/fixtures/real-world/ (datajud-*.json; its README gives each
// one's source), read as the adapter reads them: directly, and served by the DataJud stand-in.

const API_KEY = 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw==';
const json = (name: string): unknown => JSON.parse(realWorldText(name));
const courtOf = (numero: string): ProviderCourt => {
  const court = courtOfCnj(numero)!;
  return { sigla: court.sigla, datajudAlias: court.datajudAlias };
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function failure(run: () => unknown): CourtProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CourtProviderError);
    return error as CourtProviderError;
  }
  throw new Error('expected a CourtProviderError');
}

describe('the real DataJud answers', () => {
  test('every datajud-*.json sample has a case here', () => {
    expect(realWorldFiles('datajud-')).toEqual([
      'datajud-index-not-found-404.json',
      'datajud-partial-shards-200.json',
      'datajud-timed-out-200.json',
      'datajud-tjdft-wiki-exemplo2.json',
      'datajud-tjsp-0010490-56.2025.8.26.0309.json',
      'datajud-tjsp-1053565-57.2024.8.26.0053.json',
      'datajud-trt2-not-found.json',
    ]);
  });

  test('TJSP cumprimento de sentença: 12 movements typed by their TPU codes, the start of enforcement is not a judgment, the cover', () => {
    const check = dataJudCheck(json('datajud-tjsp-0010490-56.2025.8.26.0309.json'));
    expect(check.found).toBe(true);
    expect(check.movements.map((m) => [m.codigo, m.descricao, m.tipo])).toEqual([
      [11385, 'Execução/Cumprimento de Sentença Iniciada (o)', 'ANDAMENTO'],
      [51, 'Conclusão: para despacho', 'ANDAMENTO'],
      [12164, 'Outras Decisões', 'DECISAO'],
      [123, 'Remessa: outros motivos', 'ANDAMENTO'],
      [92, 'Publicação', 'ANDAMENTO'],
      [85, 'Petição: Petição (outras)', 'ANDAMENTO'],
      [11383, 'Ato ordinatório', 'ANDAMENTO'],
      [85, 'Petição: Petição (outras)', 'ANDAMENTO'],
      [11383, 'Ato ordinatório', 'ANDAMENTO'],
      [123, 'Remessa: outros motivos', 'ANDAMENTO'],
      [92, 'Publicação', 'ANDAMENTO'],
      [85, 'Petição: Petição (outras)', 'ANDAMENTO'],
    ]);
    expect(check.movements[0]!.data.toISOString()).toBe('2025-09-22T16:05:37.000Z');
    expect(check.details).toEqual({
      classe: 'Cumprimento de sentença',
      assuntos: ['Práticas Abusivas'],
      orgaoJulgador: '06 CIVEL DE JUNDIAI',
      grau: 'G1',
      // dataAjuizamento in the compact form: 20250919104220.
      dataAjuizamento: '2025-09-19T10:42:20.000Z',
      partes: [],
    });
  });

  test('TJSP mandado de segurança (sistema "Inválido", nanosecond @timestamp): the order to amend is a despacho, the certificate a complement', () => {
    const check = dataJudCheck(json('datajud-tjsp-1053565-57.2024.8.26.0053.json'));
    expect(check.movements.map((m) => [m.codigo, m.descricao, m.tipo])).toEqual([
      [26, 'Distribuição: sorteio', 'ANDAMENTO'],
      [60, 'Expedição de documento: Certidão', 'ANDAMENTO'],
      [51, 'Conclusão: para despacho', 'ANDAMENTO'],
      [15085, 'Emenda à Inicial', 'DESPACHO'],
    ]);
    expect(check.details).toMatchObject({ classe: 'Mandado de Segurança Cível', assuntos: ['Pagamento'], orgaoJulgador: '16 FAZENDA PUBLICA DE CENTRAL', grau: 'G1', dataAjuizamento: '2024-07-29T11:20:00.000Z' });
  });

  test('TJDFT (wiki exemplo2, a search by class and court: two processes): only the number asked for, nested subject arrays flattened', () => {
    const body = json('datajud-tjdft-wiki-exemplo2.json');
    const first = dataJudCheck(body, '07223914020178070001');
    expect(first.found).toBe(true);
    expect(first.movements.map((m) => [m.codigo, m.descricao, m.tipo])).toEqual([
      [26, 'Distribuição: sorteio', 'ANDAMENTO'],
      [11382, 'Bloqueio/penhora on line', 'DECISAO'],
      [132, 'Recebimento', 'ANDAMENTO'],
    ]);
    expect(first.details).toMatchObject({ classe: 'Execução Fiscal', assuntos: ['Dívida Ativa (Execução Fiscal)'], grau: 'G1', dataAjuizamento: '2017-08-21T10:05:32.000Z' });
    const second = dataJudCheck(body, '00073039720138070015');
    expect(second.movements.map((m) => [m.codigo, m.descricao, m.tipo])).toEqual([
      [26, 'Distribuição: competência exclusiva', 'ANDAMENTO'],
      [245, 'Provisório', 'ANDAMENTO'],
    ]);
    expect(second.details?.assuntos).toEqual(['Dívida Ativa (Execução Fiscal)', 'Dívida Ativa não-tributária']);
    // Neither number: nothing of theirs is taken for it.
    expect(dataJudCheck(body, '00000011120248070001')).toMatchObject({ found: false, movements: [] });
    const check = first;
    // The court's own '??' (a lost 'ÇÃ') cannot be repaired: it is shown as sent.
    expect(check.details?.orgaoJulgador).toBe('VARA DE EXECU??O FISCAL DO DF');
  });

  test('TRT2 real empty answer: complete, no hit: not found, and it needs confirming before the process is NAO_ENCONTRADO', () => {
    expect(dataJudCheck(json('datajud-trt2-not-found.json'))).toEqual({ found: false, movements: [], notFoundNeedsConfirmation: true });
  });

  test('HTTP 200 with 2 of 3 shards failed, and HTTP 200 timed_out: retryable, never "not found"', () => {
    const shards = failure(() => dataJudCheck(json('datajud-partial-shards-200.json')));
    expect(shards).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(shards.detail).toContain('2 de 3');
    const timedOut = failure(() => dataJudCheck(json('datajud-timed-out-200.json')));
    expect(timedOut).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(timedOut.detail).toContain('timed_out');
  });

  test('the 404 of an alias DataJud does not have (api_publica_stf): invalid, with its reason', () => {
    const body = json('datajud-index-not-found-404.json');
    const error = dataJudError({ status: 404, json: body, text: JSON.stringify(body), headers: new Headers() }, 'stf');
    expect(error).toMatchObject({ kind: 'invalid', retryable: false });
    expect(error.detail).toContain('no such index [api_publica_stf]');
  });

  test('served over HTTP by the stand-in: the real answers in the court index the number gives', async () => {
    const standIn = await startDataJudStandIn({ apiKey: API_KEY });
    closers.push(() => standIn.close());
    const provider = createDataJudProvider({ apiUrl: standIn.url, apiKey: API_KEY, timeoutMs: 2000, requestsPerSecond: Infinity });
    const numero = '0010490-56.2025.8.26.0309';
    standIn.nextBodies({ body: json('datajud-partial-shards-200.json') }, { body: json('datajud-timed-out-200.json') }, { body: json(`datajud-tjsp-${numero}.json`) });
    await expect(provider.checkProcess({ numero, court: courtOf(numero), providerRef: null })).rejects.toMatchObject({ kind: 'unavailable', retryable: true });
    await expect(provider.checkProcess({ numero, court: courtOf(numero), providerRef: null })).rejects.toMatchObject({ kind: 'unavailable', retryable: true });
    const found = await provider.checkProcess({ numero, court: courtOf(numero), providerRef: null });
    expect(found.movements).toHaveLength(12);
    expect(standIn.requests.map((r) => r.path)).toEqual(Array(3).fill('/api_publica_tjsp/_search'));

    const trt2 = '1001196-38.2022.5.02.0712';
    standIn.nextBodies({ body: json('datajud-trt2-not-found.json') });
    expect(await provider.checkProcess({ numero: trt2, court: courtOf(trt2), providerRef: null })).toMatchObject({ found: false, notFoundNeedsConfirmation: true });
    expect(standIn.requests.at(-1)?.path).toBe('/api_publica_trt2/_search');

    standIn.nextBodies({ status: 404, body: json('datajud-index-not-found-404.json') });
    await expect(provider.checkProcess({ numero: trt2, court: { sigla: 'STF', datajudAlias: 'stf' }, providerRef: null })).rejects.toMatchObject({ kind: 'invalid' });
  });

  test('TST (J=5), STM (J=7) and a TRE number are monitored: each asks its own index', async () => {
    const standIn = await startDataJudStandIn({ apiKey: API_KEY });
    closers.push(() => standIn.close());
    const provider = createDataJudProvider({ apiUrl: standIn.url, apiKey: API_KEY, timeoutMs: 2000, requestsPerSecond: Infinity });
    const cases: Array<[string, string]> = [
      ['1000794-13.2022.5.00.0000', 'tst'],
      ['4976023-82.2012.7.00.2263', 'stm'],
      ['0000001-49.2024.6.14.0000', 'tre-pa'],
    ];
    for (const [numero, alias] of cases) {
      const digits = numero.replace(/\D/g, '');
      standIn.index(alias, { numeroProcesso: digits, tribunal: alias.toUpperCase(), grau: 'G1', movimentos: [{ codigo: 26, nome: 'Distribuição', dataHora: '2024-01-10T10:00:00.000Z' }] });
      await expect(provider.startMonitoring({ numero, court: courtOf(numero), courtChosen: false, frequencia: 'DIARIA' })).resolves.toEqual({ providerRef: null });
      const check = await provider.checkProcess({ numero, court: courtOf(numero), providerRef: null });
      expect(check.found, numero).toBe(true);
      expect(standIn.requests.at(-1)?.path).toBe(`/api_publica_${alias}/_search`);
    }
  });
});

describe('the per-court pace (DATAJUD_REQUESTS_PER_SECOND)', () => {
  test('requests to one court are spaced 1/rate apart; another court is not held up', async () => {
    let clock = 0;
    const pace = createCourtPacer(4, () => clock);
    const started = Date.now();
    await pace('tjsp');
    await pace('tjsp');
    await pace('trt2');
    // Two requests to tjsp at the same instant: the second waited 250 ms; trt2 waited nothing.
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(600);
    clock = 10_000;
    const again = Date.now();
    await pace('tjsp');
    expect(Date.now() - again).toBeLessThan(50);
  });

  test('through the adapter: 3 checks at one court at 5 per second take at least 400 ms', async () => {
    const standIn = await startDataJudStandIn({ apiKey: API_KEY });
    closers.push(() => standIn.close());
    const provider = createDataJudProvider({ apiUrl: standIn.url, apiKey: API_KEY, timeoutMs: 2000, requestsPerSecond: 5 });
    const numero = '1053565-57.2024.8.26.0053';
    const started = Date.now();
    await Promise.all([0, 1, 2].map(() => provider.checkProcess({ numero, court: courtOf(numero), providerRef: null })));
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    // (The arrival times at the stand-in are not compared: on a loaded machine the first request can arrive late.)
    expect(standIn.requests).toHaveLength(3);
  });
});

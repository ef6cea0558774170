import { afterEach, describe, expect, test } from 'vitest';
import { startDataJudStandIn, type DataJudSource } from '../../../tests/support/court-stand-ins';
import { createDataJudProvider, dataJudCheck, fixMojibake } from './datajud.server';
import { CourtProviderError, type ProviderCourt } from './provider';

/** The key published on the DataJud wiki when the adapter was written: tests use a value of the same shape. */
const API_KEY = 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw==';
const TRF1: ProviderCourt = { sigla: 'TRF1', datajudAlias: 'trf1' };
const TJDFT: ProviderCourt = { sigla: 'TJDFT', datajudAlias: 'tjdft' };
const STF: ProviderCourt = { sigla: 'STF', datajudAlias: null };
/** The DataJud wiki's exemplo1 (TRF1, JEF Tefé). */
const NUMERO = '0000832-35.2018.4.01.3202';
const DIGITS = '00008323520184013202';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function dataJud(options: { apiKey?: string; timeoutMs?: number } = {}) {
  const standIn = await startDataJudStandIn({ apiKey: API_KEY });
  closers.push(() => standIn.close());
  // No pace here (the per-court pace has its own test).
  const provider = createDataJudProvider({ apiUrl: standIn.url, apiKey: options.apiKey ?? API_KEY, timeoutMs: options.timeoutMs ?? 2000, requestsPerSecond: Infinity });
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

/** The wiki's exemplo1 hit (JE) and a second instance (G2) of the same number, sharing one movement. */
const FIRST_INSTANCE: DataJudSource = {
  numeroProcesso: DIGITS,
  classe: { codigo: 436, nome: 'Procedimento do Juizado Especial Cível' },
  tribunal: 'TRF1',
  grau: 'JE',
  movimentos: [
    { complementosTabelados: [{ codigo: 2, valor: 1, nome: 'competência exclusiva', descricao: 'tipo_de_distribuicao_redistribuicao' }], codigo: 26, nome: 'Distribuição', dataHora: '2018-10-30T14:06:24.000Z' },
    { codigo: 11010, nome: 'Mero expediente', dataHora: '2018-11-05T10:00:00.000Z' },
    { codigo: 51, nome: 'Conclusão', dataHora: '2019-02-01T09:00:00.000Z', complementosTabelados: [{ codigo: 3, valor: 8, nome: 'para julgamento', descricao: 'tipo_de_conclusao' }] },
    { codigo: 219, nome: 'Procedência', dataHora: '2019-03-10T16:30:00.000Z' },
  ],
};
const SECOND_INSTANCE: DataJudSource = {
  numeroProcesso: DIGITS,
  classe: { codigo: 460, nome: 'Recurso Inominado Cível' },
  tribunal: 'TRF1',
  grau: 'TR',
  movimentos: [
    { codigo: 219, nome: 'Procedência', dataHora: '2019-03-10T16:30:00.000Z' },
    { codigo: 332, nome: 'Concedida a Antecipação de tutela', dataHora: '2019-05-02T12:00:00.000Z' },
    { codigo: 848, nome: 'Trânsito em julgado', dataHora: '2019-08-20T00:00:00.000Z' },
    { codigo: 193, nome: 'Julgamento', dataHora: '2019-07-01T15:00:00.000Z', complementosTabelados: [] },
  ],
};

describe('the DataJud adapter', () => {
  test("POSTs the 20 digits as a match on numeroProcesso to the court's index with the APIKey header", async () => {
    const { standIn, provider } = await dataJud();
    expect(provider).toMatchObject({ id: 'datajud', displayName: 'DataJud (CNJ)' });
    standIn.index('trf1', FIRST_INSTANCE);
    await provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api_publica_trf1/_search' });
    expect(request!.headers).toMatchObject({ authorization: `APIKey ${API_KEY}`, 'content-type': 'application/json' });
    expect(request!.body).toEqual({ query: { match: { numeroProcesso: DIGITS } }, size: 20 });
  });

  test('merges the movements of every instance, once per (codigo, dataHora), oldest first, typed by the TPU name', async () => {
    const { standIn, provider } = await dataJud();
    standIn.index('trf1', FIRST_INSTANCE);
    standIn.index('trf1', SECOND_INSTANCE);
    standIn.index('trf1', { ...FIRST_INSTANCE, numeroProcesso: '00000000020184013202', movimentos: [{ codigo: 1, nome: 'Outro processo', dataHora: '2020-01-01T00:00:00Z' }] });
    const check = await provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null });
    expect(check.found).toBe(true);
    expect(check.movements.map((m) => [m.data.toISOString(), m.descricao, m.tipo])).toEqual([
      ['2018-10-30T14:06:24.000Z', 'Distribuição: competência exclusiva', 'ANDAMENTO'],
      ['2018-11-05T10:00:00.000Z', 'Mero expediente', 'DESPACHO'],
      ['2019-02-01T09:00:00.000Z', 'Conclusão: para julgamento', 'ANDAMENTO'],
      ['2019-03-10T16:30:00.000Z', 'Procedência', 'SENTENCA'],
      ['2019-05-02T12:00:00.000Z', 'Concedida a Antecipação de tutela', 'DECISAO'],
      ['2019-07-01T15:00:00.000Z', 'Julgamento', 'SENTENCA'],
      ['2019-08-20T00:00:00.000Z', 'Trânsito em julgado', 'ANDAMENTO'],
    ]);
  });

  test('0 hits is not found; a court with documents for other numbers too', async () => {
    const { standIn, provider } = await dataJud();
    standIn.index('tjdft', { numeroProcesso: '07223914020178070001', tribunal: 'TJDFT', grau: 'G1', movimentos: [] });
    expect(await provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null })).toEqual({ found: false, movements: [], notFoundNeedsConfirmation: true });
    expect(await provider.checkProcess({ numero: '0722391-40.2017.8.07.0001', court: TJDFT, providerRef: null })).toMatchObject({ found: true, movements: [], details: { grau: 'G1', partes: [] } });
  });

  test('a court DataJud has no index for is refused before any call, at start and at check; no court at all too', async () => {
    const { standIn, provider } = await dataJud();
    const atStart = await failureOf(provider.startMonitoring({ numero: '0000001-56.2024.1.00.0000', court: STF, courtChosen: true, frequencia: 'DIARIA' }));
    expect(atStart).toMatchObject({ kind: 'invalid', detail: 'O DataJud (CNJ) não tem dados do STF: o monitoramento deste tribunal não é suportado.' });
    expect((await failureOf(provider.checkProcess({ numero: NUMERO, court: STF, providerRef: null }))).kind).toBe('invalid');
    expect((await failureOf(provider.checkProcess({ numero: NUMERO, court: null, providerRef: null }))).detail).toMatch(/precisa do tribunal/);
    expect(standIn.requests).toHaveLength(0);
    expect(await provider.startMonitoring({ numero: NUMERO, court: TRF1, courtChosen: false, frequencia: 'SEMANAL' })).toEqual({ providerRef: null });
    await expect(provider.stopMonitoring({ numero: NUMERO, providerRef: null })).resolves.toBeUndefined();
  });

  test('an alias the API does not know (404 index_not_found_exception) is invalid, with the reason', async () => {
    const { provider } = await dataJud();
    const error = await failureOf(provider.checkProcess({ numero: NUMERO, court: { sigla: 'STF', datajudAlias: 'stf' }, providerRef: null }));
    expect(error).toMatchObject({ kind: 'invalid', status: 404, retryable: false });
    expect(error.detail).toBe('O DataJud (CNJ) não tem o índice api_publica_stf: no such index [api_publica_stf]');
  });

  test('a refused key is auth; 429 rate_limited after Retry-After; 503 unavailable', async () => {
    const { standIn, provider } = await dataJud({ apiKey: 'chave-antiga' });
    const auth = await failureOf(provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null }));
    expect(auth).toMatchObject({ kind: 'auth', status: 401, retryable: false });
    expect(auth.detail).toMatch(/^O DataJud \(CNJ\) recusou a chave de API \(HTTP 401\)/);

    const good = createDataJudProvider({ apiUrl: standIn.url, apiKey: API_KEY });
    standIn.retryAfterSeconds = 30;
    standIn.next('rate-limited', 'server-error');
    expect(await failureOf(good.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null }))).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 30, retryable: true });
    expect(await failureOf(good.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null }))).toMatchObject({ kind: 'unavailable', status: 503, detail: 'Service temporarily unavailable', retryable: true });
  });

  test('a slow answer within the deadline is read; past it, or a hang, is a network error', async () => {
    const { standIn } = await dataJud();
    standIn.index('trf1', FIRST_INSTANCE);
    const provider = createDataJudProvider({ apiUrl: standIn.url, apiKey: API_KEY, timeoutMs: 800, requestsPerSecond: Infinity });
    standIn.latencyMs = 100;
    expect((await provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null })).movements).toHaveLength(4);
    standIn.latencyMs = 1200;
    expect(await failureOf(provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null }))).toMatchObject({ kind: 'network', detail: 'Tempo esgotado: o DataJud (CNJ) não respondeu em 800 ms' });
    standIn.latencyMs = 0;
    standIn.next('hang');
    expect((await failureOf(provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null }))).kind).toBe('network');
  });

  test('a redirect is refused', async () => {
    const { standIn, provider } = await dataJud();
    standIn.next('redirect');
    expect(await failureOf(provider.checkProcess({ numero: NUMERO, court: TRF1, providerRef: null }))).toMatchObject({ kind: 'unavailable', status: 301 });
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('reading DataJud answers', () => {
  test('double-encoded accents are repaired; clean text is left alone', () => {
    expect(fixMojibake('DecisÃ£o InterlocutÃ³ria')).toBe('Decisão Interlocutória');
    expect(fixMojibake('Decisão')).toBe('Decisão');
    expect(fixMojibake('Ã')).toBe('Ã');
    const check = dataJudCheck({ hits: { total: { value: 1 }, hits: [{ _source: { movimentos: [{ codigo: 3, nome: 'DecisÃ£o', dataHora: '2024-01-02T03:04:05Z' }] } }] } });
    expect(check.movements).toEqual([{ data: new Date('2024-01-02T03:04:05Z'), descricao: 'Decisão', tipo: 'DECISAO', codigo: 3 }]);
  });

  test('dates: ISO with or without a zone (UTC), the compact form; a movement without a date or a name is left out', () => {
    const check = dataJudCheck({
      hits: {
        total: { value: 1, relation: 'eq' },
        hits: [
          {
            _source: {
              movimentos: [
                { codigo: 1, nome: 'A', dataHora: '2024-01-02T03:04:05' },
                { codigo: 2, nome: 'B', dataHora: '20240102030406' },
                { codigo: 3, nome: 'C', dataHora: '2024-01-02T00:04:07.000-03:00' },
                { codigo: 4, nome: 'D', dataHora: 'amanhã' },
                { codigo: 5, nome: '', dataHora: '2024-01-02T03:04:05Z' },
                'lixo',
              ],
            },
          },
        ],
      },
    });
    expect(check.movements.map((m) => [m.descricao, m.data.toISOString()])).toEqual([
      ['A', '2024-01-02T03:04:05.000Z'],
      ['B', '2024-01-02T03:04:06.000Z'],
      ['C', '2024-01-02T03:04:07.000Z'],
    ]);
  });

  test('an answer without hits.total is found when it has hits; one without hits at all is no answer (retryable), never "not found"', () => {
    expect(dataJudCheck({ hits: { hits: [{ _source: { movimentos: [] } }] } }).found).toBe(true);
    expect(dataJudCheck({ hits: { total: 0, hits: [] } }).found).toBe(false);
    expect(dataJudCheck({ hits: { total: 2, hits: [] } }).found).toBe(true);
    expect(() => dataJudCheck(undefined)).toThrow(CourtProviderError);
    expect(() => dataJudCheck({ took: 3 })).toThrow(/resposta incompleta/);
    expect(dataJudCheck({ hits: { total: { value: 0 }, hits: [] } })).toEqual({ found: false, movements: [], notFoundNeedsConfirmation: true });
  });
});

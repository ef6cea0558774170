import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { escavadorCallbacks, monitoredProcesses } from '~/db/schema/monitoring';
import { createEscavadorProvider } from '~/integrations/court-monitoring/escavador.server';
import { backgroundLog } from '~/lib/log.server';
import { ESCAVADOR_CALLBACK_MAX_BYTES, ESCAVADOR_CALLBACK_MAX_DEPTH, WEBHOOK_TEXTS, receiveEscavadorCallback } from '~/modules/monitoring/escavador-webhook.server';
import { PENDING_STATUS_CHECK_MS, checkStalePendingMonitorings, processEscavadorCallback } from '~/modules/monitoring/monitoring-background.server';
import { createMonitoring, getMonitoringDetails, openMonitoring } from '~/modules/monitoring/monitoring.server';
import { createLawyer } from '../factories/lawyers';
import { startEscavadorStandIn } from '../support/court-stand-ins';
import { realWorldFiles, realWorldText } from '../support/real-world';

// Escavador's real callback samples (../shared/fixtures/real-world/escavador-callback-*.json) through
// the webhook, the bodies that are valid JSON but unusable (NUL in a string, absurd nesting, over the
// cap: a 4xx in JSON, logged without a stack trace, never a 500), and the safety net for a lost status
// callback (a monitoring still PENDENTE after a day is asked for its status once a day). docs/decisions/0051.

const CALLBACK_TOKEN = 'painel-callback-token-0123456789';
const API_TOKEN = 'escavador-api-token-abcdef';
const NUMERO = '0018063-19.2013.8.26.0002';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  vi.restoreAllMocks();
});

function delivery(raw: string): Request {
  const headers = new Headers({ 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: '198.51.100.21', Authorization: CALLBACK_TOKEN });
  return new Request('http://localhost:3000/api/webhooks/escavador', { method: 'POST', headers, body: raw });
}
const receive = (raw: string) => receiveEscavadorCallback(delivery(raw), { token: CALLBACK_TOKEN, queue: undefined });

async function escavador() {
  const standIn = await startEscavadorStandIn({ token: API_TOKEN });
  closers.push(() => standIn.close());
  return { standIn, provider: createEscavadorProvider({ apiUrl: standIn.url, token: API_TOKEN, timeoutMs: 2000 }) };
}

async function lawyer() {
  const created = await createLawyer({ plan: 'premium', whatsappNotificacoes: '5511912345678' });
  return openMonitoring({ id: created.id, isSuperadmin: false });
}

describe('the real callback samples', () => {
  test('every escavador-callback-*.json is answered 200 and stored once by its uuid; the movement ones reach the monitored process', async () => {
    const owner = await lawyer();
    const { provider } = await escavador();
    const { id } = await createMonitoring(owner, { numero: NUMERO, tribunal: null, frequencia: 'DIARIA' }, provider);
    // The samples name Escavador's monitoring 17.
    await db.update(monitoredProcesses).set({ providerRef: '17' }).where(eq(monitoredProcesses.id, id));

    const files = realWorldFiles('escavador-callback-');
    expect(files).toHaveLength(5);
    for (const file of files) {
      const raw = realWorldText(file);
      const response = await receive(raw);
      expect(response.status, file).toBe(200);
      const uuid = (JSON.parse(raw) as { uuid: string }).uuid;
      expect((await response.json()) as unknown, file).toMatchObject({ uuid, mensagem: WEBHOOK_TEXTS.received });
      expect((await receive(raw)).status, `${file} again`).toBe(200);
      await processEscavadorCallback(uuid);
    }
    expect(await db.$count(escavadorCallbacks)).toBeGreaterThanOrEqual(5);
    const details = await getMonitoringDetails(owner, id);
    expect(details.status).toBe('ENCONTRADO');
    // The diary publication: Escavador's own classification 'Atos Judiciais > Decisão'; no TPU code from Escavador.
    const publication = details.movements.find((m) => m.descricao.startsWith('Vistos. Defiro a tutela'));
    expect(publication).toMatchObject({ tipo: 'DECISAO', codigo: null });
    expect(details.movements).toHaveLength(2);
  });
});

describe('valid JSON that cannot be used', () => {
  const warnings = () => {
    const spy = vi.spyOn(backgroundLog(), 'warn');
    const lines = () => spy.mock.calls.map((call) => call[0] as Record<string, unknown>);
    return lines;
  };

  test('a NUL character in a string (or a key): 422 in JSON, logged once without a stack trace, nothing stored', async () => {
    const lines = warnings();
    const base = JSON.parse(realWorldText('escavador-callback-nova-movimentacao-docs.json')) as Record<string, unknown>;
    for (const raw of [
      JSON.stringify({ ...base, uuid: 'nul-1', movimentacao: { ...(base.movimentacao as object), conteudo: 'Decisão\u0000proferida' } }),
      JSON.stringify({ ...base, uuid: 'nul-2', extra: { 'chave\u0000': 1 } }),
    ]) {
      const response = await receive(raw);
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(JSON.stringify(await response.json())).toContain('caractere nulo');
    }
    expect(await db.$count(escavadorCallbacks, sql`${escavadorCallbacks.uuid} like 'nul-%'`)).toBe(0);
    expect(lines().filter((l) => l.reason === 'NUL character in a string')).toHaveLength(2);
    for (const line of lines()) {
      expect(line).not.toHaveProperty('err');
      expect(JSON.stringify(line)).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    }
  });

  test('JSON nested 100,000 deep, and just past the limit: 422; at the limit it is read as usual', async () => {
    const lines = warnings();
    const deep = `{"event":"nova_movimentacao","uuid":"deep-1","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await receive(deep);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: WEBHOOK_TEXTS.tooDeep(ESCAVADOR_CALLBACK_MAX_DEPTH) });
    const past = `{"event":"x","uuid":"deep-2","x":${'['.repeat(ESCAVADOR_CALLBACK_MAX_DEPTH)}${']'.repeat(ESCAVADOR_CALLBACK_MAX_DEPTH)}}`;
    expect((await receive(past)).status).toBe(422);
    // Brackets inside strings are text, not nesting.
    const inText = JSON.stringify({ event: 'evento_desconhecido', uuid: 'deep-3', texto: '['.repeat(1000) });
    expect((await receive(inText)).status).toBe(200);
    expect(lines().filter((l) => l.reason === 'nested too deep')).toHaveLength(2);
    for (const line of lines()) expect(line).not.toHaveProperty('err');
  });

  test('over the cap: 413 in JSON, logged without a stack trace', async () => {
    const lines = warnings();
    const big = JSON.stringify({ event: 'nova_movimentacao', uuid: 'big-1', texto: 'a'.repeat(ESCAVADOR_CALLBACK_MAX_BYTES) });
    const response = await receive(big);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: WEBHOOK_TEXTS.tooLarge });
    expect(lines().some((l) => l.reason === 'over the cap' && !('err' in l))).toBe(true);
  });
});

describe('the safety net for a lost status callback', () => {
  test('a monitoring still PENDENTE 24 hours after creation is asked for its status (GET), once a day; the answer is recorded with the cover and parties', async () => {
    const owner = await lawyer();
    const { standIn, provider } = await escavador();
    const { id } = await createMonitoring(owner, { numero: NUMERO, tribunal: null, frequencia: 'DIARIA' }, provider);
    const [row] = await db.select({ ref: monitoredProcesses.providerRef, criadoEm: monitoredProcesses.criadoEm }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id));
    const ref = Number(row!.ref);
    const created = row!.criadoEm.getTime();
    const gets = () => standIn.requests.filter((r) => r.method === 'GET' && r.path === `/api/v2/monitoramentos/processos/${ref}`).length;

    // Less than a day old: not asked.
    expect(await checkStalePendingMonitorings(provider, { now: new Date(created + PENDING_STATUS_CHECK_MS - 60_000) })).toBe(0);
    expect(gets()).toBe(0);

    // A day old, still searching at Escavador: asked once, stays PENDENTE; asked again only a day later.
    const day1 = new Date(created + PENDING_STATUS_CHECK_MS + 60_000);
    expect(await checkStalePendingMonitorings(provider, { now: day1 })).toBe(1);
    expect(gets()).toBe(1);
    expect((await getMonitoringDetails(owner, id)).status).toBe('PENDENTE');
    expect(await checkStalePendingMonitorings(provider, { now: new Date(day1.getTime() + 60 * 60_000) })).toBe(0);
    expect(gets()).toBe(1);

    // The search ended and its callback was lost: the next day's question finds it.
    standIn.resolve(ref, 'ENCONTRADO');
    standIn.addProcess(NUMERO, [{ id: 1, data: '2024-10-01', tipo: 'ANDAMENTO', conteudo: 'Conclusos para despacho', classificacao_predita: null }]);
    standIn.covers.set(NUMERO.replace(/\D/g, ''), {
      numero_cnj: NUMERO,
      data_inicio: '2013-05-02',
      fontes: [
        {
          tipo: 'TRIBUNAL',
          sigla: 'TJSP',
          grau_formatado: 'Primeiro Grau',
          capa: { classe: 'Procedimento Comum Cível', assuntos_normalizados: [{ nome: 'Indenização por Dano Moral' }], orgao_julgador: '2ª Vara Cível do Foro Regional de Santo Amaro', data_distribuicao: '2013-05-02' },
          envolvidos: [
            { nome: 'Maria da Silva', tipo_normalizado: 'Autor', polo: 'ATIVO' },
            { nome: 'Banco Exemplo S.A.', tipo_normalizado: 'Réu', polo: 'PASSIVO' },
          ],
        },
      ],
    });
    expect(await checkStalePendingMonitorings(provider, { now: new Date(day1.getTime() + PENDING_STATUS_CHECK_MS) })).toBe(1);
    expect(gets()).toBe(2);
    const details = await getMonitoringDetails(owner, id);
    expect(details.status).toBe('ENCONTRADO');
    expect(details.movements.map((m) => m.descricao)).toEqual(['Conclusos para despacho']);
    expect(details.detalhes).toEqual({
      classe: 'Procedimento Comum Cível',
      assuntos: ['Indenização por Dano Moral'],
      orgaoJulgador: '2ª Vara Cível do Foro Regional de Santo Amaro',
      grau: 'Primeiro Grau',
      dataAjuizamento: '2013-05-02T00:00:00.000Z',
      partes: [
        { nome: 'Maria da Silva', tipo: 'Autor', polo: 'ATIVO' },
        { nome: 'Banco Exemplo S.A.', tipo: 'Réu', polo: 'PASSIVO' },
      ],
    });
    // Found: no more questions.
    expect(await checkStalePendingMonitorings(provider, { now: new Date(day1.getTime() + 3 * PENDING_STATUS_CHECK_MS) })).toBe(0);
  });
});

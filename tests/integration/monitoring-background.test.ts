import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { escavadorCallbacks, monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { createDataJudProvider } from '~/integrations/court-monitoring/datajud.server';
import { createEscavadorProvider } from '~/integrations/court-monitoring/escavador.server';
import type { CourtMonitoringProvider } from '~/integrations/court-monitoring/provider';
import { ESCAVADOR_CALLBACK_JOB, MONITORING_CHECK_JOB, escavadorCallbackJob, monitoringCheckJob, startMonitoringDispatcher, type MonitoringDispatcher } from '~/jobs/monitoring.server';
import { RetryLaterError, runningJobQueue, startJobQueue, stopJobQueue, type JobAttempt } from '~/jobs/queue.server';
import { startBackgroundWork, stopBackgroundWork } from '~/jobs/worker.server';
import { createSimulatedProvider } from '~/integrations/court-monitoring/simulado';
import { CALLBACK_AUTH_FAILURES_PER_WINDOW, ESCAVADOR_CALLBACK_MAX_BYTES, WEBHOOK_TEXTS, receiveEscavadorCallback } from '~/modules/monitoring/escavador-webhook.server';
import { firstCheckAt } from '~/modules/monitoring/check-schedule';
import { claimDueChecks, processEscavadorCallback } from '~/modules/monitoring/monitoring-background.server';
import { createMonitoring, getMonitoringDetails, openMonitoring, removeMonitoring, type MonitoringLawyer } from '~/modules/monitoring/monitoring.server';
import { action } from '~/routes/resources/escavador-webhook';
import { createLawyer, expirePlan } from '../factories/lawyers';
import { startDataJudStandIn, startEscavadorStandIn, type DataJudStandIn, type EscavadorMovementItem, type EscavadorStandIn } from '../support/court-stand-ins';

// Process monitoring's background side against a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): Escavador's callbacks (authentication, limits, stored and applied once, in any
// order) and the scheduled polling of DataJud (due selection, the job through the DataJud stand-in,
// failures, pg-boss with bounded concurrency). docs/decisions/0030.

const CALLBACK_TOKEN = 'painel-callback-token-0123456789';
const API_TOKEN = 'escavador-api-token-abcdef';
const DATAJUD_KEY = 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw==';
const NOTIFY_TO = '5511912345678';
/** TJSP numbers with right check digits (8.26 → api_publica_tjsp). */
const NUMEROS = ['0018063-19.2013.8.26.0002', '1002089-72.2023.8.26.0260', '1157146-44.2024.8.26.0100'];

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await stopBackgroundWork();
  await stopJobQueue();
});

async function monitoringLawyer(plan: 'intermediario' | 'premium' = 'premium'): Promise<MonitoringLawyer> {
  const created = await createLawyer({ plan, whatsappNotificacoes: NOTIFY_TO });
  return openMonitoring({ id: created.id, isSuperadmin: false });
}

const notificationsOf = (lawyerId: string) =>
  db
    .select({ body: outbox.body, key: outbox.idempotencyKey })
    .from(outbox)
    .where(and(eq(outbox.channel, 'whatsapp'), sql`${outbox.metadata}->>'lawyerId' = ${lawyerId}`));

const movementsOf = (processId: string) => db.select({ descricao: processUpdates.descricao, data: processUpdates.data }).from(processUpdates).where(eq(processUpdates.processoId, processId));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------------------------------------------
// Escavador's callbacks

async function escavador(): Promise<{ standIn: EscavadorStandIn; provider: CourtMonitoringProvider }> {
  const standIn = await startEscavadorStandIn({ token: API_TOKEN });
  closers.push(() => standIn.close());
  return { standIn, provider: createEscavadorProvider({ apiUrl: standIn.url, token: API_TOKEN, timeoutMs: 2000 }) };
}

/** A lawyer following NUMEROS[index] through Escavador: the monitoring's row and Escavador's id. */
async function followedAtEscavador(provider: CourtMonitoringProvider, index = 0, lawyer?: MonitoringLawyer) {
  const owner = lawyer ?? (await monitoringLawyer());
  const { id } = await createMonitoring(owner, { numero: NUMEROS[index]!, tribunal: null, frequencia: 'DIARIA' }, provider);
  const [row] = await db.select({ providerRef: monitoredProcesses.providerRef }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id));
  return { lawyer: owner, id, ref: Number(row!.providerRef) };
}

function movementItem(id: number, data: string, conteudo: string): EscavadorMovementItem {
  return { id, data, tipo: 'ANDAMENTO', conteudo, classificacao_predita: null, fonte: { tipo: 'TRIBUNAL', sigla: 'TJSP', grau: 1 } };
}

function delivery(body: unknown, { authorization = CALLBACK_TOKEN as string | null, ip = '198.51.100.20', raw }: { authorization?: string | null; ip?: string; raw?: string } = {}): Request {
  const headers = new Headers({ 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip });
  if (authorization !== null) headers.set('Authorization', authorization);
  return new Request('http://localhost:3000/api/webhooks/escavador', { method: 'POST', headers, body: raw ?? JSON.stringify(body) });
}

const receive = (request: Request) => receiveEscavadorCallback(request, { token: CALLBACK_TOKEN, queue: undefined });

describe('POST /api/webhooks/escavador', () => {
  test('the panel’s token, raw or Bearer, is accepted; a wrong or missing one is 401 and nothing is stored', async () => {
    const { standIn, provider } = await escavador();
    const { ref } = await followedAtEscavador(provider);
    const raw = standIn.callbackPayload('processo_encontrado', ref);
    const bearer = standIn.callbackPayload('processo_encontrado', ref);
    expect((await receive(delivery(raw))).status).toBe(200);
    expect((await receive(delivery(bearer, { authorization: `Bearer ${CALLBACK_TOKEN}` }))).status).toBe(200);

    for (const authorization of [null, '', 'Bearer ', `Bearer ${CALLBACK_TOKEN}x`, CALLBACK_TOKEN.slice(0, -1), `Basic ${CALLBACK_TOKEN}`]) {
      const response = await receive(delivery(standIn.callbackPayload('processo_encontrado', ref), { authorization, ip: '203.0.113.50' }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: WEBHOOK_TEXTS.unauthorized });
    }
    expect(await db.$count(escavadorCallbacks)).toBe(2);
  });

  test('without a callback token the route does not exist: 404, whatever is sent', async () => {
    const response = await receiveEscavadorCallback(delivery({ event: 'processo_encontrado', uuid: 'x' }), { token: undefined, queue: undefined });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: WEBHOOK_TEXTS.notFound });
    // The route itself, on this test server (COURT_MONITORING_PROVIDER unset: the simulated court).
    const routed = await action({ request: delivery({ event: 'processo_encontrado', uuid: 'x' }), params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
    expect(routed.status).toBe(404);
    const get = await action({ request: new Request('http://localhost:3000/api/webhooks/escavador'), params: {}, context: {} } as unknown as Parameters<typeof action>[0]);
    expect(get.status).toBe(405);
    expect(await db.$count(escavadorCallbacks)).toBe(0);
  });

  test('bodies: over 256 KiB 413 (declared or streamed), not JSON or not a callback 400 in Portuguese, never 500', async () => {
    const big = JSON.stringify({ event: 'nova_movimentacao', uuid: 'grande', padding: 'x'.repeat(ESCAVADOR_CALLBACK_MAX_BYTES) });
    const declared = await receive(delivery(null, { raw: big }));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: WEBHOOK_TEXTS.tooLarge });
    // No Content-Length: a stream cut as soon as it passes the limit.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent > 100) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await receive(new Request('http://localhost:3000/api/webhooks/escavador', { method: 'POST', headers: { Authorization: CALLBACK_TOKEN }, body: stream, duplex: 'half' } as RequestInit));
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(10);

    for (const raw of ['{', 'não é json', '', '\u0000', Buffer.from([0xff, 0xfe, 0x7b]).toString('latin1')]) {
      const response = await receive(delivery(null, { raw }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: WEBHOOK_TEXTS.notJson });
    }
    for (const body of [[], 'texto', { uuid: 'sem-evento' }, { event: 'processo_encontrado' }, { event: 'processo_encontrado', uuid: 'u1' }, { event: 'nova_movimentacao', uuid: 'u2', monitoramento: { id: 1 }, movimentacao: { data: 'ontem' } }]) {
      const response = await receive(delivery(body));
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/^Callback do Escavador malformado/);
    }
    expect(await db.$count(escavadorCallbacks)).toBe(0);
  });

  test('failed authentications are limited per IP: 429 with Retry-After, while the right token still passes', async () => {
    const { standIn, provider } = await escavador();
    const { ref } = await followedAtEscavador(provider);
    const now = new Date();
    const attempt = (authorization: string, ip: string) => receiveEscavadorCallback(delivery(standIn.callbackPayload('processo_encontrado', ref), { authorization, ip }), { token: CALLBACK_TOKEN, now, queue: undefined });
    for (let i = 0; i < CALLBACK_AUTH_FAILURES_PER_WINDOW; i++) expect((await attempt('adivinhado', '203.0.113.9')).status).toBe(401);
    const blocked = await attempt('adivinhado', '203.0.113.9');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(500);
    expect((await blocked.json()).message).toMatch(/^Muitas tentativas/);
    // Another IP is not blocked; Escavador, with the right token, never is.
    expect((await attempt('adivinhado', '203.0.113.10')).status).toBe(401);
    expect((await attempt(CALLBACK_TOKEN, '203.0.113.9')).status).toBe(200);
  });

  test('an unknown event is stored and answered 200, and touches no process', async () => {
    const { provider } = await escavador();
    const { lawyer, id } = await followedAtEscavador(provider);
    const body = { event: 'novo_documento', uuid: 'evento-desconhecido-1', documento: { id: 9 } };
    const response = await receive(delivery(body));
    expect(response.status).toBe(200);
    const [stored] = await db.select().from(escavadorCallbacks).where(eq(escavadorCallbacks.uuid, 'evento-desconhecido-1'));
    expect(stored).toMatchObject({ event: 'novo_documento', payload: body, matchedProcesses: 0 });
    expect(stored!.processedAt).toBeInstanceOf(Date);
    expect(await processEscavadorCallback('evento-desconhecido-1')).toEqual({ outcome: 'already-processed' });
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('PENDENTE');
  });

  test('a movement: stored once however often and however concurrently it is delivered, one WhatsApp, processed once', async () => {
    const { standIn, provider } = await escavador();
    const { lawyer, id, ref } = await followedAtEscavador(provider);
    const body = standIn.callbackPayload('nova_movimentacao', ref, { movement: movementItem(23895909833, '2026-10-01', 'Pedido de Liminar/Antecipação de Tutela') });
    const answers = await Promise.all(Array.from({ length: 5 }, () => receive(delivery(body))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const texts = await Promise.all(answers.map(async (r) => (await r.json()).mensagem));
    expect(texts.filter((t) => t === WEBHOOK_TEXTS.received)).toHaveLength(1);
    expect(await db.$count(escavadorCallbacks)).toBe(1);

    const runs = await Promise.all([processEscavadorCallback(body.uuid as string), processEscavadorCallback(body.uuid as string)]);
    expect(runs.filter((r) => r.outcome === 'applied')).not.toHaveLength(0);
    expect(await processEscavadorCallback(body.uuid as string)).toEqual({ outcome: 'already-processed' });
    // Delivered again a day later (Escavador's retries): still one.
    expect((await receive(delivery(body))).status).toBe(200);
    expect(await processEscavadorCallback(body.uuid as string)).toEqual({ outcome: 'already-processed' });

    expect(await movementsOf(id)).toEqual([{ descricao: 'Pedido de Liminar/Antecipação de Tutela', data: new Date('2026-10-01T00:00:00Z') }]);
    const sent = await notificationsOf(lawyer.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(`O processo ${NUMEROS[0]} teve uma nova movimentação: Pedido de Liminar/Antecipação de Tutela Acesse o sistema para ver os detalhes.`);
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('ENCONTRADO');
  });

  test('events out of order: a movement before processo_encontrado, a stale not-found after it: found, nothing erased', async () => {
    const { standIn, provider } = await escavador();
    const { lawyer, id, ref } = await followedAtEscavador(provider);
    const events = [
      standIn.callbackPayload('nova_movimentacao', ref, { movement: movementItem(1, '2026-10-02', 'Juntada de petição') }),
      standIn.callbackPayload('processo_encontrado', ref),
      standIn.callbackPayload('processo_nao_encontrado', ref),
      standIn.callbackPayload('nova_movimentacao', ref, { movement: movementItem(2, '2026-10-01', 'Distribuído por sorteio') }),
    ];
    const statuses: string[] = [];
    for (const event of events) {
      expect((await receive(delivery(event))).status).toBe(200);
      expect((await processEscavadorCallback(event.uuid as string)).outcome).toBe('applied');
      statuses.push((await getMonitoringDetails(lawyer, id)).status);
    }
    expect(statuses).toEqual(['ENCONTRADO', 'ENCONTRADO', 'ENCONTRADO', 'ENCONTRADO']);
    expect((await movementsOf(id)).map((m) => m.descricao).sort()).toEqual(['Distribuído por sorteio', 'Juntada de petição']);
    expect(await notificationsOf(lawyer.id)).toHaveLength(2);

    // Not found first, found later: the later answer wins; and a monitoring never found stays NAO_ENCONTRADO.
    const other = await followedAtEscavador(provider, 1, lawyer);
    const notFound = standIn.callbackPayload('processo_nao_encontrado', other.ref);
    await receive(delivery(notFound));
    await processEscavadorCallback(notFound.uuid as string);
    expect((await getMonitoringDetails(lawyer, other.id)).status).toBe('NAO_ENCONTRADO');
    const found = standIn.callbackPayload('processo_encontrado', other.ref);
    await receive(delivery(found));
    await processEscavadorCallback(found.uuid as string);
    expect((await getMonitoringDetails(lawyer, other.id)).status).toBe('ENCONTRADO');
  });

  test('two lawyers sharing Escavador’s monitoring are both told; a removed monitoring is not', async () => {
    const { standIn, provider } = await escavador();
    const ana = await followedAtEscavador(provider, 2);
    const bruno = await followedAtEscavador(provider, 2);
    expect(bruno.ref).toBe(ana.ref);
    const first = standIn.callbackPayload('nova_movimentacao', ana.ref, { movement: movementItem(3, '2026-10-03', 'Audiência designada') });
    await receive(delivery(first));
    expect(await processEscavadorCallback(first.uuid as string)).toEqual({ outcome: 'applied', processes: 2, newMovements: 2 });
    expect(await notificationsOf(ana.lawyer.id)).toHaveLength(1);
    expect(await notificationsOf(bruno.lawyer.id)).toHaveLength(1);

    await removeMonitoring(bruno.lawyer, bruno.id, provider);
    const second = standIn.callbackPayload('nova_movimentacao', ana.ref, { movement: movementItem(4, '2026-10-04', 'Sentença de procedência') });
    await receive(delivery(second));
    expect(await processEscavadorCallback(second.uuid as string)).toEqual({ outcome: 'applied', processes: 1, newMovements: 1 });
    expect(await notificationsOf(ana.lawyer.id)).toHaveLength(2);
    expect(await notificationsOf(bruno.lawyer.id)).toHaveLength(1);
  });

  test('through pg-boss: answered well under a second, then applied by the job once; a lost job is enqueued again', async () => {
    const { standIn, provider } = await escavador();
    const { lawyer, id, ref } = await followedAtEscavador(provider);
    const queue = await startJobQueue({ jobs: [escavadorCallbackJob()], pollingIntervalSeconds: 0.5 });
    expect(queue.hasWorker(ESCAVADOR_CALLBACK_JOB)).toBe(true);
    const body = standIn.callbackPayload('nova_movimentacao', ref, { movement: movementItem(5, '2026-10-05', 'Despacho de mero expediente') });
    const started = performance.now();
    const answers = await Promise.all([receiveEscavadorCallback(delivery(body), { token: CALLBACK_TOKEN, queue }), receiveEscavadorCallback(delivery(body), { token: CALLBACK_TOKEN, queue })]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await until(
      () => db.select({ at: escavadorCallbacks.processedAt }).from(escavadorCallbacks).where(eq(escavadorCallbacks.uuid, body.uuid as string)),
      (rows) => rows[0]?.at instanceof Date,
    );
    expect(await movementsOf(id)).toHaveLength(1);
    expect(await notificationsOf(lawyer.id)).toHaveLength(1);

    // Stored, but its job never made it (the process stopped in between): the dispatcher's sweep enqueues it.
    const lost = standIn.callbackPayload('processo_encontrado', ref);
    await receiveEscavadorCallback(delivery(lost), { token: CALLBACK_TOKEN, queue: undefined, now: new Date(Date.now() - 5 * 60_000) });
    const dispatcher = startMonitoringDispatcher(queue, { polling: null, callbacks: true, intervalMs: 60_000 });
    closers.push(() => dispatcher.stop());
    await until(
      () => db.select({ at: escavadorCallbacks.processedAt, matched: escavadorCallbacks.matchedProcesses }).from(escavadorCallbacks).where(eq(escavadorCallbacks.uuid, lost.uuid as string)),
      (rows) => rows[0]?.at instanceof Date,
    ).then((rows) => expect(rows[0]!.matched).toBe(1));
  });
});

// ---------------------------------------------------------------------------------------------------
// Polling

async function dataJud(timeoutMs = 2000): Promise<{ standIn: DataJudStandIn; provider: CourtMonitoringProvider }> {
  const standIn = await startDataJudStandIn({ apiKey: DATAJUD_KEY });
  closers.push(() => standIn.close());
  return { standIn, provider: createDataJudProvider({ apiUrl: standIn.url, apiKey: DATAJUD_KEY, timeoutMs, requestsPerSecond: Infinity }) };
}

function indexProcess(standIn: DataJudStandIn, numero: string, movimentos: Array<{ codigo: number; nome: string; dataHora: string }>) {
  standIn.index('tjsp', { numeroProcesso: numero.replace(/\D/g, ''), tribunal: 'TJSP', grau: 'G1', classe: { codigo: 7, nome: 'Procedimento Comum Cível' }, movimentos });
}

async function followedAtDataJud(provider: CourtMonitoringProvider, index: number, lawyer?: MonitoringLawyer) {
  const owner = lawyer ?? (await monitoringLawyer());
  const { id } = await createMonitoring(owner, { numero: NUMEROS[index]!, tribunal: null, frequencia: 'DIARIA' }, provider);
  // Its first slot has come (a new monitoring waits for its own time of day).
  await setNextCheck(id, new Date(Date.now() - 1000));
  return { lawyer: owner, id };
}

const setNextCheck = (id: string, at: Date | null) => db.update(monitoredProcesses).set({ nextCheckAt: at }).where(eq(monitoredProcesses.id, id));
const nextCheckOf = async (id: string) => (await db.select({ at: monitoredProcesses.nextCheckAt }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id)))[0]?.at;
const attempt: JobAttempt = { jobId: '00000000-0000-4000-a000-000000000000', retryCount: 0, retryLimit: 4, finalAttempt: false };

function countingProvider(): CourtMonitoringProvider & { checks: string[] } {
  const checks: string[] = [];
  return {
    id: 'datajud',
    displayName: 'DataJud (CNJ)',
    checks,
    startMonitoring: async () => ({ providerRef: null }),
    stopMonitoring: async () => undefined,
    async checkProcess({ numero }) {
      checks.push(numero);
      return { found: true, movements: [] };
    },
  };
}

describe('scheduled polling', () => {
  test('due selection: what is due is handed out once and moves to its next slot; rows without a slot get one, unchecked', async () => {
    const provider = countingProvider();
    const lawyer = await monitoringLawyer();
    const due = await followedAtDataJud(provider, 0, lawyer);
    const later = await followedAtDataJud(provider, 1, lawyer);
    const unscheduled = await followedAtDataJud(provider, 2, lawyer);
    const now = new Date();
    await setNextCheck(due.id, new Date(now.getTime() - 60_000));
    await setNextCheck(later.id, new Date(now.getTime() + 3_600_000));
    await setNextCheck(unscheduled.id, null);

    const claimed = await claimDueChecks(10, now);
    expect(claimed).toEqual([{ processId: due.id, slot: new Date(now.getTime() - 60_000).toISOString() }]);
    expect((await nextCheckOf(due.id))!.getTime()).toBeGreaterThan(now.getTime());
    expect((await nextCheckOf(unscheduled.id))!.getTime()).toBeGreaterThan(now.getTime());
    expect((await nextCheckOf(later.id))!.getTime()).toBe(now.getTime() + 3_600_000);
    expect(await claimDueChecks(10, now)).toEqual([]);
    // A batch is bounded.
    await setNextCheck(due.id, new Date(now.getTime() - 1000));
    await setNextCheck(later.id, new Date(now.getTime() - 1000));
    expect(await claimDueChecks(1, now)).toHaveLength(1);
    expect(await claimDueChecks(0, now)).toEqual([]);
  });

  test('two dispatchers at once never take the same process', async () => {
    const provider = countingProvider();
    const lawyer = await monitoringLawyer();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await followedAtDataJud(provider, i, lawyer)).id);
    const other = await monitoringLawyer();
    for (let i = 0; i < 3; i++) ids.push((await followedAtDataJud(provider, i, other)).id);
    const now = new Date();
    await db.update(monitoredProcesses).set({ nextCheckAt: new Date(now.getTime() - 1000) });
    const [a, b, c] = await Promise.all([claimDueChecks(4, now), claimDueChecks(4, now), claimDueChecks(4, now)]);
    const taken = [...a!, ...b!, ...c!].map((d) => d.processId);
    expect(taken.sort()).toEqual([...ids].sort());
  });

  test('a monitoring removed after it was handed out, or whose plan ended, is not checked', async () => {
    const provider = countingProvider();
    const lawyer = await monitoringLawyer();
    const removed = await followedAtDataJud(provider, 0, lawyer);
    const job = monitoringCheckJob(provider, { concurrency: 1 });
    const [claimed] = await claimDueChecks(10, new Date(Date.now() + 1000));
    expect(claimed?.processId).toBe(removed.id);
    await removeMonitoring(lawyer, removed.id, provider);
    await job.handle(claimed!, attempt);
    expect(provider.checks).toEqual([]);

    const ended = await followedAtDataJud(provider, 1, await monitoringLawyer('intermediario'));
    await expirePlan(ended.lawyer.id);
    await job.handle({ processId: ended.id, slot: new Date().toISOString() }, attempt);
    expect(provider.checks).toEqual([]);
    expect(await claimDueChecks(10, new Date(Date.now() + 1000))).toEqual([{ processId: ended.id, slot: expect.any(String) }]);
  });

  test('a DataJud check through its stand-in: movements once, one WhatsApp each, ENCONTRADO; not indexed: NAO_ENCONTRADO once confirmed a day later', async () => {
    const { standIn, provider } = await dataJud();
    const { lawyer, id } = await followedAtDataJud(provider, 0);
    const missing = await followedAtDataJud(provider, 1, lawyer);
    indexProcess(standIn, NUMEROS[0]!, [
      { codigo: 26, nome: 'Distribuição', dataHora: '2026-10-01T14:06:24.000Z' },
      { codigo: 193, nome: 'Julgamento', dataHora: '2026-10-20T15:00:00.000Z' },
    ]);
    const job = monitoringCheckJob(provider, { concurrency: 1 });
    await job.handle({ processId: id, slot: new Date().toISOString() }, attempt);
    await job.handle({ processId: id, slot: new Date().toISOString() }, attempt);
    await job.handle({ processId: missing.id, slot: new Date().toISOString() }, attempt);

    const details = await getMonitoringDetails(lawyer, id);
    expect(details.status).toBe('ENCONTRADO');
    expect(details.movements.map((m) => [m.descricao, m.tipo, m.codigo])).toEqual([
      ['Julgamento', 'SENTENCA', 193],
      ['Distribuição', 'ANDAMENTO', 26],
    ]);
    expect(await notificationsOf(lawyer.id)).toHaveLength(2);
    // A complete answer with no hit: remembered, the status stays until it repeats a day later.
    expect((await getMonitoringDetails(lawyer, missing.id)).status).toBe('PENDENTE');
    const soon = monitoringCheckJob(provider, { concurrency: 1, now: () => new Date(Date.now() + 60 * 60_000) });
    await soon.handle({ processId: missing.id, slot: new Date().toISOString() }, attempt);
    expect((await getMonitoringDetails(lawyer, missing.id)).status).toBe('PENDENTE');
    const nextDay = monitoringCheckJob(provider, { concurrency: 1, now: () => new Date(Date.now() + 25 * 60 * 60_000) });
    await nextDay.handle({ processId: missing.id, slot: new Date().toISOString() }, attempt);
    expect((await getMonitoringDetails(lawyer, missing.id)).status).toBe('NAO_ENCONTRADO');
    const searches = standIn.requests.filter((r) => r.path === '/api_publica_tjsp/_search');
    expect(searches).toHaveLength(5);
    expect(searches[0]!.headers.authorization).toBe(`APIKey ${DATAJUD_KEY}`);
  });

  test('failures: a slow answer, a hang, a 503, failed shards are retried at a time recorded on the process (a 429 no earlier than its Retry-After); the status stays; a refused key is not retried', async () => {
    const { standIn, provider } = await dataJud();
    // The same stand-in behind a 300 ms deadline, for the slow answer and the hang only: the answers that
    // must arrive get the usual 2 s, so that a busy machine never turns them into timeouts.
    const impatient = createDataJudProvider({ apiUrl: standIn.url, apiKey: DATAJUD_KEY, timeoutMs: 300, requestsPerSecond: Infinity });
    const { lawyer, id } = await followedAtDataJud(provider, 0);
    indexProcess(standIn, NUMEROS[0]!, [{ codigo: 26, nome: 'Distribuição', dataHora: '2026-10-01T14:06:24.000Z' }]);
    const job = monitoringCheckJob(provider, { concurrency: 1 });
    const impatientJob = monitoringCheckJob(impatient, { concurrency: 1 });
    const run = (through = job) =>
      through.handle({ processId: id, slot: new Date().toISOString() }, attempt).then(
        () => null,
        (e: unknown) => e,
      );

    const retryOf = async () => {
      const row = (await db.select({ at: monitoredProcesses.proximaTentativa, falhas: monitoredProcesses.falhasSeguidas, status: monitoredProcesses.status }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id)))[0]!;
      return { ...row, inSeconds: row.at ? Math.round((row.at.getTime() - Date.now()) / 1000) : null };
    };
    standIn.latencyMs = 1000;
    const slow = await run(impatientJob);
    // The queue's first backoff (60 s), exact: the job schedules it and the process says when.
    expect(slow).toBeInstanceOf(RetryLaterError);
    expect((slow as RetryLaterError).afterSeconds).toBe(61);
    expect(await retryOf()).toMatchObject({ falhas: 1, status: 'PENDENTE', inSeconds: 61 });
    standIn.latencyMs = 0;
    standIn.next('hang');
    expect(await run(impatientJob)).toBeInstanceOf(RetryLaterError);
    standIn.next('server-error');
    expect(await run()).toBeInstanceOf(RetryLaterError);
    standIn.nextBodies({ body: { timed_out: false, _shards: { total: 3, successful: 1, skipped: 0, failed: 2 }, hits: { total: { value: 0, relation: 'eq' }, hits: [] } } });
    expect(await run()).toBeInstanceOf(RetryLaterError);
    expect(await retryOf()).toMatchObject({ falhas: 4, status: 'PENDENTE' });
    standIn.retryAfterSeconds = 300;
    standIn.next('rate-limited');
    const limited = await run();
    expect(limited).toBeInstanceOf(RetryLaterError);
    expect((limited as RetryLaterError).afterSeconds).toBe(301);
    expect((await retryOf()).inSeconds).toBe(301);
    // The last attempt: no retry now; the process waits for its next slot, and says so.
    standIn.next('server-error');
    expect(await job.handle({ processId: id, slot: new Date().toISOString() }, { ...attempt, retryCount: 4, finalAttempt: true }).then(() => null)).toBeNull();
    const [slot] = await db.select({ next: monitoredProcesses.nextCheckAt }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id));
    expect((await retryOf()).at).toEqual(slot!.next);
    standIn.next('unauthorized');
    expect(await run()).toBeNull();
    expect((await getMonitoringDetails(lawyer, id)).movements).toHaveLength(0);
    // The next answer is a good one: found, and no retry pending any more.
    expect(await run()).toBeNull();
    expect((await getMonitoringDetails(lawyer, id)).movements).toHaveLength(1);
    expect(await retryOf()).toMatchObject({ falhas: 0, status: 'ENCONTRADO', at: null });
  });

  test('through pg-boss: every due process checked once, no more than the configured concurrency at once, a failure retried', async () => {
    const { standIn, provider } = await dataJud();
    standIn.latencyMs = 150;
    const ids: string[] = [];
    for (let l = 0; l < 2; l++) {
      const lawyer = await monitoringLawyer();
      for (let i = 0; i < 3; i++) {
        ids.push((await followedAtDataJud(provider, i, lawyer)).id);
        indexProcess(standIn, NUMEROS[i]!, [{ codigo: 26, nome: `Distribuição ${i}`, dataHora: '2026-10-01T14:06:24.000Z' }]);
      }
    }
    standIn.next('server-error');
    const queue = await startJobQueue({
      jobs: [monitoringCheckJob(provider, { concurrency: 2, queue: { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 } })],
      pollingIntervalSeconds: 0.5,
    });
    expect(queue.hasWorker(MONITORING_CHECK_JOB)).toBe(true);
    const dispatcher: MonitoringDispatcher = startMonitoringDispatcher(queue, { polling: { concurrency: 2 }, callbacks: false, intervalMs: 200 });
    closers.push(() => dispatcher.stop());
    const checked = await until(
      () => db.select({ id: monitoredProcesses.id, at: monitoredProcesses.ultimaVerificacao, next: monitoredProcesses.nextCheckAt }).from(monitoredProcesses),
      (rows) => rows.every((r) => r.at !== null),
      20_000,
    );
    expect(checked).toHaveLength(6);
    for (const row of checked) expect(row.next!.getTime()).toBeGreaterThan(Date.now());
    expect(standIn.peakConcurrency).toBeLessThanOrEqual(2);
    expect(standIn.peakConcurrency).toBe(2);
    // Six checks and the one retried after the 503; nothing is due again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(standIn.requests).toHaveLength(7);
    expect(await dispatcher.tick()).toBe(0);
    expect(await db.$count(processUpdates)).toBe(6);
  });
});

describe('the app’s background work with the simulated court (npm start’s default)', () => {
  test('a new monitoring waits for its own time of day; once it comes, it is checked within seconds, once; a row from before polling gets a slot unchecked; stopping is clean', async () => {
    const simulado = createSimulatedProvider();
    const lawyer = await monitoringLawyer();
    const createdAt = new Date();
    const fresh = await createMonitoring(lawyer, { numero: NUMEROS[0]!, tribunal: null, frequencia: 'DIARIA' }, simulado);
    const old = await createMonitoring(lawyer, { numero: NUMEROS[1]!, tribunal: null, frequencia: 'SEMANAL' }, simulado);
    // Not at creation ('Atualizar' asks now): at the process's first slot, within a working day or so.
    const firstSlot = (await nextCheckOf(fresh.id))!;
    expect(firstSlot.getTime()).toBe(firstCheckAt(fresh.id, createdAt).getTime());
    expect(firstSlot.getTime()).toBeGreaterThan(createdAt.getTime());
    expect(firstSlot.getTime()).toBeLessThan(createdAt.getTime() + 4 * 86_400_000);
    // Its slot comes; the old row (from before polling) has none.
    await setNextCheck(fresh.id, new Date(Date.now() - 1000));
    await setNextCheck(old.id, null);

    await startBackgroundWork({
      env: 'test',
      smtpUrl: undefined,
      mailFrom: 'nao-responda@exemplo.com.br',
      whatsappCloud: null,
      wiizoChatApiUrl: undefined,
      courtMonitoring: { provider: 'simulado' },
      monitoringPollConcurrency: 2,
    });
    expect(runningJobQueue()?.hasWorker(MONITORING_CHECK_JOB)).toBe(true);
    expect(runningJobQueue()?.hasWorker(ESCAVADOR_CALLBACK_JOB)).toBe(false);
    const details = await until(
      () => getMonitoringDetails(lawyer, fresh.id),
      (d) => d.status === 'ENCONTRADO',
    );
    expect(details.movements).toHaveLength(1);
    expect(await notificationsOf(lawyer.id)).toHaveLength(1);
    // Not due again today; the old row was given its weekly slot and not checked.
    expect((await nextCheckOf(fresh.id))!.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    const untouched = await getMonitoringDetails(lawyer, old.id);
    expect(untouched).toMatchObject({ status: 'PENDENTE', ultimaVerificacao: null });
    expect((await nextCheckOf(old.id))!.getTime()).toBeGreaterThan(Date.now());

    await stopBackgroundWork();
    expect(runningJobQueue()).toBeUndefined();
  });
});

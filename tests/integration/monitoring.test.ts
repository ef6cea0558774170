import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { outbox } from '~/db/schema/messaging';
import { monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { CourtProviderError, type CourtMonitoringProvider, type ProcessCheck, type StartMonitoringInput } from '~/integrations/court-monitoring/provider';
import { AppError } from '~/lib/app-error';
import type { PlanId } from '~/domain/catalog/catalog';
import { MONITORING_TEXTS } from '~/modules/monitoring/monitoring.schemas';
import {
  createMonitoring,
  getMonitoringDetails,
  listMonitorings,
  monitoringGate,
  openMonitoring,
  recordProcessCheck,
  refreshMonitoring,
  removeMonitoring,
  type MonitoringLawyer,
} from '~/modules/monitoring/monitoring.server';
import { createLawyer, expirePlan } from '../factories/lawyers';

// Process monitoring against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
// the plan gate and caps, one number once per lawyer, the provider's refusals, movements stored once with
// one notification each, and another lawyer's monitoring out of reach (docs/product-rules.md,
// "Process monitoring"). The provider is a recording fake: the adapters have their own tests.

const NUMEROS = ['0018063-19.2013.8.26.0002', '0722391-40.2017.8.07.0001', '1002089-72.2023.8.26.0260', '0058967-77.2016.8.19.0000', '0035607-92.2016.8.07.0018', '1157146-44.2024.8.26.0100'];

function fakeProvider(behaviour: { start?: () => Promise<{ providerRef: string | null }>; check?: () => Promise<ProcessCheck> } = {}) {
  const calls = { start: [] as StartMonitoringInput[], stop: [] as Array<{ numero: string; providerRef: string | null }>, check: 0 };
  const provider: CourtMonitoringProvider = {
    id: 'escavador',
    displayName: 'Tribunal de Teste',
    async startMonitoring(input) {
      calls.start.push(input);
      return behaviour.start ? behaviour.start() : { providerRef: `ref-${calls.start.length}` };
    },
    async stopMonitoring(input) {
      calls.stop.push(input);
    },
    async checkProcess() {
      calls.check += 1;
      return behaviour.check ? behaviour.check() : { found: true, movements: [] };
    },
  };
  return { provider, calls };
}

async function lawyerOn(plan: PlanId, overrides: Parameters<typeof createLawyer>[0] = {}) {
  const created = await createLawyer({ plan, ...overrides });
  return { ...created, user: { id: created.id, isSuperadmin: false } };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const input = (numero: string, tribunal: string | null = null) => ({ numero, tribunal, frequencia: 'DIARIA' as const });

describe('the plan gate', () => {
  test('gratuito and básico get their notices; intermediário follows 5, premium 20; an ended plan is gratuito', async () => {
    const free = await lawyerOn('gratuito');
    const basic = await lawyerOn('basico');
    const middle = await lawyerOn('intermediario');
    const top = await lawyerOn('premium');
    const ended = await lawyerOn('premium');
    await expirePlan(ended.id);

    expect(await monitoringGate(free.user)).toEqual({ state: 'free-plan' });
    expect(await monitoringGate(basic.user)).toEqual({ state: 'needs-intermediario' });
    expect(await monitoringGate(ended.user)).toEqual({ state: 'free-plan' });
    expect((await openMonitoring(middle.user)).cap).toBe(5);
    expect((await openMonitoring(top.user)).cap).toBe(20);
    expect((await refusal(openMonitoring(free.user))).message).toBe(MONITORING_TEXTS.notInFreePlan);
    expect((await refusal(openMonitoring(basic.user))).status).toBe(403);
  });

  test('a pending lawyer is refused', async () => {
    const pending = await lawyerOn('premium', { status: 'pending' });
    expect((await refusal(openMonitoring(pending.user))).status).toBe(403);
  });
});

describe('creating a monitoring', () => {
  test('stored PENDENTE with the court of its number, the provider told, the spec’s message with its name', async () => {
    const ana = await openMonitoring((await lawyerOn('intermediario')).user);
    const { provider, calls } = fakeProvider();
    const created = await createMonitoring(ana, input(NUMEROS[0]!), provider);
    expect(created.message).toBe('Monitoramento criado! O status será atualizado automaticamente pelo Tribunal de Teste.');
    expect(calls.start).toEqual([{ numero: NUMEROS[0], court: { sigla: 'TJSP', datajudAlias: 'tjsp' }, courtChosen: false, frequencia: 'DIARIA' }]);
    const [row] = await db.select().from(monitoredProcesses).where(eq(monitoredProcesses.id, created.id));
    expect(row).toMatchObject({ numero: NUMEROS[0], tribunal: 'TJSP', status: 'PENDENTE', providerRef: 'ref-1', lawyerId: ana.id });

    const chosen = await createMonitoring(ana, { numero: NUMEROS[1]!, tribunal: 'STJ', frequencia: 'SEMANAL' }, provider);
    expect(calls.start[1]).toMatchObject({ court: { sigla: 'STJ' }, courtChosen: true, frequencia: 'SEMANAL' });
    expect((await listMonitorings(ana)).map((m) => m.id)).toEqual([chosen.id, created.id]);
  });

  test('the same number twice for one lawyer is refused; another lawyer may follow it', async () => {
    const ana = await openMonitoring((await lawyerOn('intermediario')).user);
    const bruno = await openMonitoring((await lawyerOn('premium')).user);
    const { provider, calls } = fakeProvider();
    await createMonitoring(ana, input(NUMEROS[0]!), provider);
    const twice = await refusal(createMonitoring(ana, input(NUMEROS[0]!), provider));
    expect(twice).toMatchObject({ status: 409, message: 'Este processo já está sendo monitorado na sua conta.' });
    expect(calls.start).toHaveLength(1);
    await createMonitoring(bruno, input(NUMEROS[0]!), provider);
    expect(await db.$count(monitoredProcesses, eq(monitoredProcesses.numero, NUMEROS[0]!))).toBe(2);
  });

  test('the cap is enforced on the server, also when two requests race for the last place', async () => {
    const ana = await openMonitoring((await lawyerOn('intermediario')).user);
    const { provider } = fakeProvider();
    for (const numero of NUMEROS.slice(0, 4)) await createMonitoring(ana, input(numero), provider);
    const race = await Promise.allSettled([createMonitoring(ana, input(NUMEROS[4]!), provider), createMonitoring(ana, input(NUMEROS[5]!), provider)]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = race.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 403, message: MONITORING_TEXTS.capReached(5) });
    expect(refused.reason.message).toBe('Seu plano permite monitorar até 5 processos ao mesmo tempo. Remova um monitoramento ou atualize seu plano para acompanhar mais.');
    expect(await db.$count(monitoredProcesses, eq(monitoredProcesses.lawyerId, ana.id))).toBe(5);
  });

  test('a provider’s refusal keeps nothing and answers the spec’s message', async () => {
    const ana = await openMonitoring((await lawyerOn('premium')).user);
    const cases: Array<[CourtProviderError, number, string]> = [
      [new CourtProviderError('network', 'tempo esgotado'), 502, 'Erro ao conectar com a API do Tribunal de Teste.'],
      [new CourtProviderError('duplicate', 'Você já monitora este processo'), 409, 'Este processo já está sendo monitorado na sua conta.'],
      [new CourtProviderError('no_credit', 'Saldo insuficiente', { status: 402 }), 502, 'Erro na API: Saldo insuficiente'],
      [new CourtProviderError('rate_limited', 'Muitas requisições', { status: 429, retryAfterSeconds: 30 }), 429, 'Erro na API: Muitas requisições'],
    ];
    for (const [error, status, message] of cases) {
      const { provider } = fakeProvider({ start: () => Promise.reject(error) });
      expect(await refusal(createMonitoring(ana, input(NUMEROS[0]!), provider))).toMatchObject({ status, message });
      expect(await db.$count(monitoredProcesses, eq(monitoredProcesses.lawyerId, ana.id))).toBe(0);
    }
  });
});

describe('movements', () => {
  const movement = (dia: number, descricao: string, tipo: 'ANDAMENTO' | 'DECISAO' | 'SENTENCA' = 'ANDAMENTO') => ({ data: new Date(Date.UTC(2026, 9, dia, 15)), descricao, tipo });

  async function followed(overrides: Parameters<typeof createLawyer>[0] = {}) {
    const lawyer = await openMonitoring((await lawyerOn('intermediario', { whatsappNotificacoes: '5511912345678', ...overrides })).user);
    const { id } = await createMonitoring(lawyer, input(NUMEROS[0]!), fakeProvider().provider);
    return { lawyer, id };
  }

  const notificationsOf = (lawyerId: string) =>
    db
      .select({ recipient: outbox.recipient, body: outbox.body, key: outbox.idempotencyKey })
      .from(outbox)
      .where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.recipient, '5511912345678'), sql`${outbox.metadata}->>'lawyerId' = ${lawyerId}`));

  test('each movement is stored once and told once, on the notification number, with the spec’s text', async () => {
    const { lawyer, id } = await followed();
    const check = { found: true, movements: [movement(1, 'Distribuído por sorteio'), movement(5, 'Decisão interlocutória: tutela deferida', 'DECISAO')] };
    expect(await recordProcessCheck(id, check)).toEqual({ newMovements: 2 });
    expect(await recordProcessCheck(id, check)).toEqual({ newMovements: 0 });
    const later = { found: true, movements: [...check.movements, movement(9, 'Sentença de procedência', 'SENTENCA')] };
    expect(await recordProcessCheck(id, later)).toEqual({ newMovements: 1 });

    const details = await getMonitoringDetails(lawyer, id);
    expect(details.status).toBe('ENCONTRADO');
    expect(details.ultimaVerificacao).toBeInstanceOf(Date);
    expect(details.movements.map((m) => [m.tipo, m.descricao])).toEqual([
      ['SENTENCA', 'Sentença de procedência'],
      ['DECISAO', 'Decisão interlocutória: tutela deferida'],
      ['ANDAMENTO', 'Distribuído por sorteio'],
    ]);
    const sent = await notificationsOf(lawyer.id);
    expect(sent).toHaveLength(3);
    expect(sent.map((m) => m.body)).toContain(`O processo ${NUMEROS[0]} teve uma nova movimentação: Sentença de procedência Acesse o sistema para ver os detalhes.`);
    expect(new Set(sent.map((m) => m.key)).size).toBe(3);
  });

  test('the same callback delivered several times at once stores and tells each movement once', async () => {
    const { lawyer, id } = await followed();
    const check = { found: true, movements: [movement(2, 'Juntada de petição'), movement(3, 'Conclusos para decisão')] };
    const results = await Promise.all(Array.from({ length: 5 }, () => recordProcessCheck(id, check)));
    expect(results.reduce((sum, r) => sum + r.newMovements, 0)).toBe(2);
    expect(await db.$count(processUpdates, eq(processUpdates.processoId, id))).toBe(2);
    expect(await notificationsOf(lawyer.id)).toHaveLength(2);
  });

  test('not found at the court: NAO_ENCONTRADO, nothing told', async () => {
    const { lawyer, id } = await followed();
    await recordProcessCheck(id, { found: false, movements: [] });
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('NAO_ENCONTRADO');
    expect(await notificationsOf(lawyer.id)).toHaveLength(0);
  });

  test('an ended plan stores the movement but sends no WhatsApp', async () => {
    const { lawyer, id } = await followed();
    await expirePlan(lawyer.id);
    expect(await recordProcessCheck(id, { found: true, movements: [movement(4, 'Audiência designada')] })).toEqual({ newMovements: 1 });
    expect(await notificationsOf(lawyer.id)).toHaveLength(0);
  });

  test('Atualizar asks the provider now; a passing refusal keeps everything, and says when the process is tried again', async () => {
    const { lawyer, id } = await followed();
    const ok = fakeProvider({ check: async () => ({ found: true, movements: [movement(6, 'Despacho de mero expediente')] }) });
    expect(await refreshMonitoring(lawyer, id, ok.provider)).toEqual({ newMovements: 1 });
    const down = fakeProvider({ check: () => Promise.reject(new CourtProviderError('unavailable', 'Erro interno', { status: 500 })) });
    const now = new Date();
    const answer = await refusal(refreshMonitoring(lawyer, id, down.provider, now));
    expect(answer).toMatchObject({ status: 502 });
    expect(answer.message).toMatch(/^Erro na API: Erro interno — .+ indisponível, nova tentativa às \d{2}:\d{2}/);
    const details = await getMonitoringDetails(lawyer, id);
    expect(details.movements).toHaveLength(1);
    expect(details.status).toBe('ENCONTRADO');
    // The first retry five minutes later; the dispatcher's slot brought forward to it.
    expect(details.proximaTentativa?.getTime()).toBe(now.getTime() + 5 * 60_000);
    const [row] = await db.select({ next: monitoredProcesses.nextCheckAt }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id));
    expect(row!.next!.getTime()).toBeLessThanOrEqual(now.getTime() + 5 * 60_000);
    // A refusal that would repeat (the key) records no retry.
    const refused = fakeProvider({ check: () => Promise.reject(new CourtProviderError('auth', 'chave recusada', { status: 401 })) });
    expect(await refusal(refreshMonitoring(lawyer, id, refused.provider, now))).toMatchObject({ message: 'Erro na API: chave recusada' });
  });

  test('a "not found" that needs confirming: remembered the first time, NAO_ENCONTRADO only a day later; never for a process once found', async () => {
    const { lawyer, id } = await followed();
    const t0 = new Date();
    const notFound = { found: false, movements: [], notFoundNeedsConfirmation: true };
    await recordProcessCheck(id, notFound, t0);
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('PENDENTE');
    await recordProcessCheck(id, notFound, new Date(t0.getTime() + 23 * 60 * 60_000));
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('PENDENTE');
    await recordProcessCheck(id, notFound, new Date(t0.getTime() + 24 * 60 * 60_000));
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('NAO_ENCONTRADO');
    // Found later after all: ENCONTRADO, and a later "not found" (confirmed or not) never undoes it.
    await recordProcessCheck(id, { found: true, movements: [] }, new Date(t0.getTime() + 25 * 60 * 60_000));
    await recordProcessCheck(id, notFound, new Date(t0.getTime() + 26 * 60 * 60_000));
    await recordProcessCheck(id, notFound, new Date(t0.getTime() + 60 * 60 * 60_000));
    expect((await getMonitoringDetails(lawyer, id)).status).toBe('ENCONTRADO');
  });
});

describe('Atualizar', () => {
  test('at most 30 checks per lawyer in ten minutes: the next is a Portuguese 429 and the provider is not called', async () => {
    const ana = await openMonitoring((await lawyerOn('intermediario')).user);
    const { provider, calls } = fakeProvider();
    const { id } = await createMonitoring(ana, input(NUMEROS[0]!), provider);
    const now = new Date();
    for (let i = 0; i < 30; i++) await refreshMonitoring(ana, id, provider, now);
    expect(await refusal(refreshMonitoring(ana, id, provider, now))).toMatchObject({ status: 429, message: 'Muitas tentativas. Aguarde 10 minutos e tente novamente.' });
    expect(calls.check).toBe(30);
  });
});

describe('removing', () => {
  test('a provider monitoring shared by two lawyers is stopped only when the last of them removes it', async () => {
    const ana = await openMonitoring((await lawyerOn('intermediario')).user);
    const bruno = await openMonitoring((await lawyerOn('premium')).user);
    const { provider, calls } = fakeProvider({ start: async () => ({ providerRef: 'escavador-42' }) });
    const first = await createMonitoring(ana, input(NUMEROS[0]!), provider);
    const second = await createMonitoring(bruno, input(NUMEROS[0]!), provider);
    await removeMonitoring(ana, first.id, provider);
    expect(calls.stop).toEqual([]);
    await removeMonitoring(bruno, second.id, provider);
    expect(calls.stop).toEqual([{ numero: NUMEROS[0], providerRef: 'escavador-42' }]);
  });
});

describe('another lawyer’s monitoring', () => {
  test('is not found for details, Atualizar and removal, whatever id is sent; removing one’s own stops it at the provider', async () => {
    const ana = await openMonitoring((await lawyerOn('intermediario')).user);
    const bruno: MonitoringLawyer = await openMonitoring((await lawyerOn('premium')).user);
    const { provider, calls } = fakeProvider();
    const { id } = await createMonitoring(ana, input(NUMEROS[0]!), provider);
    await recordProcessCheck(id, { found: true, movements: [{ data: new Date('2026-10-01T12:00:00Z'), descricao: 'Distribuído', tipo: 'ANDAMENTO' }] });

    const attempts = [() => getMonitoringDetails(bruno, id), () => refreshMonitoring(bruno, id, provider), () => removeMonitoring(bruno, id, provider), () => getMonitoringDetails(bruno, 'nao-e-um-id')];
    for (const attempt of attempts) expect(await refusal(attempt())).toMatchObject({ status: 404, message: MONITORING_TEXTS.notFound });
    expect(calls.check).toBe(0);
    expect(calls.stop).toHaveLength(0);

    expect(await removeMonitoring(ana, id, provider)).toEqual({ message: 'Monitoramento removido com sucesso' });
    expect(calls.stop).toEqual([{ numero: NUMEROS[0], providerRef: 'ref-1' }]);
    expect(await db.$count(monitoredProcesses, eq(monitoredProcesses.id, id))).toBe(0);
    expect(await db.$count(processUpdates, eq(processUpdates.processoId, id))).toBe(0);
  });
});

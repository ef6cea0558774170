import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { escavadorCallbacks, monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { parseEscavadorCallback, type EscavadorCallback } from '~/integrations/court-monitoring/escavador.server';
import { CourtProviderError, type CourtMonitoringProvider, type ProcessCheck } from '~/integrations/court-monitoring/provider';
import { backgroundLog } from '~/lib/log.server';
import { getLawyerPlan } from '~/modules/subscriptions/lawyer-plan.server';
import { nextCheckAt } from './check-schedule';
import { providerCourtOf, recordProcessCheck } from './monitoring.server';

// Process monitoring without a lawyer at the screen (docs/decisions/0030): the polling of pull providers
// (DataJud, the simulator), each process at its own slot, and Escavador's callbacks, stored once by
// their uuid and applied by a job. Both end in recordProcessCheck, like 'Atualizar'.

// ---------------------------------------------------------------------------------------------------
// Polling

/** One check the dispatcher handed out: the process and the slot it was due at (the job's identity). */
export interface DueCheck {
  processId: string;
  /** ISO instant of the slot that fell due (unique per process: the next one is a weekday later). */
  slot: string;
}

/**
 * Takes up to `limit` due processes (next_check_at reached; rows still without a slot first) and moves
 * each to its next slot, in one transaction that locks them with SKIP LOCKED: two dispatchers (two
 * processes) never take the same row, and a row taken is not due again before its next slot. Rows that
 * had no slot (written before polling existed) only get one, without a check now, so a new release or a
 * restart does not check everything at once. Answers the checks to run.
 */
export async function claimDueChecks(limit: number, now: Date = new Date()): Promise<DueCheck[]> {
  if (limit <= 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: monitoredProcesses.id, frequencia: monitoredProcesses.frequencia, nextCheckAt: monitoredProcesses.nextCheckAt })
      .from(monitoredProcesses)
      .where(or(isNull(monitoredProcesses.nextCheckAt), lte(monitoredProcesses.nextCheckAt, now)))
      .orderBy(sql`${monitoredProcesses.nextCheckAt} asc nulls first`)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const moves = due.map((row) => sql`(${row.id}::uuid, ${nextCheckAt(row.id, row.frequencia, now).toISOString()}::timestamptz)`);
    await tx.execute(sql`
      update ${monitoredProcesses} set next_check_at = v.at
      from (values ${sql.join(moves, sql`, `)}) as v(id, at)
      where ${monitoredProcesses.id} = v.id`);
    return due.filter((row) => row.nextCheckAt !== null).map((row) => ({ processId: row.id, slot: row.nextCheckAt!.toISOString() }));
  });
}

export type ScheduledCheckOutcome = 'checked' | 'gone' | 'not-in-plan';

/**
 * One scheduled check: the process (gone: removed since it was handed out, nothing is asked), its
 * lawyer's plan (one that no longer includes monitoring is not checked: each check may be a paid call),
 * the provider, then recordProcessCheck. A provider's failure is thrown as it came (CourtProviderError):
 * the job decides whether it is retried.
 */
export async function runScheduledCheck(processId: string, provider: CourtMonitoringProvider, now: () => Date = () => new Date()): Promise<{ outcome: ScheduledCheckOutcome; newMovements: number }> {
  const [row] = await db
    .select({
      id: monitoredProcesses.id,
      lawyerId: monitoredProcesses.lawyerId,
      numero: monitoredProcesses.numero,
      tribunal: monitoredProcesses.tribunal,
      providerRef: monitoredProcesses.providerRef,
      hasDetails: sql<boolean>`${monitoredProcesses.detalhes} is not null`,
    })
    .from(monitoredProcesses)
    .where(eq(monitoredProcesses.id, processId));
  if (!row) return { outcome: 'gone', newMovements: 0 };
  const plan = await getLawyerPlan(row.lawyerId, now());
  if (!plan.allows.monitoring) return { outcome: 'not-in-plan', newMovements: 0 };
  const knownMovements = await db.$count(processUpdates, eq(processUpdates.processoId, row.id));
  const check = await provider.checkProcess({ numero: row.numero, court: providerCourtOf(row.numero, row.tribunal), providerRef: row.providerRef, knownMovements, needsDetails: !row.hasDetails });
  // recordProcessCheck does nothing for a row removed while the provider answered.
  const { newMovements } = await recordProcessCheck(row.id, check, now());
  return { outcome: 'checked', newMovements };
}

// ---------------------------------------------------------------------------------------------------
// Escavador's safety net: a monitoring whose status callback was lost

/** A monitoring still PENDENTE this long after it was created is asked for its status, and again each time this much later. */
export const PENDING_STATUS_CHECK_MS = 24 * 60 * 60_000;

/**
 * Escavador announces the end of its search by callback (processo_encontrado / processo_nao_encontrado);
 * a lost callback would leave the monitoring PENDENTE for ever. So a monitoring still PENDENTE 24 hours
 * after its creation is asked for its status (GET /monitoramentos/processos/{id}, through the provider's
 * check) once a day, and the answer is recorded like any check (docs/decisions/0051). At most `limit`
 * per call, oldest first; the time of the question is recorded before asking, so a failing one waits a
 * day too. A provider's refusal is logged (without a stack trace) and the others go on. Answers how many were asked.
 */
export async function checkStalePendingMonitorings(provider: CourtMonitoringProvider, { limit = 50, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<number> {
  const dayAgo = new Date(now.getTime() - PENDING_STATUS_CHECK_MS);
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: monitoredProcesses.id, numero: monitoredProcesses.numero, tribunal: monitoredProcesses.tribunal, providerRef: monitoredProcesses.providerRef })
      .from(monitoredProcesses)
      .where(
        and(
          eq(monitoredProcesses.status, 'PENDENTE'),
          isNotNull(monitoredProcesses.providerRef),
          lte(monitoredProcesses.criadoEm, dayAgo),
          or(isNull(monitoredProcesses.statusConsultadoEm), lte(monitoredProcesses.statusConsultadoEm, dayAgo)),
        ),
      )
      .orderBy(asc(monitoredProcesses.criadoEm))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(monitoredProcesses)
        .set({ statusConsultadoEm: now })
        .where(or(...rows.map((r) => eq(monitoredProcesses.id, r.id))));
    }
    return rows;
  });
  for (const row of due) {
    try {
      const check = await provider.checkProcess({ numero: row.numero, court: providerCourtOf(row.numero, row.tribunal), providerRef: row.providerRef, needsDetails: true });
      await recordProcessCheck(row.id, check, now);
    } catch (error) {
      if (!(error instanceof CourtProviderError)) throw error;
      backgroundLog().warn({ processId: row.id, provider: provider.id, kind: error.kind, detail: error.detail }, 'Consulta do status de um monitoramento pendente falhou; nova consulta amanhã');
    }
  }
  return due.length;
}

// ---------------------------------------------------------------------------------------------------
// Escavador's callbacks

/**
 * Stores a parsed callback once by its uuid (concurrent deliveries of one event: one row). Answers
 * whether this delivery stored it (false: a repeat of an event already stored).
 */
export async function storeEscavadorCallback(callback: EscavadorCallback, payload: unknown, now: Date = new Date()): Promise<{ stored: boolean }> {
  const inserted = await db
    .insert(escavadorCallbacks)
    // An event monitoring does not act on is kept for the record, already settled: no job is run for it.
    .values({ uuid: callback.uuid, event: callback.event, numero: callback.numero, monitoringRef: callback.monitoringRef, payload, receivedAt: now, ...(callback.known ? {} : { processedAt: now, matchedProcesses: 0 }) })
    .onConflictDoNothing()
    .returning({ uuid: escavadorCallbacks.uuid });
  return { stored: inserted.length > 0 };
}

/** What an event tells a monitored process, as a provider's check; null for events monitoring does not act on. */
export function callbackCheck(callback: EscavadorCallback): ProcessCheck | null {
  if (!callback.known) return null;
  if (callback.event === 'nova_movimentacao') return { found: true, movements: callback.movements };
  if (callback.found === undefined) return null;
  return { found: callback.found, movements: [] };
}

export type CallbackOutcome = { outcome: 'missing' | 'already-processed' | 'ignored' } | { outcome: 'applied'; processes: number; newMovements: number };

/**
 * Applies a stored callback to every monitored process it names, by Escavador's monitoring id (the
 * providerRef two lawyers may share) or by the CNJ number, through recordProcessCheck (movements once,
 * status by its rules whatever the order), then marks it processed. Applying one twice (a job retried
 * after a crash) changes nothing more: movements are stored once and the status rules are idempotent.
 */
export async function processEscavadorCallback(uuid: string, now: () => Date = () => new Date()): Promise<CallbackOutcome> {
  const [row] = await db.select({ payload: escavadorCallbacks.payload, processedAt: escavadorCallbacks.processedAt }).from(escavadorCallbacks).where(eq(escavadorCallbacks.uuid, uuid));
  if (!row) return { outcome: 'missing' };
  if (row.processedAt) return { outcome: 'already-processed' };
  const parsed = parseEscavadorCallback(row.payload);
  const check = parsed.ok ? callbackCheck(parsed.callback) : null;
  if (!parsed.ok || !check) {
    await markProcessed(uuid, 0, now());
    return { outcome: 'ignored' };
  }
  const { monitoringRef, numero } = parsed.callback;
  const matches = [monitoringRef ? eq(monitoredProcesses.providerRef, monitoringRef) : undefined, numero ? eq(monitoredProcesses.numero, numero) : undefined].filter((c) => c !== undefined);
  const processes = matches.length === 0 ? [] : await db.select({ id: monitoredProcesses.id }).from(monitoredProcesses).where(or(...matches));
  let newMovements = 0;
  for (const process of processes) newMovements += (await recordProcessCheck(process.id, check, now())).newMovements;
  await markProcessed(uuid, processes.length, now());
  return { outcome: 'applied', processes: processes.length, newMovements };
}

async function markProcessed(uuid: string, matched: number, now: Date) {
  await db
    .update(escavadorCallbacks)
    .set({ processedAt: now, matchedProcesses: matched })
    .where(and(eq(escavadorCallbacks.uuid, uuid), isNull(escavadorCallbacks.processedAt)));
}

/**
 * Stored callbacks still unprocessed a minute after they arrived (their job was lost between the store and
 * the enqueue, or ran out of retries), from the last day only: oldest first, at most `limit`.
 */
export async function staleUnprocessedCallbacks(limit: number, now: Date = new Date()): Promise<string[]> {
  const rows = await db
    .select({ uuid: escavadorCallbacks.uuid })
    .from(escavadorCallbacks)
    .where(
      and(
        isNull(escavadorCallbacks.processedAt),
        lt(escavadorCallbacks.receivedAt, new Date(now.getTime() - 60_000)),
        gt(escavadorCallbacks.receivedAt, new Date(now.getTime() - 86_400_000)),
      ),
    )
    .orderBy(asc(escavadorCallbacks.receivedAt))
    .limit(limit);
  return rows.map((r) => r.uuid);
}

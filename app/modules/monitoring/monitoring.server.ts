import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CurrentUser } from '~/auth/session.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import { CourtProviderError, type CourtMonitoringProvider, type ProcessCheck, type ProcessDetails, type ProviderCourt } from '~/integrations/court-monitoring/provider';
import { getConfig } from '~/config.server';
import { enqueueWhatsAppMessages, sendWhatsAppMessageNow } from '~/integrations/whatsapp/outbox.server';
import { movementWhatsAppText } from '~/integrations/whatsapp/templates';
import { createConfiguredWhatsAppSenders } from '~/integrations/whatsapp/whatsapp-sender.server';
import { AppError } from '~/lib/app-error';
import { hitRateLimit, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import type { MonitoringFrequencyId, MonitoringStatus, ProcessUpdateType } from '~/domain/catalog/vocabularies';
import { readGatewayToken } from '~/modules/messaging/gateway-tokens.server';
import { requireApprovedLawyer } from '~/modules/subscriptions/lawyer-gate';
import { getLawyerPlan } from '~/modules/subscriptions/lawyer-plan.server';
import { firstCheckAt } from './check-schedule';
import { courtOfCnj, findCourt } from '~/domain/cnj';
import { MONITORING_TEXTS, monitoringIdSchema, retryLine, type CreateMonitoringInput } from './monitoring.schemas';

// Process monitoring (docs/product-rules.md, "Process monitoring"): a lawyer's monitored processes and
// their movements. Every function takes the lawyer openMonitoring() let in, from the session, and scopes
// every statement to them: another lawyer's monitoring is "not found", whatever id the request carries.
// The provider (simulated court, Escavador or DataJud) is passed in: the route gives the configured one.

const monitoringAccess: unique symbol = Symbol('monitoring access');

/** A lawyer whose plan includes monitoring; only openMonitoring() makes one. */
export interface MonitoringLawyer {
  readonly id: string;
  /** How many processes the plan lets them follow at once (5 intermediário, 20 premium). */
  readonly cap: number;
  readonly [monitoringAccess]: true;
}

/** Why the form and the table are not shown: the plan (gratuito, or básico), or nothing (they are). */
export type MonitoringGate = { state: 'open'; lawyer: MonitoringLawyer } | { state: 'free-plan' } | { state: 'needs-intermediario' };

/**
 * The gate of monitoring for the signed-in `user` (never a lawyer id from the request): an approved
 * lawyer (a superadmin's own profile counts as approved) whose effective plan includes monitoring
 * (`planAllows`, the one plan-rules function: intermediário and premium). Gratuito and básico get their
 * notice; a missing or unapproved profile is refused.
 */
export async function monitoringGate(user: Pick<CurrentUser, 'id' | 'isSuperadmin'>, now: Date = new Date()): Promise<MonitoringGate> {
  const [profile] = await db.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, user.id));
  requireApprovedLawyer(user, profile?.status);
  const plan = await getLawyerPlan(user.id, now);
  if (plan.allows.monitoring) return { state: 'open', lawyer: { id: user.id, cap: plan.allows.monitoredProcessesCap, [monitoringAccess]: true } };
  return plan.effective.level === 0 ? { state: 'free-plan' } : { state: 'needs-intermediario' };
}

/** The gate as a door: the lawyer, or a Portuguese 403 with the plan's notice. */
export async function openMonitoring(user: Pick<CurrentUser, 'id' | 'isSuperadmin'>, now: Date = new Date()): Promise<MonitoringLawyer> {
  const gate = await monitoringGate(user, now);
  if (gate.state === 'open') return gate.lawyer;
  throw new AppError(gate.state === 'free-plan' ? MONITORING_TEXTS.notInFreePlan : MONITORING_TEXTS.startsAtIntermediario, { status: 403, code: 'monitoring_not_in_plan' });
}

export interface MonitoringRow {
  id: string;
  numero: string;
  /** The court's sigla (chosen, or the number's own); null when neither is known. */
  tribunal: string | null;
  frequencia: MonitoringFrequencyId;
  status: MonitoringStatus;
  criadoEm: Date;
  ultimaVerificacao: Date | null;
  /** The cover the provider last gave (class, subjects, judging body, grau, filing date, parties), or null. */
  detalhes: ProcessDetails | null;
  /** After a check that failed for a passing reason: when it is tried again; null when the last check answered. */
  proximaTentativa: Date | null;
  /** The newest stored movement, or null. */
  ultimaMovimentacao: { data: Date; descricao: string } | null;
}

const rowColumns = {
  id: monitoredProcesses.id,
  numero: monitoredProcesses.numero,
  tribunal: monitoredProcesses.tribunal,
  frequencia: monitoredProcesses.frequencia,
  status: monitoredProcesses.status,
  criadoEm: monitoredProcesses.criadoEm,
  ultimaVerificacao: monitoredProcesses.ultimaVerificacao,
  detalhes: monitoredProcesses.detalhes,
  proximaTentativa: monitoredProcesses.proximaTentativa,
};

/** The newest movement of each of `ids` (one query: distinct on the process, newest first). */
async function lastMovements(ids: string[]): Promise<Map<string, { data: Date; descricao: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([processUpdates.processoId], { processoId: processUpdates.processoId, data: processUpdates.data, descricao: processUpdates.descricao })
    .from(processUpdates)
    .where(inArray(processUpdates.processoId, ids))
    .orderBy(processUpdates.processoId, desc(processUpdates.data), desc(processUpdates.createdAt));
  return new Map(rows.map((r) => [r.processoId, { data: r.data, descricao: r.descricao }]));
}

/** The lawyer's monitorings, newest first ('Monitoramentos Ativos'), each with its newest movement. */
export async function listMonitorings(lawyer: MonitoringLawyer): Promise<MonitoringRow[]> {
  const rows = await db.select(rowColumns).from(monitoredProcesses).where(eq(monitoredProcesses.lawyerId, lawyer.id)).orderBy(desc(monitoredProcesses.criadoEm), desc(monitoredProcesses.id));
  const last = await lastMovements(rows.map((r) => r.id));
  return rows.map((row) => ({ ...row, ultimaMovimentacao: last.get(row.id) ?? null }));
}

/** The court a monitoring is followed in: the chosen one, else the number's J.TR; as the adapters need it. */
export function providerCourtOf(numero: string, tribunal: string | null): ProviderCourt | null {
  const court = (tribunal ? findCourt(tribunal) : undefined) ?? courtOfCnj(numero);
  return court ? { sigla: court.sigla, datajudAlias: court.datajudAlias } : null;
}

/** What a provider's refusal tells the lawyer (docs/product-rules.md, "Process monitoring": 'Erro na API: …'), with the provider's name. */
export function providerFailure(error: unknown, provider: Pick<CourtMonitoringProvider, 'displayName'>): AppError {
  if (!(error instanceof CourtProviderError)) throw error;
  if (error.kind === 'duplicate') return new AppError(MONITORING_TEXTS.duplicate, { status: 409, code: 'monitoring_duplicate', cause: error });
  if (error.kind === 'network') return new AppError(MONITORING_TEXTS.connectionFailed(provider.displayName), { status: 502, code: 'provider_unreachable', cause: error });
  const retryAfter = error.kind === 'rate_limited' ? error.retryAfterSeconds : undefined;
  return new AppError(MONITORING_TEXTS.apiError(error.detail), {
    status: error.kind === 'invalid' ? 422 : error.kind === 'rate_limited' ? 429 : 502,
    code: `provider_${error.kind}`,
    ...(retryAfter ? { retryAfter } : {}),
    cause: error,
  });
}

/**
 * Starts following a process: within the plan's cap ('Seu plano permite monitorar até N processos…',
 * checked under the lawyer's row lock, so two tabs cannot both take the last place) and once per
 * number per lawyer ('Este processo já está sendo monitorado na sua conta.'; two lawyers may follow the
 * same process). The row is stored first (PENDENTE), then the provider is told; when the provider
 * refuses, the row goes and its message is the answer.
 */
export async function createMonitoring(lawyer: MonitoringLawyer, input: CreateMonitoringInput, provider: CourtMonitoringProvider): Promise<{ id: string; message: string }> {
  const court = providerCourtOf(input.numero, input.tribunal);
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id)).for('update');
    const [followed] = await tx.select({ n: count() }).from(monitoredProcesses).where(eq(monitoredProcesses.lawyerId, lawyer.id));
    if (Number(followed?.n ?? 0) >= lawyer.cap) throw new AppError(MONITORING_TEXTS.capReached(lawyer.cap), { status: 403, code: 'monitoring_cap_reached' });
    // The first automatic check at the process's own time of day (check-schedule.ts); 'Atualizar' asks now.
    const newId = randomUUID();
    const [created] = await tx
      .insert(monitoredProcesses)
      .values({ id: newId, lawyerId: lawyer.id, numero: input.numero, tribunal: court?.sigla ?? null, frequencia: input.frequencia, status: 'PENDENTE', nextCheckAt: firstCheckAt(newId, new Date()) })
      .onConflictDoNothing()
      .returning({ id: monitoredProcesses.id });
    if (!created) throw new AppError(MONITORING_TEXTS.duplicate, { status: 409, code: 'monitoring_duplicate', field: 'numero' });
    return created.id;
  });

  let providerRef: string | null;
  try {
    ({ providerRef } = await provider.startMonitoring({ numero: input.numero, court, courtChosen: input.tribunal !== null, frequencia: input.frequencia }));
  } catch (error) {
    await db.delete(monitoredProcesses).where(and(eq(monitoredProcesses.id, id), eq(monitoredProcesses.lawyerId, lawyer.id)));
    throw providerFailure(error, provider);
  }
  if (providerRef) await db.update(monitoredProcesses).set({ providerRef }).where(eq(monitoredProcesses.id, id));
  return { id, message: MONITORING_TEXTS.created(provider.displayName) };
}

function notFound(): AppError {
  return new AppError(MONITORING_TEXTS.notFound, { status: 404, code: 'monitoring_not_found' });
}

/** The lawyer's own monitoring (id, number, court, provider's id), or "not found". */
async function ownMonitoring(lawyer: MonitoringLawyer, id: string) {
  if (!monitoringIdSchema.safeParse(id).success) throw notFound();
  const [row] = await db
    .select({ ...rowColumns, providerRef: monitoredProcesses.providerRef })
    .from(monitoredProcesses)
    .where(and(eq(monitoredProcesses.id, id), eq(monitoredProcesses.lawyerId, lawyer.id)));
  if (!row) throw notFound();
  return row;
}

/**
 * Stops following a process: the row and its movements go ('Monitoramento removido com sucesso'), and
 * the provider's monitoring is stopped too. A provider that cannot be reached now does not keep the row:
 * the answer says so and `stopFailed` carries the provider's id for a retry.
 */
export async function removeMonitoring(lawyer: MonitoringLawyer, id: string, provider: CourtMonitoringProvider): Promise<{ message: string }> {
  const row = await ownMonitoring(lawyer, id);
  const [removed] = await db
    .delete(monitoredProcesses)
    .where(and(eq(monitoredProcesses.id, row.id), eq(monitoredProcesses.lawyerId, lawyer.id)))
    .returning({ id: monitoredProcesses.id });
  if (!removed) throw notFound();
  // Escavador's monitoring of a process is one per account: two lawyers following the same number share
  // its id, and it is stopped only when the last row that uses it goes.
  const stillUsed = row.providerRef ? await db.$count(monitoredProcesses, eq(monitoredProcesses.providerRef, row.providerRef)) : 0;
  if (row.providerRef && stillUsed === 0) {
    try {
      await provider.stopMonitoring({ numero: row.numero, providerRef: row.providerRef });
    } catch (error) {
      if (!(error instanceof CourtProviderError) || error.kind !== 'not_found') throw providerFailure(error, provider);
    }
  }
  return { message: MONITORING_TEXTS.removed };
}

export interface MovementView {
  id: string;
  data: Date;
  descricao: string;
  tipo: ProcessUpdateType;
  /** The TPU code the type was read from, or null (Escavador, the simulator). */
  codigo: number | null;
}

export interface MonitoringDetails extends MonitoringRow {
  /** Newest first. */
  movements: MovementView[];
}

/** One monitoring with its movements, newest first (the details dialog). */
export async function getMonitoringDetails(lawyer: MonitoringLawyer, id: string): Promise<MonitoringDetails> {
  const row = await ownMonitoring(lawyer, id);
  const movements = await db
    .select({ id: processUpdates.id, data: processUpdates.data, descricao: processUpdates.descricao, tipo: processUpdates.tipo, codigo: processUpdates.codigo })
    .from(processUpdates)
    .where(eq(processUpdates.processoId, row.id))
    .orderBy(desc(processUpdates.data), desc(processUpdates.createdAt));
  const { providerRef: _ref, ...shown } = row;
  const newest = movements[0];
  return { ...shown, ultimaMovimentacao: newest ? { data: newest.data, descricao: newest.descricao } : null, movements };
}

/** How long apart two "not found" answers that need confirming must be for a new process to become NAO_ENCONTRADO. */
export const NOT_FOUND_CONFIRMATION_MS = 24 * 60 * 60_000;

/**
 * The status a check leaves (docs/decisions/0030, 0051), whatever order the answers arrive in: found (or
 * a movement) → ENCONTRADO; a search not over yet (pending) leaves it as it is; not found →
 * NAO_ENCONTRADO, except for a process already ENCONTRADO (a process that was found does not stop
 * existing: a late 'not found' is an old callback delivered again, or a provider's hiccup). A "not
 * found" that needs confirming (DataJud's) counts only when an earlier one is at least a day old: the
 * first one is remembered (naoEncontradoEm) and the status stays. Never back to PENDENTE.
 */
function statusAfter(check: ProcessCheck, current: { status: MonitoringStatus; naoEncontradoEm: Date | null }, now: Date): { status: MonitoringStatus; naoEncontradoEm: Date | null } {
  if (check.found || check.movements.length > 0) return { status: 'ENCONTRADO', naoEncontradoEm: null };
  if (check.pending || current.status === 'ENCONTRADO') return current;
  if (!check.notFoundNeedsConfirmation) return { status: 'NAO_ENCONTRADO', naoEncontradoEm: current.naoEncontradoEm ?? now };
  if (!current.naoEncontradoEm) return { status: current.status, naoEncontradoEm: now };
  return now.getTime() - current.naoEncontradoEm.getTime() >= NOT_FOUND_CONFIRMATION_MS ? { status: 'NAO_ENCONTRADO', naoEncontradoEm: current.naoEncontradoEm } : current;
}

/**
 * Records what a provider answered for one monitored process, in one transaction: its status
 * (statusAfter: ENCONTRADO / NAO_ENCONTRADO, or unchanged while the provider has not finished looking or
 * a "not found" waits for its confirmation), its cover when the answer carries one, its last check (and
 * no retry pending any more); each movement not stored yet (matched on date and
 * description by a unique index, so concurrent deliveries store it once); and for each movement stored
 * now exactly one WhatsApp notification in the outbox (key `movimentacao:{movement id}`) to the lawyer's
 * notification number (or their WhatsApp), when their plan includes notifications. Used by 'Atualizar',
 * the polling job and the provider's callbacks alike. Answers how many movements were new.
 */
export async function recordProcessCheck(processId: string, check: ProcessCheck, now: Date = new Date()): Promise<{ newMovements: number }> {
  // Who is told, read before the transaction (PGlite runs one statement stream: no reads beside it).
  const [process] = await db
    .select({ numero: monitoredProcesses.numero, lawyerId: monitoredProcesses.lawyerId, notificacoes: lawyerProfiles.whatsappNotificacoes, whatsapp: lawyerProfiles.whatsapp })
    .from(monitoredProcesses)
    .innerJoin(lawyerProfiles, eq(lawyerProfiles.id, monitoredProcesses.lawyerId))
    .where(eq(monitoredProcesses.id, processId));
  if (!process) return { newMovements: 0 };
  const plan = await getLawyerPlan(process.lawyerId, now);
  const to = [process.notificacoes, process.whatsapp].find((n): n is string => typeof n === 'string' && /^[0-9]{10,15}$/.test(n));
  const notifyTo = plan.allows.whatsappNotifications ? to : undefined;

  return db.transaction(async (tx) => {
    // The row locked while its status is worked out: concurrent answers apply one after the other.
    const [current] = await tx
      .select({ status: monitoredProcesses.status, naoEncontradoEm: monitoredProcesses.naoEncontradoEm })
      .from(monitoredProcesses)
      .where(eq(monitoredProcesses.id, processId))
      .for('update');
    if (!current) return { newMovements: 0 };
    const next = statusAfter(check, current, now);
    await tx
      .update(monitoredProcesses)
      .set({ ...next, ultimaVerificacao: now, proximaTentativa: null, falhasSeguidas: 0, ...(check.details ? { detalhes: check.details } : {}) })
      .where(eq(monitoredProcesses.id, processId));
    if (check.movements.length === 0) return { newMovements: 0 };

    const stored = await tx
      .insert(processUpdates)
      .values(check.movements.map((m) => ({ processoId: processId, data: m.data, descricao: m.descricao.trim(), tipo: m.tipo, codigo: m.codigo ?? null })))
      .onConflictDoNothing()
      .returning({ id: processUpdates.id, descricao: processUpdates.descricao });
    if (stored.length === 0 || !notifyTo) return { newMovements: stored.length };

    await enqueueWhatsAppMessages(
      tx,
      stored.map((movement) => ({
        to: notifyTo,
        ...movementWhatsAppText({ numero: process.numero, descricao: movement.descricao }),
        kind: 'movimentacao' as const,
        lawyerId: process.lawyerId,
        idempotencyKey: `movimentacao:${movement.id}`,
      })),
    );
    await tx
      .update(processUpdates)
      .set({ notifiedAt: now })
      .where(sql`${processUpdates.id} in (${sql.join(
        stored.map((m) => sql`${m.id}::uuid`),
        sql`, `,
      )})`);
    return { newMovements: stored.length };
  });
}

/** At most this many 'Atualizar' per lawyer in ten minutes. */
const REFRESHES_PER_WINDOW = 30;
const REFRESH_WINDOW_MS = 10 * 60_000;

/**
 * 'Atualizar': asks the provider about the process now and records the answer (recordProcessCheck).
 * A provider's refusal is answered with the spec's message and changes nothing.
 */
export async function refreshMonitoring(lawyer: MonitoringLawyer, id: string, provider: CourtMonitoringProvider, now: Date = new Date()): Promise<{ newMovements: number }> {
  const row = await ownMonitoring(lawyer, id);
  // Each check is a paid call at Escavador (several, with movement pages): a lawyer's checks are capped.
  const hit = await hitRateLimit(`monitoring-refresh:user:${lawyer.id}`, REFRESH_WINDOW_MS, now);
  if (hit.count > REFRESHES_PER_WINDOW) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_refreshes', retryAfter });
  }
  let check: ProcessCheck;
  try {
    const knownMovements = await db.$count(processUpdates, eq(processUpdates.processoId, row.id));
    check = await provider.checkProcess({ numero: row.numero, court: providerCourtOf(row.numero, row.tribunal), providerRef: row.providerRef, knownMovements, needsDetails: row.detalhes === null });
  } catch (error) {
    // A passing failure (failed shards, 429, 5xx, no answer): the status stays, and the process is checked
    // again with backoff; the answer and the details say when.
    const failure = providerFailure(error, provider);
    if (!(error instanceof CourtProviderError) || !error.retryable) throw failure;
    const at = await recordCheckFailure(row.id, { retryAfterSeconds: error.retryAfterSeconds, moveNextCheck: true }, now);
    if (!at) throw failure;
    throw new AppError(`${failure.message} — ${retryLine(provider.displayName, at, now)}`, { status: failure.status, code: failure.code, ...(failure.retryAfter ? { retryAfter: failure.retryAfter } : {}), cause: error });
  }
  return recordProcessCheck(row.id, check, now);
}

/** The wait before checking again after `failures` passing failures in a row: 5, 10, 20… minutes, at most 6 hours; never before a Retry-After. */
export function retryDelayMs(failures: number, retryAfterSeconds?: number): number {
  const backoff = Math.min(6 * 60 * 60_000, 5 * 60_000 * 2 ** Math.max(0, failures - 1));
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

/**
 * A check that failed for a passing reason (CourtProviderError.retryable): the status and everything
 * stored stay; one more failure in a row is counted, and the time of the next attempt is kept for the
 * details ('DataJud indisponível, nova tentativa às HH:mm'). `retryAt` is that time when the caller
 * schedules it (the check job; 'next-slot': the process's next polling slot); otherwise it is now + retryDelayMs and, with `moveNextCheck`, the
 * polling dispatcher's next slot is brought forward to it (never pushed back). Answers the retry time.
 */
export async function recordCheckFailure(
  processId: string,
  { retryAt, retryAfterSeconds, moveNextCheck = false }: { retryAt?: Date | 'next-slot'; retryAfterSeconds?: number | undefined; moveNextCheck?: boolean },
  now: Date = new Date(),
): Promise<Date | null> {
  const [row] = await db.select({ falhas: monitoredProcesses.falhasSeguidas, next: monitoredProcesses.nextCheckAt }).from(monitoredProcesses).where(eq(monitoredProcesses.id, processId));
  if (!row) return null;
  const at = retryAt === 'next-slot' ? row.next : (retryAt ?? new Date(now.getTime() + retryDelayMs(row.falhas + 1, retryAfterSeconds)));
  if (!at) return null;
  await db
    .update(monitoredProcesses)
    .set({
      falhasSeguidas: sql`${monitoredProcesses.falhasSeguidas} + 1`,
      proximaTentativa: at,
      ...(moveNextCheck ? { nextCheckAt: sql`least(coalesce(${monitoredProcesses.nextCheckAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(monitoredProcesses.id, processId));
  return at;
}

/** At most this many 'Testar notificação WhatsApp' per lawyer in ten minutes: each reaches a real phone. */
const TEST_NOTIFICATIONS_PER_WINDOW = 5;
const TEST_WINDOW_MS = 10 * 60_000;

/**
 * 'Testar notificação WhatsApp' in the details dialog: sends the process's latest movement (or, with
 * none yet, a line saying the process is being followed) to the lawyer's notification number now,
 * through the sender their notifications use, and answers what the provider said. `envio` is the
 * dialog's own key: the same click sent twice sends once. Spec messages: 'Não foi possível encontrar o
 * número do advogado.', 'Token do WiizoChat não configurado para este advogado.', 'Notificação de
 * movimentação enviada com sucesso!', 'Erro ao enviar notificação: …'.
 */
export async function sendMovementTestNotification(lawyer: MonitoringLawyer, id: string, envio: string, now: Date = new Date()): Promise<{ message: string }> {
  const row = await ownMonitoring(lawyer, id);
  const [profile] = await db.select({ notificacoes: lawyerProfiles.whatsappNotificacoes }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id));
  const to = profile?.notificacoes && /^[0-9]{10,15}$/.test(profile.notificacoes) ? profile.notificacoes : null;
  if (!to) throw new AppError(MONITORING_TEXTS.noLawyerNumber, { status: 400, code: 'no_notification_number' });
  const senders = createConfiguredWhatsAppSenders(getConfig(), { tokenFor: readGatewayToken });
  const chosen = await senders?.choose(lawyer.id);
  if (!chosen) throw new AppError(MONITORING_TEXTS.noToken, { status: 400, code: 'no_whatsapp_sender' });

  const hit = await hitRateLimit(`movement-test:user:${lawyer.id}`, TEST_WINDOW_MS, now);
  if (hit.count > TEST_NOTIFICATIONS_PER_WINDOW) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_test_notifications', retryAfter });
  }

  const [latest] = await db
    .select({ descricao: processUpdates.descricao })
    .from(processUpdates)
    .where(eq(processUpdates.processoId, row.id))
    .orderBy(desc(processUpdates.data), desc(processUpdates.createdAt))
    .limit(1);
  const descricao = latest?.descricao ?? 'nenhuma movimentação registrada ainda; você será avisado a cada nova movimentação.';
  const result = await sendWhatsAppMessageNow(
    { to, ...movementWhatsAppText({ numero: row.numero, descricao }), kind: 'movimentacao', lawyerId: lawyer.id, idempotencyKey: `teste-movimentacao:${row.id}:${envio}` },
    chosen,
  );
  if (result.outcome === 'sent' || (result.outcome === 'duplicate' && result.status === 'sent')) return { message: MONITORING_TEXTS.notificationSent };
  if (result.outcome === 'duplicate') {
    const detail = result.status === 'failed' ? (result.error ?? 'falha no envio') : 'este envio já está em andamento.';
    throw new AppError(`${MONITORING_TEXTS.notificationFailed}${detail}`, { status: 409, code: 'test_notification_repeated' });
  }
  if (result.outcome === 'skipped') throw new Error('sendWhatsAppMessageNow: a freshly claimed message was skipped');
  throw new AppError(`${MONITORING_TEXTS.notificationFailed}${result.error}`, { status: 502, code: 'test_notification_failed' });
}

/** What the monitoring part of the section shows, below the messaging card. */
export type MonitoringSectionData =
  | { state: 'free-plan' }
  | { state: 'needs-intermediario' }
  | {
      state: 'open';
      cap: number;
      rows: MonitoringRow[];
      /** The details dialog's monitoring (`?processo=`), or null; `detailsError` when its movements could not be read. */
      details: MonitoringDetails | null;
      detailsError: string | null;
      /** The monitoring whose removal is being confirmed (`?remover=`), or null. */
      removing: MonitoringRow | null;
    }
  | { state: 'error'; message: string };

/**
 * The section's monitoring data for the signed-in `user`: the plan's notice, or the table with the
 * dialog or confirmation the URL opens (another lawyer's id, or none, opens nothing). A failed read
 * shows the spec's 'Erro ao carregar monitoramentos…' instead of a wrong table.
 */
export async function getMonitoringSection(
  user: Pick<CurrentUser, 'id' | 'isSuperadmin'>,
  view: { processo: string | null; remover: string | null },
  now: Date = new Date(),
): Promise<MonitoringSectionData> {
  const gate = await monitoringGate(user, now);
  if (gate.state !== 'open') return gate;
  const lawyer = gate.lawyer;
  let rows: MonitoringRow[];
  try {
    rows = await listMonitorings(lawyer);
  } catch (error) {
    console.error('Could not load the monitorings', error);
    return { state: 'error', message: MONITORING_TEXTS.loadFailed };
  }
  let details: MonitoringDetails | null = null;
  let detailsError: string | null = null;
  if (view.processo && rows.some((row) => row.id === view.processo)) {
    try {
      details = await getMonitoringDetails(lawyer, view.processo);
    } catch (error) {
      console.error('Could not load the movements', error);
      detailsError = MONITORING_TEXTS.updatesFailed;
    }
  }
  const removing = (view.remover && rows.find((row) => row.id === view.remover)) || null;
  return { state: 'open', cap: lawyer.cap, rows, details, detailsError, removing };
}

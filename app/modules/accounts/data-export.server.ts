import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db, type Db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { auditLog } from '~/db/schema/admin';
import { profileViews, whatsappClicks } from '~/db/schema/analytics';
import { account, session, user } from '~/db/schema/auth';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leadEvents, leadNotes, leads, leadStatuses } from '~/db/schema/leads';
import { lawyerApiTokens, outbox } from '~/db/schema/messaging';
import { monitoredProcesses, processUpdates } from '~/db/schema/monitoring';
import type { ProcessDetails } from '~/domain/process-details';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { hitRateLimit, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { slugBase } from '~/lib/slugify';
import { saoPauloDay } from '~/modules/analytics/visitor-hash.server';
import { cityLabel, findPlan, practiceAreaLabel } from '~/domain/catalog/catalog';
import { formatOab } from '~/modules/lawyers/contact';
import { contactAddressesOf, outboxRowsTo } from './personal-data.server';
import { USER_ID } from './superadmins.server';

/**
 * "Baixar meus dados" (docs/product-rules.md, "Your data (LGPD)"; LGPD art. 18 II and V): everything the
 * platform stores about a lawyer, as plain JSON they can read and take elsewhere. Secrets are never in
 * it (password hashes, messaging tokens, session tokens), and neither is anyone else's data beyond what
 * the lawyer already received (the client data of their own leads): statistics are counted by day,
 * without the visitors' hashes.
 *
 * `formatVersion` changes when a field is removed or changes meaning; adding a field keeps it.
 */
export const DATA_EXPORT_FORMAT_VERSION = 1;

/** Exports a user may download per hour (each one reads every table about them). */
export const DATA_EXPORTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

type Iso = string;

export interface LawyerDataExport {
  formatVersion: number;
  generatedAt: Iso;
  about: string;
  account: { id: string; email: string; name: string; emailVerified: boolean; createdAt: Iso; updatedAt: Iso; logins: Array<{ provider: string; createdAt: Iso; updatedAt: Iso }> };
  profile: {
    nome: string;
    email: string;
    oab: string;
    numeroOab: string;
    oabUf: string;
    whatsapp: string;
    whatsappNotificacoes: string | null;
    biografia: string;
    fotoUrl: string | null;
    slug: string;
    publicUrl: string;
    status: string;
    reviewedAt: Iso | null;
    createdAt: Iso;
    updatedAt: Iso;
  } | null;
  practiceAreas: Array<{ id: string; label: string }>;
  cities: Array<{ id: string; label: string }>;
  plans: Array<{ plan: string; name: string; status: string; startDate: Iso; endDate: Iso | null; createdAt: Iso }>;
  pendingRegistration: { data: Record<string, unknown>; createdAt: Iso; finalizedAt: Iso | null } | null;
  leads: Array<{
    id: string;
    fromClientRequest: boolean;
    nome: string;
    email: string;
    telefone: string;
    cidade: { id: string; label: string };
    areaInteresse: { id: string; label: string };
    mensagem: string | null;
    status: string;
    stage: string | null;
    /** 'Próximo contato': the São Paulo day and optional time. */
    followUp: { on: string; time: string | null } | null;
    lostReason: { id: string; text: string | null } | null;
    agreedFeeCents: number | null;
    closedAt: Iso | null;
    firstContact: { at: Iso; channel: string | null } | null;
    /** The lawyer's notes about the lead, oldest first. */
    notes: Array<{ text: string; createdAt: Iso; updatedAt: Iso }>;
    /** What the lead's history recorded: stage moves, follow-up changes, the first contact. */
    history: Array<{ kind: string; details: Record<string, unknown>; createdAt: Iso }>;
    createdAt: Iso;
    updatedAt: Iso;
  }>;
  crmStages: Array<{ id: string; name: string; color: string; kind: string; orderIndex: number; createdAt: Iso }>;
  statistics: {
    timeZone: string;
    profileViewsByDay: Array<{ day: string; views: number }>;
    whatsappClicksByDay: Array<{ day: string; source: string; clicks: number }>;
  };
  messages: Array<{ id: string; channel: string; recipient: string; subject: string | null; body: string; template: string | null; status: string; createdAt: Iso; sentAt: Iso | null }>;
  messagingTokens: Array<{ id: string; tokenName: string; createdAt: Iso; updatedAt: Iso }>;
  monitoredProcesses: Array<{
    numero: string;
    tribunal: string | null;
    frequencia: string;
    status: string;
    ultimaVerificacao: Iso | null;
    criadoEm: Iso;
    /** What the provider said of the process: class, subjects, judging body, instance, filing date and parties (names of people). */
    detalhes: ProcessDetails | null;
    updates: Array<{ data: Iso; descricao: string; tipo: string; notifiedAt: Iso | null }>;
  }>;
  auditEntries: Array<{ action: string; by: 'você' | 'administração da plataforma' | 'sistema'; details: Record<string, unknown>; createdAt: Iso }>;
  activeSessions: Array<{ createdAt: Iso; expiresAt: Iso; userAgent: string | null; ipAddress: string | null }>;
}

const iso = (date: Date): Iso => date.toISOString();
const isoOrNull = (date: Date | null): Iso | null => (date ? date.toISOString() : null);

/**
 * Everything stored about the user, or null when there is no such user. `userId` must come from the
 * session: this is the person's own data. Read in one read-only snapshot, so the parts agree.
 */
export async function exportLawyerData(userId: string, now = new Date()): Promise<LawyerDataExport | null> {
  if (!USER_ID.test(userId)) return null;
  return db.transaction((tx) => readExport(tx, userId, now), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readExport(tx: Pick<Db, 'select'>, userId: string, now: Date): Promise<LawyerDataExport | null> {
  const [person] = await tx.select().from(user).where(eq(user.id, userId));
  if (!person) return null;
  const { appUrl, brandName } = getConfig();

  const [profile] = await tx.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, userId));
  const logins = await tx.select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt }).from(account).where(eq(account.userId, userId));
  const areas = await tx.select({ id: lawyerPracticeAreas.areaId }).from(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, userId));
  const cities = await tx.select({ id: lawyerCities.cityId }).from(lawyerCities).where(eq(lawyerCities.lawyerId, userId));
  const plans = await tx.select().from(lawyerPlans).where(eq(lawyerPlans.lawyerId, userId)).orderBy(asc(lawyerPlans.startDate));
  const [pending] = await tx.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, userId));
  const ownLeads = await tx
    .select({ lead: leads, stage: leadStatuses.name })
    .from(leads)
    .leftJoin(leadStatuses, eq(leadStatuses.id, leads.statusId))
    .where(eq(leads.assignedTo, userId))
    .orderBy(asc(leads.createdAt));
  const stages = await tx.select().from(leadStatuses).where(eq(leadStatuses.lawyerId, userId)).orderBy(asc(leadStatuses.orderIndex));
  const notes = await tx
    .select({ leadId: leadNotes.leadId, body: leadNotes.body, createdAt: leadNotes.createdAt, updatedAt: leadNotes.updatedAt })
    .from(leadNotes)
    .innerJoin(leads, and(eq(leads.id, leadNotes.leadId), eq(leads.assignedTo, userId)))
    .where(eq(leadNotes.authorId, userId))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
  const events = await tx
    .select({ leadId: leadEvents.leadId, kind: leadEvents.kind, details: leadEvents.details, createdAt: leadEvents.createdAt })
    .from(leadEvents)
    .innerJoin(leads, and(eq(leads.id, leadEvents.leadId), eq(leads.assignedTo, userId)))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  const notesByLead = groupByLead(notes);
  const eventsByLead = groupByLead(events);
  const viewDay = sql<string>`to_char(${profileViews.viewedAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;
  const views = await tx.select({ day: viewDay, views: sql<number>`count(*)::int` }).from(profileViews).where(eq(profileViews.lawyerId, userId)).groupBy(viewDay).orderBy(viewDay);
  const clickDay = sql<string>`to_char(${whatsappClicks.clickedAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;
  const clicks = await tx
    .select({ day: clickDay, source: whatsappClicks.sourcePage, clicks: sql<number>`count(*)::int` })
    .from(whatsappClicks)
    .where(eq(whatsappClicks.lawyerId, userId))
    .groupBy(clickDay, whatsappClicks.sourcePage)
    .orderBy(clickDay, whatsappClicks.sourcePage);
  const messages = await tx.select().from(outbox).where(outboxRowsTo(await contactAddressesOf(tx, userId))).orderBy(asc(outbox.createdAt));
  const tokens = await tx
    .select({ id: lawyerApiTokens.id, tokenName: lawyerApiTokens.tokenName, createdAt: lawyerApiTokens.createdAt, updatedAt: lawyerApiTokens.updatedAt })
    .from(lawyerApiTokens)
    .where(eq(lawyerApiTokens.lawyerId, userId));
  const processes = await tx.select().from(monitoredProcesses).where(eq(monitoredProcesses.lawyerId, userId)).orderBy(asc(monitoredProcesses.criadoEm));
  const updates = await tx
    .select({ update: processUpdates })
    .from(processUpdates)
    .innerJoin(monitoredProcesses, eq(monitoredProcesses.id, processUpdates.processoId))
    .where(eq(monitoredProcesses.lawyerId, userId))
    .orderBy(asc(processUpdates.data));
  const audit = await tx
    .select()
    .from(auditLog)
    .where(or(and(eq(auditLog.targetId, userId), or(eq(auditLog.targetType, 'lawyer'), eq(auditLog.targetType, 'user'))), eq(auditLog.actorId, userId)))
    .orderBy(asc(auditLog.createdAt));
  const sessions = await tx
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, userAgent: session.userAgent, ipAddress: session.ipAddress })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(asc(session.createdAt));

  return {
    formatVersion: DATA_EXPORT_FORMAT_VERSION,
    generatedAt: iso(now),
    about: `Todos os dados que o ${brandName} guarda sobre a sua conta, exportados a seu pedido (LGPD, art. 18). Datas em UTC (ISO 8601); estatísticas por dia no horário de Brasília.`,
    account: {
      id: person.id,
      email: person.email,
      name: person.name,
      emailVerified: person.emailVerified,
      createdAt: iso(person.createdAt),
      updatedAt: iso(person.updatedAt),
      logins: logins.map((l) => ({ provider: l.provider, createdAt: iso(l.createdAt), updatedAt: iso(l.updatedAt) })),
    },
    profile: profile
      ? {
          nome: profile.nome,
          email: profile.email,
          oab: formatOab(profile.oabUf, profile.numeroOab),
          numeroOab: profile.numeroOab,
          oabUf: profile.oabUf,
          whatsapp: profile.whatsapp,
          whatsappNotificacoes: profile.whatsappNotificacoes,
          biografia: profile.biografia,
          fotoUrl: profile.fotoUrl,
          slug: profile.slug,
          publicUrl: `${appUrl}/advogado/${profile.slug}`,
          status: profile.status,
          reviewedAt: isoOrNull(profile.reviewedAt),
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
        }
      : null,
    practiceAreas: areas.map(({ id }) => ({ id, label: practiceAreaLabel(id) })),
    cities: cities.map(({ id }) => ({ id, label: cityLabel(id) })),
    plans: plans.map((p) => ({ plan: p.planType, name: findPlan(p.planType)?.name ?? p.planType, status: p.status, startDate: iso(p.startDate), endDate: isoOrNull(p.endDate), createdAt: iso(p.createdAt) })),
    pendingRegistration: pending ? { data: pending.data, createdAt: iso(pending.createdAt), finalizedAt: isoOrNull(pending.finalizedAt) } : null,
    leads: ownLeads.map(({ lead, stage }) => ({
      id: lead.id,
      fromClientRequest: lead.requestId !== null,
      nome: lead.nome,
      email: lead.email,
      telefone: lead.telefone,
      cidade: { id: lead.cidade, label: cityLabel(lead.cidade) },
      areaInteresse: { id: lead.areaInteresse, label: practiceAreaLabel(lead.areaInteresse) },
      mensagem: lead.mensagem,
      status: lead.status,
      stage: stage ?? null,
      followUp: lead.followUpOn ? { on: lead.followUpOn, time: lead.followUpTime ? lead.followUpTime.slice(0, 5) : null } : null,
      lostReason: lead.lostReason ? { id: lead.lostReason, text: lead.lostReasonText } : null,
      agreedFeeCents: lead.agreedFeeCents,
      closedAt: isoOrNull(lead.closedAt),
      firstContact: lead.firstContactAt ? { at: iso(lead.firstContactAt), channel: lead.firstContactChannel } : null,
      notes: (notesByLead.get(lead.id) ?? []).map((n) => ({ text: n.body, createdAt: iso(n.createdAt), updatedAt: iso(n.updatedAt) })),
      history: (eventsByLead.get(lead.id) ?? []).map((e) => ({ kind: e.kind, details: e.details, createdAt: iso(e.createdAt) })),
      createdAt: iso(lead.createdAt),
      updatedAt: iso(lead.updatedAt),
    })),
    crmStages: stages.map((s) => ({ id: s.id, name: s.name, color: s.color, kind: s.kind, orderIndex: s.orderIndex, createdAt: iso(s.createdAt) })),
    statistics: {
      timeZone: 'America/Sao_Paulo',
      profileViewsByDay: views.map((v) => ({ day: v.day, views: Number(v.views) })),
      whatsappClicksByDay: clicks.map((c) => ({ day: c.day, source: c.source, clicks: Number(c.clicks) })),
    },
    messages: messages.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      template: typeof m.metadata.template === 'string' ? m.metadata.template : null,
      status: m.status,
      createdAt: iso(m.createdAt),
      sentAt: isoOrNull(m.sentAt),
    })),
    messagingTokens: tokens.map((t) => ({ id: t.id, tokenName: t.tokenName, createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt) })),
    monitoredProcesses: processes.map((p) => ({
      numero: p.numero,
      tribunal: p.tribunal,
      frequencia: p.frequencia,
      status: p.status,
      ultimaVerificacao: isoOrNull(p.ultimaVerificacao),
      criadoEm: iso(p.criadoEm),
      detalhes: p.detalhes ?? null,
      updates: updates
        .filter(({ update }) => update.processoId === p.id)
        .map(({ update }) => ({ data: iso(update.data), descricao: update.descricao, tipo: update.tipo, notifiedAt: isoOrNull(update.notifiedAt) })),
    })),
    // Who acted is said by role: another person's id is not the lawyer's data.
    auditEntries: audit.map((entry) => ({
      action: entry.action,
      by: entry.actorId === userId ? 'você' : entry.actorId ? 'administração da plataforma' : 'sistema',
      details: entry.details,
      createdAt: iso(entry.createdAt),
    })),
    activeSessions: sessions.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), userAgent: s.userAgent, ipAddress: s.ipAddress })),
  };
}

/** The download; a refusal is thrown as an AppError (429 with the seconds to wait, 404). */
export interface DataExportResult {
  data: LawyerDataExport;
  fileName: string;
}

/**
 * The signed-in user's download: counted against DATA_EXPORTS_PER_HOUR (429 with the seconds to wait
 * beyond it), then the export and its file name ('jusconecta-meus-dados-2026-03-12.json', the date of
 * São Paulo).
 */
export async function downloadOwnData(userId: string, now = new Date()): Promise<DataExportResult> {
  const hit = await hitRateLimit(`data-export:user:${userId}`, HOUR_MS, now);
  if (hit.count > DATA_EXPORTS_PER_HOUR) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_exports', retryAfter });
  }
  const data = await exportLawyerData(userId, now);
  if (!data) throw new AppError('Conta não encontrada', { status: 404, code: 'account_not_found' });
  const brand = slugBase(getConfig().brandName) || 'dados';
  return { data, fileName: `${brand}-meus-dados-${saoPauloDay(now)}.json` };
}

function groupByLead<T extends { leadId: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.leadId);
    if (list) list.push(row);
    else grouped.set(row.leadId, [row]);
  }
  return grouped;
}

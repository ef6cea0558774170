import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '~/db/client.server';
import { auditLog, superadmins } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { scamReports } from '~/db/schema/trust';
import { getConfig } from '~/config.server';
import { formatPhone } from '~/domain/phone';
import { SCAM_REPORT_STATUSES, type ScamReportStatus } from '~/domain/trust';
import { enqueueEmail } from '~/integrations/email/outbox.server';
import { scamReportAboutLawyerMessage } from '~/integrations/email/templates.server';
import { AppError } from '~/lib/app-error';
import { hitRateLimit, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { formatOab } from '~/modules/lawyers/contact';
import { REPORTS_PER_HOUR, TRUST_TEXTS, type ReportInput } from './trust.schemas';

/**
 * 'Denunciar' (decision 0062): a client's report of a message that looked like the false-lawyer scam,
 * stored with the approved lawyer whose own WhatsApp number was used, if any; then every superadmin is
 * e-mailed in the same transaction (the outbox sends it at once). Limited per client address. The back
 * office lists the reports (/admin/denuncias) and changes their status, each change audited.
 */

const HOUR_MS = 60 * 60_000;
export const SCAM_REPORT_STATUS_AUDIT_ACTION = 'scam_report.status';

export interface SubmittedReport {
  id: string;
  /** Whether the number is a verified lawyer's own (the superadmins were e-mailed). */
  aboutVerifiedLawyer: boolean;
}

export async function submitScamReport(input: ReportInput, { clientIp, now = new Date() }: { clientIp: string; now?: Date }): Promise<SubmittedReport> {
  const hit = await hitRateLimit(`scam-report:ip:${clientIp}`, HOUR_MS, now);
  if (hit.count > REPORTS_PER_HOUR) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_reports', retryAfter });
  }
  const national = input.numero.startsWith('55') ? input.numero.slice(2) : input.numero;
  return db.transaction(async (tx) => {
    const [lawyer] = await tx
      .select({ id: lawyerProfiles.id, nome: lawyerProfiles.nome, oabUf: lawyerProfiles.oabUf, numeroOab: lawyerProfiles.numeroOab })
      .from(lawyerProfiles)
      .where(and(eq(lawyerProfiles.status, 'approved'), or(eq(lawyerProfiles.whatsapp, input.numero), eq(lawyerProfiles.whatsapp, national))))
      .limit(1);
    const [profile] = input.perfil ? await tx.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.slug, input.perfil)).limit(1) : [];
    const [row] = await tx
      .insert(scamReports)
      .values({ relato: input.relato, numero: input.numero, contato: input.contato ?? null, lawyerId: lawyer?.id ?? null, profileId: profile?.id ?? null, createdAt: now, updatedAt: now })
      .returning({ id: scamReports.id });
    if (lawyer) {
      const admins = await tx.select({ email: user.email }).from(superadmins).innerJoin(user, eq(user.id, superadmins.id));
      const message = scamReportAboutLawyerMessage({
        lawyer: { nome: lawyer.nome, oab: formatOab(lawyer.oabUf, lawyer.numeroOab) },
        numero: formatPhone(input.numero),
        relato: input.relato,
        url: `${getConfig().appUrl}/admin/denuncias`,
      });
      for (const admin of admins) await enqueueEmail(tx, { to: admin.email, ...message });
    }
    return { id: row!.id, aboutVerifiedLawyer: Boolean(lawyer) };
  });
}

export const SCAM_REPORTS_PAGE_SIZE = 20;

export interface ScamReportRow {
  id: string;
  relato: string;
  numero: string;
  contato: string | null;
  status: ScamReportStatus;
  createdAt: Date;
  /** The verified lawyer whose own number was used, if any. */
  lawyer: { nome: string; oab: string; slug: string } | null;
  /** The profile the report was sent from, if any. */
  profile: { nome: string; slug: string } | null;
}

export interface ScamReportsQuery {
  status?: ScamReportStatus | undefined;
  /** Keyset: the last row of the previous page ('<iso>_<id>'). */
  antes?: string | undefined;
}

export function scamReportsQueryFrom(params: URLSearchParams): ScamReportsQuery {
  const status = params.get('status');
  const antes = params.get('antes');
  return {
    status: (SCAM_REPORT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ScamReportStatus) : undefined,
    antes: antes && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/.test(antes) ? antes : undefined,
  };
}

/** One page of reports, newest first (scam_reports_created_at_idx), with the next page's cursor. */
export async function findScamReports(query: ScamReportsQuery): Promise<{ rows: ScamReportRow[]; next: string | null; counts: Record<ScamReportStatus, number> }> {
  const [beforeAt, beforeId] = query.antes ? query.antes.split('_') : [];
  const where = and(
    query.status ? eq(scamReports.status, query.status) : undefined,
    beforeAt && beforeId ? or(lt(scamReports.createdAt, new Date(beforeAt)), and(eq(scamReports.createdAt, new Date(beforeAt)), lt(scamReports.id, beforeId))) : undefined,
  );
  const reportedLawyer = alias(lawyerProfiles, 'reported_lawyer');
  const fromProfile = alias(lawyerProfiles, 'from_profile');
  const [rows, countRows] = await Promise.all([
    db
      .select({
        report: scamReports,
        lawyerNome: reportedLawyer.nome,
        lawyerSlug: reportedLawyer.slug,
        lawyerUf: reportedLawyer.oabUf,
        lawyerNumero: reportedLawyer.numeroOab,
        profileNome: fromProfile.nome,
        profileSlug: fromProfile.slug,
      })
      .from(scamReports)
      .leftJoin(reportedLawyer, eq(reportedLawyer.id, scamReports.lawyerId))
      .leftJoin(fromProfile, eq(fromProfile.id, scamReports.profileId))
      .where(where)
      .orderBy(desc(scamReports.createdAt), desc(scamReports.id))
      .limit(SCAM_REPORTS_PAGE_SIZE + 1),
    db.select({ status: scamReports.status, n: sql<number>`count(*)::int` }).from(scamReports).groupBy(scamReports.status),
  ]);
  const page = rows.slice(0, SCAM_REPORTS_PAGE_SIZE);
  const last = page.at(-1);
  const counts = Object.fromEntries(SCAM_REPORT_STATUSES.map((s) => [s, 0])) as Record<ScamReportStatus, number>;
  for (const c of countRows) counts[c.status] = Number(c.n);
  return {
    rows: page.map(({ report, ...r }) => ({
      id: report.id,
      relato: report.relato,
      numero: report.numero,
      contato: report.contato,
      status: report.status,
      createdAt: new Date(report.createdAt),
      lawyer: r.lawyerNome && r.lawyerSlug && r.lawyerUf && r.lawyerNumero ? { nome: r.lawyerNome, slug: r.lawyerSlug, oab: formatOab(r.lawyerUf, r.lawyerNumero) } : null,
      profile: r.profileNome && r.profileSlug ? { nome: r.profileNome, slug: r.profileSlug } : null,
    })),
    next: rows.length > SCAM_REPORTS_PAGE_SIZE && last ? `${new Date(last.report.createdAt).toISOString()}_${last.report.id}` : null,
    counts,
  };
}

/** The status a superadmin gives a report, with its audit entry; the same status again changes nothing. */
export async function setScamReportStatus(office: BackOffice, reportId: string, status: ScamReportStatus, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [report] = await tx.select({ status: scamReports.status }).from(scamReports).where(eq(scamReports.id, reportId)).for('update');
    if (!report) throw new AppError(TRUST_TEXTS.reportNotFound, { status: 404, code: 'report_not_found' });
    if (report.status === status) return;
    await tx.update(scamReports).set({ status, statusChangedBy: office.superadminId, updatedAt: now }).where(eq(scamReports.id, reportId));
    await tx.insert(auditLog).values({
      actorId: office.superadminId,
      action: SCAM_REPORT_STATUS_AUDIT_ACTION,
      targetType: 'scam_report',
      targetId: reportId,
      details: { from: report.status, to: status },
      createdAt: now,
    });
  });
}

import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { db } from '~/db/client.server';
import { auditLog, superadmins } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { ACCOUNT_DELETED_AUDIT_ACTION } from '~/modules/accounts/account-deletion.server';
import { REVIEW_AUDIT_ACTIONS } from '~/modules/accounts/lawyer-review.server';
import { SUPERADMIN_CREATED_AUDIT_ACTION } from '~/modules/accounts/superadmins.server';
import { cityLabel, isCityId, isPracticeAreaId, practiceAreaLabel } from '~/domain/catalog/catalog';
import { LEAD_ASSIGNED_AUDIT_ACTION } from './lead-assignment.server';
import { MESSAGE_RESENT_AUDIT_ACTION } from './messages.server';
import { MESSAGE_CHANNEL_LABELS, type MessageChannel } from './messages.schemas';
import { listPageSchema } from './list-query';
import type { ScamReportStatus } from '~/domain/trust';
import { SCAM_REPORT_STATUS_AUDIT_ACTION } from '~/modules/trust/scam-reports.server';
import { SCAM_REPORT_STATUS_LABELS } from '~/modules/trust/trust.schemas';

/**
 * /admin/auditoria: who approved, rejected or deleted what, and when, newest first, a page at a time
 * (read from audit_log, which the accounts module writes in the transaction of each decision).
 */

export const AUDIT_PAGE_SIZE = 25;

/** The filters of the page, by the Portuguese word in its URL (`?acao=`). */
export const AUDIT_FILTERS = {
  aprovacoes: { label: 'Aprovações', actions: [REVIEW_AUDIT_ACTIONS.approved] },
  rejeicoes: { label: 'Rejeições', actions: [REVIEW_AUDIT_ACTIONS.rejected] },
  suspensoes: { label: 'Suspensões e reativações', actions: [REVIEW_AUDIT_ACTIONS.suspended, REVIEW_AUDIT_ACTIONS.reinstated] },
  conferencias: { label: 'Inscrições conferidas de novo', actions: [REVIEW_AUDIT_ACTIONS.oabChecked] },
  denuncias: { label: 'Denúncias', actions: [SCAM_REPORT_STATUS_AUDIT_ACTION] },
  exclusoes: { label: 'Exclusões de conta', actions: [ACCOUNT_DELETED_AUDIT_ACTION] },
  superadmins: { label: 'Superadmins criados', actions: [SUPERADMIN_CREATED_AUDIT_ACTION] },
  mensagens: { label: 'Mensagens reenviadas', actions: [MESSAGE_RESENT_AUDIT_ACTION] },
  leads: { label: 'Leads atribuídos', actions: [LEAD_ASSIGNED_AUDIT_ACTION] },
} as const;
export type AuditFilter = keyof typeof AUDIT_FILTERS;

/** The page's query: anything unexpected falls back to page 1 and every action, never an error. */
export const auditQuerySchema = z.object({
  pagina: listPageSchema,
  acao: z.enum(Object.keys(AUDIT_FILTERS) as [AuditFilter, ...AuditFilter[]]).optional().catch(undefined),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export function auditQueryFrom(searchParams: URLSearchParams): AuditQuery {
  return auditQuerySchema.parse({ pagina: searchParams.get('pagina') ?? undefined, acao: searchParams.get('acao') ?? undefined });
}

export interface AuditEntry {
  id: number;
  at: Date;
  action: string;
  /** What happened, in Portuguese ('Aprovou o cadastro'). */
  description: string;
  /** Who did it: a superadmin's name, 'O próprio advogado', 'Linha de comando', or a removed account. */
  actor: string;
  /** Whom it was about: the lawyer's name and OAB while the profile exists, else the account's code. */
  target: string;
  /** Extra facts (previous status, reason, leads unassigned). */
  details: string[];
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
  filter: AuditFilter | undefined;
}

const actorUser = alias(user, 'actor_user');
const actorAdmin = alias(superadmins, 'actor_admin');
const targetUser = alias(user, 'target_user');

export async function findAuditEntries({ pagina, acao }: AuditQuery): Promise<AuditPage> {
  const where = acao ? inArray(auditLog.action, [...AUDIT_FILTERS[acao].actions]) : undefined;
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select({
        id: auditLog.id,
        at: auditLog.createdAt,
        action: auditLog.action,
        actorId: auditLog.actorId,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        actorName: sql<string | null>`coalesce(${actorAdmin.nome}, ${actorUser.name})`,
        lawyerName: lawyerProfiles.nome,
        oabUf: lawyerProfiles.oabUf,
        numeroOab: lawyerProfiles.numeroOab,
        targetUserName: targetUser.name,
        targetUserEmail: targetUser.email,
      })
      .from(auditLog)
      .leftJoin(actorUser, eq(actorUser.id, auditLog.actorId))
      .leftJoin(actorAdmin, eq(actorAdmin.id, auditLog.actorId))
      .leftJoin(lawyerProfiles, and(inArray(auditLog.targetType, ['lawyer', 'user']), eq(lawyerProfiles.id, auditLog.targetId)))
      .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((pagina - 1) * AUDIT_PAGE_SIZE),
  ]);
  const total = Number(totalRow?.n ?? 0);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at,
      action: row.action,
      description: describe(row.action, row.details),
      actor: actorOf(row),
      target: targetOf(row),
      details: detailsOf(row.action, row.details),
    })),
    total,
    page: pagina,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    filter: acao,
  };
}

function targetOf(row: { targetType: string; targetId: string | null; lawyerName: string | null; oabUf: string | null; numeroOab: string | null; targetUserName: string | null; targetUserEmail: string | null }): string {
  if (row.lawyerName) return `${row.lawyerName} (OAB/${row.oabUf} ${row.numeroOab})`;
  if (row.targetUserName) return `${row.targetUserName} (${row.targetUserEmail})`;
  if (row.targetType === 'scam_report') return `Denúncia (código ${row.targetId ?? '—'})`;
  if (row.targetType === 'outbox') return `Mensagem da caixa de saída (código ${row.targetId ?? '—'})`;
  // A deleted account keeps only its code: the audit entry holds nothing that identifies the person.
  return row.targetId ? `Conta excluída (código ${row.targetId})` : '—';
}

const STATUS_LABELS: Record<string, string> = { pending: 'pendente', approved: 'aprovado', rejected: 'rejeitado', suspended: 'suspenso', ...SCAM_REPORT_STATUS_LABELS };

function describe(action: string, details: Record<string, unknown>): string {
  switch (action) {
    case REVIEW_AUDIT_ACTIONS.approved:
      return 'Aprovou o cadastro do advogado';
    case REVIEW_AUDIT_ACTIONS.rejected:
      return 'Rejeitou o cadastro do advogado';
    case REVIEW_AUDIT_ACTIONS.suspended:
      return 'Suspendeu o advogado';
    case REVIEW_AUDIT_ACTIONS.reinstated:
      return 'Reativou o advogado (inscrição conferida no CNA)';
    case REVIEW_AUDIT_ACTIONS.oabChecked:
      return 'Conferiu de novo a inscrição no CNA';
    case SCAM_REPORT_STATUS_AUDIT_ACTION:
      return `Mudou o status de uma denúncia para ${SCAM_REPORT_STATUS_LABELS[details.to as ScamReportStatus] ?? String(details.to)}`;
    case ACCOUNT_DELETED_AUDIT_ACTION:
      return details.by === 'self' ? 'O advogado excluiu a própria conta' : 'Excluiu a conta do advogado';
    case SUPERADMIN_CREATED_AUDIT_ACTION:
      return details.first === true ? 'Primeiro superadmin criado' : 'Superadmin criado';
    case MESSAGE_RESENT_AUDIT_ACTION:
      return details.previousStatus === 'incerto' ? 'Reenviou uma mensagem de envio incerto' : 'Reenviou uma mensagem que falhou';
    case LEAD_ASSIGNED_AUDIT_ACTION:
      return 'Atribuiu um lead';
    default:
      return action;
  }
}

function actorOf(row: { actorId: string | null; actorName: string | null; action: string; details: Record<string, unknown> }): string {
  if (row.actorName) return row.actorName;
  if (row.actorId) return `Conta removida (${row.actorId})`;
  if (row.action === ACCOUNT_DELETED_AUDIT_ACTION && row.details.by === 'self') return 'O próprio advogado';
  if (row.action === SUPERADMIN_CREATED_AUDIT_ACTION) return row.details.via === 'command-line' ? 'Linha de comando (npm run admin:create)' : 'Página /bootstrap-superadmin';
  return 'Sistema';
}

function detailsOf(action: string, details: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (typeof details.from === 'string') lines.push(`Situação anterior: ${STATUS_LABELS[details.from] ?? details.from}`);
  if (typeof details.reason === 'string') lines.push(`Motivo: ${details.reason}`);
  if (typeof details.trialEndsAt === 'string') lines.push(`Período grátis até ${formatDateTime(new Date(details.trialEndsAt))}`);
  if (action === MESSAGE_RESENT_AUDIT_ACTION) {
    const channel = MESSAGE_CHANNEL_LABELS[details.channel as MessageChannel];
    if (channel) lines.push(`Canal: ${channel}`);
    if (typeof details.attempts === 'number') lines.push(`Tentativas anteriores: ${details.attempts}`);
  }
  if (action === LEAD_ASSIGNED_AUDIT_ACTION) {
    if (typeof details.area === 'string' && isPracticeAreaId(details.area)) lines.push(`Área: ${practiceAreaLabel(details.area)}`);
    if (typeof details.cidade === 'string' && isCityId(details.cidade)) lines.push(`Cidade: ${cityLabel(details.cidade)}`);
  }
  if (action === ACCOUNT_DELETED_AUDIT_ACTION && typeof details.unassignedLeads === 'number') {
    lines.push(details.unassignedLeads === 1 ? '1 lead ficou sem advogado' : `${details.unassignedLeads} leads ficaram sem advogado`);
  }
  return lines;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** dd/MM/aaaa HH:mm in São Paulo. */
export function formatDateTime(date: Date): string {
  return dateTime.format(date).replace(',', '');
}

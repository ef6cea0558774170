import { count, desc } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { toolLeads, type ToolId } from '~/db/schema/tools';
import { formatPhone } from '~/domain/phone';
import { formatReceivedAt } from '~/modules/leads/lead-format';

/**
 * The free tools' leads for /admin/leads (docs/product-rules.md, "Free tools"): the most recent few,
 * newest first (one walk of `tool_leads_created_at_idx`), and how many there are.
 */

export const RECENT_TOOL_LEADS = 10;

const TOOL_LABELS: Record<ToolId, string> = { 'sumarizador-contratos': 'Sumarizador de Contratos' };

export interface AdminToolLead {
  id: string;
  email: string;
  /** Null: the visitor left it empty (an individual). */
  empresa: string | null;
  telefone: string;
  tool: string;
  receivedAt: string;
  receivedAtIso: string;
}

export async function findRecentToolLeads(limit = RECENT_TOOL_LEADS): Promise<{ total: number; leads: AdminToolLead[] }> {
  const [rows, [totals]] = await Promise.all([
    db.select().from(toolLeads).orderBy(desc(toolLeads.createdAt), desc(toolLeads.id)).limit(limit),
    db.select({ total: count() }).from(toolLeads),
  ]);
  return {
    total: totals?.total ?? 0,
    leads: rows.map((row) => ({
      id: row.id,
      email: row.email,
      empresa: row.empresa,
      telefone: formatPhone(row.telefone),
      tool: TOOL_LABELS[row.tool],
      receivedAt: formatReceivedAt(row.createdAt),
      receivedAtIso: row.createdAt.toISOString(),
    })),
  };
}

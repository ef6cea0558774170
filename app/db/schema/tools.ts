import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { oneOf } from './sql-helpers';

/** The free tools that ask for the visitor's contact data (docs/product-rules.md, "Free tools"). */
export const TOOL_IDS = ['sumarizador-contratos'] as const;
export type ToolId = (typeof TOOL_IDS)[number];

/**
 * A visitor who used a free tool and left their contact (e-mail, phone, company if any): a marketing lead,
 * shown to superadmins on /admin/leads. Nothing of the file they analysed is kept.
 */
export const toolLeads = pgTable(
  'tool_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tool: text('tool', { enum: TOOL_IDS }).notNull(),
    email: text('email').notNull(),
    /** Optional: an individual has no company (issue 24); null when left empty. */
    empresa: text('empresa'),
    telefone: text('telefone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tool_leads_tool_check', oneOf(t.tool, TOOL_IDS)),
    index('tool_leads_created_at_idx').on(t.createdAt.desc()),
    index('tool_leads_email_idx').on(sql`lower(${t.email})`),
  ],
);

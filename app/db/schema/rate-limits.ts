import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every app process (app/lib/rate-limit.server.ts): one row per key,
 * such as 'login-failure:ip:203.0.113.7' or 'login-failure:account:ana@exemplo.com.br'. A row whose
 * window has ended counts as zero and is reused or pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);

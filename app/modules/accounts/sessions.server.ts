import { and, desc, eq, gt, inArray, lte, ne, notInArray, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { session } from '~/db/schema/auth';

/** The most sessions (devices) a user keeps: each new one ends the oldest beyond this. */
export const MAX_SESSIONS_PER_USER = 5;

/**
 * Keeps a user's newest sessions: deletes the expired ones and all but the `max` newest, always keeping
 * `keepId` (the session just created). Called by better-auth's `databaseHooks.session.create.after`.
 */
export async function keepNewestSessions(userId: string, keepId: string, max = MAX_SESSIONS_PER_USER, now: Date = new Date()): Promise<void> {
  const others = and(eq(session.userId, userId), ne(session.id, keepId));
  const newest = db
    .select({ id: session.id })
    .from(session)
    .where(and(others, gt(session.expiresAt, now)))
    .orderBy(desc(session.createdAt), desc(session.id))
    .limit(Math.max(0, max - 1));
  await db.delete(session).where(and(others, or(lte(session.expiresAt, now), notInArray(session.id, newest))));
}

/**
 * The tokens of the request's session cookies (`jusconecta.session_token` and its `__Secure-` form),
 * without their signature: the cookie holds `<token>.<signature>`, URL-encoded. Deleting by the token
 * alone is safe: whoever knows a token could already use the session.
 */
export function sessionTokensFromCookie(headers: Headers): string[] {
  const tokens = new Set<string>();
  for (const match of (headers.get('cookie') ?? '').matchAll(/(?:^|;)\s*(?:__Secure-)?jusconecta\.session_token=([^;]*)/g)) {
    let value = match[1] ?? '';
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    const token = value.split('.')[0]?.trim();
    if (token && token.length <= 255) tokens.add(token);
  }
  return [...tokens];
}

/** Deletes the session rows of the request's session cookies, if any; returns how many. */
export async function deleteSessionsOfCookie(headers: Headers): Promise<number> {
  const tokens = sessionTokensFromCookie(headers);
  if (tokens.length === 0) return 0;
  const deleted = await db.delete(session).where(inArray(session.token, tokens)).returning({ id: session.id });
  return deleted.length;
}

import { and, eq, sql } from 'drizzle-orm';
import { db, type Db } from '~/db/client.server';
import { lawyerApiTokens } from '~/db/schema/messaging';
import { WIIZOCHAT_TOKEN_NAME } from '~/integrations/whatsapp/whatsapp';
import { backgroundLog } from '~/lib/log.server';
import { openSecret, sealSecret, SecretBoxError } from '~/lib/secret-box.server';

/**
 * A lawyer's WiizoChat token (lawyer_api_tokens), sealed with the secret box (AES-256-GCM, key from
 * APP_SECRET) and bound to its lawyer and name: the stored value is neither the token nor its base64,
 * and a value copied onto another lawyer's row does not open. Only delivery reads it in clear; the
 * screens learn whether one is saved, never the token (docs/decisions/0014).
 */

/** What a sealed token belongs to (the secret box's authenticated data). */
function tokenContext(lawyerId: string): string {
  return `lawyer_api_tokens:${lawyerId}:${WIIZOCHAT_TOKEN_NAME}`;
}

/** Saves (or replaces) the lawyer's token, sealed. `executor`: the transaction that also saves the number. */
export async function saveGatewayToken(lawyerId: string, token: string, executor: Pick<Db, 'insert'> = db): Promise<void> {
  const encryptedToken = sealSecret(token, tokenContext(lawyerId));
  await executor
    .insert(lawyerApiTokens)
    .values({ lawyerId, tokenName: WIIZOCHAT_TOKEN_NAME, encryptedToken })
    .onConflictDoUpdate({ target: [lawyerApiTokens.lawyerId, lawyerApiTokens.tokenName], set: { encryptedToken, updatedAt: sql`now()` } });
}

/** Removes the lawyer's token; true when there was one. */
export async function removeGatewayToken(lawyerId: string): Promise<boolean> {
  const removed = await db
    .delete(lawyerApiTokens)
    .where(and(eq(lawyerApiTokens.lawyerId, lawyerId), eq(lawyerApiTokens.tokenName, WIIZOCHAT_TOKEN_NAME)))
    .returning({ id: lawyerApiTokens.id });
  return removed.length > 0;
}

/** Whether the lawyer has a token saved (all a screen may know of it). */
export async function hasGatewayToken(lawyerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lawyerApiTokens.id })
    .from(lawyerApiTokens)
    .where(and(eq(lawyerApiTokens.lawyerId, lawyerId), eq(lawyerApiTokens.tokenName, WIIZOCHAT_TOKEN_NAME)));
  return row !== undefined;
}

/**
 * The lawyer's token in clear, for a send; null when none is saved. A token that no longer opens
 * (APP_SECRET changed, the row was altered) counts as none, with a warning in the log: the lawyer saves
 * it again.
 */
export async function readGatewayToken(lawyerId: string): Promise<string | null> {
  const [row] = await db
    .select({ encryptedToken: lawyerApiTokens.encryptedToken })
    .from(lawyerApiTokens)
    .where(and(eq(lawyerApiTokens.lawyerId, lawyerId), eq(lawyerApiTokens.tokenName, WIIZOCHAT_TOKEN_NAME)));
  if (!row) return null;
  try {
    return openSecret(row.encryptedToken, tokenContext(lawyerId));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    backgroundLog().warn({ lawyerId, err: error }, 'Token do WiizoChat ilegível: o advogado precisa salvá-lo novamente');
    return null;
  }
}

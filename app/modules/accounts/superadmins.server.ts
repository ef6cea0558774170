import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { hashPassword } from '~/auth/password.server';
import { eq, sql } from 'drizzle-orm';
import { getConfig } from '~/config.server';
import { db, type Db } from '~/db/client.server';
import { findPostgresError } from '~/db/postgres-errors';
import { auditLog, superadmins } from '~/db/schema/admin';
import { account, user } from '~/db/schema/auth';
import { AppError } from '~/lib/app-error';
import { hitRateLimits, retryAfterSeconds, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { newUserId } from '~/modules/lawyers/lawyer-writes.server';
import {
  BOOTSTRAP_CLOSED_MESSAGE,
  BOOTSTRAP_SECRET_REQUIRED_MESSAGE,
  BOOTSTRAP_SECRET_WRONG_MESSAGE,
  SUPERADMIN_EMAIL_TAKEN_MESSAGE,
  type BootstrapSuperadminInput,
  type NewSuperadminInput,
} from './superadmins.schemas';

type Tx = Pick<Db, 'select' | 'insert' | 'execute'>;

/**
 * Creates a superadmin with a password login and a confirmed e-mail (the demo seed and tests; no checks,
 * no audit entry). `passwordHash`: a hash already made (the e2e fixture door reuses one) instead of `password`.
 */
export async function createSuperadmin({ nome, email, ...secret }: { nome: string; email: string } & ({ password: string } | { passwordHash: string })): Promise<string> {
  const hash = 'passwordHash' in secret ? secret.passwordHash : await hashPassword(secret.password);
  return db.transaction((tx) => insertSuperadmin(tx, { nome, email, passwordHash: hash }));
}

async function insertSuperadmin(tx: Tx, { nome, email, passwordHash }: { nome: string; email: string; passwordHash: string }): Promise<string> {
  const id = newUserId();
  await tx.insert(user).values({ id, name: nome, email, emailVerified: true });
  await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
  await tx.insert(superadmins).values({ id, nome });
  return id;
}

/** The shape of a user id (better-auth's and newUserId's: letters, digits, '-' and '_'); anything else names no one. */
export const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Whether the user is a superadmin, read in the caller's transaction (`db` or `tx`). Module functions
 * that act for a superadmin check it themselves: the id they are given is never trusted as a role.
 */
export async function isSuperadmin(database: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  if (!USER_ID.test(userId)) return false;
  const [row] = await database.select({ id: superadmins.id }).from(superadmins).where(eq(superadmins.id, userId));
  return Boolean(row);
}

const backOfficeAccess: unique symbol = Symbol('back-office access');

/** A superadmin the back office let in; only openBackOffice() makes one. The writes check them again in their transaction. */
export interface BackOffice {
  readonly superadminId: string;
  readonly [backOfficeAccess]: true;
}

/** The door of the back office's writes for the signed-in `user` (the session's): a superadmin, or a Portuguese 403. */
export async function openBackOffice(user: { id: string; isSuperadmin: boolean }): Promise<BackOffice> {
  if (!user.isSuperadmin) throw new AppError('Acesso não autorizado', { status: 403, code: 'not_a_superadmin' });
  return { superadminId: user.id, [backOfficeAccess]: true };
}

export const SUPERADMIN_CREATED_AUDIT_ACTION = 'superadmin.created';

/**
 * Who asks for a new superadmin (docs/decisions/0018):
 * - 'bootstrap-form': anyone who reaches /bootstrap-superadmin; the first superadmin needs nothing, every
 *   later one the BOOTSTRAP_SECRET of the server (refused when it is unset);
 * - 'command-line': `npm run admin:create` on the server, whose operator can read that secret anyway.
 * `configuredSecret` is the server's BOOTSTRAP_SECRET; left out, it is read from the configuration.
 */
export type SuperadminRequester = { via: 'bootstrap-form'; secret: string | undefined; configuredSecret?: string | undefined } | { via: 'command-line' };

/** A superadmin created; a refusal is thrown as an AppError (403 secret, 409 address taken, 429). */
export interface RegisterSuperadminResult {
  id: string;
  first: boolean;
}

/**
 * Creates a superadmin account (user, password login, superadmins row) and an audit entry, in one
 * transaction that locks the superadmins table first: two people bootstrapping at once cannot both
 * be "the first". The secret is checked before the e-mail, so that without it nobody learns which
 * addresses have accounts. `input` is already parsed (newSuperadminSchema).
 */
export async function registerSuperadmin(input: NewSuperadminInput, requester: SuperadminRequester, now: Date = new Date()): Promise<RegisterSuperadminResult> {
  // Hashed before the transaction: the lock is held for as short a time as possible.
  const passwordHash = await hashPassword(input.password);
  const created = db.transaction(async (tx): Promise<RegisterSuperadminResult> => {
    // SHARE ROW EXCLUSIVE conflicts with itself: concurrent registrations run one after the other.
    await tx.execute(sql`lock table ${superadmins} in share row exclusive mode`);
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(superadmins);
    const first = Number(existing?.count ?? 0) === 0;
    if (!first && requester.via === 'bootstrap-form') {
      const configured = 'configuredSecret' in requester ? requester.configuredSecret : getConfig().bootstrapSecret;
      if (!configured) throw refused(BOOTSTRAP_CLOSED_MESSAGE, 403, 'bootstrap_closed');
      if (!requester.secret) throw refused(BOOTSTRAP_SECRET_REQUIRED_MESSAGE, 403, 'bootstrap_secret_required', 'bootstrap_secret');
      if (!bootstrapSecretMatches(requester.secret, configured)) throw refused(BOOTSTRAP_SECRET_WRONG_MESSAGE, 403, 'bootstrap_secret_wrong', 'bootstrap_secret');
    }
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, input.email));
    if (taken) throw refused(SUPERADMIN_EMAIL_TAKEN_MESSAGE, 409, 'email_taken', 'email');

    const id = await insertSuperadmin(tx, { nome: input.nome ?? input.email.split('@')[0]!, email: input.email, passwordHash });
    await tx.insert(auditLog).values({
      actorId: null,
      action: SUPERADMIN_CREATED_AUDIT_ACTION,
      targetType: 'user',
      targetId: id,
      details: { via: requester.via, first },
      createdAt: now,
    });
    return { id, first };
  });
  // The same address registered as a lawyer meanwhile (the lock covers superadmins, not the user table).
  return created.catch((error: unknown) => {
    if (findPostgresError(error, '23505')) throw refused(SUPERADMIN_EMAIL_TAKEN_MESSAGE, 409, 'email_taken', 'email');
    throw error;
  });
}

function refused(message: string, status: number, code: string, field?: string): AppError {
  return new AppError(message, { status, code, field });
}

/**
 * Compares a typed secret with the configured one in constant time: both are reduced to SHA-256
 * digests first, so neither the position of the first wrong character nor the secret's length shows
 * in how long the answer takes.
 */
export function bootstrapSecretMatches(given: string, configured: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(configured));
}

/** Attempts at /bootstrap-superadmin per client IP and hour (guessing the secret is slow). */
export const BOOTSTRAP_ATTEMPTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/**
 * /bootstrap-superadmin's use-case: at most BOOTSTRAP_ATTEMPTS_PER_HOUR attempts per client IP (every
 * attempt counts, whatever its outcome), then registerSuperadmin with the form's secret. `ip` is the
 * client's (clientIp of the request's headers).
 */
export async function bootstrapSuperadmin(input: BootstrapSuperadminInput, { ip, now = new Date() }: { ip: string; now?: Date }): Promise<RegisterSuperadminResult> {
  const rule = { key: `bootstrap-superadmin:ip:${ip}`, max: BOOTSTRAP_ATTEMPTS_PER_HOUR + 1 };
  const counts = await hitRateLimits([rule.key], HOUR_MS, now);
  const blocked = retryAfterSeconds([rule], new Map(counts.map((c) => [c.key, c])), now);
  if (blocked !== null) throw new AppError(tooManyAttemptsMessage(blocked), { status: 429, code: 'too_many_attempts', retryAfter: blocked });
  const { bootstrap_secret: secret, ...newSuperadmin } = input;
  return registerSuperadmin(newSuperadmin, { via: 'bootstrap-form', secret }, now);
}

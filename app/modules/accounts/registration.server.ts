import { randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { hashPassword } from '~/auth/password.server';
import { eq, sql } from 'drizzle-orm';
import { getAuth } from '~/auth/auth.server';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { account, user } from '~/db/schema/auth';
import { AppError } from '~/lib/app-error';
import { hitRateLimits, retryAfterSeconds, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { newUserId, uniqueViolation } from '~/modules/lawyers/lawyer-writes.server';
import { queueAccountEmail } from './account-emails.server';
import type { PendingData } from './finalise-registration.server';
import type { RegistrationInput } from './registration.schemas';

// Finalising lives apart (better-auth calls it back: app/auth/auth.server.ts); re-exported for the routes.
export { finaliseRegistration, NO_PENDING_REGISTRATION_CODE, nothingPending, type Finalised } from './finalise-registration.server';

/**
 * Lawyer registration (docs/product-rules.md, "Registration"): the form creates an unconfirmed user
 * with its password, keeps the registration on the server (pending_registrations) and queues the
 * confirmation e-mail, all in one transaction. The e-mailed link goes through better-auth's
 * verify-email endpoint (which confirms the address and signs the user in) to /auth-callback;
 * finaliseRegistration then creates the profile exactly once.
 */

export const REGISTRATION_TAKEN_MESSAGE = 'Este email já está cadastrado. Faça login ou use outro email.';
export const REGISTRATION_DONE_MESSAGE = 'Cadastro realizado! Verifique seu email para confirmar a conta.';

/** Registrations per client IP and per address, per hour. */
export const REGISTRATION_LIMITS_PER_HOUR = { ip: 10, email: 5 } as const;
const HOUR_MS = 60 * 60_000;
/** How long the confirmation link is valid. */
export const CONFIRMATION_LINK_SECONDS = 24 * 60 * 60;

/** The code of the AppError thrown when the address already has an account. */
export const REGISTRATION_TAKEN_CODE = 'registration_taken';

/** A registration that went through: the address the confirmation e-mail was queued for. */
export interface Registered {
  email: string;
}

function tooManyRegistrations(retryAfter: number): AppError {
  return new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_attempts', retryAfter });
}

/** 409, shown beside the e-mail field too. */
function registrationTaken(): AppError {
  return new AppError(REGISTRATION_TAKEN_MESSAGE, { status: 409, code: REGISTRATION_TAKEN_CODE, field: 'email' });
}

/** Counts one registration attempt for the IP and the address; the seconds to wait when over a limit. */
async function registrationBlocked(ip: string, email: string): Promise<number | null> {
  const rules = [
    { key: `registration:ip:${ip}`, max: REGISTRATION_LIMITS_PER_HOUR.ip },
    { key: `registration:email:${email}`, max: REGISTRATION_LIMITS_PER_HOUR.email },
  ];
  const now = new Date();
  const counts = await hitRateLimits(
    rules.map((r) => r.key),
    HOUR_MS,
    now,
  );
  // The hit just counted may be the one over the limit: compare with max + 1 reached.
  return retryAfterSeconds(
    rules.map((r) => ({ ...r, max: r.max + 1 })),
    new Map(counts.map((c) => [c.key, c])),
    now,
  );
}

/** The link of the confirmation e-mail: better-auth's verify-email, then /auth-callback. */
export async function confirmationLink(userId: string, email: string): Promise<string> {
  const { secret } = await getAuth().$context;
  const token = await createEmailVerificationToken(secret, email, undefined, CONFIRMATION_LINK_SECONDS, { userId });
  return `${getConfig().appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/auth-callback')}`;
}

/**
 * Creates the unconfirmed account and its pending registration, and queues the confirmation e-mail.
 * Refusals are AppErrors: 429 'too_many_attempts' (with the seconds to wait) over a limit, 409
 * REGISTRATION_TAKEN_CODE (field 'email') when the address already has an account.
 */
export async function registerLawyer(input: RegistrationInput, clientIp: string): Promise<Registered> {
  const blocked = await registrationBlocked(clientIp, input.email);
  if (blocked !== null) throw tooManyRegistrations(blocked);

  const [existing] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, input.email)).limit(1);
  if (existing) throw registrationTaken();

  const id = newUserId();
  const passwordHash = await hashPassword(input.password);
  const link = await confirmationLink(id, input.email);
  const data: PendingData = {
    nome: input.nome,
    email: input.email,
    numeroOab: input.numeroOAB,
    oabUf: input.oabUf,
    whatsapp: input.whatsapp,
    biografia: input.biografia,
    areas: input.areasAtuacao,
    cities: input.cidadesAtendidas,
    plan: input.selectedPlan,
  };
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id, name: input.nome, email: input.email, emailVerified: false });
      await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      await tx.insert(pendingRegistrations).values({ userId: id, data });
      await queueAccountEmail(tx, { kind: 'confirmation', to: input.email, nome: input.nome, link });
    });
  } catch (error) {
    if (uniqueViolation(error)) throw registrationTaken();
    throw error;
  }
  return { email: input.email };
}

/**
 * A new confirmation e-mail for an unconfirmed address (the link expired or got lost). Always answers
 * the same, whether the address exists or not; limited like registrations (over a limit: AppError 429
 * 'too_many_attempts' with the seconds to wait).
 */
export async function resendConfirmation(email: string, clientIp: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const blocked = await registrationBlocked(clientIp, normalised);
  if (blocked !== null) throw tooManyRegistrations(blocked);
  const [row] = await db
    .select({ id: user.id, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .innerJoin(pendingRegistrations, eq(pendingRegistrations.userId, user.id))
    .where(eq(sql`lower(${user.email})`, normalised))
    .limit(1);
  if (row && !row.emailVerified) {
    const link = await confirmationLink(row.id, normalised);
    await db.transaction((tx) => queueAccountEmail(tx, { kind: 'confirmation', to: normalised, nome: row.name, link }));
  }
}

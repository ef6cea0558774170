import { publicContentChanged } from '~/lib/public-content.server';
import { randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getAuth } from '~/auth/auth.server';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { account, user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { hitRateLimits, retryAfterSeconds, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { CITY_IDS, PLAN_IDS, PRACTICE_AREA_IDS, REGISTRATION_TRIAL_MS, STATE_CODES } from '~/modules/catalog/catalog';
import { insertLawyerProfiles, isSlugConflict, newUserId, uniqueViolation } from '~/modules/lawyers/lawyer-writes.server';
import { queueAccountEmail } from './account-emails.server';
import { autoApprovesLawyer } from './auto-approve.server';
import type { RegistrationInput } from './registration.schemas';

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

/** What pending_registrations.data holds: the profile fields, checked again when it is finalised. */
const pendingDataSchema = z.object({
  nome: z.string().min(1),
  email: z.string().min(3),
  numeroOab: z.string().regex(/^[0-9]{3,10}$/),
  oabUf: z.enum(STATE_CODES),
  whatsapp: z.string().regex(/^[0-9]{10,15}$/),
  biografia: z.string().min(1),
  areas: z.array(z.enum(PRACTICE_AREA_IDS)).min(1),
  cities: z.array(z.enum(CITY_IDS)).min(1),
  plan: z.enum(PLAN_IDS),
});
type PendingData = z.infer<typeof pendingDataSchema>;

export type RegistrationResult = { ok: true; email: string } | { ok: false; status: number; message: string; retryAfter?: number };

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

/** Creates the unconfirmed account and its pending registration, and queues the confirmation e-mail. */
export async function registerLawyer(input: RegistrationInput, clientIp: string): Promise<RegistrationResult> {
  const blocked = await registrationBlocked(clientIp, input.email);
  if (blocked !== null) return { ok: false, status: 429, message: tooManyAttemptsMessage(blocked), retryAfter: blocked };

  const [existing] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, input.email)).limit(1);
  if (existing) return { ok: false, status: 409, message: REGISTRATION_TAKEN_MESSAGE };

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
    if (uniqueViolation(error)) return { ok: false, status: 409, message: REGISTRATION_TAKEN_MESSAGE };
    throw error;
  }
  return { ok: true, email: input.email };
}

/**
 * A new confirmation e-mail for an unconfirmed address (the link expired or got lost). Always answers
 * the same, whether the address exists or not; limited like registrations.
 */
export async function resendConfirmation(email: string, clientIp: string): Promise<{ ok: true } | { ok: false; status: 429; message: string; retryAfter: number }> {
  const normalised = email.trim().toLowerCase();
  const blocked = await registrationBlocked(clientIp, normalised);
  if (blocked !== null) return { ok: false, status: 429, message: tooManyAttemptsMessage(blocked), retryAfter: blocked };
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
  return { ok: true };
}

export type FinaliseResult = { ok: true; created: boolean } | { ok: false; error: 'Sem dados pendentes' };

/**
 * Creates the lawyer profile from the pending registration, exactly once (the row is locked and marked
 * finalised in the same transaction): profile (pending unless AUTO_APPROVE_LAWYERS), slug, areas,
 * cities, plan (a paid plan gets the 7-day trial end), CRM stages. Calling it again, or from two tabs
 * at once, changes nothing. A concurrent registration taking the same slug makes it retry.
 */
export async function finaliseRegistration(userId: string, now = new Date()): Promise<FinaliseResult> {
  const result = await finaliseOnce(userId, now);
  // An approved profile (AUTO_APPROVE_LAWYERS) is public at once: cached pages are stale.
  // (A server for the end-to-end tests may approve some registrations at once: auto-approve.server.ts.)
  if (result.ok && result.created && (getConfig().autoApproveLawyers || getConfig().e2eFixtures)) publicContentChanged();
  return result;
}

async function finaliseOnce(userId: string, now: Date): Promise<FinaliseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [pending] = await tx.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, userId)).for('update');
        if (!pending) {
          const [profile] = await tx.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.id, userId));
          return profile ? { ok: true as const, created: false } : { ok: false as const, error: 'Sem dados pendentes' as const };
        }
        if (pending.finalizedAt) return { ok: true as const, created: false };
        const data = pendingDataSchema.parse(pending.data);
        const approved = autoApprovesLawyer(data.email);
        await insertLawyerProfiles(tx, [{ id: userId, ...data, status: approved ? 'approved' : 'pending' }], { now, paidPlanPeriodMs: REGISTRATION_TRIAL_MS });
        await tx.update(pendingRegistrations).set({ finalizedAt: now }).where(eq(pendingRegistrations.userId, userId));
        return { ok: true as const, created: true };
      });
    } catch (error) {
      if (attempt < 5 && isSlugConflict(error)) continue;
      throw error;
    }
  }
}

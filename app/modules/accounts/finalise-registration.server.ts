import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { CITY_IDS, PLAN_IDS, PRACTICE_AREA_IDS, REGISTRATION_TRIAL_MS, STATE_CODES } from '~/domain/catalog/catalog';
import { AppError, appErrorOrThrow } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import { insertLawyerProfiles, isSlugConflict } from '~/modules/lawyers/lawyer-writes.server';
import { autoApprovesLawyer } from './auto-approve.server';

// Finalising a registration (registration.server.ts re-exports it), kept apart because better-auth
// calls it back once an address is confirmed (app/auth/auth.server.ts): this file never imports
// app/auth, so the auth instance can import it without an import cycle.

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
export type PendingData = z.infer<typeof pendingDataSchema>;

/** A finalised registration: `created` is false when the profile already existed (called again). */
export interface Finalised {
  created: boolean;
}

/** The code of the AppError thrown when the user has no registration to finalise (nor a profile). */
export const NO_PENDING_REGISTRATION_CODE = 'no_pending_registration';

/**
 * For the callers to whom "nothing pending" is a normal case (a superadmin confirming an address, a
 * user without a registration): `finaliseRegistration(id).catch(nothingPending)` answers null then;
 * any other error is thrown again.
 */
export function nothingPending(error: unknown): null {
  if (appErrorOrThrow(error).code === NO_PENDING_REGISTRATION_CODE) return null;
  throw error;
}

/**
 * Creates the lawyer profile from the pending registration, exactly once (the row is locked and marked
 * finalised in the same transaction): profile (pending unless AUTO_APPROVE_LAWYERS), slug, areas,
 * cities, plan (a paid plan gets the 7-day trial end), CRM stages. Calling it again, or from two tabs
 * at once, changes nothing. A concurrent registration taking the same slug makes it retry. A user with
 * neither a pending registration nor a profile gets AppError 404 NO_PENDING_REGISTRATION_CODE
 * ('Sem dados pendentes').
 */
export async function finaliseRegistration(userId: string, now = new Date()): Promise<Finalised> {
  const result = await finaliseOnce(userId, now);
  // An approved profile (AUTO_APPROVE_LAWYERS) is public at once: cached pages are stale.
  // (A server for the end-to-end tests may approve some registrations at once: auto-approve.server.ts.)
  if (result.created && (getConfig().autoApproveLawyers || getConfig().e2eFixtures)) publicContentChanged();
  return result;
}

async function finaliseOnce(userId: string, now: Date): Promise<Finalised> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [pending] = await tx.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, userId)).for('update');
        if (!pending) {
          const [profile] = await tx.select({ id: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.id, userId));
          if (profile) return { created: false };
          throw new AppError('Sem dados pendentes', { status: 404, code: NO_PENDING_REGISTRATION_CODE });
        }
        if (pending.finalizedAt) return { created: false };
        const data = pendingDataSchema.parse(pending.data);
        const approved = autoApprovesLawyer(data.email);
        await insertLawyerProfiles(tx, [{ id: userId, ...data, status: approved ? 'approved' : 'pending' }], { now, paidPlanPeriodMs: REGISTRATION_TRIAL_MS });
        await tx.update(pendingRegistrations).set({ finalizedAt: now }).where(eq(pendingRegistrations.userId, userId));
        return { created: true };
      });
    } catch (error) {
      if (attempt < 5 && isSlugConflict(error)) continue;
      throw error;
    }
  }
}

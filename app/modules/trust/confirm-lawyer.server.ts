import { and, eq, inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { formatPhone } from '~/domain/phone';
import { oabLine } from '~/domain/trust';
import { AppError } from '~/lib/app-error';
import { hitRateLimit, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { CONFIRM_QUERIES_PER_MINUTE } from './trust.schemas';

/**
 * /confirmar-advogado (decision 0062): does a phone number, or an OAB inscription, belong to a lawyer
 * verified on the platform (status approved)? The answer names only what the public profile shows:
 * name, the OAB line and the profile's link. Pending, rejected and suspended lawyers are "not found",
 * like a number nobody has. Numbers are compared as stored ('5511987654321'; an older row without the
 * country code matches too).
 */

const MINUTE_MS = 60_000;
/** A number or an inscription shared by more lawyers (an office's number) lists them all, up to this many. */
const MAX_MATCHES = 5;

export interface ConfirmedLawyer {
  nome: string;
  /** 'OAB/SP 214587 · inscrição conferida em 12/11/2026', or the bare OAB when never checked. */
  oab: string;
  slug: string;
}

export interface ConfirmAnswer {
  /** What was asked, as the page repeats it: '(11) 98765-4321' or 'OAB/SP 214587'. */
  asked: string;
  lawyers: ConfirmedLawyer[];
}

/**
 * Counts one query of the client address and refuses the 31st within a minute (429 with Retry-After).
 * Called for every query, whatever its input, before it is read.
 */
export async function spendConfirmQuery(clientIp: string, now: Date = new Date()): Promise<void> {
  const hit = await hitRateLimit(`confirm-lawyer:ip:${clientIp}`, MINUTE_MS, now);
  if (hit.count > CONFIRM_QUERIES_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000));
    throw new AppError(tooManyAttemptsMessage(retryAfter), { status: 429, code: 'too_many_confirm_queries', retryAfter });
  }
}

const shown = { nome: lawyerProfiles.nome, slug: lawyerProfiles.slug, oabUf: lawyerProfiles.oabUf, numeroOab: lawyerProfiles.numeroOab, oabCheckedAt: lawyerProfiles.oabCheckedAt };

function confirmed(rows: Array<{ nome: string; slug: string; oabUf: string; numeroOab: string; oabCheckedAt: Date | null }>): ConfirmedLawyer[] {
  return rows.map((row) => ({ nome: row.nome, slug: row.slug, oab: oabLine(row.oabUf, row.numeroOab, row.oabCheckedAt) }));
}

/** The approved lawyers whose WhatsApp is `digits` (the stored form, '5511987654321'). */
export async function findVerifiedLawyersByPhone(digits: string): Promise<Array<ConfirmedLawyer & { id: string }>> {
  const national = digits.startsWith('55') ? digits.slice(2) : digits;
  const rows = await db
    .select({ id: lawyerProfiles.id, ...shown })
    .from(lawyerProfiles)
    .where(and(eq(lawyerProfiles.status, 'approved'), inArray(lawyerProfiles.whatsapp, [digits, national])))
    .orderBy(lawyerProfiles.nome)
    .limit(MAX_MATCHES);
  return confirmed(rows).map((lawyer, i) => ({ ...lawyer, id: rows[i]!.id }));
}

export async function confirmByPhone(digits: string): Promise<ConfirmAnswer> {
  const lawyers = await findVerifiedLawyersByPhone(digits);
  return { asked: formatPhone(digits), lawyers: lawyers.map(({ id: _id, ...lawyer }) => lawyer) };
}

/**
 * The approved lawyers of this inscription. Leading zeros are forgiven both ways ('012345' and '12345'
 * are one number, up to six digits) while the lookup stays an exact probe of lawyer_profiles_oab_idx.
 */
export async function confirmByOab(numeroOab: string, uf: string): Promise<ConfirmAnswer> {
  const number = numeroOab.replace(/^0+(?=\d)/, '');
  const variants = [...new Set([numeroOab, number, number.padStart(6, '0')])];
  const rows = await db
    .select(shown)
    .from(lawyerProfiles)
    .where(and(eq(lawyerProfiles.status, 'approved'), eq(lawyerProfiles.oabUf, uf), inArray(lawyerProfiles.numeroOab, variants)))
    .orderBy(lawyerProfiles.nome)
    .limit(MAX_MATCHES);
  return { asked: `OAB/${uf} ${number}`, lawyers: confirmed(rows) };
}

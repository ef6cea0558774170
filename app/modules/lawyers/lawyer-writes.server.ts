import { randomUUID } from 'node:crypto';
import { hashPassword } from '~/auth/password.server';
import { eq, like, or } from 'drizzle-orm';
import { db, type Db } from '~/db/client.server';
import { findPostgresError } from '~/db/postgres-errors';
import { account, user } from '~/db/schema/auth';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leadStatuses } from '~/db/schema/leads';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { assignFreeSlugs, slugBase } from '~/lib/slugify';
import type { LawyerTitle, ServiceLanguage } from '~/domain/catalog/profile-details';
import { DEFAULT_LEAD_STAGES, findPlan, SUBSCRIPTION_PERIOD_MS, type LawyerStatus, type PlanId, type PracticeAreaId, type StateCode } from '~/domain/catalog/catalog';

/**
 * The one write path for lawyers (docs/product-rules.md, "Lawyers"): registration's finalisation, the
 * demo seed, the test factories and the bench all create profiles here, with one slug rule.
 */

/** A transaction or the database itself. */
type Writer = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface LawyerProfileInput {
  /** The auth user's id (a profile's id is its user's). */
  id: string;
  nome: string;
  email: string;
  numeroOab: string;
  oabUf: StateCode;
  whatsapp: string;
  whatsappNotificacoes?: string | null;
  biografia: string;
  fotoUrl?: string | null;
  /** What the lawyer declares about their practice (docs/decisions/0063); all optional. */
  titulo?: LawyerTitle | null;
  primeiraInscricaoAno?: number | null;
  formacao?: string | null;
  idiomas?: readonly ServiceLanguage[];
  atendeOnline?: boolean;
  escritorioBairro?: string | null;
  escritorioCidade?: string | null;
  areas: readonly PracticeAreaId[];
  cities: readonly string[];
  status: LawyerStatus;
  plan: PlanId;
  createdAt?: Date;
}

export interface WriteOptions {
  now?: Date;
  /** How long a paid plan lasts from now: a subscription (30 days) unless told (registration: 7-day trial). */
  paidPlanPeriodMs?: number;
}

const CHUNK = 500;

/**
 * Free slugs for these names (one query for the prefixes, then the rule of app/lib/slugify.ts). Two
 * writers racing for the same slug are stopped by the unique index: see isSlugConflict.
 */
export async function freeSlugs(database: Pick<Db, 'select'>, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const bases = [...new Set(names.map(slugBase))];
  const taken: string[] = [];
  for (let i = 0; i < bases.length; i += CHUNK) {
    const chunk = bases.slice(i, i + CHUNK);
    const rows = await database
      .select({ slug: lawyerProfiles.slug })
      .from(lawyerProfiles)
      .where(or(...chunk.map((base) => like(lawyerProfiles.slug, `${base}%`))));
    for (const row of rows) taken.push(row.slug);
  }
  return assignFreeSlugs(names, taken);
}

/**
 * The PostgreSQL unique-index violation (23505) wrapped anywhere in `error`'s causes, with its
 * constraint name and message (drivers and Drizzle wrap the database error differently), or null.
 */
export function uniqueViolation(error: unknown): { constraint?: string; message?: string } | null {
  const violation = findPostgresError(error, '23505');
  return violation && { constraint: violation.constraint, message: violation.message };
}

/** True for another profile taking the same slug first (retry then). */
export function isSlugConflict(error: unknown): boolean {
  const violation = uniqueViolation(error);
  return Boolean(violation && (violation.constraint?.includes('slug') || violation.message?.includes('slug')));
}

/**
 * Inserts complete lawyer profiles: profile with a free slug, areas, cities, one active plan (paid
 * plans end after `paidPlanPeriodMs`) and the default CRM stages. The auth users must exist. Run it in a
 * transaction: it writes several tables.
 */
export async function insertLawyerProfiles(tx: Writer, profiles: readonly LawyerProfileInput[], options: WriteOptions = {}): Promise<Array<{ id: string; slug: string }>> {
  if (profiles.length === 0) return [];
  const now = options.now ?? new Date();
  const period = options.paidPlanPeriodMs ?? SUBSCRIPTION_PERIOD_MS;
  const slugs = await freeSlugs(tx, profiles.map((p) => p.nome));
  const rows = profiles.map((p, i) => ({ p, slug: slugs[i]!, createdAt: p.createdAt ?? now }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await tx.insert(lawyerProfiles).values(
      chunk.map(({ p, slug, createdAt }) => ({
        id: p.id,
        nome: p.nome,
        email: p.email,
        numeroOab: p.numeroOab,
        oabUf: p.oabUf,
        whatsapp: p.whatsapp,
        whatsappNotificacoes: p.whatsappNotificacoes === undefined ? p.whatsapp : p.whatsappNotificacoes,
        biografia: p.biografia,
        fotoUrl: p.fotoUrl ?? null,
        titulo: p.titulo ?? null,
        primeiraInscricaoAno: p.primeiraInscricaoAno ?? null,
        formacao: p.formacao ?? null,
        idiomas: [...(p.idiomas ?? [])],
        atendeOnline: p.atendeOnline ?? false,
        escritorioBairro: p.escritorioBairro ?? null,
        escritorioCidade: p.escritorioCidade ?? null,
        slug,
        status: p.status,
        reviewedAt: p.status === 'pending' ? null : createdAt,
        createdAt,
        updatedAt: createdAt,
      })),
    );
    await tx.insert(lawyerPracticeAreas).values(chunk.flatMap(({ p }) => p.areas.map((areaId) => ({ lawyerId: p.id, areaId }))));
    await tx.insert(lawyerCities).values(chunk.flatMap(({ p }) => p.cities.map((cityId) => ({ lawyerId: p.id, cityId }))));
    await tx.insert(lawyerPlans).values(
      chunk.map(({ p }) => ({
        lawyerId: p.id,
        planType: p.plan,
        startDate: now,
        endDate: (findPlan(p.plan)?.priceBrl ?? 0) > 0 ? new Date(now.getTime() + period) : null,
        status: 'active' as const,
      })),
    );
    await tx.insert(leadStatuses).values(
      chunk.flatMap(({ p }) => DEFAULT_LEAD_STAGES.map((stage, orderIndex) => ({ lawyerId: p.id, name: stage.name, color: stage.color, kind: stage.kind, orderIndex }))),
    );
  }
  return rows.map(({ p, slug }) => ({ id: p.id, slug }));
}

/** A lawyer with their login, as the demo seed and the tests create them (e-mail already confirmed). */
/** `passwordHash`: a hash already made by ~/auth/password.server (the e2e fixture door reuses one), instead of `password`. */
export type NewLawyerAccount = Omit<LawyerProfileInput, 'id'> & { id?: string; password?: string; passwordHash?: string };

/** A new auth user id (32 hex characters, like better-auth's). */
export function newUserId(): string {
  return randomUUID().replace(/-/g, '');
}

/**
 * Creates lawyers with their auth user (e-mail confirmed), password login when given, and complete
 * profile, in one transaction. Registration does not use this: its user is created by better-auth
 * and confirmed by e-mail, then insertLawyerProfiles finishes it.
 */
export async function createLawyerAccounts(lawyers: readonly NewLawyerAccount[], options: WriteOptions = {}): Promise<Array<{ id: string; slug: string }>> {
  if (lawyers.length === 0) return [];
  const now = options.now ?? new Date();
  const prepared = await Promise.all(
    lawyers.map(async (l) => ({
      profile: { ...l, id: l.id ?? newUserId(), createdAt: l.createdAt ?? now } satisfies LawyerProfileInput,
      passwordHash: l.passwordHash ?? (l.password ? await hashPassword(l.password) : null),
    })),
  );
  return db.transaction(async (tx) => {
    for (let i = 0; i < prepared.length; i += CHUNK) {
      const chunk = prepared.slice(i, i + CHUNK);
      await tx.insert(user).values(
        chunk.map(({ profile }) => ({ id: profile.id, name: profile.nome, email: profile.email, emailVerified: true, createdAt: profile.createdAt, updatedAt: profile.createdAt })),
      );
      const withPassword = chunk.filter((r) => r.passwordHash);
      if (withPassword.length > 0) {
        await tx.insert(account).values(
          withPassword.map(({ profile, passwordHash }) => ({ id: randomUUID(), accountId: profile.id, providerId: 'credential', userId: profile.id, password: passwordHash })),
        );
      }
    }
    return insertLawyerProfiles(
      tx,
      prepared.map((r) => r.profile),
      options,
    );
  });
}

/** Replaces a lawyer's practice areas and cities (edit profile). */
export async function replaceLawyerLinks(tx: Writer, lawyerId: string, areas: readonly PracticeAreaId[], cities: readonly string[]): Promise<void> {
  await tx.delete(lawyerPracticeAreas).where(eq(lawyerPracticeAreas.lawyerId, lawyerId));
  await tx.delete(lawyerCities).where(eq(lawyerCities.lawyerId, lawyerId));
  if (areas.length > 0) await tx.insert(lawyerPracticeAreas).values(areas.map((areaId) => ({ lawyerId, areaId })));
  if (cities.length > 0) await tx.insert(lawyerCities).values(cities.map((cityId) => ({ lawyerId, cityId })));
}

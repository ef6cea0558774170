import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { db, selectRows } from '~/db/client.server';
import { superadmins } from '~/db/schema/admin';
import { account, user } from '~/db/schema/auth';
import { lawyerCities, lawyerPracticeAreas, lawyerProfiles } from '~/db/schema/lawyers';
import { leadStatuses } from '~/db/schema/leads';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { pickFreeSlug, slugBase } from '~/lib/slugify';
import { DEFAULT_LEAD_STAGES, findPlan, SUBSCRIPTION_PERIOD_MS } from '~/modules/catalog/catalog';
import { generateDemoLawyers, type DemoLawyer } from './demo-lawyers';

/** The demo logins, written in the README and printed at the first start. */
export const DEMO_LAWYER_LOGIN = { email: 'advogada@demo.jusconecta.com.br', password: 'demo-advogada-2025' } as const;
export const DEMO_SUPERADMIN_LOGIN = { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' } as const;

/** A lawyer to insert: the generator's shape, with an optional id and password login. */
export type SeedLawyer = Omit<DemoLawyer, 'yearsOfPractice' | 'createdDaysAgo'> & { id?: string; password?: string; createdDaysAgo?: number };

const DAY_MS = 86_400_000;

/**
 * Inserts lawyers the way a finished registration leaves them: auth user, profile with a unique slug,
 * areas, cities, an active plan and the default CRM stages. Used by the demo seed and by test factories.
 */
export async function insertLawyers(lawyers: SeedLawyer[], now = new Date()): Promise<Array<{ id: string; slug: string }>> {
  if (lawyers.length === 0) return [];
  const takenSlugs = new Set(
    (await db.select({ slug: lawyerProfiles.slug }).from(lawyerProfiles)).map((r) => r.slug),
  );
  const rows = await Promise.all(
    lawyers.map(async (l) => {
      const id = l.id ?? randomUUID().replace(/-/g, '');
      const slug = pickFreeSlug(slugBase(l.nome), takenSlugs);
      takenSlugs.add(slug);
      const createdAt = new Date(now.getTime() - (l.createdDaysAgo ?? 0) * DAY_MS);
      return { l, id, slug, createdAt, passwordHash: l.password ? await hashPassword(l.password) : null };
    }),
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.insert(user).values(chunk.map(({ l, id, createdAt }) => ({ id, name: l.nome, email: l.email, emailVerified: true, createdAt, updatedAt: createdAt })));
      const withPassword = chunk.filter((r) => r.passwordHash);
      if (withPassword.length > 0) {
        await tx.insert(account).values(
          withPassword.map(({ id, passwordHash }) => ({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash })),
        );
      }
      await tx.insert(lawyerProfiles).values(
        chunk.map(({ l, id, slug, createdAt }) => ({
          id,
          nome: l.nome,
          email: l.email,
          numeroOab: l.numeroOab,
          oabUf: l.oabUf,
          whatsapp: l.whatsapp,
          whatsappNotificacoes: l.whatsapp,
          biografia: l.biografia,
          slug,
          status: l.status,
          reviewedAt: l.status === 'pending' ? null : createdAt,
          createdAt,
          updatedAt: createdAt,
        })),
      );
      await tx.insert(lawyerPracticeAreas).values(chunk.flatMap(({ l, id }) => l.areas.map((areaId) => ({ lawyerId: id, areaId }))));
      await tx.insert(lawyerCities).values(chunk.flatMap(({ l, id }) => l.cities.map((cityId) => ({ lawyerId: id, cityId }))));
      await tx.insert(lawyerPlans).values(
        chunk.map(({ l, id }) => ({
          lawyerId: id,
          planType: l.plan,
          startDate: now,
          endDate: (findPlan(l.plan)?.priceBrl ?? 0) > 0 ? new Date(now.getTime() + SUBSCRIPTION_PERIOD_MS) : null,
          status: 'active' as const,
        })),
      );
      await tx.insert(leadStatuses).values(
        chunk.flatMap(({ id }) => DEFAULT_LEAD_STAGES.map((stage, orderIndex) => ({ lawyerId: id, name: stage.name, color: stage.color, orderIndex }))),
      );
    }
  });
  return rows.map(({ id, slug }) => ({ id, slug }));
}

/** Creates a superadmin with a password login (used by the demo seed; the bootstrap flow comes later). */
export async function insertSuperadmin({ nome, email, password }: { nome: string; email: string; password: string }): Promise<string> {
  const id = randomUUID().replace(/-/g, '');
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name: nome, email, emailVerified: true });
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
    await tx.insert(superadmins).values({ id, nome });
  });
  return id;
}

/**
 * On an empty database: about 120 demo lawyers (a few pending and rejected), one demo lawyer login and
 * one demo superadmin login, printed once.
 */
export async function seedDemoDataIfEmpty(log: (message: string) => void): Promise<boolean> {
  const [row] = await selectRows<{ count: number }>(sql`select count(*)::int as count from "user"`);
  if (Number(row?.count) > 0) return false;

  const demoLawyer: SeedLawyer = {
    nome: 'Ana Beatriz Carvalho',
    email: DEMO_LAWYER_LOGIN.email,
    password: DEMO_LAWYER_LOGIN.password,
    numeroOab: '214587',
    oabUf: 'SP',
    whatsapp: '5511987654321',
    biografia:
      'Advogada há 12 anos, formada pela USP, com atuação em direito de família e do consumidor. Atendo com escuta atenta, explico cada etapa do processo em linguagem clara e busco acordos sempre que eles protegem melhor o cliente.',
    areas: ['familia', 'consumidor'],
    cities: ['sp_sao_paulo', 'sp_campinas'],
    status: 'approved',
    plan: 'intermediario',
    createdDaysAgo: 90,
  };
  await insertLawyers([demoLawyer, ...generateDemoLawyers(120)]);
  await insertSuperadmin({ nome: 'Administrador Demo', ...DEMO_SUPERADMIN_LOGIN });
  log(
    [
      'Dados de demonstração criados (121 advogados).',
      `  Advogada demo:   ${DEMO_LAWYER_LOGIN.email} / ${DEMO_LAWYER_LOGIN.password}`,
      `  Superadmin demo: ${DEMO_SUPERADMIN_LOGIN.email} / ${DEMO_SUPERADMIN_LOGIN.password}`,
    ].join('\n'),
  );
  return true;
}

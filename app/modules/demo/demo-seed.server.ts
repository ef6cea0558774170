import { sql } from 'drizzle-orm';
import { selectRows } from '~/db/client.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { createLawyerAccounts } from '~/modules/lawyers/lawyer-writes.server';
import { generateDemoLawyers, type DemoLawyer } from './demo-lawyers';

/** The demo logins, written in the README and printed at the first start. */
export const DEMO_LAWYER_LOGIN = { email: 'advogada@demo.jusconecta.com.br', password: 'demo-advogada-2025' } as const;
export const DEMO_SUPERADMIN_LOGIN = { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' } as const;

/** A lawyer to insert: the generator's shape, with an optional id and password login. */
export type SeedLawyer = Omit<DemoLawyer, 'yearsOfPractice' | 'createdDaysAgo'> & { id?: string; password?: string; createdDaysAgo?: number };

const DAY_MS = 86_400_000;

/**
 * Inserts lawyers the way a finished registration leaves them (auth user with a confirmed e-mail,
 * profile, areas, cities, plan, CRM stages) through the one write path. Used by the demo seed and the
 * test factories.
 */
export async function insertLawyers(lawyers: SeedLawyer[], now = new Date()): Promise<Array<{ id: string; slug: string }>> {
  return createLawyerAccounts(
    lawyers.map(({ createdDaysAgo, ...l }) => ({ ...l, createdAt: new Date(now.getTime() - (createdDaysAgo ?? 0) * DAY_MS) })),
    { now },
  );
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
  await createSuperadmin({ nome: 'Administrador Demo', ...DEMO_SUPERADMIN_LOGIN });
  log(
    [
      'Dados de demonstração criados (121 advogados).',
      `  Advogada demo:   ${DEMO_LAWYER_LOGIN.email} / ${DEMO_LAWYER_LOGIN.password}`,
      `  Superadmin demo: ${DEMO_SUPERADMIN_LOGIN.email} / ${DEMO_SUPERADMIN_LOGIN.password}`,
    ].join('\n'),
  );
  return true;
}

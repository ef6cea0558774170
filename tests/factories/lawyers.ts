import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { createLawyerAccounts, type NewLawyerAccount } from '~/modules/lawyers/lawyer-writes.server';

let counter = 0;

/** A lawyer as a finished registration leaves them; approved, gratuito, Direito de Família in São Paulo unless told otherwise. */
export function lawyerData(overrides: Partial<NewLawyerAccount> = {}): NewLawyerAccount {
  counter += 1;
  return {
    nome: `Advogada Teste ${counter}`,
    email: `advogada.teste.${counter}@exemplo.adv.br`,
    numeroOab: String(100000 + counter),
    oabUf: 'SP',
    whatsapp: '5511987650000'.slice(0, 9) + String(1000 + counter).slice(-4),
    biografia: 'Advogada com dez anos de prática em direito de família, atendimento humanizado e foco em acordos.',
    areas: ['familia'],
    cities: ['sp_sao_paulo'],
    status: 'approved',
    plan: 'gratuito',
    ...overrides,
  };
}

export async function createLawyer(overrides: Partial<NewLawyerAccount> = {}) {
  const [created] = await createLawyerAccounts([lawyerData(overrides)]);
  return created!;
}

export async function createLawyers(count: number, overrides: Partial<NewLawyerAccount> = {}) {
  return createLawyerAccounts(Array.from({ length: count }, () => lawyerData(overrides)));
}

/** Ends a lawyer's paid plan in the past (an expired plan no longer lifts them in search). */
export async function expirePlan(lawyerId: string) {
  await db.update(lawyerPlans).set({ startDate: new Date(Date.now() - 40 * 86_400_000), endDate: new Date(Date.now() - 86_400_000) }).where(eq(lawyerPlans.lawyerId, lawyerId));
}

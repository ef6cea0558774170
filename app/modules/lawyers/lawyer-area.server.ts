import { and, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { cityLabel, findPlan, practiceAreaLabel, sortByLabel, type LawyerStatus, type Plan } from '~/modules/catalog/catalog';
import { areasFromTags, citiesFromTags } from './search-tags';

export interface OwnLawyerProfile {
  nome: string;
  email: string;
  numeroOab: string;
  oabUf: string;
  whatsapp: string;
  biografia: string;
  fotoUrl: string | null;
  slug: string;
  status: LawyerStatus;
  /** Practice-area ids, sorted by their pt-BR label. */
  areas: string[];
  /** City ids, sorted by their label. */
  cidades: string[];
}

export interface OwnLawyerArea {
  profile: OwnLawyerProfile;
  /** The active plan from the catalogue; null when the lawyer has none. */
  plan: Plan | null;
  /** When the active plan ends (possibly in the past: payment overdue); null for gratuito, which does not end. */
  planEndsAt: Date | null;
}

/** Ids ordered by their pt-BR label, with the catalogue's own sort. */
function idsByLabel(ids: string[], label: (id: string) => string): string[] {
  return sortByLabel(ids.map((id) => ({ id, label: label(id) }))).map((x) => x.id);
}

/**
 * The signed-in lawyer's own profile and active plan, whatever the profile's status, or null when the
 * user has no lawyer profile. `userId` must come from the session: this is the lawyer's private view.
 */
export async function getOwnLawyerProfile(userId: string): Promise<OwnLawyerArea | null> {
  const [row] = await db
    .select({
      nome: lawyerProfiles.nome,
      email: lawyerProfiles.email,
      numeroOab: lawyerProfiles.numeroOab,
      oabUf: lawyerProfiles.oabUf,
      whatsapp: lawyerProfiles.whatsapp,
      biografia: lawyerProfiles.biografia,
      fotoUrl: lawyerProfiles.fotoUrl,
      slug: lawyerProfiles.slug,
      status: lawyerProfiles.status,
      searchTags: lawyerProfiles.searchTags,
    })
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.id, userId));
  if (!row) return null;

  // The active plan even when its end date has passed: the lawyer is then overdue (part 2's 'Em
  // Atraso'), which they should see, rather than being shown no plan at all. Search, which ranks
  // lawyers, ignores such a plan instead.
  const [activePlan] = await db
    .select({ planType: lawyerPlans.planType, endDate: lawyerPlans.endDate })
    .from(lawyerPlans)
    .where(and(eq(lawyerPlans.lawyerId, userId), eq(lawyerPlans.status, 'active')))
    .orderBy(desc(lawyerPlans.startDate))
    .limit(1);
  const { searchTags, ...shown } = row;

  return {
    profile: {
      ...shown,
      areas: idsByLabel(areasFromTags(searchTags), practiceAreaLabel),
      cidades: idsByLabel(citiesFromTags(searchTags), cityLabel),
    },
    plan: findPlan(activePlan?.planType) ?? null,
    planEndsAt: activePlan?.endDate ?? null,
  };
}

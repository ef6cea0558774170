import { eq } from 'drizzle-orm';
import type { DeclaredPractice } from '~/domain/catalog/profile-details';
import { z } from 'zod';
import type { CurrentUser } from '~/auth/session.server';
import { db } from '~/db/client.server';
import { declaredPracticeColumns, lawyerProfiles } from '~/db/schema/lawyers';
import { getLawyerDashboardStats, type LawyerDashboardStats } from '~/modules/analytics/dashboard.server';
import { cityLabel, findPlan, practiceAreaLabel, sortByLabel, type LawyerStatus, type Plan } from '~/domain/catalog/catalog';
import type { LawyerPlan } from '~/modules/subscriptions/lawyer-plan';
import { countsAsApproved } from '~/modules/subscriptions/lawyer-gate';
import { getLawyerPlan } from '~/modules/subscriptions/lawyer-plan.server';
import { profileCompleteness, type ProfileCompleteness } from './profile-completeness';
import { areasFromTags, citiesFromTags } from './search-tags';

// The lawyer area (/area-advogado): who sees what is in docs/product-rules.md, "Lawyer area".

/** The sections of the area, `?section=`; anything else, or nothing, is the dashboard. */
export const LAWYER_AREA_SECTION_IDS = ['dashboard', 'perfil', 'crm', 'monitoramento', 'financeiro'] as const;
export type AreaSection = (typeof LAWYER_AREA_SECTION_IDS)[number];
export const areaSectionSchema = z.enum(LAWYER_AREA_SECTION_IDS).catch('dashboard');

/** The toast of a rejected lawyer, who is signed out of the area. */
export const REJECTED_ACCOUNT_MESSAGE = 'Sua conta foi rejeitada. Entre em contato com o suporte para mais informações.';
/** A suspended lawyer (decision 0061) at the area's door: signed out like a rejected one, with this toast. */
export const SUSPENDED_ACCOUNT_MESSAGE = 'Seu perfil está suspenso porque não conseguimos confirmar sua inscrição na OAB como regular. Entre em contato com o suporte para reativá-lo.';

/** The badge's plan when the lawyer has no active plan: 'Plano Básico', as the product always showed. */
const BADGE_FALLBACK_PLAN = findPlan('basico')!;

/** With what the lawyer declared about their practice (docs/decisions/0063). */
export interface OwnLawyerProfile extends DeclaredPractice {
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
  /**
   * The active plan, even when its end date has passed (the lawyer is then overdue, which they should
   * see, rather than no plan at all), and the plan in effect (gratuito once it has ended).
   */
  plan: LawyerPlan;
}

/** Ids ordered by their pt-BR label, with the catalogue's own sort. */
function idsByLabel(ids: string[], label: (id: string) => string): string[] {
  return sortByLabel(ids.map((id) => ({ id, label: label(id) }))).map((x) => x.id);
}

/**
 * The signed-in lawyer's own profile and active plan, whatever the profile's status, or null when the
 * user has no lawyer profile. `userId` must come from the session: this is the lawyer's private view.
 */
export async function getOwnLawyerProfile(userId: string, now: Date = new Date()): Promise<OwnLawyerArea | null> {
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
      ...declaredPracticeColumns,
      searchTags: lawyerProfiles.searchTags,
    })
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.id, userId));
  if (!row) return null;

  const plan = await getLawyerPlan(userId, now);
  const { searchTags, ...shown } = row;

  return {
    profile: {
      ...shown,
      areas: idsByLabel(areasFromTags(searchTags), practiceAreaLabel),
      cidades: idsByLabel(citiesFromTags(searchTags), cityLabel),
    },
    plan,
  };
}

export interface AreaPlan extends LawyerPlan {
  /**
   * The plan the badge names: the plan in effect, so gratuito once a paid plan has ended (the area then
   * says which plan ended and when); with no active plan at all, 'Plano Básico'.
   */
  badge: Plan;
}

/** What the area shows the signed-in user; 'pending' and 'rejected' lead elsewhere (the route decides how). */
export type LawyerArea =
  | { state: 'approved'; section: AreaSection; profile: OwnLawyerProfile; completeness: ProfileCompleteness; plan: AreaPlan; stats: LawyerDashboardStats | null }
  | { state: 'missing' }
  | { state: 'superadmin' }
  | { state: 'pending' }
  | { state: 'rejected' }
  | { state: 'suspended' };

/**
 * What the lawyer area shows the signed-in `user` (from the session, never from the URL):
 * - a lawyer profile, approved: the section asked for (the dashboard's numbers only on the dashboard);
 * - pending or rejected: only the state, the route sends them on;
 * - a superadmin is always approved: their own profile if they have one, else 'superadmin' (never the
 *   missing-profile error);
 * - anyone else signed in: 'missing', the profile problem card.
 */
export async function getLawyerArea(
  user: Pick<CurrentUser, 'id' | 'isSuperadmin' | 'lawyer'>,
  section: AreaSection,
  now = new Date(),
): Promise<LawyerArea> {
  // The session already knows the status: read the dashboard's numbers alongside the profile.
  const wantsStats = section === 'dashboard' && countsAsApproved(user, user.lawyer?.status);
  const [own, stats] = await Promise.all([getOwnLawyerProfile(user.id, now), wantsStats ? getLawyerDashboardStats(user.id, now) : null]);

  if (!own) return { state: user.isSuperadmin ? 'superadmin' : 'missing' };
  if (!countsAsApproved(user, own.profile.status)) return { state: own.profile.status === 'approved' ? 'pending' : own.profile.status };
  return {
    state: 'approved',
    section,
    profile: own.profile,
    completeness: profileCompleteness(own.profile),
    plan: { ...own.plan, badge: own.plan.active ? own.plan.effective : BADGE_FALLBACK_PLAN },
    stats: section === 'dashboard' ? (stats ?? (await getLawyerDashboardStats(user.id, now))) : null,
  };
}

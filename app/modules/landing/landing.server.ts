import { and, eq, gt, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { landingScopeCounts } from '~/db/schema/lawyers';
import { findCity, PRACTICE_AREAS, practiceAreaLabel, sortByLabel, type City, type PracticeAreaId } from '~/domain/catalog/catalog';
import { lawyerCardView, type LawyerCardView } from '~/modules/lawyers/lawyer-card-view';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { resultCountText } from '~/modules/lawyers/search-links';
import { landingBreadcrumbs, landingDescription, landingLinkLabel, landingPath, type Breadcrumb, type LandingLinkLabel, type LandingScope } from './landing-paths';
import { areaSummary, landingHeading, landingIntro, landingQuestions, type LandingQuestion } from './landing-texts';

/**
 * Landing pages per area, per city and per area + city (docs/decisions/0026-landing-pages.md): the
 * approved lawyers there, in the search's order and pages, with a text generated from the catalogue
 * and links to the neighbouring pages. A scope with no approved lawyer has no page (null: the route
 * answers 404), and neither has a page past the last one.
 */

/** One area + city combination with approved lawyers: how many, and the latest change there (a lawyer edited, reviewed, joining or leaving). */
export interface LandingCombination {
  area: PracticeAreaId;
  cidade: string;
  lawyers: number;
  lastModified: Date;
}

/**
 * Every area + city combination that has approved lawyers: the rows of landing_scope_counts, which a
 * database trigger keeps from lawyer_profiles (migration 0014), at most one per area × city of the
 * catalogue. Always current: no memo, the read is a few hundred rows.
 */
export async function listLandingCombinations(): Promise<LandingCombination[]> {
  const rows = await db
    .select({ area: landingScopeCounts.area, cidade: landingScopeCounts.cidade, lawyers: landingScopeCounts.lawyers, lastModified: landingScopeCounts.lastModified })
    .from(landingScopeCounts)
    .where(gt(landingScopeCounts.lawyers, 0));
  const known = new Set<string>(PRACTICE_AREAS.map((a) => a.id));
  return rows
    .filter((r) => known.has(r.area) && findCity(r.cidade))
    .map((r) => ({ area: r.area as PracticeAreaId, cidade: r.cidade, lawyers: r.lawyers, lastModified: r.lastModified }));
}

/**
 * Whether a landing page's scope has an approved lawyer now: one lookup in landing_scope_counts (by
 * its primary key, or its few hundred rows for a city alone), the same source as the links and the sitemap.
 */
export async function landingScopeHasLawyers({ area, cidade }: LandingScope): Promise<boolean> {
  if (!area && !cidade) return false;
  const conditions = [gt(landingScopeCounts.lawyers, 0)];
  if (area) conditions.push(eq(landingScopeCounts.area, area));
  if (cidade) conditions.push(eq(landingScopeCounts.cidade, cidade));
  const rows = await db.select({ found: sql<number>`1` }).from(landingScopeCounts).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

/** Links to neighbouring landing pages, as scopes: what names each link is its area, its city, or the whole scope ('Advogados em Curitiba - PR'). */
interface NeighbourGroup {
  heading: string;
  pages: LandingScope[];
  labelBy: LandingLinkLabel;
}

export interface LandingLink {
  path: string;
  label: string;
}

/**
 * The page gets its links, breadcrumbs, description and cards' labels built here, on the server:
 * building them in the browser took the catalogue, the slugs' Unicode normalisation and a pt-BR number
 * format (ICU's locale data) into the page's start-up, tens of milliseconds of main thread on a phone
 * (docs/decisions/0032).
 */
export interface LandingLinkGroup {
  heading: string;
  links: LandingLink[];
}

export interface LandingPage {
  /** The page's path (its first page). */
  path: string;
  heading: string;
  /** The meta description. */
  description: string;
  breadcrumbs: Breadcrumb[];
  intro: string;
  /** What the area covers (pages with an area). */
  areaSummary: string | null;
  questions: LandingQuestion[];
  linkGroups: LandingLinkGroup[];
  lawyers: LawyerCardView[];
  total: number;
  /** '1 advogado encontrado', 'N advogados encontrados' (the search's words). */
  countText: string;
  page: number;
  pageCount: number;
}

/**
 * Lawyers on a landing page: 12, half a search page. Each card is hydration data and DOM the phone
 * parses, lays out and hydrates; 24 kept the page over its JavaScript budget and its Lighthouse score
 * under 98 (docs/decisions/0032). The search's order, so page 1 of a landing page starts like the search.
 */
export const LANDING_PAGE_SIZE = 12;

/** Links to at most this many other cities (an area's page lists all of its cities). */
const MAX_LINKS = 10;

export async function getLandingPage(scope: LandingScope, pagina: number, brandName: string, now = new Date()): Promise<LandingPage | null> {
  const { area, cidade } = scope;
  const city = cidade ? findCity(cidade) : undefined;
  if (!area && !city) return null;
  // A scope without lawyers (most of the catalogue's combinations, and what a crawler guessing URLs
  // asks for) is answered by the summary, without the search's query.
  if (!(await landingScopeHasLawyers(scope))) return null;
  const [result, combinations] = await Promise.all([findApprovedLawyers({ area, cidade, pagina }, now, LANDING_PAGE_SIZE), listLandingCombinations()]);
  if (result.lawyers.length === 0) return null;

  const labels = { area, city };
  return {
    path: landingPath(scope),
    heading: landingHeading(labels),
    description: landingDescription(scope, result.total),
    breadcrumbs: landingBreadcrumbs(scope),
    intro: landingIntro(labels),
    areaSummary: area ? areaSummary(area) : null,
    questions: landingQuestions(labels, brandName),
    linkGroups: neighbourLinks(area, city, combinations)
      .filter((group) => group.pages.length > 0)
      .map(({ heading, pages, labelBy }) => ({ heading, links: pages.map((page) => ({ path: landingPath(page), label: landingLinkLabel(page, labelBy) })) })),
    lawyers: result.lawyers.map(({ id: _id, ...card }) => lawyerCardView(card)),
    total: result.total,
    countText: resultCountText(result.total),
    page: result.page,
    pageCount: result.pageCount,
  };
}

function neighbourLinks(area: PracticeAreaId | undefined, city: City | undefined, combinations: LandingCombination[]): NeighbourGroup[] {
  const citiesWith = (areaId: PracticeAreaId) => new Set(combinations.filter((c) => c.area === areaId).map((c) => c.cidade));
  const areasIn = (cityId: string) => new Set(combinations.filter((c) => c.cidade === cityId).map((c) => c.area));
  const areaPages = new Set(combinations.map((c) => c.area));
  const cityPages = new Set(combinations.map((c) => c.cidade));
  const byLabel = (cities: Iterable<string>) => sortByLabel([...cities].map((id) => findCity(id)!));
  const areasByLabel = (areas: Set<string>) => sortByLabel(PRACTICE_AREAS.filter((a) => areas.has(a.id)));
  /** The same state first, then the others, by label; at most MAX_LINKS. */
  const nearFirst = (cities: City[], here: City) => [...cities.filter((c) => c.state === here.state), ...cities.filter((c) => c.state !== here.state)].filter((c) => c.id !== here.id).slice(0, MAX_LINKS);

  if (area && city) {
    return [
      {
        heading: `Outras áreas de atuação em ${city.label}`,
        pages: areasByLabel(areasIn(city.id))
          .filter((a) => a.id !== area)
          .map((a) => ({ area: a.id, cidade: city.id })),
        labelBy: 'area',
      },
      { heading: `${practiceAreaLabel(area)} em outras cidades`, pages: nearFirst(byLabel(citiesWith(area)), city).map((c) => ({ area, cidade: c.id })), labelBy: 'city' },
      { heading: 'Veja também', pages: [{ area }, { cidade: city.id }], labelBy: 'scope' },
    ];
  }
  if (area) {
    return [
      { heading: `${practiceAreaLabel(area)} por cidade`, pages: byLabel(citiesWith(area)).map((c) => ({ area, cidade: c.id })), labelBy: 'city' },
      {
        heading: 'Outras áreas de atuação',
        pages: areasByLabel(areaPages)
          .filter((a) => a.id !== area)
          .map((a) => ({ area: a.id })),
        labelBy: 'area',
      },
    ];
  }
  const here = city!;
  return [
    { heading: `Áreas de atuação em ${here.label}`, pages: areasByLabel(areasIn(here.id)).map((a) => ({ area: a.id, cidade: here.id })), labelBy: 'area' },
    { heading: 'Advogados em outras cidades', pages: nearFirst(byLabel(cityPages), here).map((c) => ({ cidade: c.id })), labelBy: 'city' },
  ];
}

/** Every landing page that exists, with its last change: areas, cities, then area + city. */
export async function listLandingPages(): Promise<Array<{ path: string; lastModified: Date }>> {
  const combinations = await listLandingCombinations();
  const latest = new Map<string, Date>();
  const touch = (path: string, date: Date) => {
    const seen = latest.get(path);
    if (!seen || seen < date) latest.set(path, date);
  };
  for (const c of combinations) touch(landingPath({ area: c.area }), c.lastModified);
  for (const c of combinations) touch(landingPath({ cidade: c.cidade }), c.lastModified);
  for (const c of combinations) touch(landingPath({ area: c.area, cidade: c.cidade }), c.lastModified);
  return [...latest].map(([path, lastModified]) => ({ path, lastModified }));
}

import { sql } from 'drizzle-orm';
import { selectRows } from '~/db/client.server';
import { publicContentGeneration } from '~/lib/public-content.server';
import { findCity, PRACTICE_AREAS, practiceAreaLabel, sortByLabel, type City, type PracticeAreaId } from '~/modules/catalog/catalog';
import { findApprovedLawyers, type PublicLawyerCard } from '~/modules/lawyers/lawyers.server';
import { resultCountText } from '~/modules/lawyers/search-links';
import { landingPath, type LandingLinkLabel, type LandingScope } from './landing-paths';
import { areaSummary, landingHeading, landingIntro, landingQuestions, type LandingQuestion } from './landing-texts';

/**
 * Landing pages per area, per city and per area + city (docs/decisions/0026-landing-pages.md): the
 * approved lawyers there, in the search's order and pages, with a text generated from the catalogue
 * and links to the neighbouring pages. A scope with no approved lawyer has no page (null: the route
 * answers 404), and neither has a page past the last one.
 */

/** One area + city combination with approved lawyers: how many, and the latest change of one of them (an edit or a review). */
export interface LandingCombination {
  area: PracticeAreaId;
  cidade: string;
  lawyers: number;
  lastModified: Date;
}

/** A memo older than this is refreshed (another process's changes show after it). */
const COMBINATIONS_MAX_AGE_MS = 60_000;
/** Stale links are refreshed in the background at most this often: the query reads every approved profile. */
const COMBINATIONS_MIN_REFRESH_MS = 60_000;

interface CombinationsMemo {
  generation: number;
  at: number;
  promise: Promise<LandingCombination[]>;
}
let combinationsMemo: CombinationsMemo | undefined;
let refreshing: CombinationsMemo | undefined;

function startQuery(generation: number, now: number): CombinationsMemo {
  const memo: CombinationsMemo = { generation, at: now, promise: queryCombinations() };
  memo.promise.then(
    () => {
      if (refreshing === memo) refreshing = undefined;
      if (!combinationsMemo || combinationsMemo.at <= memo.at) combinationsMemo = memo;
    },
    () => {
      if (refreshing === memo) refreshing = undefined;
    },
  );
  return memo;
}

/**
 * Every area + city combination that has approved lawyers. One aggregate over lawyer_profiles' search
 * tags: it reads every approved profile (about 2 s on PGlite at 100,000 lawyers, docs/decisions/0026),
 * so it is kept in memory, and a change of the public content (publicContentChanged) or a minute makes
 * it stale. `fresh` (the sitemap, the OG images) waits for a current answer; otherwise (a page's links) a
 * stale answer is returned at once while one refresh runs in the background, no more than once a minute.
 * The 404 rule never reads it: it asks for the page itself.
 */
export function listLandingCombinations({ fresh = false, now = Date.now() }: { fresh?: boolean; now?: number } = {}): Promise<LandingCombination[]> {
  const generation = publicContentGeneration();
  const memo = combinationsMemo;
  const current = (m: CombinationsMemo | undefined) => m && m.generation === generation && now - m.at < COMBINATIONS_MAX_AGE_MS;
  if (current(memo)) return memo!.promise;
  if (current(refreshing)) return fresh || !memo ? refreshing!.promise : memo!.promise;
  if (fresh || !memo) {
    refreshing = startQuery(generation, now);
    return refreshing.promise;
  }
  if (!refreshing && now - memo.at >= COMBINATIONS_MIN_REFRESH_MS) refreshing = startQuery(generation, now);
  return memo.promise;
}

/** Forgets the memo (tests: each starts from an empty database). */
export function forgetLandingCombinations(): void {
  combinationsMemo = undefined;
  refreshing = undefined;
}

/** Whether a landing page's scope has an approved lawyer now (one probe of the search tags' index). */
export async function landingScopeHasLawyers({ area, cidade }: LandingScope): Promise<boolean> {
  const tags = [area && `a:${area}`, cidade && `c:${cidade}`].filter(Boolean) as string[];
  if (tags.length === 0) return false;
  const rows = await selectRows<{ found: number }>(sql`
    select 1 as found from lawyer_profiles lp where lp.status = 'approved' and lp.search_tags @> ${`{${tags.join(',')}}`}::text[] limit 1`);
  return rows.length > 0;
}

async function queryCombinations(): Promise<LandingCombination[]> {
  const rows = await selectRows<{ area: string; cidade: string; lawyers: number; last_modified_ms: number }>(sql`
    select substr(a.tag, 3) as area, substr(c.tag, 3) as cidade, count(*)::int as lawyers,
      (extract(epoch from max(lp.updated_at)) * 1000)::float8 as last_modified_ms
    from lawyer_profiles lp
    cross join lateral unnest(lp.search_tags) as a(tag)
    cross join lateral unnest(lp.search_tags) as c(tag)
    where lp.status = 'approved' and a.tag like 'a:%' and c.tag like 'c:%'
    group by 1, 2
  `);
  const known = new Set<string>(PRACTICE_AREAS.map((a) => a.id));
  return rows
    .filter((r) => known.has(r.area) && findCity(r.cidade))
    .map((r) => ({ area: r.area as PracticeAreaId, cidade: r.cidade, lawyers: Number(r.lawyers), lastModified: new Date(Number(r.last_modified_ms)) }));
}

/**
 * Links to neighbouring landing pages, sent as scopes (ids): the page builds each URL and label from
 * the catalogue it already has (landing-paths.ts), which keeps the page's hydration data small.
 */
export interface LandingLinkGroup {
  heading: string;
  pages: LandingScope[];
  /** What names each link: its area, its city, or the whole scope ('Advogados em Curitiba - PR'). */
  labelBy: LandingLinkLabel;
}

export interface LandingPage {
  scope: LandingScope;
  heading: string;
  intro: string;
  /** What the area covers (pages with an area). */
  areaSummary: string | null;
  questions: LandingQuestion[];
  linkGroups: LandingLinkGroup[];
  lawyers: PublicLawyerCard[];
  total: number;
  /** '1 advogado encontrado', 'N advogados encontrados' (the search's words). */
  countText: string;
  page: number;
  pageCount: number;
}

/** Links to at most this many other cities (an area's page lists all of its cities). */
const MAX_LINKS = 10;

export async function getLandingPage(scope: LandingScope, pagina: number, brandName: string, now = new Date()): Promise<LandingPage | null> {
  const { area, cidade } = scope;
  const city = cidade ? findCity(cidade) : undefined;
  if (!area && !city) return null;
  const result = await findApprovedLawyers({ area, cidade, pagina }, now);
  if (result.lawyers.length === 0) return null;

  const labels = { area, city };
  const combinations = await listLandingCombinations({ now: now.getTime() });
  return {
    scope,
    heading: landingHeading(labels),
    intro: landingIntro(labels),
    areaSummary: area ? areaSummary(area) : null,
    questions: landingQuestions(labels, brandName),
    linkGroups: neighbourLinks(area, city, combinations).filter((group) => group.pages.length > 0),
    lawyers: result.lawyers.map(({ id: _id, ...card }) => card),
    total: result.total,
    countText: resultCountText(result.total),
    page: result.page,
    pageCount: result.pageCount,
  };
}

function neighbourLinks(area: PracticeAreaId | undefined, city: City | undefined, combinations: LandingCombination[]): LandingLinkGroup[] {
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
  const combinations = await listLandingCombinations({ fresh: true });
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

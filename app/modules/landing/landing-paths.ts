/**
 * The URLs of the landing pages (docs/decisions/0026-landing-pages.md), derived from the catalogue:
 * - an area:            /advogados/direito-de-familia
 * - a city:             /advogados/curitiba-pr
 * - an area in a city:  /advogados/direito-de-familia/curitiba-pr
 * An area's slug is its label's, a city's is its name's followed by its state; the two sets never meet
 * (a city slug always ends in '-' and a state code, no area slug does: landing-paths.test.ts). Browser-safe.
 */
import { formatCount } from '~/lib/format-number';
import { cityLabel, CITIES, findCity, PRACTICE_AREAS, practiceAreaLabel, type City, type PracticeAreaId } from '~/domain/catalog/catalog';

export const LANDING_PREFIX = '/advogados';

function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** 'Direito de Família' -> 'direito-de-familia'. */
export function areaSlug(areaId: PracticeAreaId): string {
  return AREA_SLUGS.get(areaId)!;
}

/** 'Curitiba', PR -> 'curitiba-pr'. */
export function citySlug(city: City): string {
  return `${slugOf(city.name)}-${city.state.toLowerCase()}`;
}

const AREA_SLUGS = /* @__PURE__ */ new Map<PracticeAreaId, string>(PRACTICE_AREAS.map((a) => [a.id, slugOf(a.label)]));
const AREA_BY_SLUG = /* @__PURE__ */ new Map<string, PracticeAreaId>(PRACTICE_AREAS.map((a) => [slugOf(a.label), a.id]));
const CITY_BY_SLUG = /* @__PURE__ */ new Map<string, City>(CITIES.map((c) => [citySlug(c), c]));

export function areaIdFromSlug(slug: string): PracticeAreaId | undefined {
  return AREA_BY_SLUG.get(slug);
}

export function cityFromSlug(slug: string): City | undefined {
  return CITY_BY_SLUG.get(slug);
}

export interface LandingScope {
  area?: PracticeAreaId;
  /** A city id of the catalogue ('pr_curitiba'). */
  cidade?: string;
}

/** The landing page of an area, a city or both (at least one must be set). */
export function landingPath({ area, cidade }: LandingScope): string {
  const city = cidade ? findCity(cidade) : undefined;
  const parts = [area && areaSlug(area), city && citySlug(city)].filter(Boolean);
  if (parts.length === 0) throw new Error('A landing page needs an area or a city');
  return `${LANDING_PREFIX}/${parts.join('/')}`;
}

export type LandingLinkLabel = 'area' | 'city' | 'scope';

/** A link's text: the area's label, the city's, or the scope's ('Advogados de Direito Civil', 'Advogados em Curitiba - PR'). */
export function landingLinkLabel({ area, cidade }: LandingScope, labelBy: LandingLinkLabel): string {
  if (labelBy === 'area' && area) return practiceAreaLabel(area);
  if (labelBy === 'city' && cidade) return cityLabel(cidade);
  return ['Advogados', area && `de ${practiceAreaLabel(area)}`, cidade && `em ${cityLabel(cidade)}`].filter(Boolean).join(' ');
}

/** The meta description: what the page lists, in one sentence, with the count. */
export function landingDescription(scope: LandingScope, total: number): string {
  const count = total === 1 ? '1 advogado aprovado' : `${formatCount(total)} advogados aprovados`;
  return `${landingLinkLabel(scope, 'scope')}: ${count}, com registro na OAB conferido. Veja áreas de atuação, cidades atendidas e fale direto pelo WhatsApp.`;
}

export interface Breadcrumb {
  name: string;
  /** The page's path; the last crumb is the page itself. */
  path: string;
}

/** Início › the area › the city (on a city's own page: Início › 'Advogados em …'). */
export function landingBreadcrumbs({ area, cidade }: LandingScope): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [{ name: 'Início', path: '/' }];
  if (area) crumbs.push({ name: practiceAreaLabel(area), path: landingPath({ area }) });
  if (cidade) crumbs.push({ name: area ? cityLabel(cidade) : `Advogados em ${cityLabel(cidade)}`, path: landingPath({ area, cidade }) });
  return crumbs;
}

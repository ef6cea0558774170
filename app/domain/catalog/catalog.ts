/**
 * The one catalogue of practice areas, cities, Brazilian states and plans. Every screen, the server,
 * the database checks and the seed read it from here, so a label or a price lives in one place.
 * Browser-safe: no server imports.
 */

import type { StateCode } from './states';

/** A label as pt-BR alphabetical order reads it: without accents or case ('Á' sorts with 'a'). */
function sortKey(label: string): string {
  return label.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * Sorts catalogue entries alphabetically by their pt-BR label (accents and case ignored), as
 * `Intl.Collator('pt-BR', { sensitivity: 'base' })` does for the catalogue's labels (catalog.test.ts
 * holds the two together) but without Intl: these lists are sorted while public pages load, and a page's
 * first Intl object costs it the locale data (docs/decisions/0028).
 */
export function sortByLabel<T extends { label: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: sortKey(item.label) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ item }) => item);
}

export const PRACTICE_AREAS = [
  { id: 'civil', label: 'Direito Civil' },
  { id: 'penal', label: 'Direito Penal' },
  { id: 'familia', label: 'Direito de Família' },
  { id: 'trabalho', label: 'Direito do Trabalho' },
  { id: 'consumidor', label: 'Direito do Consumidor' },
  { id: 'tributario', label: 'Direito Tributário' },
  { id: 'empresarial', label: 'Direito Empresarial' },
  { id: 'imobiliario', label: 'Direito Imobiliário' },
  { id: 'ambiental', label: 'Direito Ambiental' },
  { id: 'administrativo', label: 'Direito Administrativo' },
  { id: 'previdenciario', label: 'Direito Previdenciário' },
  { id: 'internacional', label: 'Direito Internacional' },
  { id: 'digital', label: 'Direito Digital' },
  { id: 'propriedade_intelectual', label: 'Propriedade Intelectual' },
  { id: 'constitucional', label: 'Direito Constitucional' },
  { id: 'arbitragem', label: 'Arbitragem e Mediação' },
] as const;

export type PracticeAreaId = (typeof PRACTICE_AREAS)[number]['id'];
export const PRACTICE_AREA_IDS = /* @__PURE__ */ PRACTICE_AREAS.map((a) => a.id) as [PracticeAreaId, ...PracticeAreaId[]];
export const PRACTICE_AREAS_BY_LABEL = /* @__PURE__ */ sortByLabel(PRACTICE_AREAS);

/** [state, city name, telephone area code (DDD)] — the id and label are derived below. */
const CITY_ROWS: ReadonlyArray<readonly [StateCode, string, number]> = [
  // The 27 state capitals
  ['AC', 'Rio Branco', 68], ['AL', 'Maceió', 82], ['AP', 'Macapá', 96], ['AM', 'Manaus', 92],
  ['BA', 'Salvador', 71], ['CE', 'Fortaleza', 85], ['DF', 'Brasília', 61], ['ES', 'Vitória', 27],
  ['GO', 'Goiânia', 62], ['MA', 'São Luís', 98], ['MT', 'Cuiabá', 65], ['MS', 'Campo Grande', 67],
  ['MG', 'Belo Horizonte', 31], ['PA', 'Belém', 91], ['PB', 'João Pessoa', 83], ['PR', 'Curitiba', 41],
  ['PE', 'Recife', 81], ['PI', 'Teresina', 86], ['RJ', 'Rio de Janeiro', 21], ['RN', 'Natal', 84],
  ['RS', 'Porto Alegre', 51], ['RO', 'Porto Velho', 69], ['RR', 'Boa Vista', 95],
  ['SC', 'Florianópolis', 48], ['SP', 'São Paulo', 11], ['SE', 'Aracaju', 79], ['TO', 'Palmas', 63],
  // 17 other large cities
  ['SP', 'Campinas', 19], ['SP', 'Santos', 13], ['SP', 'Guarulhos', 11], ['SP', 'São Bernardo do Campo', 11],
  ['SP', 'Ribeirão Preto', 16], ['SP', 'Sorocaba', 15], ['SP', 'São José dos Campos', 12],
  ['RJ', 'Niterói', 21], ['RJ', 'Duque de Caxias', 21], ['MG', 'Uberlândia', 34], ['MG', 'Contagem', 31],
  ['MG', 'Juiz de Fora', 32], ['SC', 'Joinville', 47], ['PR', 'Londrina', 43], ['PR', 'Maringá', 44],
  ['RS', 'Caxias do Sul', 54], ['BA', 'Feira de Santana', 75],
];

/** Lowercase ASCII with underscores: 'São José dos Campos' -> 'sao_jose_dos_campos'. */
function asIdPart(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

export interface City {
  id: string;
  label: string;
  name: string;
  state: StateCode;
  ddd: number;
}

export const CITIES: readonly City[] = /* @__PURE__ */ CITY_ROWS.map(([state, name, ddd]) => ({
  id: `${state.toLowerCase()}_${asIdPart(name)}`,
  label: `${name} - ${state}`,
  name,
  state,
  ddd,
}));
export const CITY_IDS = /* @__PURE__ */ CITIES.map((c) => c.id) as [string, ...string[]];
export const CITIES_BY_LABEL = /* @__PURE__ */ sortByLabel(CITIES);

const areaById = /* @__PURE__ */ new Map<string, (typeof PRACTICE_AREAS)[number]>(PRACTICE_AREAS.map((a) => [a.id, a]));
const cityById = /* @__PURE__ */ new Map<string, City>(CITIES.map((c) => [c.id, c]));

export function isPracticeAreaId(id: string): id is PracticeAreaId {
  return areaById.has(id);
}
export function isCityId(id: string): boolean {
  return cityById.has(id);
}
export function findCity(id: string): City | undefined {
  return cityById.get(id);
}

/** The area's label; an id outside the catalogue is prettified ('direito_x' -> 'Direito X') rather than hidden. */
export function practiceAreaLabel(id: string): string {
  return areaById.get(id)?.label ?? prettifySnakeCase(id);
}

/** The city's label ('São Paulo - SP'); an unknown 'uf_city_name' code is prettified to 'City Name - UF'. */
export function cityLabel(id: string): string {
  const city = cityById.get(id);
  if (city) return city.label;
  const [uf, ...rest] = id.split('_');
  if (!uf || rest.length === 0) return prettifySnakeCase(id);
  return `${prettifySnakeCase(rest.join('_'))} - ${uf.toUpperCase()}`;
}

function prettifySnakeCase(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

// The rest of the catalogue lives in its own modules, so that a page's bundle carries only what it uses.
export * from './states';
export * from './plans';
export * from './vocabularies';

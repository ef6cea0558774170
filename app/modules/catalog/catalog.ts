/**
 * The one catalogue of practice areas, cities, Brazilian states and plans. Every screen, the server,
 * the database checks and the seed read it from here, so a label or a price lives in one place.
 * Browser-safe: no server imports.
 */

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Sorts catalogue entries alphabetically by their pt-BR label (accents ignored, 'Á' sorts with 'A'). */
export function sortByLabel<T extends { label: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator.compare(a.label, b.label));
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
export const PRACTICE_AREA_IDS = PRACTICE_AREAS.map((a) => a.id) as [PracticeAreaId, ...PracticeAreaId[]];
export const PRACTICE_AREAS_BY_LABEL = sortByLabel(PRACTICE_AREAS);

/** The 27 Brazilian federative units, by their two-letter code (the OAB Seccionais follow them). */
export const STATES = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará',
  DF: 'Distrito Federal', ES: 'Espírito Santo', GO: 'Goiás', MA: 'Maranhão', MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba', PR: 'Paraná',
  PE: 'Pernambuco', PI: 'Piauí', RJ: 'Rio de Janeiro', RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul', RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina', SP: 'São Paulo',
  SE: 'Sergipe', TO: 'Tocantins',
} as const;
export type StateCode = keyof typeof STATES;
export const STATE_CODES = Object.keys(STATES) as [StateCode, ...StateCode[]];

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

export const CITIES: readonly City[] = CITY_ROWS.map(([state, name, ddd]) => ({
  id: `${state.toLowerCase()}_${asIdPart(name)}`,
  label: `${name} - ${state}`,
  name,
  state,
  ddd,
}));
export const CITY_IDS = CITIES.map((c) => c.id) as [string, ...string[]];
export const CITIES_BY_LABEL = sortByLabel(CITIES);

const areaById = new Map<string, (typeof PRACTICE_AREAS)[number]>(PRACTICE_AREAS.map((a) => [a.id, a]));
const cityById = new Map<string, City>(CITIES.map((c) => [c.id, c]));

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

// ---------------------------------------------------------------------------------------------
// Plans: the one catalogue, used by every screen and the server (docs/product-rules.md, "Plans").
// The database keeps a copy of the levels for search (the trigger of drizzle/0002_search_triggers.sql);
// app/modules/catalog/plan-levels.server.test.ts checks that it agrees with PLANS.

export interface Plan {
  id: 'gratuito' | 'basico' | 'intermediario' | 'premium';
  name: string;
  level: 0 | 1 | 2 | 3;
  priceBrl: number;
  leadsPerMonth: number;
  monitoredProcesses: number;
  whatsappNotifications: boolean;
  popular: boolean;
  /** Badge colour of the plan in the lawyer area (Tailwind-free hex, checked for contrast on white text). */
  color: string;
}

export const PLANS: readonly Plan[] = [
  { id: 'gratuito', name: 'Plano Gratuito', level: 0, priceBrl: 0, leadsPerMonth: 5, monitoredProcesses: 0, whatsappNotifications: false, popular: false, color: '#4b5563' },
  { id: 'basico', name: 'Plano Básico', level: 1, priceBrl: 297, leadsPerMonth: 20, monitoredProcesses: 0, whatsappNotifications: false, popular: false, color: '#1d4ed8' },
  { id: 'intermediario', name: 'Plano Intermediário', level: 2, priceBrl: 497, leadsPerMonth: 50, monitoredProcesses: 5, whatsappNotifications: true, popular: true, color: '#6d28d9' },
  { id: 'premium', name: 'Plano Premium', level: 3, priceBrl: 997, leadsPerMonth: 150, monitoredProcesses: 20, whatsappNotifications: true, popular: false, color: '#b45309' },
];
export type PlanId = Plan['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** A paid plan chosen at registration runs for 7 days; a subscription runs for 30 (docs/product-rules.md). */
export const REGISTRATION_TRIAL_MS = 7 * 24 * 60 * 60 * 1000;
export const SUBSCRIPTION_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** Plan level: none or gratuito = 0, basico = 1, intermediario = 2, premium = 3. */
export function planLevel(id: string | null | undefined): Plan['level'] {
  return findPlan(id)?.level ?? 0;
}

/**
 * Whether a plan with this end date has ended by `now`. A paid plan runs until its end date, exclusive:
 * from that instant on it has ended (the lawyer is overdue and search no longer lifts them). A plan with
 * no end date (gratuito) never ends. Search applies the same rule in SQL (`plan_level_until > now()`).
 */
export function planHasEnded(endsAt: Date | null, now: Date = new Date()): boolean {
  return endsAt !== null && endsAt.getTime() <= now.getTime();
}

// ---------------------------------------------------------------------------------------------
// Other closed vocabularies (checked by the database too)

export const LAWYER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LawyerStatus = (typeof LAWYER_STATUSES)[number];

export const STAGE_COLORS = [
  { value: '#3b82f6', label: 'Azul' },
  { value: '#10b981', label: 'Verde' },
  { value: '#f59e0b', label: 'Âmbar' },
  { value: '#ef4444', label: 'Vermelho' },
  { value: '#8b5cf6', label: 'Roxo' },
  { value: '#ec4899', label: 'Rosa' },
  { value: '#6b7280', label: 'Cinza' },
  { value: '#14b8a6', label: 'Teal' },
] as const;

/** The stages every new lawyer starts with; each lawyer owns their stages (docs/product-rules.md, "CRM"). */
export const DEFAULT_LEAD_STAGES = [
  { name: 'Novo', color: '#3b82f6' },
  { name: 'Em contato', color: '#f59e0b' },
  { name: 'Proposta enviada', color: '#8b5cf6' },
  { name: 'Contratado', color: '#10b981' },
  { name: 'Não contratado', color: '#6b7280' },
] as const;

export const WHATSAPP_CLICK_SOURCES = ['perfil_advogado', 'busca'] as const;
export type WhatsAppClickSource = (typeof WHATSAPP_CLICK_SOURCES)[number];

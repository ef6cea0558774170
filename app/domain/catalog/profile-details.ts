// Part of the catalogue: what a lawyer's profile may say about their practice beyond areas and cities
// (issue 27, part 4; docs/decisions/0063). Browser-safe, no server imports; the database checks the
// closed vocabularies too (migration 0025).

/** How the lawyer is called on the profile: chosen by the lawyer; unset, the profile says 'Advogado'. */
export const LAWYER_TITLES = [
  { id: 'advogada', label: 'Advogada' },
  { id: 'advogado', label: 'Advogado' },
] as const;
export type LawyerTitle = (typeof LAWYER_TITLES)[number]['id'];
export const LAWYER_TITLE_IDS = /* @__PURE__ */ LAWYER_TITLES.map((t) => t.id) as [LawyerTitle, ...LawyerTitle[]];

/** 'Advogada' or 'Advogado' ('Advogado OAB {número}' stays the default title). */
export function lawyerTitle(titulo: string | null | undefined): string {
  return titulo === 'advogada' ? 'Advogada' : 'Advogado';
}

/** The languages a lawyer may serve clients in, in the order the form lists them. */
export const SERVICE_LANGUAGES = [
  { id: 'portugues', label: 'Português' },
  { id: 'ingles', label: 'Inglês' },
  { id: 'espanhol', label: 'Espanhol' },
  { id: 'frances', label: 'Francês' },
  { id: 'italiano', label: 'Italiano' },
  { id: 'alemao', label: 'Alemão' },
  { id: 'libras', label: 'Libras' },
] as const;
export type ServiceLanguage = (typeof SERVICE_LANGUAGES)[number]['id'];
export const SERVICE_LANGUAGE_IDS = /* @__PURE__ */ SERVICE_LANGUAGES.map((l) => l.id) as [ServiceLanguage, ...ServiceLanguage[]];

/** The languages' labels in the catalogue's order ('Português', 'Inglês'); unknown ids are left out. */
export function languageLabels(ids: readonly string[]): string[] {
  return SERVICE_LANGUAGES.filter((l) => ids.includes(l.id)).map((l) => l.label);
}

/**
 * The year of the first OAB inscription: not before 1930 (the OAB's first inscriptions date from the
 * 1930s; a practising lawyer inscribed earlier would be over 110) and not after this year.
 */
export const FIRST_INSCRIPTION_MIN_YEAR = 1930;

/** Lengths of the free-text details. */
export const PROFILE_DETAIL_LIMITS = {
  formacao: 200,
  escritorioBairro: 80,
} as const;

/** Whole years since the first inscription, in the São Paulo calendar year `currentYear`. */
export function yearsOfPractice(firstYear: number, currentYear: number): number {
  return Math.max(0, currentYear - firstYear);
}

/** '12 anos de advocacia', '1 ano de advocacia', 'Menos de 1 ano de advocacia'. */
export function yearsOfPracticeText(firstYear: number, currentYear: number): string {
  const years = yearsOfPractice(firstYear, currentYear);
  if (years === 0) return 'Menos de 1 ano de advocacia';
  return `${years} ${years === 1 ? 'ano' : 'anos'} de advocacia`;
}

/** The calendar year in São Paulo at `now` (the product's time zone). */
export function saoPauloYear(now: Date = new Date()): number {
  // Made once, on first use: a DateTimeFormat costs ~0.1 ms to build, and a search page asks for 24 years.
  saoPauloYearFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' });
  return Number(saoPauloYearFormat.format(now));
}

let saoPauloYearFormat: Intl.DateTimeFormat | undefined;

/** What a lawyer declares about their practice (docs/decisions/0063), as the profile's readers carry it. */
export interface DeclaredPractice {
  titulo: string | null;
  primeiraInscricaoAno: number | null;
  formacao: string | null;
  idiomas: string[];
  atendeOnline: boolean;
  escritorioBairro: string | null;
  escritorioCidade: string | null;
}

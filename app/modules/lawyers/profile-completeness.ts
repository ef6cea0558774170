/**
 * How complete a lawyer's profile is, and what is missing, photo first (issue 27, part 4): what a
 * client choosing between profiles looks at. Shown in the lawyer area and on the under-review page.
 * Browser-safe.
 */

/** A biography at least this long says enough for a client to choose (registration asks for 50). */
export const FULL_BIOGRAPHY_LENGTH = 150;

export interface CompletenessInput {
  fotoUrl: string | null;
  biografia: string;
  primeiraInscricaoAno: number | null;
  formacao: string | null;
  idiomas: readonly string[];
  atendeOnline: boolean;
  escritorioCidade: string | null;
}

export interface ProfileCompleteness {
  /** Whole percent of the items done. */
  percent: number;
  done: number;
  total: number;
  /** What is missing, in the order to do it: the photo first. */
  missing: Array<{ id: string; label: string }>;
}

/** The items in the order they are asked for: the photo first, what clients read first next. */
const ITEMS: ReadonlyArray<{ id: string; label: string; done: (p: CompletenessInput) => boolean }> = [
  { id: 'foto', label: 'Adicione sua foto', done: (p) => Boolean(p.fotoUrl) },
  { id: 'primeiraInscricaoAno', label: 'Informe o ano da sua primeira inscrição na OAB', done: (p) => p.primeiraInscricaoAno !== null },
  { id: 'formacao', label: 'Conte sua formação', done: (p) => Boolean(p.formacao) },
  { id: 'idiomas', label: 'Escolha os idiomas de atendimento', done: (p) => p.idiomas.length > 0 },
  { id: 'atendimento', label: 'Diga se atende online ou onde fica seu escritório', done: (p) => p.atendeOnline || Boolean(p.escritorioCidade) },
  { id: 'biografia', label: `Escreva uma biografia com pelo menos ${FULL_BIOGRAPHY_LENGTH} caracteres`, done: (p) => p.biografia.trim().length >= FULL_BIOGRAPHY_LENGTH },
];

export function profileCompleteness(profile: CompletenessInput): ProfileCompleteness {
  const missing = ITEMS.filter((item) => !item.done(profile)).map(({ id, label }) => ({ id, label }));
  const done = ITEMS.length - missing.length;
  return { percent: Math.round((done / ITEMS.length) * 100), done, total: ITEMS.length, missing };
}

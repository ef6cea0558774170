// CNJ unified process numbers (Resolução CNJ 65/2008; docs/product-rules.md, "Process monitoring"):
// NNNNNNN-DD.AAAA.J.TR.OOOO, check digits by ISO 7064 MOD 97-10, and the court a number belongs to.
// Browser-safe and pure.

import { STATES, type StateCode } from '~/domain/catalog/states';

/** The mask, exactly: 7 digits, dash, 2, dot, 4, dot, 1, dot, 2, dot, 4. */
export const CNJ_PATTERN = /^(\d{7})-(\d{2})\.(\d{4})\.(\d)\.(\d{2})\.(\d{4})$/;

export interface CnjNumber {
  /** NNNNNNN: the unit of origin's sequential number of the year. */
  sequencial: string;
  /** DD: the check digits. */
  digito: string;
  /** AAAA: the year the case was filed. */
  ano: string;
  /** J: the segment of the Judiciary (8 = state courts). */
  segmento: string;
  /** TR: the court within the segment (for J = 8, the state). */
  tribunal: string;
  /** OOOO: the unit of origin (0000 for a case filed in the court itself). */
  origem: string;
}

/** The parts of a number written in the CNJ mask, or null when it does not follow the mask. */
export function parseCnj(masked: string): CnjNumber | null {
  const match = CNJ_PATTERN.exec(masked);
  if (!match) return null;
  const [, sequencial, digito, ano, segmento, tribunal, origem] = match as unknown as [string, string, string, string, string, string, string];
  return { sequencial, digito, ano, segmento, tribunal, origem };
}

/** `digits` (a decimal string of any length) mod 97, taken in chunks so that no number gets big. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** The check digits DD of a number's other parts: 98 − (N‖AAAA‖J‖TR‖OOOO‖00 mod 97), two digits. */
export function cnjCheckDigits({ sequencial, ano, segmento, tribunal, origem }: Omit<CnjNumber, 'digito'>): string {
  return String(98 - mod97(`${sequencial}${ano}${segmento}${tribunal}${origem}00`)).padStart(2, '0');
}

/** True when the number follows the mask and its check digits are right (N‖AAAA‖J‖TR‖OOOO‖DD mod 97 = 1). */
export function isValidCnj(masked: string): boolean {
  const cnj = parseCnj(masked);
  return cnj !== null && mod97(`${cnj.sequencial}${cnj.ano}${cnj.segmento}${cnj.tribunal}${cnj.origem}${cnj.digito}`) === 1;
}

/** The 20 digits without the mask, as DataJud wants them. */
export function cnjDigits(masked: string): string {
  return masked.replace(/\D/g, '');
}

/** 20 digits put back in the mask: '00180631920138260002' -> '0018063-19.2013.8.26.0002'; null if not 20 digits. */
export function maskCnj(digits: string): string | null {
  const only = digits.replace(/\D/g, '');
  if (only.length !== 20) return null;
  return `${only.slice(0, 7)}-${only.slice(7, 9)}.${only.slice(9, 13)}.${only.slice(13, 14)}.${only.slice(14, 16)}.${only.slice(16)}`;
}

export interface Court {
  /** The court's abbreviation, as Escavador and the form name it: 'TJSP', 'STJ', 'TRF3'. */
  sigla: string;
  nome: string;
  /** The DataJud index alias (api_publica_<alias>), or null where DataJud has none (STF). */
  datajudAlias: string | null;
}

/** The state courts by the state's TR code under J = 8 (the states in the order of Resolução CNJ 65). */
const STATE_COURT_ORDER: readonly StateCode[] = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SE', 'SP', 'TO',
];

/** 'do Acre', 'da Bahia', 'de São Paulo': the preposition each state's name takes. */
const OF_STATE: Partial<Record<StateCode, 'do' | 'da'>> = {
  AC: 'do', AP: 'do', AM: 'do', CE: 'do', ES: 'do', MA: 'do', PA: 'do', PR: 'do', PI: 'do', RJ: 'do', RN: 'do', RS: 'do', TO: 'do',
  BA: 'da', PB: 'da',
};

function stateCourt(uf: StateCode): Court {
  const sigla = uf === 'DF' ? 'TJDFT' : `TJ${uf}`;
  const nome = uf === 'DF' ? 'Tribunal de Justiça do Distrito Federal e dos Territórios' : `Tribunal de Justiça ${OF_STATE[uf] ?? 'de'} ${STATES[uf]}`;
  return { sigla, nome, datajudAlias: sigla.toLowerCase() };
}

/** The 27 state courts, TJAC to TJTO, by J.TR code ('8.26' is TJSP). */
export const STATE_COURTS_BY_TR: ReadonlyMap<string, Court> = new Map(STATE_COURT_ORDER.map((uf, i) => [String(i + 1).padStart(2, '0'), stateCourt(uf)]));

const STF: Court = { sigla: 'STF', nome: 'Supremo Tribunal Federal', datajudAlias: null };
const STJ: Court = { sigla: 'STJ', nome: 'Superior Tribunal de Justiça', datajudAlias: 'stj' };

/**
 * The courts a lawyer can choose in the form: the specification's list (TJSP, TJRJ, TJMG, TJRS, TJPR,
 * TJBA, TJSC, TJPE, TJCE, TJGO, STF, STJ) and every other state court; 'todos' means "the number's own".
 */
export const COURT_CHOICES: readonly Court[] = [
  ...['SP', 'RJ', 'MG', 'RS', 'PR', 'BA', 'SC', 'PE', 'CE', 'GO'].map((uf) => stateCourt(uf as StateCode)),
  ...STATE_COURT_ORDER.filter((uf) => !['SP', 'RJ', 'MG', 'RS', 'PR', 'BA', 'SC', 'PE', 'CE', 'GO'].includes(uf)).map(stateCourt),
  STF,
  STJ,
];

export function findCourt(sigla: string): Court | undefined {
  return COURT_CHOICES.find((court) => court.sigla === sigla) ?? courtOfSegment(sigla);
}

/** Federal (TRF1-6) and labour (TRT1-24) courts by sigla, which the form does not list but numbers carry. */
function courtOfSegment(sigla: string): Court | undefined {
  const federal = /^TRF([1-6])$/.exec(sigla);
  if (federal) return { sigla, nome: `Tribunal Regional Federal da ${federal[1]}ª Região`, datajudAlias: `trf${federal[1]}` };
  const labour = /^TRT([1-9]|1\d|2[0-4])$/.exec(sigla);
  if (labour) return { sigla, nome: `Tribunal Regional do Trabalho da ${labour[1]}ª Região`, datajudAlias: `trt${labour[1]}` };
  return undefined;
}

/**
 * The court a number belongs to, from its J.TR: 8.01-8.27 the state courts, 4.01-4.06 the federal
 * regions, 5.01-5.24 the labour regions, 3.00 the STJ, 1.00 the STF; null for any other segment.
 */
export function courtOfCnj(masked: string): Court | null {
  const cnj = parseCnj(masked);
  if (!cnj) return null;
  const tr = Number(cnj.tribunal);
  switch (cnj.segmento) {
    case '8':
      return STATE_COURTS_BY_TR.get(cnj.tribunal) ?? null;
    case '4':
      return tr >= 1 && tr <= 6 ? (courtOfSegment(`TRF${tr}`) ?? null) : null;
    case '5':
      return tr >= 1 && tr <= 24 ? (courtOfSegment(`TRT${tr}`) ?? null) : null;
    case '3':
      return tr === 0 ? STJ : null;
    case '1':
      return tr === 0 ? STF : null;
    default:
      return null;
  }
}

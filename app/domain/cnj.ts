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

export type CourtGroup = 'estadual' | 'superior' | 'federal' | 'trabalho' | 'eleitoral' | 'militar';

export interface Court {
  /** The court's abbreviation, as Escavador and the form name it: 'TJSP', 'STJ', 'TRF3', 'TRE-PA', 'TJM-SP'. */
  sigla: string;
  nome: string;
  /** The DataJud index alias (api_publica_<alias>), or null where DataJud has none (STF). */
  datajudAlias: string | null;
  /** The branch of the Judiciary, for the form's groups. */
  grupo: CourtGroup;
}

/** The labels of the court select's groups, in the order the form shows them. */
export const COURT_GROUP_LABELS: ReadonlyArray<readonly [CourtGroup, string]> = [
  ['estadual', 'Justiça Estadual'],
  ['superior', 'Tribunais Superiores'],
  ['federal', 'Justiça Federal'],
  ['trabalho', 'Justiça do Trabalho'],
  ['eleitoral', 'Justiça Eleitoral'],
  ['militar', 'Justiça Militar Estadual'],
];

/** The states by their TR code under J = 8 and J = 6 (the states in the order of Resolução CNJ 65). */
const STATE_COURT_ORDER: readonly StateCode[] = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SE', 'SP', 'TO',
];

/** 'do Acre', 'da Bahia', 'de São Paulo': the preposition each state's name takes. */
const OF_STATE: Partial<Record<StateCode, 'do' | 'da'>> = {
  AC: 'do', AP: 'do', AM: 'do', CE: 'do', ES: 'do', MA: 'do', PA: 'do', PR: 'do', PI: 'do', RJ: 'do', RN: 'do', RS: 'do', TO: 'do',
  BA: 'da', PB: 'da',
};

const ofState = (uf: StateCode) => (uf === 'DF' ? 'do Distrito Federal' : `${OF_STATE[uf] ?? 'de'} ${STATES[uf]}`);

function stateCourt(uf: StateCode): Court {
  const sigla = uf === 'DF' ? 'TJDFT' : `TJ${uf}`;
  const nome = uf === 'DF' ? 'Tribunal de Justiça do Distrito Federal e dos Territórios' : `Tribunal de Justiça ${ofState(uf)}`;
  return { sigla, nome, datajudAlias: sigla.toLowerCase(), grupo: 'estadual' };
}

/**
 * The electoral court of a state: DataJud's index is api_publica_tre-<uf> (hyphenated, as DataJud's
 * wiki lists them; the DF one is 'tre-dft' there). docs/decisions/0051.
 */
function electoralCourt(uf: StateCode): Court {
  return { sigla: `TRE-${uf}`, nome: `Tribunal Regional Eleitoral ${ofState(uf)}`, datajudAlias: uf === 'DF' ? 'tre-dft' : `tre-${uf.toLowerCase()}`, grupo: 'eleitoral' };
}

/** The three state military courts (J = 9; TR = the state's code): DataJud's tjmmg, tjmrs, tjmsp. */
const MILITARY_STATES: readonly StateCode[] = ['MG', 'RS', 'SP'];
function militaryCourt(uf: StateCode): Court {
  return { sigla: `TJM-${uf}`, nome: `Tribunal de Justiça Militar ${ofState(uf)}`, datajudAlias: `tjm${uf.toLowerCase()}`, grupo: 'militar' };
}

const trOf = (uf: StateCode) => String(STATE_COURT_ORDER.indexOf(uf) + 1).padStart(2, '0');

/** The 27 state courts, TJAC to TJTO, by J.TR code ('8.26' is TJSP). */
export const STATE_COURTS_BY_TR: ReadonlyMap<string, Court> = new Map(STATE_COURT_ORDER.map((uf) => [trOf(uf), stateCourt(uf)]));
const ELECTORAL_COURTS_BY_TR: ReadonlyMap<string, Court> = new Map(STATE_COURT_ORDER.map((uf) => [trOf(uf), electoralCourt(uf)]));
const MILITARY_COURTS_BY_TR: ReadonlyMap<string, Court> = new Map(MILITARY_STATES.map((uf) => [trOf(uf), militaryCourt(uf)]));

const STF: Court = { sigla: 'STF', nome: 'Supremo Tribunal Federal', datajudAlias: null, grupo: 'superior' };
const STJ: Court = { sigla: 'STJ', nome: 'Superior Tribunal de Justiça', datajudAlias: 'stj', grupo: 'superior' };
const TST: Court = { sigla: 'TST', nome: 'Tribunal Superior do Trabalho', datajudAlias: 'tst', grupo: 'superior' };
const TSE: Court = { sigla: 'TSE', nome: 'Tribunal Superior Eleitoral', datajudAlias: 'tse', grupo: 'superior' };
const STM: Court = { sigla: 'STM', nome: 'Superior Tribunal Militar', datajudAlias: 'stm', grupo: 'superior' };

const FEDERAL_COURTS: readonly Court[] = Array.from({ length: 6 }, (_, i) => ({ sigla: `TRF${i + 1}`, nome: `Tribunal Regional Federal da ${i + 1}ª Região`, datajudAlias: `trf${i + 1}`, grupo: 'federal' as const }));
const LABOUR_COURTS: readonly Court[] = Array.from({ length: 24 }, (_, i) => ({ sigla: `TRT${i + 1}`, nome: `Tribunal Regional do Trabalho da ${i + 1}ª Região`, datajudAlias: `trt${i + 1}`, grupo: 'trabalho' as const }));

/** The specification's list, first: TJSP, TJRJ, TJMG, TJRS, TJPR, TJBA, TJSC, TJPE, TJCE, TJGO. */
const SPEC_STATES: readonly StateCode[] = ['SP', 'RJ', 'MG', 'RS', 'PR', 'BA', 'SC', 'PE', 'CE', 'GO'];

/**
 * The courts a lawyer can choose in the form: the specification's list (TJSP, TJRJ, TJMG, TJRS, TJPR,
 * TJBA, TJSC, TJPE, TJCE, TJGO, STF, STJ), every other state court, and every court DataJud indexes
 * (TST, TSE, STM, TRF1-6, TRT1-24, the 27 TREs, TJM-MG/RS/SP); 'todos' means "the number's own".
 */
export const COURT_CHOICES: readonly Court[] = [
  ...SPEC_STATES.map(stateCourt),
  ...STATE_COURT_ORDER.filter((uf) => !SPEC_STATES.includes(uf)).map(stateCourt),
  STF,
  STJ,
  TST,
  TSE,
  STM,
  ...FEDERAL_COURTS,
  ...LABOUR_COURTS,
  ...ELECTORAL_COURTS_BY_TR.values(),
  ...MILITARY_COURTS_BY_TR.values(),
];

const BY_SIGLA: ReadonlyMap<string, Court> = new Map(COURT_CHOICES.map((court) => [court.sigla, court]));

export function findCourt(sigla: string): Court | undefined {
  return BY_SIGLA.get(sigla);
}

/**
 * The court a number belongs to, from its J.TR (Resolução CNJ 65; docs/decisions/0051): 1.00 STF, 3.00
 * STJ; 4.01-4.06 the federal regions; 5.00 TST, 5.01-5.24 the labour regions; 6.00 TSE, 6.<UF> the
 * state's TRE; 7.xx the Military Justice of the Union (STM: DataJud has one index for it); 8.<UF> the
 * state courts; 9.13/9.21/9.26 the state military courts of MG, RS and SP. Null for anything else (the
 * CNJ, the councils CJF/CSJT with TR 90, a TR no court has).
 */
export function courtOfCnj(masked: string): Court | null {
  const cnj = parseCnj(masked);
  if (!cnj) return null;
  const tr = Number(cnj.tribunal);
  switch (cnj.segmento) {
    case '1':
      return tr === 0 ? STF : null;
    case '3':
      return tr === 0 ? STJ : null;
    case '4':
      return FEDERAL_COURTS[tr - 1] ?? null;
    case '5':
      return tr === 0 ? TST : (LABOUR_COURTS[tr - 1] ?? null);
    case '6':
      return tr === 0 ? TSE : (ELECTORAL_COURTS_BY_TR.get(cnj.tribunal) ?? null);
    case '7':
      return tr === 90 ? null : STM;
    case '8':
      return STATE_COURTS_BY_TR.get(cnj.tribunal) ?? null;
    case '9':
      return MILITARY_COURTS_BY_TR.get(cnj.tribunal) ?? null;
    default:
      return null;
  }
}

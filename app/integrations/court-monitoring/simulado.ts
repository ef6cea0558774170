import { courtOfCnj, isValidCnj, parseCnj, type CourtGroup } from '~/domain/cnj';
import type { CheckProcessInput, CourtMonitoringProvider, MovementType, ProcessCheck, ProcessDetails, ProviderMovement } from './provider';

// The built-in simulated court (COURT_MONITORING_PROVIDER=simulado, the default): no I/O, so the whole
// monitoring flow works offline, in development and in tests. It finds every valid number on its first
// check (except a number whose sequential part is 0000000, which it never finds: the NAO_ENCONTRADO
// case) and reports one new movement on each check, the next step of a civil case's story, dated at
// the check. Which step is deterministic: the caller says how many movements it already stored
// (`knownMovements`), so the story goes on where it was after a restart; without it, the simulator
// counts its own checks per number in memory (docs/decisions/0029-court-monitoring-providers.md). Its
// units and class follow the court's branch (a TRT case is at a Vara do Trabalho; decision 0051).

export interface SimulatedProviderOptions {
  /** The clock movements are dated with (tests inject one). */
  now?: () => Date;
}

interface Step {
  tipo: MovementType;
  /** The text, from the process's own variations. */
  text: (v: Variation) => string;
}

interface Variation {
  vara: string;
  prazo: number;
  procedente: string;
  audiencia: string;
}

/**
 * The units a case is distributed to, by the branch of the court its number belongs to (J.TR): a labour
 * case goes to a Vara do Trabalho, never to a Vara Cível; a case filed in a superior court (TR 00) to a
 * minister's office. Each with the class a case there has.
 */
const UNITS: Record<CourtGroup, { varas: readonly string[]; classe: string; assunto: string }> = {
  estadual: {
    varas: ['1ª Vara Cível', '2ª Vara Cível', '3ª Vara Cível', '4ª Vara Cível', '5ª Vara Cível', 'Vara Única', '1ª Vara da Família e Sucessões', '2ª Vara Empresarial'],
    classe: 'Procedimento Comum Cível',
    assunto: 'Indenização por Dano Moral',
  },
  federal: { varas: ['1ª Vara Federal', '2ª Vara Federal', '3ª Vara Federal', '1ª Vara Federal Previdenciária', 'Juizado Especial Federal Cível'], classe: 'Procedimento Comum Cível', assunto: 'Benefício Assistencial (Art. 203, V CF/88)' },
  trabalho: { varas: ['1ª Vara do Trabalho', '2ª Vara do Trabalho', '5ª Vara do Trabalho', '12ª Vara do Trabalho', '34ª Vara do Trabalho'], classe: 'Ação Trabalhista - Rito Ordinário', assunto: 'Horas Extras' },
  eleitoral: { varas: ['1ª Zona Eleitoral', '2ª Zona Eleitoral', '5ª Zona Eleitoral', '17ª Zona Eleitoral'], classe: 'Representação', assunto: 'Propaganda Política - Propaganda Eleitoral' },
  militar: { varas: ['1ª Auditoria Militar', '2ª Auditoria Militar', '3ª Auditoria Militar'], classe: 'Ação Penal Militar - Procedimento Ordinário', assunto: 'Crimes Militares' },
  superior: { varas: ['Gabinete do Ministro Relator'], classe: 'Recurso', assunto: 'Direito Processual' },
};

function unitsOf(numero: string) {
  const court = courtOfCnj(numero);
  // STM answers the whole Military Justice of the Union: below it, the auditorias.
  if (court?.sigla === 'STM' && parseCnj(numero)?.tribunal !== '00') return UNITS.militar;
  return UNITS[court?.grupo ?? 'estadual'];
}
const PRAZOS = [5, 10, 15];
const OUTCOMES = ['julgo PROCEDENTE o pedido', 'julgo PARCIALMENTE PROCEDENTE o pedido', 'julgo IMPROCEDENTE o pedido'];
const AUDIENCIAS = ['conciliação', 'instrução e julgamento'];

/** A civil case from filing to archive; after the last step, the case stays quiet with periodic certificates. */
const STORY: readonly Step[] = [
  { tipo: 'ANDAMENTO', text: (v) => `Distribuído por sorteio para a ${v.vara}.` },
  { tipo: 'DESPACHO', text: (v) => `Despacho: Cite-se a parte ré para, querendo, apresentar contestação no prazo legal. Intime-se a parte autora para recolher as custas em ${v.prazo} dias.` },
  { tipo: 'ANDAMENTO', text: () => 'Juntada de mandado de citação cumprido.' },
  { tipo: 'ANDAMENTO', text: () => 'Juntada de petição de contestação.' },
  { tipo: 'DECISAO', text: () => 'Decisão interlocutória: deferido o pedido de tutela de urgência. Intimem-se.' },
  { tipo: 'ANDAMENTO', text: (v) => `Audiência de ${v.audiencia} realizada; sem acordo entre as partes.` },
  { tipo: 'DESPACHO', text: (v) => `Despacho: Especifiquem as partes, em ${v.prazo} dias, as provas que pretendem produzir, justificando a pertinência.` },
  { tipo: 'ANDAMENTO', text: () => 'Conclusos para sentença.' },
  { tipo: 'SENTENCA', text: (v) => `Sentença: Ante o exposto, ${v.procedente}, nos termos do art. 487, I, do CPC. Custas e honorários na forma da lei.` },
  { tipo: 'ANDAMENTO', text: () => 'Publicada a sentença no Diário da Justiça Eletrônico.' },
  { tipo: 'ANDAMENTO', text: () => 'Certificado o trânsito em julgado.' },
  { tipo: 'DESPACHO', text: () => 'Despacho: Arquivem-se os autos, observadas as formalidades legais.' },
  { tipo: 'ANDAMENTO', text: () => 'Arquivado definitivamente.' },
];

/** FNV-1a of the number's digits: the same number always gets the same vara, deadlines and outcome. */
function hashOf(digits: string): number {
  let hash = 0x811c9dc5;
  for (const char of digits) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** The `index`-th movement (0 = the first) of the process `numero`: its text and type. */
export function simulatedMovement(numero: string, index: number): Omit<ProviderMovement, 'data'> {
  const hash = hashOf(numero.replace(/\D/g, ''));
  const varas = unitsOf(numero).varas;
  const variation: Variation = {
    vara: varas[hash % varas.length]!,
    prazo: PRAZOS[(hash >>> 8) % PRAZOS.length]!,
    procedente: OUTCOMES[(hash >>> 16) % OUTCOMES.length]!,
    audiencia: AUDIENCIAS[(hash >>> 24) % AUDIENCIAS.length]!,
  };
  const step = STORY[index];
  if (step) return { descricao: step.text(variation), tipo: step.tipo };
  // After the archive: a certificate a check, numbered so each is a new movement (stored once by date + text).
  return { descricao: `Certidão de objeto e pé expedida (${index - STORY.length + 1}ª via).`, tipo: 'ANDAMENTO' };
}

/** The simulated case's cover: the class and judging body its court's branch has (no parties: it invents no people). */
export function simulatedDetails(numero: string): ProcessDetails {
  const units = unitsOf(numero);
  const hash = hashOf(numero.replace(/\D/g, ''));
  const cnj = parseCnj(numero);
  return {
    classe: units.classe,
    assuntos: [units.assunto],
    orgaoJulgador: units.varas[hash % units.varas.length]!,
    grau: cnj?.tribunal === '00' ? 'SUP' : 'G1',
    dataAjuizamento: cnj ? new Date(Date.UTC(Number(cnj.ano), hash % 12, 1 + (hash % 28))).toISOString() : null,
    partes: [],
  };
}

export function createSimulatedProvider({ now = () => new Date() }: SimulatedProviderOptions = {}): CourtMonitoringProvider {
  /** Checks answered per number, for callers that do not say how many movements they hold. */
  const checks = new Map<string, number>();
  return {
    id: 'simulado',
    // A lawyer reads it in sentences ('atualizado automaticamente pelo …'): what it is, not what we call it.
    displayName: 'sistema de demonstração',
    async startMonitoring() {
      return { providerRef: null };
    },
    async stopMonitoring({ numero }) {
      checks.delete(numero.replace(/\D/g, ''));
    },
    async checkProcess({ numero, knownMovements }: CheckProcessInput): Promise<ProcessCheck> {
      if (!isValidCnj(numero) || parseCnj(numero)?.sequencial === '0000000') return { found: false, movements: [] };
      const key = numero.replace(/\D/g, '');
      const index = Math.max(0, Math.floor(knownMovements ?? checks.get(key) ?? 0));
      checks.set(key, index + 1);
      return { found: true, movements: [{ ...simulatedMovement(numero, index), data: now() }], details: simulatedDetails(numero) };
    },
  };
}

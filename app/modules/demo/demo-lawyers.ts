/**
 * Demo lawyers for the seed and the benchmark: a pure, deterministic generator (seeded PRNG, no I/O,
 * no database). The same (count, seed) always gives the same list. Fast enough for 100,000 lawyers.
 *
 * Guarantees:
 * - count >= 20: exactly 4 'pending' and 3 'rejected', spread over the list; otherwise all 'approved'.
 * - count >= 120: every city of the catalogue is the first city of at least one approved lawyer.
 * - emails are unique (the index is part of the local part); (oabUf, numeroOab) is unique
 *   (increasing numbers per state), with 5-6 digits for any realistic count (checked at 100,000).
 * - oabUf is the state of the first city; whatsapp is '55' + its DDD + '9' + 8 digits.
 * - every woman is 'advogada'; the practice details (education as the biography tells it, languages,
 *   online service, office in the first city) come from a second PRNG, so the lists above are the same
 *   as before they were added (issue 27).
 */
import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import type { City, LawyerStatus, PlanId, PracticeAreaId, StateCode } from '~/domain/catalog/catalog';
import type { LawyerTitle, ServiceLanguage } from '~/domain/catalog/profile-details';

export interface DemoLawyer {
  /** Realistic Brazilian full name, without 'Dr.'/'Dra.'. */
  nome: string;
  /** Lowercase ASCII, unique across the output, at exemplo.adv.br. */
  email: string;
  /** Digits only, 5-6 digits, unique per (oabUf, numeroOab). */
  numeroOab: string;
  /** The state of the first city. */
  oabUf: StateCode;
  /** Digits only: '55' + DDD of the first city + '9' + 8 digits. */
  whatsapp: string;
  /** 2-4 sentences, 180-600 characters, pt-BR. */
  biografia: string;
  /** 1-3 distinct practice areas. */
  areas: PracticeAreaId[];
  /** 1-3 distinct city ids; the first one decides oabUf and the DDD. */
  cities: string[];
  status: LawyerStatus;
  plan: PlanId;
  /** 2-35, the number the biography mentions. */
  yearsOfPractice: number;
  /** 'advogada' for every woman; 'advogado' or not chosen (null) for men. */
  titulo: LawyerTitle | null;
  /** The education the biography mentions ('Direito pela USP; pós-graduação em Direito de família'); null for about 1 in 8. */
  formacao: string | null;
  /** Português, and for some English, Spanish and others. */
  idiomas: ServiceLanguage[];
  atendeOnline: boolean;
  /** The office in the first city (a neighbourhood of it), for about 3 in 4; null otherwise. */
  escritorioBairro: string | null;
  escritorioCidade: string | null;
  /** 0-400. */
  createdDaysAgo: number;
}

export const DEMO_EMAIL_DOMAIN = 'exemplo.adv.br';
/** From this count on, every city gets at least one approved lawyer. */
export const CITY_COVERAGE_MIN_COUNT = 120;
const PENDING_COUNT = 4;
const REJECTED_COUNT = 3;
const STATUS_MIN_COUNT = 20;
const BIO_MIN = 180;
const BIO_MAX = 600;

// ---------------------------------------------------------------------------------------------
// PRNG

/** mulberry32: a tiny, fast 32-bit seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

function randInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

/** Cumulative weights for a weighted pick by linear scan (the lists are short). */
function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}

function weightedIndex(rng: Rng, cum: Float64Array): number {
  const r = rng() * (cum[cum.length - 1] as number);
  for (let i = 0; i < cum.length; i++) if (r < (cum[i] as number)) return i;
  return cum.length - 1;
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

function toAscii(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

// ---------------------------------------------------------------------------------------------
// Names

const FEMALE_FIRST_NAMES = [
  'Ana', 'Mariana', 'Juliana', 'Fernanda', 'Camila', 'Beatriz', 'Larissa', 'Patrícia', 'Aline', 'Letícia',
  'Gabriela', 'Renata', 'Carolina', 'Amanda', 'Bruna', 'Vanessa', 'Luciana', 'Cláudia', 'Débora', 'Isabela',
  'Natália', 'Priscila', 'Tatiana', 'Helena', 'Lívia', 'Marina', 'Raquel', 'Sílvia', 'Simone', 'Adriana',
  'Cristina', 'Daniela', 'Júlia', 'Bianca', 'Flávia', 'Márcia', 'Lúcia', 'Rafaela', 'Roberta', 'Viviane',
] as const;

const MALE_FIRST_NAMES = [
  'João', 'Pedro', 'Lucas', 'Gabriel', 'Rafael', 'Felipe', 'Bruno', 'Gustavo', 'Thiago', 'Rodrigo',
  'Leonardo', 'Marcelo', 'André', 'Eduardo', 'Fernando', 'Ricardo', 'Paulo', 'Carlos', 'José', 'Antônio',
  'Francisco', 'Luiz', 'Marcos', 'Daniel', 'Diego', 'Vinícius', 'Caio', 'Henrique', 'Matheus', 'Otávio',
  'Sérgio', 'Fábio', 'Márcio', 'Roberto', 'Alexandre', 'Guilherme', 'Igor', 'Renato', 'Samuel', 'Túlio',
] as const;

const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Albuquerque', 'Cavalcanti', 'Monteiro', 'Bezerra', 'Moura',
  'Araújo', 'Castro', 'Correia', 'Pinto', 'Campos', 'Batista', 'Farias', 'Medeiros', 'Xavier', 'Brandão',
  'Queiroz', 'Figueiredo', 'Siqueira', 'Prado', 'Sampaio', 'Tavares', 'Peixoto', 'Bastos', 'Rezende', 'Guimarães',
  'Magalhães', 'Coelho', 'Cunha', 'Barros', 'Fonseca', 'Leite', 'Borges', 'Aragão', 'Falcão', 'Viana',
] as const;

const FEMALE_ASCII = FEMALE_FIRST_NAMES.map(toAscii);
const MALE_ASCII = MALE_FIRST_NAMES.map(toAscii);
const SURNAMES_ASCII = SURNAMES.map(toAscii);

// ---------------------------------------------------------------------------------------------
// Practice areas

/** Relative weights: the everyday areas come first. */
const AREA_WEIGHTS: Record<PracticeAreaId, number> = {
  familia: 14, trabalho: 14, civil: 14, consumidor: 10, previdenciario: 10, penal: 10,
  tributario: 5, empresarial: 5, imobiliario: 5, administrativo: 3, digital: 3,
  ambiental: 2, propriedade_intelectual: 2, constitucional: 2, arbitragem: 2, internacional: 1,
};
const AREA_IDS: PracticeAreaId[] = PRACTICE_AREAS.map((a) => a.id);
const AREA_CUM = cumulative(AREA_IDS.map((id) => AREA_WEIGHTS[id]));

/** The label as used mid-sentence: 'Direito de família', 'propriedade intelectual'. */
const AREA_PHRASE: Record<string, string> = Object.fromEntries(
  PRACTICE_AREAS.map((a) => [
    a.id,
    a.label.startsWith('Direito ') ? `Direito ${a.label.slice('Direito '.length).toLowerCase()}` : a.label.toLowerCase(),
  ]),
);

/** One concrete sentence per area; [female, male] where the text is gendered. */
const AREA_DETAIL: Record<PracticeAreaId, readonly [string, string]> = {
  familia: same('Tem experiência em divórcios, guarda compartilhada, pensão alimentícia e inventários, sempre buscando acordos quando possível.'),
  trabalho: same('Atua em reclamações trabalhistas, verbas rescisórias, horas extras e acidentes de trabalho, com atenção especial à fase de execução.'),
  civil: same('Cuida de contratos, cobranças, indenizações por danos morais e materiais e questões de responsabilidade civil.'),
  consumidor: same('Atua em casos de cobranças indevidas, negativação do nome, problemas com bancos, planos de saúde e companhias aéreas.'),
  previdenciario: same('Auxilia na concessão e revisão de aposentadorias, auxílio-doença, pensão por morte e BPC/LOAS junto ao INSS.'),
  penal: same('Atua na defesa criminal desde o inquérito policial até os tribunais superiores, inclusive em audiências de custódia.'),
  tributario: same('Orienta empresas em planejamento tributário, recuperação de créditos e defesa em execuções fiscais.'),
  empresarial: same('Assessora pequenas e médias empresas em contratos, questões societárias, recuperação de crédito e reorganizações.'),
  imobiliario: same('Cuida de compra e venda de imóveis, usucapião, contratos de locação, despejos e regularização de documentação.'),
  ambiental: same('Atua em licenciamento ambiental, defesas em autos de infração e consultoria preventiva para o agronegócio.'),
  administrativo: same('Atua em licitações, contratos com o poder público, concursos e processos administrativos disciplinares.'),
  internacional: same('Atende clientes em questões de imigração, vistos, cidadania e contratos com empresas estrangeiras.'),
  digital: same('Trabalha com adequação à LGPD, crimes cibernéticos, golpes pela internet e remoção de conteúdo ofensivo.'),
  propriedade_intelectual: same('Cuida de registro de marcas no INPI, patentes, direitos autorais e disputas envolvendo concorrência desleal.'),
  constitucional: same('Atua em mandados de segurança, ações de controle de constitucionalidade e defesa de direitos fundamentais.'),
  arbitragem: [
    'Atua como mediadora em conflitos familiares e empresariais e representa clientes em procedimentos arbitrais.',
    'Atua como mediador em conflitos familiares e empresariais e representa clientes em procedimentos arbitrais.',
  ],
};

function same(text: string): readonly [string, string] {
  return [text, text];
}

// ---------------------------------------------------------------------------------------------
// Cities

/** Relative weights of the first city; the rest default to 2 (small capitals get 1). */
const CITY_WEIGHTS: Record<string, number> = {
  sp_sao_paulo: 30, rj_rio_de_janeiro: 18, mg_belo_horizonte: 10, pr_curitiba: 8, rs_porto_alegre: 8,
  df_brasilia: 8, ba_salvador: 7, ce_fortaleza: 6, pe_recife: 6, go_goiania: 5, sp_campinas: 5,
  pa_belem: 4, am_manaus: 4, sc_florianopolis: 4, es_vitoria: 3, sp_guarulhos: 3, sp_santos: 3,
  sp_ribeirao_preto: 3, rj_niteroi: 3, mg_uberlandia: 3, sc_joinville: 3, pr_londrina: 3,
  ac_rio_branco: 1, ap_macapa: 1, rr_boa_vista: 1, ro_porto_velho: 1, to_palmas: 1,
};
const CITY_CUM = cumulative(CITIES.map((c) => CITY_WEIGHTS[c.id] ?? 2));
/** For each city, the indices of the other cities of its state. */
/** 'em Curitiba', but 'no Rio de Janeiro' and 'no Recife'. */
const CITY_WITH_NO = new Set(['rj_rio_de_janeiro', 'pe_recife']);
const IN_CITY = CITIES.map((c) => `${CITY_WITH_NO.has(c.id) ? 'no' : 'em'} ${c.name}`);
const SAME_STATE: number[][] = CITIES.map((c, i) =>
  CITIES.flatMap((o, j) => (j !== i && o.state === c.state ? [j] : [])),
);

// ---------------------------------------------------------------------------------------------
// Universities: national names plus the usual ones of each state. fem: 'a USP' vs 'o Mackenzie'.

interface University {
  name: string;
  fem: boolean;
}
const u = (name: string, fem = true): University => ({ name, fem });
const NATIONAL_UNIVERSITIES: University[] = [
  u('USP'), u('UFMG'), u('PUC-Rio'), u('UFPR'), u('UFRGS'), u('UFPE'), u('UnB'), u('Mackenzie', false),
  u('UFBA'), u('UFSC'), u('PUC-SP'), u('FGV Direito SP'), u('UERJ'),
];
const STATE_UNIVERSITIES: Record<StateCode, University[]> = {
  AC: [u('UFAC')], AL: [u('UFAL')], AP: [u('UNIFAP')], AM: [u('UFAM'), u('UEA')],
  BA: [u('UFBA'), u('UEFS'), u('UCSal')], CE: [u('UFC'), u('Unifor')], DF: [u('UnB'), u('IDP', false), u('UniCEUB', false)],
  ES: [u('UFES'), u('FDV')], GO: [u('UFG'), u('PUC Goiás')], MA: [u('UFMA')], MT: [u('UFMT')], MS: [u('UFMS')],
  MG: [u('UFMG'), u('PUC Minas'), u('UFJF'), u('UFU')], PA: [u('UFPA'), u('Unama')], PB: [u('UFPB')],
  PR: [u('UFPR'), u('PUCPR'), u('UEL'), u('UEM')], PE: [u('UFPE'), u('Unicap')], PI: [u('UFPI')],
  RJ: [u('UERJ'), u('UFRJ'), u('PUC-Rio'), u('UFF')], RN: [u('UFRN')], RS: [u('UFRGS'), u('PUCRS'), u('UCS')],
  RO: [u('UNIR')], RR: [u('UFRR')], SC: [u('UFSC'), u('Univille'), u('Univali')],
  SP: [u('USP'), u('PUC-SP'), u('Mackenzie', false), u('Unicamp'), u('FGV Direito SP'), u('Unesp')],
  SE: [u('UFS')], TO: [u('UFT')],
};

// ---------------------------------------------------------------------------------------------
// Biography fragments

interface BioContext {
  female: boolean;
  years: number;
  areas: PracticeAreaId[];
  uf: StateCode;
  /** 'em São Paulo', 'no Rio de Janeiro'. */
  inCity: string;
  univ: University;
}

type Fragment = (c: BioContext, rng: Rng) => string;

const g = (c: BioContext, fem: string, masc: string) => (c.female ? fem : masc);
const pela = (c: BioContext) => `${c.univ.fem ? 'pela' : 'pelo'} ${c.univ.name}`;
const na = (c: BioContext) => `${c.univ.fem ? 'na' : 'no'} ${c.univ.name}`;
const da = (c: BioContext) => `${c.univ.fem ? 'da' : 'do'} ${c.univ.name}`;

function areaList(areas: readonly PracticeAreaId[]): string {
  const a = AREA_PHRASE[areas[0] as string] as string;
  if (areas.length === 1) return a;
  const b = AREA_PHRASE[areas[1] as string] as string;
  if (areas.length === 2) return `${a} e ${b}`;
  return `${a}, ${b} e ${AREA_PHRASE[areas[2] as string]}`;
}
const inAreas = (c: BioContext) => (c.areas.length === 1 ? 'na área de ' : 'nas áreas de ') + areaList(c.areas);
const main = (c: BioContext) => AREA_PHRASE[c.areas[0] as string] as string;

const INTROS: Fragment[] = [
  (c) => `${g(c, 'Advogada', 'Advogado')} com ${c.years} anos de experiência ${inAreas(c)}.`,
  (c) => `Atua há ${c.years} anos ${inAreas(c)}, atendendo pessoas físicas e empresas ${c.inCity} e região.`,
  (c) => `${g(c, 'Inscrita', 'Inscrito')} na OAB/${c.uf} há ${c.years} anos, concentra sua atuação em ${areaList(c.areas)}.`,
  (c) => `Com ${c.years} anos de advocacia, dedica-se a causas de ${areaList(c.areas)}.`,
  (c) => `Há ${c.years} anos na advocacia, presta consultoria e atua em processos de ${areaList(c.areas)}.`,
  (c) => `${g(c, 'Advogada', 'Advogado')} ${c.inCity}, trabalha há ${c.years} anos com ${areaList(c.areas)}.`,
  (c) => `Ao longo de ${c.years} anos de carreira, construiu uma atuação sólida ${inAreas(c)}.`,
];

const EDUCATION: Fragment[] = [
  (c) => `${g(c, 'Formada', 'Formado')} ${pela(c)}, tem pós-graduação em ${main(c)}.`,
  (c) => `Graduou-se ${na(c)} e é especialista em ${main(c)}.`,
  (c) => `Bacharel em Direito ${pela(c)}, concluiu especialização em ${main(c)}.`,
  (c) => `Estudou Direito ${na(c)} e mantém formação continuada por meio de cursos e congressos da área.`,
  (c) => `${g(c, 'Formada', 'Formado')} ${pela(c)}, concluiu mestrado com pesquisa em ${main(c)}.`,
  (c) => `${g(c, 'Egressa', 'Egresso')} ${da(c)}, fez pós-graduação em ${main(c)} e participa de grupos de estudo sobre o tema.`,
];

const WAYS_OF_WORKING: Fragment[] = [
  () => 'Preza por um atendimento próximo e por explicar cada etapa do processo em linguagem simples.',
  (c) => `Atende presencialmente ${c.inCity} e também por videochamada, com retorno rápido pelo WhatsApp.`,
  () => 'Busca sempre a solução consensual antes de levar o caso ao Judiciário, o que costuma poupar tempo e custos.',
  () => 'Trabalha com honorários transparentes, combinados por escrito desde a primeira conversa.',
  () => 'Acompanha cada cliente pessoalmente, do primeiro atendimento até a decisão final.',
  () => 'Oferece uma primeira conversa para entender o caso e indicar o caminho mais adequado.',
  () => 'Mantém o cliente informado sobre cada movimentação do processo, sem juridiquês.',
  () => 'Valoriza a prevenção de conflitos e a orientação jurídica antes da assinatura de qualquer contrato.',
  () => 'Atende clientes de todo o estado de forma remota, com processos eletrônicos e reuniões on-line.',
];

const EXTRAS: Fragment[] = [
  (c) => `Integra a comissão de ${main(c)} da OAB/${c.uf} e participa de mutirões de atendimento gratuito.`,
  (c, rng) => `Já conduziu mais de ${Math.max(50, Math.round((c.years * randInt(rng, 20, 45)) / 50) * 50)} processos ao longo da carreira.`,
  (c) => `Também escreve artigos sobre ${main(c)} para blogs e revistas jurídicas.`,
  (c) =>
    c.years >= 10
      ? `${g(c, 'Foi sócia', 'Foi sócio')} de um escritório de médio porte antes de abrir a própria banca ${c.inCity}.`
      : `Começou a carreira como ${g(c, 'associada', 'associado')} em um escritório de médio porte e hoje mantém banca própria ${c.inCity}.`,
  () => 'Ministra palestras para associações de bairro e sindicatos sobre direitos do dia a dia.',
];

/** The education each EDUCATION sentence tells, as the profile's 'Formação' says it. */
const EDUCATION_SUMMARY: Array<(c: BioContext) => string> = [
  (c) => `Direito ${pela(c)}; pós-graduação em ${main(c)}`,
  (c) => `Direito ${pela(c)}; especialização em ${main(c)}`,
  (c) => `Direito ${pela(c)}; especialização em ${main(c)}`,
  (c) => `Direito ${pela(c)}`,
  (c) => `Direito ${pela(c)}; mestrado em ${main(c)}`,
  (c) => `Direito ${pela(c)}; pós-graduação em ${main(c)}`,
];

/** The orders in which the optional sentences (0 way of working, 1 area detail, 2 extra) are added. */
const OPTIONAL_ORDERS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] as const;

function optionalSentence(kind: number, c: BioContext, rng: Rng): string {
  if (kind === 0) return pick(rng, WAYS_OF_WORKING)(c, rng);
  if (kind === 1) return AREA_DETAIL[pick(rng, c.areas)][c.female ? 0 : 1];
  return pick(rng, EXTRAS)(c, rng);
}

/** The biography, and which EDUCATION sentence it tells (the same draws as pick()). */
function buildBio(c: BioContext, rng: Rng): { text: string; education: number } {
  const intro = pick(rng, INTROS)(c, rng);
  const education = Math.floor(rng() * EDUCATION.length);
  const sentences = [intro, (EDUCATION[education] as Fragment)(c, rng)];
  let length = (sentences[0] as string).length + 1 + (sentences[1] as string).length;
  const order = pick(rng, OPTIONAL_ORDERS);
  const r = rng();
  const target = r < 0.2 ? 2 : r < 0.65 ? 3 : 4;
  // Two to four sentences; a third (or fourth) is added while the text is under the minimum.
  while (sentences.length < 4 && (sentences.length < target || length < BIO_MIN)) {
    const next = optionalSentence(order[sentences.length - 2] as number, c, rng);
    if (length + 1 + next.length > BIO_MAX) break;
    sentences.push(next);
    length += 1 + next.length;
  }
  // join() copies into one flat string: 100,000 bios stay compact instead of trees of string pieces.
  return { text: sentences.join(' '), education };
}

// ---------------------------------------------------------------------------------------------
// Practice details (drawn from their own PRNG: see the guarantees above)

/** A few real neighbourhoods of the big cities' offices; elsewhere 'Centro'. */
const NEIGHBOURHOODS: Record<string, readonly string[]> = {
  sp_sao_paulo: ['Pinheiros', 'Bela Vista', 'Sé', 'Moema', 'Tatuapé', 'Santana', 'Vila Mariana', 'Itaim Bibi'],
  rj_rio_de_janeiro: ['Centro', 'Botafogo', 'Barra da Tijuca', 'Tijuca', 'Copacabana'],
  mg_belo_horizonte: ['Savassi', 'Funcionários', 'Centro', 'Lourdes'],
  pr_curitiba: ['Batel', 'Centro Cívico', 'Água Verde', 'Centro'],
  rs_porto_alegre: ['Moinhos de Vento', 'Centro Histórico', 'Menino Deus'],
  df_brasilia: ['Asa Sul', 'Asa Norte', 'Lago Sul'],
  ba_salvador: ['Caminho das Árvores', 'Comércio', 'Pituba'],
  pe_recife: ['Boa Viagem', 'Santo Antônio', 'Derby'],
  ce_fortaleza: ['Aldeota', 'Meireles', 'Centro'],
  go_goiania: ['Setor Bueno', 'Setor Marista', 'Centro'],
  sp_campinas: ['Cambuí', 'Centro', 'Taquaral'],
};

/** Languages beyond Portuguese, each with its share of lawyers. */
const EXTRA_LANGUAGES: ReadonlyArray<readonly [ServiceLanguage, number]> = [
  ['ingles', 0.3],
  ['espanhol', 0.15],
  ['frances', 0.04],
  ['italiano', 0.03],
  ['alemao', 0.02],
  ['libras', 0.03],
];

function practiceDetails(rng: Rng, female: boolean, city: City, education: string) {
  const titulo: LawyerTitle | null = female ? 'advogada' : rng() < 0.7 ? 'advogado' : null;
  const formacao = rng() < 0.875 ? education : null;
  const idiomas: ServiceLanguage[] = ['portugues'];
  for (const [language, share] of EXTRA_LANGUAGES) if (rng() < share) idiomas.push(language);
  const atendeOnline = rng() < 0.65;
  const hasOffice = rng() < 0.75;
  const bairro = pick(rng, NEIGHBOURHOODS[city.id] ?? ['Centro']);
  return {
    titulo,
    formacao,
    idiomas,
    atendeOnline,
    escritorioBairro: hasOffice ? bairro : null,
    escritorioCidade: hasOffice ? city.id : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Generator

export function generateDemoLawyers(count: number, seed = 20251122): DemoLawyer[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const rng = mulberry32(seed);
  const detailsRng = mulberry32(seed ^ 0x27d4eb2f);

  // 1. Statuses: one non-approved lawyer in each of 7 equal segments, in a shuffled order.
  const statuses: LawyerStatus[] = new Array<LawyerStatus>(count).fill('approved');
  if (count >= STATUS_MIN_COUNT) {
    const special = shuffle(rng, [
      ...new Array<LawyerStatus>(PENDING_COUNT).fill('pending'),
      ...new Array<LawyerStatus>(REJECTED_COUNT).fill('rejected'),
    ]);
    const segment = Math.floor(count / special.length);
    special.forEach((status, s) => {
      statuses[s * segment + Math.floor(rng() * segment)] = status;
    });
  }

  // 2. First cities, weighted toward big cities; then make sure every city has an approved lawyer.
  const firstCity = new Int32Array(count);
  for (let i = 0; i < count; i++) firstCity[i] = weightedIndex(rng, CITY_CUM);
  if (count >= CITY_COVERAGE_MIN_COUNT) ensureCityCoverage(rng, firstCity, statuses);

  // 3. Everything else.
  const oabNext = new Map<StateCode, number>();
  const maxOabStep = Math.max(1, Math.min(40, Math.floor(690_000 / Math.max(count, 1))));
  const lawyers: DemoLawyer[] = new Array<DemoLawyer>(count);

  for (let i = 0; i < count; i++) {
    const city = CITIES[firstCity[i] as number] as City;
    const female = rng() < 0.5;
    const firstIdx = Math.floor(rng() * (female ? FEMALE_FIRST_NAMES.length : MALE_FIRST_NAMES.length));
    const first = (female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES)[firstIdx] as string;
    const firstAscii = (female ? FEMALE_ASCII : MALE_ASCII)[firstIdx] as string;
    const s1 = Math.floor(rng() * SURNAMES.length);
    let nome = `${first} ${SURNAMES[s1]}`;
    let lastIdx = s1;
    if (rng() < 0.6) {
      let s2 = Math.floor(rng() * (SURNAMES.length - 1));
      if (s2 >= s1) s2++;
      nome += ` ${SURNAMES[s2]}`;
      lastIdx = s2;
    }
    const email = [firstAscii, SURNAMES_ASCII[lastIdx], `${i + 1}@${DEMO_EMAIL_DOMAIN}`].join('.');

    // OAB number: increasing per state from a random start, so (oabUf, numeroOab) never repeats.
    let oab = oabNext.get(city.state);
    if (oab === undefined) oab = randInt(rng, 10_000, 299_999);
    oabNext.set(city.state, oab + randInt(rng, 1, maxOabStep));

    const whatsapp = `55${city.ddd}9${randInt(rng, 6, 9)}${String(Math.floor(rng() * 10_000_000)).padStart(7, '0')}`;

    const areaCount = pickCount(rng, 0.4, 0.8);
    // Sized up front: push() would reserve room for 17 elements in each of 100,000 small arrays.
    const areas = new Array<PracticeAreaId>(areaCount);
    for (let n = 0; n < areaCount; ) {
      const a = AREA_IDS[weightedIndex(rng, AREA_CUM)] as PracticeAreaId;
      if (areas.indexOf(a) === -1) areas[n++] = a;
    }

    const cityCount = pickCount(rng, 0.6, 0.88);
    const cityIdx = [firstCity[i] as number];
    const sameState = SAME_STATE[cityIdx[0] as number] as number[];
    while (cityIdx.length < cityCount) {
      const candidates = sameState.filter((j) => !cityIdx.includes(j));
      const j = candidates.length > 0 && rng() < 0.85 ? pick(rng, candidates) : weightedIndex(rng, CITY_CUM);
      if (!cityIdx.includes(j)) cityIdx.push(j);
    }

    const years = 2 + Math.floor(Math.pow(rng(), 1.4) * 34);
    const univ = rng() < 0.7 ? pick(rng, STATE_UNIVERSITIES[city.state]) : pick(rng, NATIONAL_UNIVERSITIES);
    const context: BioContext = { female, years, areas, uf: city.state, inCity: IN_CITY[firstCity[i] as number] as string, univ };
    const bio = buildBio(context, rng);

    const p = rng();
    const plan: PlanId = p < 0.55 ? 'gratuito' : p < 0.75 ? 'basico' : p < 0.9 ? 'intermediario' : 'premium';

    lawyers[i] = {
      nome,
      email,
      numeroOab: String(oab),
      oabUf: city.state,
      whatsapp,
      biografia: bio.text,
      areas,
      cities: cityIdx.map((j) => (CITIES[j] as City).id),
      status: statuses[i] as LawyerStatus,
      plan,
      yearsOfPractice: years,
      createdDaysAgo: randInt(rng, 0, 400),
      ...practiceDetails(detailsRng, female, city, (EDUCATION_SUMMARY[bio.education] as (c: BioContext) => string)(context)),
    };
  }
  return lawyers;
}

/** 1, 2 or 3 with cumulative probabilities p1 and p2. */
function pickCount(rng: Rng, p1: number, p2: number): number {
  const r = rng();
  return r < p1 ? 1 : r < p2 ? 2 : 3;
}

/** Moves approved lawyers from over-represented cities to the cities no approved lawyer has yet. */
function ensureCityCoverage(rng: Rng, firstCity: Int32Array, statuses: readonly LawyerStatus[]): void {
  const counts = new Int32Array(CITIES.length);
  let approved = 0;
  for (let i = 0; i < firstCity.length; i++) {
    if (statuses[i] !== 'approved') continue;
    approved++;
    const c = firstCity[i] as number;
    counts[c] = (counts[c] as number) + 1;
  }
  if (approved < CITIES.length) return;
  const missing = shuffle(rng, CITIES.flatMap((_, c) => (counts[c] === 0 ? [c] : [])));
  for (const c of missing) {
    // There are more approved lawyers than cities, so some city has two or more of them.
    const start = Math.floor(rng() * firstCity.length);
    for (let k = 0; k < firstCity.length; k++) {
      const i = (start + k) % firstCity.length;
      const from = firstCity[i] as number;
      if (statuses[i] === 'approved' && (counts[from] as number) > 1) {
        counts[from] = (counts[from] as number) - 1;
        counts[c] = 1;
        firstCity[i] = c;
        break;
      }
    }
  }
}

/**
 * The demo's back office shows every payment state (docs/product-rules.md, "Back office": Em Dia, Em Atraso, Sem Plano): besides the plans em dia, a
 * rejected lawyer whose paid plan ended `overdueDays` ago (Em Atraso) and a rejected lawyer with no plan
 * at all (Sem Plano). Rejected ones, so that search and the review journeys see the same demo. Indexes
 * into `generateDemoLawyers(count)`; the seed and the end-to-end tests both read them from here.
 */
export function demoPaymentCases(lawyers: readonly DemoLawyer[]): { overdue: number; withoutPlan: number; overdueDays: number } {
  const overdue = lawyers.findIndex((l) => l.status === 'rejected' && l.plan !== 'gratuito');
  const withoutPlan = lawyers.findIndex((l, i) => l.status === 'rejected' && i !== overdue);
  if (overdue < 0 || withoutPlan < 0) throw new Error('the demo needs two rejected lawyers, one on a paid plan');
  return { overdue, withoutPlan, overdueDays: 3 };
}

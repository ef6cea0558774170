import { sentenceSpans } from './cited-statutes';

/**
 * Clauses that consumer law holds abusive (Código de Defesa do Consumidor, Lei nº 8.078/1990, art. 51,
 * and arts. 49, 53 and 101; docs/decisions/0053). Only in a consumer contract: an adhesion contract
 * of a supplier with whoever adheres (a platform, a course, a service accepted on line), or one that
 * says 'consumidor'. A residential lease is ruled by the Lei do Inquilinato (Lei nº 8.245/1991), not
 * by the CDC, and a contract between two parties who negotiate it is not a consumer contract: neither
 * is checked. Each rule needs the words that make the clause abusive, not a topic: 'não se
 * responsabiliza por problemas … que não tenham ocorrido por sua causa' is lawful; 'não será
 * responsável … ainda que decorrentes de falha operacional interna' is not.
 */

export type AbusiveRule = 'renuncia' | 'exoneracao' | 'perda-do-pago' | 'preco-unilateral' | 'alteracao-unilateral' | 'cancelamento-unilateral' | 'arrependimento' | 'foro' | 'multa-excessiva';

export interface AbusiveClause {
  rules: AbusiveRule[];
  /** What the clause does, in Portuguese: 'renúncia do consumidor a direitos'. */
  description: string;
  /** The legal basis: 'art. 51, I, do CDC'. */
  basis: string;
  clause: string;
  excerpt: string;
  index: number;
}

const RULES: Record<AbusiveRule, { description: string; basis: string }> = {
  renuncia: { description: 'renúncia do consumidor a direitos', basis: 'art. 51, I' },
  exoneracao: { description: 'exonera ou limita a responsabilidade do fornecedor por falhas do serviço', basis: 'art. 51, I' },
  'perda-do-pago': { description: 'perda do que o consumidor já pagou', basis: 'art. 51, II, e art. 53' },
  'preco-unilateral': { description: 'variação unilateral do preço pelo fornecedor', basis: 'art. 51, X' },
  'alteracao-unilateral': { description: 'alteração unilateral do contrato pelo fornecedor', basis: 'art. 51, XIII' },
  'cancelamento-unilateral': { description: 'cancelamento unilateral pelo fornecedor, sem igual direito ao consumidor', basis: 'art. 51, XI' },
  arrependimento: { description: 'proíbe o direito de arrependimento do consumidor', basis: 'art. 49' },
  foro: { description: 'foro estrangeiro ou distante do consumidor', basis: 'art. 51, IV, e art. 101, I' },
  'multa-excessiva': { description: 'multa desproporcional ao consumidor que desiste', basis: 'art. 51, IV e § 1º, III' },
};

const SUPPLIER = '(?:CONTRATADA|FORNECEDORA|PRESTADORA|EMPRESA|VENDEDORA|Contratada|Fornecedora)';
const CONSUMER = '(?:CONTRATANTE|USU[ÁA]RIO|CONSUMIDOR|ALUNO|COMPRADOR|Contratante|Usu[áa]rio|Consumidor|Aluno)';

const SENTENCE_RULES: ReadonlyArray<[AbusiveRule, RegExp]> = [
  ['renuncia', new RegExp(`${CONSUMER}[^.;]{0,160}?\\brenuncia(?:m)?\\b[^.;]{0,60}?\\bdireitos?\\b`, 'u')],
  ['exoneracao', /(?:n[ãa]o\s+(?:ser[áa]|se)\s+respons[áa]vel|n[ãa]o\s+se\s+responsabiliza|n[ãa]o\s+responder[áa]|isent[ao]\s+de\s+(?:qualquer\s+)?responsabilidade|responsabilidade\s+exclusiva\s+do\s+(?:CONTRATANTE|USU[ÁA]RIO|CONSUMIDOR|ALUNO))[^]*?(?:ainda\s+que|mesmo\s+que|inclusive\s+quando|independentemente\s+de\s+culpa)/iu],
  ['exoneracao', /limit(?:ando|ad[ao]s?|a-se)[\s-]*(?:se\s+)?(?:qualquer\s+|eventual\s+)?indeniza[çc][ãa]o|indeniza[çc][ãa]o[^.;]{0,80}?limitad[ao]/iu],
  ['exoneracao', /sem\s+garantia\s+de\s+qualidade/iu],
  ['perda-do-pago', /(?:\bsem\b|n[ãa]o\s+haver[áa])[^.;]{0,40}?(?:devolu[çc][ãa]o|restitui[çc][ãa]o|reembolso)\s+d[eo]s?\s+(?:valores|quantias|import[âa]ncias|parcelas)|n[ãa]o\s+(?:ter[áa]|haver[áa])\s+direito\s+[àa]\s+(?:restitui[çc][ãa]o|devolu[çc][ãa]o|reembolso)|perder[áa]\s+(?:todas?\s+)?(?:as\s+|os\s+)?(?:quantias|parcelas|valores)\s+(?:j[áa]\s+)?pag/iu],
  ['preco-unilateral', /(?:alterar|modificar|reajustar)[^.;]{0,40}?(?:unilateralmente|a\s+qualquer\s+(?:tempo|momento)|a\s+seu\s+(?:exclusivo\s+)?crit[ée]rio)[^.;]{0,80}?\b(?:valor(?:es)?|pre[çc]os?)\b|(?:alterar|modificar|reajustar)[^.;]{0,80}?\b(?:valor(?:es)?|pre[çc]os?)\b[^.;]{0,40}?(?:unilateralmente|a\s+qualquer\s+(?:tempo|momento))/iu],
  ['alteracao-unilateral', /(?:alterar|modificar)[^.;]{0,30}?unilateralmente[^.;]{0,60}?(?:cl[áa]usula|contrato|termos|condi[çc][õo]es)|(?:revisar\s+e\s+alterar|alterar|modificar)\s+(?:este|o\s+presente)\s+contrato|aceita[çc][ãa]o\s+autom[áa]tica\s+de\s+futuras\s+cl[áa]usulas/iu],
  ['cancelamento-unilateral', new RegExp(`\\b${SUPPLIER}\\b[^.;]{0,60}?(?:rescindir|cancelar|resilir|encerrar)[^.;]{0,60}?(?:a\\s+qualquer\\s+(?:momento|tempo)[^.;]{0,20}?sem\\s+(?:justificativa|motivo|justa\\s+causa)|sem\\s+(?:justificativa|motivo|justa\\s+causa)|imotivadamente)`, 'u')],
  ['arrependimento', /(?:n[ãa]o\s+sendo\s+permitido|vedad[oa]|sem\s+direito\s+(?:a|ao)|n[ãa]o\s+(?:ter[áa]|haver[áa]|caber[áa]))[^.;]{0,40}?arrependimento|arrependimento[^.;]{0,30}?em\s+nenhuma\s+hip[óo]tese/iu],
];

/**
 * Whether the contract is a consumer contract: the word 'consumidor', or adhesion to a supplier ('adere',
 * 'aceite eletrônico', 'comprar agora', an 'infoproduto') unless both parties are companies (two CNPJs).
 */
export function isConsumerContract(text: string, companies = 0): boolean {
  if (/\bconsumidor/iu.test(text)) return true;
  const adhesion = /\bader(?:e|ir|ente)\b|\bades[ãa]o\b|aceite\s+eletr[ôo]nico|aceita[çc][ãa]o\s+(?:eletr[ôo]nica|t[áa]cita|autom[áa]tica)|infoproduto|comprar\s+agora|ao\s+clicar/iu.test(text);
  return adhesion && companies < 2;
}

export interface ForumFacts {
  /** The sentence that chooses the court. */
  sentence: string;
  index: number;
  clause: string;
  /** The comarca named, or null. */
  comarca: string | null;
}

/**
 * The clauses of a consumer contract that the CDC holds abusive, in the order of the text; one entry
 * per clause, with every rule it breaks.
 */
export function findAbusiveClauses(text: string, cite: (index: number) => string, forum: ForumFacts | null, suppliers: ReadonlyArray<{ index: number; end: number }>): AbusiveClause[] {
  const found = new Map<string, { rules: Set<AbusiveRule>; index: number; excerpt: string; clause: string }>();
  const add = (rule: AbusiveRule, index: number, excerpt: string, clause: string) => {
    const key = clause === 'Texto' || clause === 'Preâmbulo' ? `${clause}:${index}` : clause;
    const entry = found.get(key);
    if (entry) entry.rules.add(rule);
    else found.set(key, { rules: new Set([rule]), index, excerpt, clause });
  };
  // The right of withdrawal (art. 49: 7 days for what is bought away from the shop) is lawful to end
  // after those 7 days; only a clause that takes it away entirely is abusive.
  const grantsWithdrawal =
    /(?:7|sete)\s*(?:\((?:sete|7)\)\s*)?dias[^.;]{0,200}?(?:rescis|cancel|arrepend|desist)|(?:rescis|cancel|arrepend|desist)[^.;]{0,200}?(?:7|sete)\s*(?:\((?:sete|7)\)\s*)?dias|arrependimento\s+de\s+(?:7|sete)/iu.test(text);

  for (const [start, end] of sentenceSpans(text)) {
    const sentence = text.slice(start, end);
    for (const [rule, pattern] of SENTENCE_RULES) {
      if (rule === 'arrependimento' && grantsWithdrawal) continue;
      const match = pattern.exec(sentence);
      if (!match) continue;
      add(rule, start + match.index, shorten(sentence), cite(start + Math.min(match.index, sentence.length - 1)));
    }
    // A fine of 30% or more of the contract for the consumer who leaves.
    const exitFine = /multa[^.;]{0,60}?(\d{2,3})\s*%[^.;]{0,80}?|(\d{2,3})\s*%[^.;]{0,20}?de\s+multa/iu.exec(sentence);
    if (exitFine && Number(exitFine[1] ?? exitFine[2]) >= 30 && new RegExp(`(?:rescis[ãa]o|desist[êe]ncia|cancelamento)[^.;]{0,40}?(?:por\\s+parte\\s+d[oa]\\s+)?${CONSUMER}|${CONSUMER}[^.;]{0,60}?(?:rescindir|desistir|cancelar)`, 'u').test(sentence)) {
      add('multa-excessiva', start + exitFine.index, shorten(sentence), cite(start + exitFine.index));
    }
  }

  if (forum) {
    const foreign = /estrangeir|exterior|fora\s+do\s+(?:Brasil|pa[íi]s)/iu.test(forum.sentence);
    const supplierSeat = new RegExp(`(?:sede|domic[íi]lio|endere[çc]o)\\s+d[ao]\\s+${SUPPLIER}`, 'iu').test(forum.sentence);
    const city = forum.comarca?.split('/')[0]?.trim();
    const supplierCity = !!city && suppliers.some(({ index, end }) => text.slice(Math.max(0, index - 300), end + 300).includes(city));
    if (foreign || supplierSeat || supplierCity) add('foro', forum.index, shorten(forum.sentence), forum.clause);
  }

  return [...found.values()]
    .sort((a, b) => a.index - b.index)
    .map(({ rules, index, excerpt, clause }) => {
      const list = [...rules];
      return {
        rules: list,
        description: list.map((r) => RULES[r].description).filter((d, i, all) => all.indexOf(d) === i).join('; '),
        basis: `${[...new Set(list.map((r) => RULES[r].basis))].join('; ')}, do CDC`,
        clause,
        excerpt,
        index,
      };
    });
}

/** The sentence without the heading lines it starts with ('Cláusula 2 — Renúncia Total de Direitos'), shortened. */
function shorten(sentence: string, max = 220): string {
  const lines = sentence.trim().split('\n');
  while (lines.length > 1 && isHeading(lines[0]!)) lines.shift();
  const clean = lines
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:CL[ÁA]USULA|Cl[áa]usula)\s*[-–—]?\s*\d{1,3}\s*[ªº°]?\s*[-–—.:]\s*/u, '')
    .replace(/^(?:\d+(?:\.\d+)*[.)º°]?\s*[-–—]?\s*|[a-z]\)\s*)/u, '')
    .trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trim()}…`;
}

function isHeading(line: string): boolean {
  const clean = line.trim();
  if (/^(?:CL[ÁA]USULA|Cl[áa]usula)\s+\S+/u.test(clean)) return clean.length <= 100 && !/[.;]\s+\p{Ll}/u.test(clean);
  return clean.length <= 120 && !/\p{Ll}/u.test(clean);
}

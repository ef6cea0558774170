import { findAbusiveClauses, isConsumerContract, type AbusiveClause } from './abusive-clauses';
import { withoutCitedStatutes } from './cited-statutes';
import { clauseAt, splitClauses, type Clause } from './clauses';
import type { AnalysisSections } from './contract-analysis';
import { findTaxIds, type TaxIdKind } from './tax-ids';
import { findTemplateBlanks, holdsBlank, isTemplate, type TemplateBlank } from './template-blanks';
import { formatCents, parseBrlNumber, parseNumberWords, parseWrittenAmount } from './written-numbers';

/**
 * The built-in Portuguese contract analyser: rules over the contract's text, no outside service. It
 * finds the parties (with CPF/CNPJ), the object, the values in R$ (figures and written-out amounts),
 * dates, deadlines, penalties, termination, renewal, readjustment, jurisdiction, data protection and
 * confidentiality, and writes the five sections from what it found, each point citing its clause.
 * Protections the contract lacks become attention points (docs/product-rules.md, "Free tools").
 *
 * Precision before recall (docs/decisions/0053): a fact is stated only when the text supports it, with
 * its clause; what cannot be read is said so ('Vigência: não identificada no texto.'). A template's
 * blanks are listed, never read as facts; statutes the contract cites are not its terms; clauses the
 * consumer law holds abusive are attention points, and then the contract is never called protective.
 */

export type ContractKind = 'locacao' | 'trabalho' | 'confidencialidade' | 'compra_venda' | 'prestacao_servicos' | 'outro';

export interface Party {
  name: string;
  role: string | null;
  /** Null for a party the contract names without a CPF or CNPJ ('CONTRATANTE: Jorge Costa'). */
  taxIdKind: TaxIdKind | null;
  taxId: string | null;
  taxIdValid: boolean;
  clause: string;
}

export interface MoneyValue {
  cents: number;
  /** As written: 'R$ 2.500,00'. */
  text: string;
  /** The written-out amount beside it ('dois mil e quinhentos reais'), or null. */
  words: string | null;
  /** The written-out amount differs from the figure. */
  wordsMismatch: boolean;
  /** What the value is for, from its sentence ('aluguel mensal'), or null. */
  purpose: string | null;
  clause: string;
}

export interface ContractDate {
  /** ISO date, 2025-03-01. */
  iso: string;
  text: string;
  purpose: string | null;
  clause: string;
}

export interface Deadline {
  amount: number;
  unit: 'dias úteis' | 'dias corridos' | 'dias' | 'meses' | 'anos' | 'horas';
  text: string;
  purpose: string | null;
  clause: string;
}

export interface ClauseFinding {
  clause: string;
  /** The sentence that shows it, shortened. */
  excerpt: string;
}

export interface ContractFindings {
  kind: ContractKind;
  title: string | null;
  parties: Party[];
  object: ClauseFinding | null;
  values: MoneyValue[];
  dates: ContractDate[];
  deadlines: Deadline[];
  term: (ClauseFinding & { text: string }) | null;
  penalties: ClauseFinding[];
  interest: (ClauseFinding & { monthlyPercent: number | null }) | null;
  termination: ClauseFinding | null;
  noticePeriod: (ClauseFinding & { days: number }) | null;
  renewal: (ClauseFinding & { automatic: boolean }) | null;
  readjustment: (ClauseFinding & { index: string | null }) | null;
  jurisdiction: (ClauseFinding & { comarca: string | null; index: number }) | null;
  dataProtection: ClauseFinding | null;
  confidentiality: ClauseFinding | null;
  handlesPersonalData: boolean;
  clauseCount: number;
  /** The blanks of a template (two or more), or null for a filled-in contract. */
  template: { blanks: Array<TemplateBlank & { clause: string }> } | null;
  /** Fines for the party who leaves the contract early. */
  exitPenalties: ClauseFinding[];
  guarantee: (ClauseFinding & { kind: string }) | null;
  governingLaw: ClauseFinding | null;
  /** A consumer contract (adhesion to a supplier): the CDC's list of abusive clauses applies. */
  consumer: boolean;
  abusiveClauses: AbusiveClause[];
}

/** Text as extractors give it: lines kept, runs of spaces and blank lines collapsed, accents composed (a PDF may give 'C' + U+0327 for 'Ç'). */
export function normaliseContractText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\t\f\v]+/g, ' ')
    .replace(/[\u200b\u00ad]/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

const MONTHS: Record<string, number> = {
  janeiro: 1, fevereiro: 2, março: 3, marco: 3, abril: 4, maio: 5, junho: 6, julho: 7, agosto: 8, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
};

const ROLE_WORDS =
  'CONTRATANTE|CONTRATAD[AO]|OUTORGANTE\\s+VENDEDORA?|OUTORGANTE\\s+COMPRADORA?|ADMINISTRADORA?(?:\\s+DO\\s+IM[ÓO]VEL)?|PROPRIET[ÁA]RI[AO]|FORNECEDORA?|USU[ÁA]RI[AO]|LOCADORA?|LOCAT[ÁA]RI[AO]|EMPREGADORA?|EMPREGAD[AO]|PROMITENTE\\s+VENDEDORA?|PROMITENTE\\s+COMPRADORA?|VENDEDORA?|COMPRADORA?|PARTE\\s+REVELADORA|PARTE\\s+RECEPTORA|REVELADORA|RECEPTORA|FIADORA?|CEDENTE|CESSION[ÁA]RI[AO]|COMODANTE|COMODAT[ÁA]RI[AO]|PRESTADORA?|TOMADORA?|OUTORGANTE|OUTORGAD[AO]|INTERVENIENTE';
const ROLE_LABEL = new RegExp(`(?:^|\\n|;|\\.\\s)\\s*(${ROLE_WORDS})(?:\\s*\\(\\w+\\))*(?:\\s*:|[ \\t]*\\n)`, 'gu');
/** 'CONTRATANTE: Jorge Costa' on a line of the preamble: a party named without a CPF or CNPJ. */
const ROLE_LINE = new RegExp(`^[ \\t]*(${ROLE_WORDS})(?:\\s*\\(\\w+\\))*[ \\t]*:[ \\t]*(\\S[^\\n]*)$`, 'gmu');
const ROLE_AFTER = new RegExp(
  `(?:doravante\\s+(?:simplesmente\\s+)?)?(?:denominad[oa]s?|designad[oa]s?|chamad[oa]s?|referid[oa]s?\\s+como)(?:\\([oa]\\))?\\s+(?:de\\s+|como\\s+)?["“]?(${ROLE_WORDS})["”]?`,
  'iu',
);

/** Upper-cases the role as contracts write it ('Locatária' → 'LOCATÁRIA'), spaces single. */
function roleName(role: string): string {
  return role.toUpperCase().replace(/\s+/g, ' ');
}

export function analyseContractText(rawText: string): { findings: ContractFindings; sections: AnalysisSections } {
  const text = normaliseContractText(rawText);
  const findings = findContractFacts(text);
  return { findings, sections: writeSections(findings) };
}

export function findContractFacts(text: string): ContractFindings {
  const clauses = splitClauses(text);
  const cite = (index: number) => citation(clauses, text, index);
  // Statutes the contract cites are blanked out for the finders of terms, fines, deadlines and values.
  const facts = withoutCitedStatutes(text);
  const blanks = findTemplateBlanks(text);
  const kind = contractKind(text);
  const parties = findParties(text, clauses);
  const findings: ContractFindings = {
    kind,
    title: contractTitle(text),
    parties,
    object: findObject(text, clauses),
    values: findValues(facts, cite),
    dates: findDates(facts, cite),
    deadlines: findDeadlines(facts, cite),
    term: null,
    penalties: [],
    interest: null,
    termination: null,
    noticePeriod: null,
    renewal: null,
    readjustment: null,
    jurisdiction: null,
    dataProtection: null,
    confidentiality: null,
    handlesPersonalData: false,
    clauseCount: clauses.filter((c) => c.number !== null).length,
    template: isTemplate(blanks) ? { blanks: blanks.map((b) => ({ ...b, clause: cite(b.index) })) } : null,
    exitPenalties: [],
    guarantee: null,
    governingLaw: null,
    consumer: false,
    abusiveClauses: [],
  };

  findings.term = findTerm(facts, cite);

  // A contractual fine: an amount or a rate, or a fine the contract names as its own; never a fine
  // that is waived ('sem pagamento de multa'), a public authority's fine or one of a cited statute.
  for (const match of facts.matchAll(/\bmultas?\b(?!\s+de\s+tr[âa]nsito)/giu)) {
    // A heading ('DA MULTA') names the subject; its clause says the fine.
    if (isHeadingLine(lineAt(facts, match.index))) continue;
    const sentence = sentenceAround(facts, match.index).text;
    if (!isContractualFine(sentence)) continue;
    const finding = clauseFinding(facts, cite, match.index);
    if (findings.penalties.some((p) => p.excerpt === finding.excerpt)) continue;
    findings.penalties.push(finding);
    if (EXIT.test(sentence)) findings.exitPenalties.push(finding);
  }
  findings.penalties = findings.penalties.slice(0, 6);

  const interest =
    firstMatch(facts, /juros\s+(?:morat[óo]rios|de\s+mora)?[^.;]{0,40}?(\d{1,2}(?:,\d{1,2})?)\s*%\s*(?:\([^)]*\)\s*)?(?:ao|por|a\.?)\s*(m[êe]s|ano|a\.m\.|a\.a\.)/iu) ??
    firstMatch(facts, /(\d{1,2}(?:,\d{1,2})?)\s*%\s*(?:\([^)]*\)\s*)?(?:de\s+)?juros[^.;]{0,40}?(?:ao|por)\s+(m[êe]s|ano)/iu);
  if (interest) {
    const percent = Number(interest.match[1]!.replace(',', '.'));
    const perYear = /ano|a\.a\./i.test(interest.match[2]!);
    findings.interest = { ...clauseFinding(facts, cite, interest.index), monthlyPercent: perYear ? percent / 12 : percent };
  } else {
    // Interest without a rate is stated only when the contract charges it for late payment.
    const anyInterest = firstMatch(facts, /juros\s+(?:de\s+mora|morat[óo]rios)/iu);
    if (anyInterest) findings.interest = { ...clauseFinding(facts, cite, anyInterest.index), monthlyPercent: null };
  }

  // How this contract ends: the clause titled so, else a sentence about ending this contract (not the
  // leases an agent may rescind for its principal).
  const ending = /rescis[ãa]o|rescindid|rescindir|resilir|resili[çc][ãa]o|distrato|dispensa\s+sem\s+justa\s+causa|encerrar|cancelamento|revoga[çcr]/iu;
  const titledEnding = clauses.find((c) => c.number !== null && /RESCIS|RESILI|EXTIN[ÇC]|ENCERRAMENTO|CANCELAMENTO/iu.test(c.title));
  const endingAt = titledEnding ? ending.exec(facts.slice(titledEnding.start, titledEnding.end)) : null;
  if (titledEnding && endingAt) findings.termination = clauseFinding(facts, cite, titledEnding.start + endingAt.index);
  else {
    const thisContract = /\b(?:este|o\s+presente|deste|do\s+presente|o|a\s+presente)\s+(?:contrato|instrumento|mandato|acordo|termo)\b(?!\s+de\s+loca)|\bo\s+contrato\b(?!\s+de\s+loca)|presente\s+loca[çc][ãa]o|\ba\s+loca[çc][ãa]o\b|contrato\s+de\s+trabalho/iu;
    let first: number | null = null;
    for (const match of facts.matchAll(new RegExp(ending.source, 'giu'))) {
      if (isHeadingLine(lineAt(facts, match.index))) continue;
      if (clauseAt(clauses, match.index).number === null && first !== null) continue;
      // 'rescindir, amigável ou judicialmente, as locações ajustadas': other contracts.
      if (/^\S+\s*(?:,[^,]{0,40},\s*)?(?:as|a|o|os)\s+(?:loca[çc]|contratos?\s+de\s+loca)/iu.test(facts.slice(match.index, match.index + 80))) continue;
      if (thisContract.test(sentenceAround(facts, match.index).text)) {
        first = match.index;
        break;
      }
    }
    if (first !== null) findings.termination = clauseFinding(facts, cite, first);
  }

  // 'sem aviso prévio' is the opposite of a notice period (a one-sided change clause says it).
  for (const notice of facts.matchAll(/aviso\s+pr[ée]vio|notifica[çc][ãa]o\s+(?:pr[ée]via|por\s+escrito)\s+(?:com|de)\s+(?:anteced[êe]ncia\s+(?:m[íi]nima\s+)?de\s+)?\d|anteced[êe]ncia\s+(?:m[íi]nima\s+)?de\s+\d/giu)) {
    if (/\b(?:sem|independentemente\s+de|dispensad[oa]\s+(?:o|de))\s+$/iu.test(facts.slice(Math.max(0, notice.index - 30), notice.index))) continue;
    const sentence = sentenceAround(facts, notice.index);
    const days = /(\d{1,3})\s*(?:\([^)]*\)\s*)?dias/iu.exec(sentence.text);
    findings.noticePeriod = { ...clauseFinding(facts, cite, notice.index), days: days ? Number(days[1]) : 0 };
    break;
  }

  // Renewal of this contract (or of the access it sells), not a power to renew other contracts.
  const renewal = firstInClauses(facts, clauses, /(?:renovad[oa]|prorrogad[oa]|renova[çc][ãa]o\s+autom[áa]tica|prorroga[çc][ãa]o\s+autom[áa]tica|renovar[áa]|prorrogar[áa])(?![^.;]{0,80}?contratos\s+vencidos)/iu, /RENOVA|PRORROGA/u);
  if (renewal && /contrato|acordo|loca[çc][ãa]o|acesso|prazo|vig[êe]ncia|per[íi]odo/iu.test(sentenceAround(facts, renewal.index).text)) {
    const sentence = sentenceAround(facts, renewal.index).text;
    findings.renewal = { ...clauseFinding(facts, cite, renewal.index), automatic: /automatic|t[áa]cit|sucessiv/iu.test(sentence) };
  }

  const readjustment = firstInClauses(facts, clauses, /reajust|corrigid[oa]s?\s+(?:anualmente|monetariamente)|atualizad[oa]s?\s+(?:anualmente|monetariamente)/iu, /REAJUST/u);
  if (readjustment) {
    const clause = clauseAt(clauses, readjustment.index);
    const scope = facts.slice(readjustment.index, Math.min(clause.end, readjustment.index + 600));
    const index = /\b(IGP-?M|IPCA(?:-E)?|INPC|IGP-?DI|IPC-?FIPE|INCC)\b/u.exec(scope)?.[1] ?? null;
    findings.readjustment = { ...clauseFinding(facts, cite, readjustment.index), index: index ? index.replace(/^IGPM$/, 'IGP-M').replace(/^IGPDI$/, 'IGP-DI') : null };
  } else {
    const index = firstMatch(facts, /\b(IGP-M|IPCA|INPC|IGP-DI)\b/u);
    if (index) findings.readjustment = { ...clauseFinding(facts, cite, index.index), index: index.match[1]! };
  }

  findings.jurisdiction = findJurisdiction(facts, clauses, cite);

  const lgpd = firstInClauses(text, clauses, /\bLGPD\b|Lei\s+(?:n[º°o.]*\s*)?13\.709|Lei\s+(?:n[º°o.]*\s*)?13\.853|Lei\s+Geral\s+de\s+Prote[çc][ãa]o\s+de\s+Dados/iu, /PROTE[ÇC][ÃA]O\s+DE\s+DADOS|LGPD|COLETA\s+DE\s+DADOS/u);
  if (lgpd) findings.dataProtection = clauseFinding(text, cite, lgpd.index);

  const confidentiality = firstInClauses(facts, clauses, /confidencialidade|confidenciais|confidencial|\bsigilo\b|sigilos[oa]s?/iu, /CONFIDENCI|SIGILO/u);
  if (confidentiality) findings.confidentiality = clauseFinding(facts, cite, confidentiality.index);

  const guarantee = firstMatch(
    facts,
    /fiador\S*\s+(?:assume|garante|responde|se\s+obriga)|(?:presente|a)\s+fian[çc]a\s+[ée]|seguro[- ]fian[çc]a|cau[çc][ãa]o\s+(?:de|no\s+valor|equivalente|em\s+dinheiro)|t[íi]tulo\s+de\s+capitaliza[çc][ãa]o|\baval\b|aliena[çc][ãa]o\s+fiduci[áa]ria|hipoteca\b/iu,
  );
  if (guarantee) {
    const word = guarantee.match[0].toLowerCase();
    const kindOf = /fiador|fian/u.test(word) && !/seguro/u.test(word) ? 'fiança' : /seguro/u.test(word) ? 'seguro-fiança' : /cau/u.test(word) ? 'caução' : /capitaliza/u.test(word) ? 'título de capitalização' : /aval/u.test(word) ? 'aval' : /fiduci/u.test(word) ? 'alienação fiduciária' : 'hipoteca';
    findings.guarantee = { ...clauseFinding(facts, cite, guarantee.index), kind: kindOf };
  }

  const law = firstMatch(facts, /(?:regid[oa]s?|interpretad[oa]s?|regulad[oa]s?)\s+(?:e\s+interpretad[oa]s?\s+)?(?:de\s+acordo\s+com|pel[oa]s?|conforme)\s+(?:as\s+)?(?:leis|lei\s+(?:n[º°o.]*\s*)?\d|legisla[çc][ãa]o|C[óo]digo)/iu);
  if (law) findings.governingLaw = clauseFinding(facts, cite, law.index);

  findings.handlesPersonalData =
    kind === 'trabalho' ||
    /dados\s+pessoais|dados\s+(?:cadastrais\s+)?(?:de|dos)\s+(?:seus\s+)?(?:clientes|usu[áa]rios|pacientes|alunos|funcion[áa]rios|empregados|consumidores|titulares)|informa[çc][õo]es\s+pessoais|tratamento\s+de\s+dados|base\s+de\s+dados\s+de\s+clientes|cadastro\s+de\s+clientes/iu.test(text);

  findings.consumer = kind !== 'locacao' && kind !== 'trabalho' && isConsumerContract(text, parties.filter((p) => p.taxIdKind === 'CNPJ').length);
  if (findings.consumer) {
    const suppliers = findTaxIds(text)
      .filter((id) => id.kind === 'CNPJ')
      .map((id) => ({ index: id.index, end: id.index + id.text.length }));
    const forum = findings.jurisdiction ? { sentence: findings.jurisdiction.excerpt, index: findings.jurisdiction.index, clause: findings.jurisdiction.clause, comarca: findings.jurisdiction.comarca } : null;
    findings.abusiveClauses = findAbusiveClauses(text, cite, forum, suppliers);
  }

  return findings;
}

/** Leaving the contract early by one's own will (not a termination for default). */
const EXIT =
  /desist[êe]ncia|desistir|den[úu]ncia\s+(?:deste|do)|devolv[eê]r?\s+o\s+im[óo]vel|desocup|sa[íi]da\s+antecipada|antes\s+do\s+(?:t[ée]rmino|prazo|fim|vencimento)|rescis[ãa]o\s+(?:antecipada|por\s+parte\s+d[oa]\s+(?:CONTRATANTE|CONTRATADA|LOCAT|USU|COMPRADOR|ALUNO))|rescindid[oa]\s+pel[oa]\s+(?:CONTRATANTE|CONTRATADA|LOCAT|USU|COMPRADOR|ALUNO)|cancelamento\s+antecipado/iu;

/** A fine the contract itself sets, from the sentence that mentions it. */
function isContractualFine(sentence: string): boolean {
  if (/\bsem\s+(?:o\s+|a\s+necessidade\s+d[oa]\s+)?pagamento\s+de\s+multa|isent[ao]s?\s+da\s+multa|dispensad[ao]s?\s+da\s+multa|desobrigad[ao]\s+a\s+pagar\s+a\s+multa|sem\s+multa\b/iu.test(sentence)) return false;
  if (/penalidade\s+de\s+advert[êe]ncia|multa\s+aplicada|multa\s+a\s+que\s+sofrer/iu.test(sentence) && !/multa\s+a\s+favor|multa\s+(?:de|equivalente|no\s+valor)/iu.test(sentence)) return false;
  return /multas?\s+(?:morat[óo]ria\s+|compensat[óo]ria\s+|contratual\s+|penal\s+|rescis[óo]ria\s+)?(?:de|equivalente|no\s+valor|correspondente)|multa\s+(?:contratual|pactuada|compensat[óo]ria|morat[óo]ria|rescis[óo]ria|penal)|(?:\d+|\(x+%?\))\s*%?\s*(?:\([^)]*\)\s*)?de\s+multa|multa\s+a\s+favor|(?:pagamento|pagar)\s+(?:d[ae]\s+)?multa|pena\s+de\s+multa|(?:sob|aplicad[ao])[^.;]{0,20}multa/iu.test(sentence);
}

const TERM_SUBJECT = '\\b(?:(?:o|este|presente)\\s+(?:contrato|acordo|instrumento|termo)|a\\s+(?:presente\\s+)?loca[çc][ãa]o|as\\s+obriga[çc][õo]es\\s+de\\s+sigilo|(?:o\\s+)?prazo\\s+de\\s+vig[êe]ncia|a\\s+vig[êe]ncia)';

/**
 * The contract's term: a duration said of the contract itself ('O presente contrato vigorará pelo prazo
 * de 12 (doze) meses', 'A locação terá vigência de 30 meses'), an indefinite term, or an end event ('vigorará
 * até a entrega de todo o serviço'). A duration of something else (a guarantor's 120 days after release)
 * is not the term; a duration left blank ('a duração de {{duracao}}') is not read.
 */
function findTerm(facts: string, cite: (index: number) => string): ContractFindings['term'] {
  const duration = new RegExp(
    `${TERM_SUBJECT}[^.;]{0,60}?(?:vigorar[áa]o?|vigerá|ter[áa]\\s+(?:a\\s+)?(?:vig[êe]ncia|dura[çc][ãa]o)(?:\\s+inicial)?|ser[áa]\\s+(?:celebrad|firmad)[oa]|[ée]\\s+celebrad[oa]|durar[áa]|ser[áa]|[ée])\\s+(?:de\\s+|por\\s+|pelo\\s+prazo\\s+de\\s+|pelo\\s+per[íi]odo\\s+de\\s+)?(\\d{1,3})\\s*(?:\\(([^)]{2,30})\\)\\s*)?(dias|meses|m[êe]s|anos?)\\b`,
    'iu',
  );
  const term = firstMatch(facts, duration);
  if (term && (!term.match[2] || parseNumberWords(term.match[2]) === null || parseNumberWords(term.match[2]) === Number(term.match[1]))) {
    return { ...clauseFinding(facts, cite, term.index), text: `${term.match[1]} ${termUnit(term.match[3]!, Number(term.match[1]))}` };
  }
  const indefinite = firstMatch(facts, /prazo\s+indeterminado|n[ãa]o\s+tem\s+prazo(?:\s+ou\s+tempo)?\s+fixado/iu);
  if (indefinite && !/(?:continuando|prorrogad|vencido)[^.;]{0,40}prazo\s+indeterminado/iu.test(facts.slice(Math.max(0, indefinite.index - 60), indefinite.index + 20))) {
    return { ...clauseFinding(facts, cite, indefinite.index), text: 'prazo indeterminado' };
  }
  const until = firstMatch(facts, new RegExp(`${TERM_SUBJECT}[^.;:]{0,40}?vigorar[áa]\\s+at[ée]\\s+((?:a|o)\\s+[^.;:]{5,80})`, 'iu'));
  if (until && !holdsBlank(until.match[1]!)) return { ...clauseFinding(facts, cite, until.index), text: `até ${until.match[1]!.replace(/\s+/g, ' ').trim()}` };
  return null;
}

/**
 * The court the contract chooses: the clause titled FORO, else the sentence that elects a foro; the
 * comarca named there ('Comarca de Lavras/MG', 'Foro de Macaé/RJ', 'foro da comarca de Monteiro-PB'),
 * or what it says in its place ('sede da CONTRATADA'); a blank ('(xxx)', 'Cidade/UF') is no comarca.
 */
function findJurisdiction(facts: string, clauses: Clause[], cite: (index: number) => string): ContractFindings['jurisdiction'] {
  const election = /(?:elege[mn]?|eleito|eleger|competente|fica\s+eleito|escolhendo)[^.;]{0,80}?\bforo\b|\bforo\b[^.;]{0,80}?(?:elege[mn]?|eleito|competente)|\bforo\s+(?:da|de|do)\s+(?:comarca|cidade)/iu;
  const titled = clauses.filter((c) => c.number !== null && /FORO|JURISDI/u.test(c.title));
  let at: number | null = null;
  for (const clause of titled) {
    const titleAt = facts.indexOf(clause.title, clause.start);
    const bodyStart = titleAt === -1 ? clause.start : titleAt + clause.title.length;
    const inside = /\bforo\b|\bcomarca\b|arbitragem/iu.exec(facts.slice(bodyStart, clause.end));
    if (inside) {
      at = bodyStart + inside.index;
      break;
    }
  }
  if (at === null) {
    const candidates = [...facts.matchAll(new RegExp(election.source, 'giu'))].map((m) => m.index);
    // The election that names a comarca wins over one that only says where the property is.
    at = candidates.find((i) => /comarca\s+(?:de|da|do)\s+\p{Lu}|\bforo\s+de\s+\p{Lu}/u.test(sentenceAround(facts, i).text)) ?? candidates[0] ?? null;
  }
  if (at === null) {
    const arbitration = firstMatch(facts, /\barbitragem\b|c[âa]mara\s+de\s+(?:media[çc][ãa]o\s+e\s+)?arbitragem/iu);
    if (!arbitration) return null;
    at = arbitration.index;
  }
  const sentence = sentenceAround(facts, at);
  const scope = sentence.text;
  const named = /(?:[Cc]omarca|[Ff]oro|[Cc]idade)\s+(?:de|da|do)\s+(?![Cc]omarca\b)([\p{Lu}(][\p{L}' ()-]{1,60}?)(?:\s*[/-]\s*([A-Z]{2}))?(?=[,.;:]|\s+(?:para|com|estado|por|que|como|e\s+n[ãa]o)\b|$)/u.exec(scope);
  let comarca: string | null = named ? `${named[1]!.trim()}${named[2] ? `/${named[2]}` : ''}` : null;
  if (comarca && (holdsBlank(comarca) || holdsBlank(`comarca de ${comarca}`) || /^(?:sede|domic[íi]lio)\b/iu.test(comarca))) comarca = null;
  if (!comarca) {
    const seat = /foro\s+(?:da\s+comarca\s+)?d[ao]\s+((?:sede|domic[íi]lio)\s+d[ao]\s+\p{Lu}+)/iu.exec(scope);
    if (seat) comarca = seat[1]!;
  }
  return { ...clauseFinding(facts, cite, at), comarca, index: at };
}

// ---------------------------------------------------------------------------------------------------
// Finders

function termUnit(unit: string, amount: number): string {
  const lower = unit.toLowerCase();
  if (lower.startsWith('dia')) return amount === 1 ? 'dia' : 'dias';
  if (lower.startsWith('ano')) return amount === 1 ? 'ano' : 'anos';
  return amount === 1 ? 'mês' : 'meses';
}

/**
 * Where the contract deals with a subject: the clause whose title names it (`titlePattern`), else the
 * first match inside a numbered clause (a title or the preamble only names things), else the first anywhere.
 */
function firstInClauses(text: string, clauses: Clause[], pattern: RegExp, titlePattern?: RegExp): { index: number; match: RegExpExecArray } | null {
  const titled = titlePattern ? clauses.find((c) => c.number !== null && titlePattern.test(c.title)) : undefined;
  if (titled) {
    const inside = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(text.slice(titled.start, titled.end));
    if (inside) return { index: titled.start + inside.index, match: inside };
  }
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let first: { index: number; match: RegExpExecArray } | null = null;
  for (const match of text.matchAll(global)) {
    const found = { index: match.index, match: match as RegExpExecArray };
    if (clauseAt(clauses, match.index).number !== null) return found;
    first ??= found;
  }
  return first;
}

function contractKind(text: string): ContractKind {
  const head = text.slice(0, 1500);
  const all = text;
  if (/acordo\s+de\s+(?:confidencialidade|sigilo|n[ãa]o\s+divulga[çc][ãa]o)|termo\s+de\s+(?:confidencialidade|sigilo)|\bNDA\b|PARTE\s+REVELADORA/iu.test(head)) return 'confidencialidade';
  if (/loca[çc][ãa]o|LOCAT[ÁA]RI[AO]|LOCADORA?\b/u.test(head) || /Lei\s+(?:n[º°o.]*\s*)?8\.245/iu.test(all)) return 'locacao';
  if (/contrato\s+(?:individual\s+)?de\s+trabalho|EMPREGADORA?\b|\bEMPREGAD[AO]\b|\bCLT\b|Consolida[çc][ãa]o\s+das\s+Leis\s+do\s+Trabalho|\bCTPS\b/u.test(head + all.slice(0, 4000))) return 'trabalho';
  if (/compra\s+e\s+venda|VENDEDORA?\b|COMPRADORA?\b/u.test(head)) return 'compra_venda';
  if (/presta[çc][ãa]o\s+de\s+servi[çc]os|CONTRATAD[AO]\b/iu.test(head)) return 'prestacao_servicos';
  return 'outro';
}

const KIND_LABELS: Record<ContractKind, string> = {
  locacao: 'contrato de locação',
  trabalho: 'contrato de trabalho',
  confidencialidade: 'acordo de confidencialidade',
  compra_venda: 'contrato de compra e venda',
  prestacao_servicos: 'contrato de prestação de serviços',
  outro: 'contrato',
};

function contractTitle(text: string): string | null {
  const lines = text.split('\n').slice(0, 8);
  for (const [i, line] of lines.entries()) {
    // A title broken over two lines: 'CONTRATO DE PRESTAÇÃO DE' / 'SERVIÇOS DIGITAIS'.
    const next = lines[i + 1]?.trim() ?? '';
    const clean = /\b(?:DE|E|DA|DO|DOS|DAS|EM)$/u.test(line.trim()) && next && !/\p{Ll}/u.test(next) ? `${line.trim()} ${next}` : line.trim();
    if (/^(?:contrato|acordo|termo|instrumento|compromisso)\b/iu.test(clean) && clean.length <= 160) return clean.replace(/\s+/g, ' ');
  }
  return null;
}

function findParties(text: string, clauses: Clause[]): Party[] {
  const witnesses = /\btestemunhas?\s*:/iu.exec(text)?.index ?? text.length;
  const firstClause = clauses.find((c) => c.number !== null);
  const preambleEnd = firstClause && clauses[0]?.label === 'Preâmbulo' ? firstClause.start : 0;
  const ids = findTaxIds(text).filter((id) => id.index < witnesses);
  // The parties are qualified in the preamble; a guarantor may be qualified in a clause of their own.
  const inPreamble = preambleEnd > 0 ? ids.filter((id) => id.index < preambleEnd) : ids;
  const candidates = inPreamble.length > 0 ? [...inPreamble, ...ids.filter((id) => id.index >= preambleEnd && /fiador|avalista/iu.test(text.slice(Math.max(0, id.index - 300), id.index)))] : ids;

  const parties: Party[] = [];
  let previousEnd = 0;
  for (const id of candidates) {
    const windowStart = Math.max(previousEnd, id.index - 500);
    const before = text.slice(windowStart, id.index);
    previousEnd = id.index + id.text.length;
    // A representative (a company's partner, an attorney) is not a party of their own.
    if (parties.length > 0 && /representad[oa]\s+(?:neste\s+ato\s+)?(?:por|pel[oa])|procurador|s[óo]ci[oa]-?administrador/iu.test(before) && !lastRoleLabel(before)) continue;
    const label = lastRoleLabel(before);
    const segmentStart = label ? label.end : segmentBoundary(before);
    const name = partyName(before.slice(segmentStart));
    // A template's stand-in ('RAZÃO SOCIAL LTDA', 'NOME COMPLETO') is a blank, not a party.
    if (!name || holdsBlank(name)) continue;
    const after = text.slice(previousEnd, previousEnd + 400);
    const nextId = /\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}/.exec(after)?.index ?? after.length;
    const roleAfter = ROLE_AFTER.exec(after.slice(0, nextId))?.[1];
    const role = label ? roleName(label.role) : roleAfter ? roleName(roleAfter) : null;
    parties.push({ name, role, taxIdKind: id.kind, taxId: id.text, taxIdValid: id.valid, clause: clauseAt(clauses, id.index).label });
  }
  const withIds = parties.filter(uniqueBy((p) => p.taxId ?? p.name));
  // Parties the preamble names by role without a CPF or CNPJ; never a blank or a description of whoever adheres.
  const preamble = text.slice(0, preambleEnd > 0 ? preambleEnd : Math.min(text.length, 1500));
  for (const match of preamble.matchAll(ROLE_LINE)) {
    const role = roleName(match[1]!);
    if (withIds.some((p) => p.role === role)) continue;
    const name = match[2]!.split(/,|\s+\(|\s+[-–—]\s+/u)[0]!.trim();
    if (name.length < 3 || holdsBlank(match[2]!) || /^(?:pessoa|usu[áa]ri|quem|aquele|o\s|a\s|os\s|as\s)/iu.test(name) || !/^\p{Lu}/u.test(name)) continue;
    withIds.push({ name, role, taxIdKind: null, taxId: null, taxIdValid: true, clause: clauseAt(clauses, match.index).label });
  }
  return withIds;
}

function lastRoleLabel(before: string): { role: string; end: number } | null {
  let last: { role: string; end: number } | null = null;
  for (const match of before.matchAll(ROLE_LABEL)) last = { role: match[1]!, end: match.index + match[0].length };
  return last;
}

/** Where the party's qualification starts in the text before its CPF/CNPJ. */
function segmentBoundary(before: string): number {
  let boundary = 0;
  for (const match of before.matchAll(/;\s*|\.\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])|\n(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ]{2})|\b[Dd]e\s+um\s+lado,?\s*|\b[Dd]e\s+outro\s+lado,?\s*|\be,\s+(?:de\s+outro\s+lado,?\s*)?|\b[Pp]artes?\s*:\s*/gu)) {
    boundary = match.index + match[0].length;
  }
  return boundary;
}

/**
 * The party's name in its qualification: the text up to the first comma ('ALFA LTDA., pessoa
 * jurídica…'), or else the first name written in capitals ('Eu, ANA PAULA REIS, inscrita…', 'recebi de
 * CARLOS MENDES, CPF…').
 */
function partyName(segment: string): string | null {
  const cleaned = segment
    .replace(/\n/g, ' ')
    .replace(/^\s*(?:\d+[.)]\s*|[a-z]\)\s*|(?:o|a|e)\s+)/u, '')
    // 'Empresa: Imobiliaria Vila nova CNPJ:' → 'Imobiliaria Vila nova'.
    .replace(/^\s*(?:Empresa|Nome|Raz[ãa]o\s+Social|Denomina[çc][ãa]o)\s*:\s*/iu, '')
    .replace(/\s*(?:inscrit[oa]\s+n[oa]\s+)?\b(?:CPF|CNPJ|C\.P\.F\.)(?:\s*\/\s*MF)?\s*(?:n[º°o.]*\s*)?:?\s*$/u, '');
  const first = cleaned.split(/,|\s+-\s+|\s+–\s+/)[0]!.trim().replace(/\s+/g, ' ');
  const looksLikeName = first.length >= 3 && first.length <= 140 && /^\p{Lu}/u.test(first) && (first.includes(' ') || first === first.toUpperCase());
  if (looksLikeName && !/^(?:inscrit|portador|CPF|CNPJ|sob|n[º°]|Eu\b|Nós\b)/iu.test(first)) return first;
  for (const match of cleaned.matchAll(/\p{Lu}[\p{Lu}.&'-]+(?:\s+(?:D[AEO]S?|E|\p{Lu}[\p{Lu}.&'-]*))+/gu)) {
    const name = match[0].replace(/\s+(?:CPF|CNPJ|RG)\b.*$/u, '').trim();
    if (name.split(/\s+/).length >= 2 && !/^(?:CPF|CNPJ|RG|SSP)\b/u.test(name)) return name;
  }
  return null;
}

function findObject(text: string, clauses: Clause[]): ClauseFinding | null {
  const clause = clauses.find((c) => /OBJETO/iu.test(c.title));
  if (clause) {
    const body = text.slice(clause.start, clause.end);
    const firstLineEnd = body.indexOf('\n');
    const lines = (firstLineEnd > 0 && firstLineEnd < 120 ? body.slice(firstLineEnd + 1) : body).split('\n');
    // The first item only: '1.2. A CONTRATADA procederá…' is another subject.
    const next = lines.findIndex((line, i) => i > 0 && /^\s*\d+\.\d+\.?\s/u.test(line));
    const content = (next === -1 ? lines : lines.slice(0, next)).join(' ').replace(/\s+/g, ' ').trim();
    return { clause: clause.label, excerpt: shorten(content.replace(/^\d+(?:\.\d+)*\.?\s*/, ''), 320) };
  }
  const sentence = firstMatch(text, /tem\s+(?:por|como)\s+objeto|contrata[mn]?\s+a\s+compra\s+e\s+venda\s+de|objeto\s+(?:deste|do\s+presente)/iu);
  if (!sentence) return null;
  if (/^contrata/iu.test(sentence.match[0])) {
    // 'CONTRATAM A COMPRA E VENDA DE UM IMOVEL(CASA)…' in capitals, up to the end of its sentence.
    const end = text.slice(sentence.index).search(/\.(?:\s|$)/u);
    return { clause: citation(clauses, text, sentence.index), excerpt: shorten(text.slice(sentence.index, end === -1 ? undefined : sentence.index + end + 1).replace(/\s+/g, ' '), 320) };
  }
  return clauseFinding(text, (i) => citation(clauses, text, i), sentence.index, 320);
}

function findValues(text: string, cite: (index: number) => string): MoneyValue[] {
  const values: MoneyValue[] = [];
  // '2.800,00', '1.000', '99,00', and '19000.0' as some systems print amounts (a decimal point).
  const figure = /R\$\s*(\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?(?![\d.])|\d+(?:[.,]\d{1,2})?(?![\d.,]\d))(?:\s*\(([^)]{3,200})\))?/gu;
  const covered: Array<[number, number]> = [];
  for (const match of text.matchAll(figure)) {
    const cents = parseBrlNumber(match[1]!);
    const words = match[2]?.replace(/\s+/g, ' ').trim() ?? null;
    const writtenCents = words ? parseWrittenAmount(words) : null;
    covered.push([match.index, match.index + match[0].length]);
    values.push({
      cents,
      text: `R$ ${match[1]}`,
      words: writtenCents === null ? null : words,
      wordsMismatch: writtenCents !== null && writtenCents !== cents,
      purpose: valuePurpose(text, match.index),
      clause: cite(match.index),
    });
  }
  // Amounts written only in words: 'a quantia de quinze mil reais'.
  const wordsOnly = /\b((?:(?:um|uma|dois|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|quatorze|catorze|quinze|dezesseis|dezessete|dezoito|dezenove|vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento|duzent[oa]s|trezent[oa]s|quatrocent[oa]s|quinhent[oa]s|seiscent[oa]s|setecent[oa]s|oitocent[oa]s|novecent[oa]s|mil|milh[ãa]o|milh[õo]es|e|,)\s+)+(?:de\s+)?reais(?:\s+e\s+[\p{L} ]+?\s+centavos)?)/giu;
  for (const match of text.matchAll(wordsOnly)) {
    const start = match.index;
    if (covered.some(([a, b]) => start >= a && start < b)) continue;
    const cents = parseWrittenAmount(match[1]!.replace(/^,\s*/, ''));
    if (cents === null || cents === 0) continue;
    values.push({ cents, text: formatCents(cents), words: match[1]!.trim(), wordsMismatch: false, purpose: valuePurpose(text, start), clause: cite(start) });
  }
  return values.filter(uniqueBy((v) => `${v.cents}|${v.clause}|${v.purpose}`)).slice(0, 30);
}

const VALUE_PURPOSES: Array<[RegExp, string]> = [
  [/multa/iu, 'multa'],
  [/cau[çc][ãa]o|dep[óo]sito\s+de\s+garantia|garantia/iu, 'garantia'],
  [/alugu[eé]l|locat[íi]ci/iu, 'aluguel'],
  [/sal[áa]rio|remunera[çc][ãa]o/iu, 'salário'],
  [/honor[áa]rios/iu, 'honorários'],
  [/sinal|entrada|arras/iu, 'sinal'],
  [/parcela|presta[çc][ãa]o\s+mensal/iu, 'parcela'],
  [/pre[çc]o|valor\s+(?:total|global|mensal)|pagar[áa]|pagamento|saldo/iu, 'preço'],
  [/indeniza[çc][ãa]o/iu, 'indenização'],
];

/** What a value is for: the purpose word closest before it in its sentence, else the first in the sentence. */
function valuePurpose(text: string, index: number): string | null {
  const sentence = sentenceAround(text, index);
  const before = text.slice(sentence.start, index).replace(/\s+/g, ' ');
  const label = nearestLabel(before, VALUE_PURPOSES) ?? VALUE_PURPOSES.find(([pattern]) => pattern.test(sentence.text))?.[1] ?? null;
  if (!label) return null;
  return /mensa/iu.test(before.slice(-80)) && label !== 'multa' ? `${label} mensal` : label;
}

/** The label whose pattern matches last (closest to the end) in the text. */
function nearestLabel(text: string, labels: ReadonlyArray<[RegExp, string]>): string | null {
  let best: { at: number; label: string } | null = null;
  for (const [pattern, label] of labels) {
    for (const match of text.matchAll(new RegExp(pattern.source, 'giu'))) {
      if (!best || match.index > best.at) best = { at: match.index, label };
    }
  }
  return best?.label ?? null;
}

function findDates(text: string, cite: (index: number) => string): ContractDate[] {
  const dates: ContractDate[] = [];
  const numeric = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/gu;
  for (const match of text.matchAll(numeric)) {
    const iso = isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
    if (iso) dates.push({ iso, text: match[0], purpose: datePurpose(text, match.index), clause: cite(match.index) });
  }
  const long = /\b(\d{1,2})(?:º|°|o)?\s+de\s+(janeiro|fevereiro|mar[çc]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\s+de\s+(\d{4})\b/giu;
  for (const match of text.matchAll(long)) {
    const iso = isoDate(Number(match[3]), MONTHS[match[2]!.toLowerCase()]!, Number(match[1]));
    if (iso) dates.push({ iso, text: match[0], purpose: datePurpose(text, match.index), clause: cite(match.index) });
  }
  return dates.sort((a, b) => a.iso.localeCompare(b.iso)).filter(uniqueBy((d) => `${d.iso}|${d.purpose}`)).slice(0, 20);
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

const DATE_PURPOSES: Array<[RegExp, string]> = [
  [/t[ée]rmino|terminando|encerra|final\s+do\s+prazo|restituir/iu, 'término'],
  [/in[íi]cio|iniciando|iniciar|a\s+partir\s+de|come[çc]a|admiss[ãa]o/iu, 'início'],
  [/entrega|entregar[áa]|imiss[ãa]o\s+na\s+posse/iu, 'entrega'],
  [/pagamento|pag[ao]s?\b|pagar[áa]|vencimento|parcela|saldo|quita/iu, 'pagamento'],
  [/escritura/iu, 'escritura'],
];

function datePurpose(text: string, index: number): string | null {
  const lineStart = text.lastIndexOf('\n', index) + 1;
  if (index > text.length * 0.7 && /^[^\n]{0,60},\s*$/u.test(text.slice(lineStart, index))) return 'assinatura';
  const sentence = sentenceAround(text, index);
  return nearestLabel(text.slice(Math.max(sentence.start, index - 100), index), DATE_PURPOSES);
}

function findDeadlines(text: string, cite: (index: number) => string): Deadline[] {
  const deadlines: Deadline[] = [];
  const pattern = /\b(\d{1,4})\s*(?:\(([^)]{2,40})\)\s*)?(dias?\s+[úu]teis|dias?\s+corridos|dias?|meses|m[êe]s|anos?|horas)\b/giu;
  for (const match of text.matchAll(pattern)) {
    const amount = Number(match[1]);
    if (match[2] && parseNumberWords(match[2]) !== null && parseNumberWords(match[2]) !== amount) continue;
    const unitText = match[3]!.toLowerCase();
    const unit: Deadline['unit'] = /[úu]teis/u.test(unitText)
      ? 'dias úteis'
      : /corridos/u.test(unitText)
        ? 'dias corridos'
        : /dia/u.test(unitText)
          ? 'dias'
          : /m[êe]s|meses/u.test(unitText)
            ? 'meses'
            : /hora/u.test(unitText)
              ? 'horas'
              : 'anos';
    // 'dia 5 de cada mês' and '12 meses' of a salary are still deadlines; a date ('5 de março') is not matched here.
    // An amount measured in time is not a deadline: '03 (três) meses de locação' of a fine, '12 (doze) meses
    // do aluguel' of a commission; nor is a service's '24 horas por dia'.
    const following = text.slice(match.index + match[0].length, match.index + match[0].length + 30);
    if (/^\s*(?:de|do|da|dos|das)\s+(?:alugu[eé]is|aluguel|loca[çc][ãa]o|comiss[õo]es|comiss[ãa]o|mensalidades?|sal[áa]rios?|remunera[çc][ãa]o)/iu.test(following)) continue;
    if (unit === 'horas' && /^\s*por\s+dia/iu.test(following)) continue;
    // 'o valor pago nos últimos 30 (trinta) dias anteriores ao evento' measures an amount.
    if (/^\s*(?:imediatamente\s+)?anteriores/iu.test(following) || /[úu]ltimos\s*$/iu.test(text.slice(Math.max(0, match.index - 12), match.index))) continue;
    if (/(?:equivalente|correspondente)\s+a\s*$/iu.test(text.slice(Math.max(0, match.index - 30), match.index))) continue;
    const sentence = sentenceAround(text, match.index).text;
    deadlines.push({ amount, unit, text: match[0].replace(/\s+/g, ' '), purpose: deadlinePurpose(sentence), clause: cite(match.index) });
  }
  return deadlines.filter(uniqueBy((d) => `${d.amount}|${d.unit}|${d.clause}`)).slice(0, 30);
}

const DEADLINE_PURPOSES: Array<[RegExp, string]> = [
  [/aviso\s+pr[ée]vio|anteced[êe]ncia/iu, 'aviso prévio'],
  [/jornada/iu, 'jornada de trabalho'],
  [/sigilo|confidencial/iu, 'sigilo'],
  [/fiador|fian[çc]a/iu, 'fiança'],
  [/vig[êe]ncia|vigorar|dura[çc][ãa]o/iu, 'vigência'],
  [/experi[êe]ncia/iu, 'período de experiência'],
  [/arrependimento|desist[êe]ncia/iu, 'arrependimento'],
  [/rescis[ãa]o|rescindir|cancelamento/iu, 'rescisão'],
  [/pagamento|pagar|vencimento|quita/iu, 'pagamento'],
  [/entrega|desocupa|devolu/iu, 'entrega'],
  [/garantia|v[íi]cio|defeito/iu, 'garantia'],
  [/notifica|comunica/iu, 'notificação'],
  [/f[ée]rias/iu, 'férias'],
  [/reajust/iu, 'reajuste'],
];

function deadlinePurpose(sentence: string): string | null {
  for (const [pattern, label] of DEADLINE_PURPOSES) if (pattern.test(sentence)) return label;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Writing the sections

function writeSections(f: ContractFindings): AnalysisSections {
  const kind = KIND_LABELS[f.kind];
  const summary: string[] = [];
  const parties = f.parties.map((p) => `${p.name}${p.role ? ` (${p.role})` : ''}`);
  const clausesText = f.clauseCount === 0 ? 'sem cláusulas numeradas' : `com ${f.clauseCount} cláusula${f.clauseCount === 1 ? '' : 's'} numerada${f.clauseCount === 1 ? '' : 's'}`;
  summary.push(`${capitalise(f.title ? `${f.title.toLowerCase().replace(/^./, (c) => c.toUpperCase())}` : kind)}${parties.length ? ` entre ${listPt(parties)}` : ''}, ${clausesText}.`);
  if (f.template) {
    summary.push(`Este documento é um modelo a preencher, não um contrato preenchido: tem ${f.template.blanks.length} campos em branco (listados em Pontos de Atenção), que não foram lidos como fatos.`);
  }
  if (parties.length === 0) summary.push('Partes: não foi possível identificá-las pelo nome no texto.');
  if (f.object) summary.push(`Objeto: ${f.object.excerpt} (${f.object.clause})`);
  const main = mainValue(f);
  // The words before the blank say what it is for ('VALOR DA LOCAÇÃO: R$ {{valorLocacao}}').
  const before = (b: { context: string; text: string }) => b.context.slice(0, Math.max(0, b.context.length - b.text.length));
  const valueBlank = f.template?.blanks.find((b) => /R\$|valor|pre[çc]o|quantia|aluguel/iu.test(before(b)));
  const termBlank = f.template?.blanks.find((b) => /dura[çc][ãa]o|vig[êe]ncia|prazo\s+de/iu.test(before(b)));
  summary.push(
    main
      ? `Valor principal: ${formatCents(main.cents)}${main.purpose ? `, ${main.purpose}` : ''} (${main.clause}).`
      : valueBlank
        ? `Valor principal: em branco no modelo (“${valueBlank.context}”, ${valueBlank.clause}).`
        : 'Valor principal: não identificado no texto.',
  );
  summary.push(
    f.term
      ? `Vigência: ${f.term.text} (${f.term.clause}).`
      : termBlank
        ? `Vigência: em branco no modelo (“${termBlank.context}”, ${termBlank.clause}).`
        : 'Vigência: não identificada no texto.',
  );
  summary.push(f.jurisdiction ? `Foro: ${forumText(f.jurisdiction, f.template !== null)} (${f.jurisdiction.clause}).` : 'Foro: não identificado no texto.');
  const missing = missingProtections(f);
  if (f.abusiveClauses.length > 0) {
    const n = f.abusiveClauses.length;
    summary.push(
      `Atenção: ${n} cláusula${n === 1 ? '' : 's'} que o Código de Defesa do Consumidor (Lei nº 8.078/1990, art. 51) considera abusiva${n === 1 ? '' : 's'}: ${listPt(f.abusiveClauses.map((a) => a.clause))} (veja Pontos de Atenção).`,
    );
  }
  if (missing.length > 0) {
    summary.push(`${missing.length === 1 ? 'Falta' : 'Faltam'} ${missing.length} proteç${missing.length === 1 ? 'ão' : 'ões'} verificada${missing.length === 1 ? '' : 's'}: ${listPt(missing.map((m) => m.name))}.`);
  } else if (f.abusiveClauses.length === 0 && !f.template) {
    // Never said of a contract with an abusive clause, nor of a model still to be filled in.
    summary.push('O contrato traz as proteções básicas verificadas (foro, multa, rescisão e, quando há dados pessoais, LGPD).');
  }

  const points: string[] = [];
  for (const p of f.parties) {
    points.push(`Parte: ${p.name}${p.role ? `, como ${p.role}` : ''}, ${p.taxId ? `${p.taxIdKind} ${p.taxId}` : 'sem CPF ou CNPJ no texto'} (${p.clause}).`);
  }
  if (f.object) points.push(`Objeto: ${f.object.excerpt} (${f.object.clause})`);
  for (const v of f.values.slice(0, 8)) {
    points.push(`Valor: ${formatCents(v.cents)}${v.words ? ` (${v.words})` : ''}${v.purpose ? ` – ${v.purpose}` : ''} (${v.clause}).`);
  }
  if (f.term) points.push(`Vigência: ${f.term.text} (${f.term.clause}).`);
  // Subjects found in the same sentence are one point ('Rescisão, aviso prévio de 30 dias e multa: …').
  const subjects: Array<{ label: string; finding: ClauseFinding }> = [];
  for (const penalty of f.penalties.slice(0, 3)) subjects.push({ label: 'Multa', finding: penalty });
  if (f.interest) subjects.push({ label: 'Juros', finding: f.interest });
  if (f.readjustment) subjects.push({ label: `Reajuste${f.readjustment.index ? ` pelo ${f.readjustment.index}` : ''}`, finding: f.readjustment });
  if (f.termination) subjects.push({ label: 'Rescisão', finding: f.termination });
  if (f.noticePeriod) subjects.push({ label: `Aviso prévio${f.noticePeriod.days ? ` de ${f.noticePeriod.days} dias` : ''}`, finding: f.noticePeriod });
  if (f.renewal) subjects.push({ label: `Renovação${f.renewal.automatic ? ' automática' : ''}`, finding: f.renewal });
  if (f.confidentiality) subjects.push({ label: 'Confidencialidade', finding: f.confidentiality });
  if (f.dataProtection) subjects.push({ label: 'Proteção de dados (LGPD)', finding: f.dataProtection });
  const bySentence = new Map<string, { labels: string[]; finding: ClauseFinding }>();
  for (const { label, finding } of subjects) {
    const key = `${finding.clause}|${finding.excerpt}`;
    const entry = bySentence.get(key);
    if (entry) entry.labels.push(label.charAt(0).toLowerCase() + label.slice(1));
    else bySentence.set(key, { labels: [label], finding });
  }
  for (const { labels, finding } of bySentence.values()) points.push(`${listPt(labels)}: ${finding.excerpt} (${finding.clause})`);
  if (f.guarantee) points.push(`Garantia (${f.guarantee.kind}): ${f.guarantee.excerpt} (${f.guarantee.clause})`);
  if (f.jurisdiction) points.push(`Foro${f.jurisdiction.comarca ? `: ${forumText(f.jurisdiction, f.template !== null)}` : ''} – ${f.jurisdiction.excerpt} (${f.jurisdiction.clause})`);
  if (f.governingLaw) points.push(`Lei aplicável: ${f.governingLaw.excerpt} (${f.governingLaw.clause})`);

  const attention: string[] = [];
  if (f.template) attention.push(...blankPoints(f.template.blanks));
  for (const a of f.abusiveClauses) {
    attention.push(`Cláusula abusiva pelo Código de Defesa do Consumidor (${a.basis}): ${a.description}. “${a.excerpt}” (${a.clause}).`);
  }
  for (const m of missing) attention.push(`${m.attention} (não encontrada no contrato)`);
  for (const p of f.parties.filter((p) => p.taxId && !p.taxIdValid)) {
    attention.push(`O ${p.taxIdKind} ${p.taxId} de ${p.name} tem dígitos verificadores inválidos: confira o número antes de assinar (${p.clause}).`);
  }
  if (!f.template && f.parties.filter((p) => p.taxId).length < 2) attention.push('Não foi possível identificar ao menos duas partes com CPF ou CNPJ: confira a qualificação completa das partes (Preâmbulo).');
  for (const exit of f.exitPenalties.filter(uniqueBy((e) => e.clause)).slice(0, 3)) {
    attention.push(`Multa para quem sai do contrato: confira quanto custa encerrá-lo antes do prazo (${exit.clause}).`);
  }
  for (const v of f.values.filter((v) => v.wordsMismatch)) {
    attention.push(`O valor ${v.text} não confere com o escrito por extenso (“${v.words}”): em caso de divergência, costuma prevalecer o valor por extenso (${v.clause}).`);
  }
  if (f.interest?.monthlyPercent !== null && f.interest && f.interest.monthlyPercent > 1) {
    attention.push(`Juros de ${formatPercent(f.interest.monthlyPercent)} ao mês: acima de 1% ao mês podem ser considerados abusivos e questionados (${f.interest.clause}).`);
  }
  if (f.renewal?.automatic) attention.push(`Renovação automática: anote o prazo para comunicar que não deseja renovar, ou o contrato continua valendo (${f.renewal.clause}).`);
  if (f.noticePeriod && f.noticePeriod.days > 0 && f.noticePeriod.days < 30) {
    attention.push(`Aviso prévio de apenas ${f.noticePeriod.days} dias para encerrar o contrato (${f.noticePeriod.clause}).`);
  }
  const plainDays = f.deadlines.filter((d) => d.unit === 'dias' && d.purpose !== 'vigência');
  if (plainDays.length > 0) {
    const d = plainDays[0]!;
    attention.push(`Prazo de ${d.amount} dias sem dizer se são úteis ou corridos${d.purpose ? ` (${d.purpose})` : ''}: a contagem pode gerar disputa (${d.clause}).`);
  }
  if (f.penalties.length > 0 && f.penalties.some((p) => /(?:[3-9]\d|100)\s*%/.test(p.excerpt))) {
    const p = f.penalties.find((p) => /(?:[3-9]\d|100)\s*%/.test(p.excerpt))!;
    attention.push(`Multa elevada (30% ou mais): pode ser reduzida pelo juiz se for excessiva (art. 413 do Código Civil) (${p.clause}).`);
  }

  const dates: string[] = [];
  for (const d of f.dates) dates.push(`${formatIsoDate(d.iso)}${d.purpose ? ` – ${d.purpose}` : ''} (${d.clause}).`);
  if (f.term) dates.push(`Vigência ${f.term.text.startsWith('até') ? f.term.text : `de ${f.term.text}`} (${f.term.clause}).`);
  for (const d of f.deadlines.filter((d) => d.purpose !== 'vigência').slice(0, 12)) {
    dates.push(`Prazo de ${d.amount} ${d.unit}${d.purpose ? ` – ${d.purpose}` : ''} (${d.clause}).`);
  }
  if (dates.length === 0) dates.push('Nenhuma data ou prazo foi encontrado no texto: confirme quando o contrato começa, termina e quando vencem os pagamentos.');

  const recommendations: string[] = [];
  if (f.template) recommendations.push('Preencha todos os campos em branco do modelo (partes, valores, prazos e foro) e revise o texto preenchido antes de assinar.');
  if (f.abusiveClauses.length > 0) recommendations.push('Peça a retirada ou a correção das cláusulas abusivas apontadas: pelo art. 51 do Código de Defesa do Consumidor elas são nulas de pleno direito.');
  for (const m of missing) recommendations.push(m.recommendation);
  if (f.parties.some((p) => !p.taxIdValid)) recommendations.push('Corrija os números de CPF/CNPJ com dígitos inválidos e confira os documentos das partes.');
  if (f.values.some((v) => v.wordsMismatch)) recommendations.push('Iguale os valores numéricos aos escritos por extenso.');
  if (f.renewal?.automatic) recommendations.push('Coloque na agenda a data limite para avisar a outra parte caso não queira renovar.');
  if (f.readjustment && !f.readjustment.index) recommendations.push('Defina o índice de reajuste (por exemplo IPCA ou IGP-M) e a periodicidade.');
  if (f.dates.length > 0 || f.deadlines.length > 0) recommendations.push('Anote as datas e os prazos críticos na agenda, com antecedência para agir.');
  recommendations.push('Antes de assinar, peça a um advogado que revise o contrato: esta análise automática não substitui uma orientação jurídica.');

  return { resumoExecutivo: summary, pontosPrincipais: points, pontosDeAtencao: attention.length ? attention : ['Nenhum ponto de atenção encontrado pelas regras automáticas; ainda assim, leia o contrato inteiro antes de assinar.'], datasEPrazos: dates, recomendacoes: recommendations };
}

/** 'Comarca de Lavras/MG', 'comarca da sede da CONTRATADA', or what stands in a template's place. */
function forumText(j: NonNullable<ContractFindings['jurisdiction']>, template: boolean): string {
  if (j.comarca) return /^\p{Ll}/u.test(j.comarca) ? `comarca ${/^sede/u.test(j.comarca) ? 'da' : 'do'} ${j.comarca}` : `Comarca de ${j.comarca}`;
  return template && holdsBlank(j.excerpt) ? 'comarca em branco no modelo' : 'cláusula de foro sem comarca identificada';
}

/** The blanks of a template, one point per clause: 'Campos em branco a preencher: placa (xxx), cor (xxx) (Cláusula 1ª).' */
function blankPoints(blanks: ReadonlyArray<TemplateBlank & { clause: string }>): string[] {
  const byClause = new Map<string, string[]>();
  for (const { clause, context } of blanks) {
    const blank = { context };
    const list = byClause.get(clause) ?? [];
    if (!list.includes(blank.context)) list.push(blank.context);
    byClause.set(clause, list);
  }
  const points: string[] = [];
  for (const [clause, contexts] of byClause) {
    const shown = contexts.slice(0, 12).join('; ');
    points.push(`Campos em branco a preencher: ${shown}${contexts.length > 12 ? ` e mais ${contexts.length - 12}` : ''} (${clause}).`);
  }
  return points.slice(0, 12);
}

interface MissingProtection {
  name: string;
  attention: string;
  recommendation: string;
}

function missingProtections(f: ContractFindings): MissingProtection[] {
  const missing: MissingProtection[] = [];
  if (!f.jurisdiction) {
    missing.push({
      name: 'foro',
      attention: 'Não há cláusula de foro: em caso de disputa, não está definido onde a ação será proposta',
      recommendation: 'Inclua uma cláusula de foro, indicando a comarca competente para resolver disputas.',
    });
  }
  if (f.penalties.length === 0) {
    missing.push({
      name: 'multa',
      attention: 'Não há multa para o descumprimento: sem ela, cobrar um prejuízo depende de provar o dano',
      recommendation: 'Inclua uma multa (cláusula penal) proporcional para o descumprimento das obrigações.',
    });
  }
  if (!f.termination && f.kind !== 'compra_venda') {
    missing.push({
      name: 'rescisão',
      attention: 'Não há regra de rescisão: não está claro como e com que aviso o contrato pode ser encerrado',
      recommendation: 'Defina as hipóteses de rescisão, o aviso prévio e as consequências do encerramento.',
    });
  }
  if (f.handlesPersonalData && !f.dataProtection) {
    missing.push({
      name: 'cláusula de LGPD',
      attention: 'O contrato envolve dados pessoais, mas não tem cláusula de proteção de dados (LGPD, Lei nº 13.709/2018)',
      recommendation: 'Inclua uma cláusula de proteção de dados: finalidade, bases legais, segurança, papéis de controlador e operador e a exclusão dos dados ao fim do contrato.',
    });
  }
  if (!f.readjustment && (f.kind === 'locacao' || f.kind === 'prestacao_servicos') && f.values.length > 0) {
    missing.push({
      name: 'reajuste',
      attention: 'Não há índice de reajuste dos valores: em contratos longos o valor fica defasado ou gera disputa',
      recommendation: 'Defina o índice (IPCA, IGP-M ou INPC) e a periodicidade do reajuste.',
    });
  }
  if (!f.confidentiality && f.kind === 'confidencialidade') {
    missing.push({ name: 'confidencialidade', attention: 'O acordo não define o que é informação confidencial', recommendation: 'Defina o que é informação confidencial e por quanto tempo o sigilo vale.' });
  }
  return missing;
}

function mainValue(f: ContractFindings): MoneyValue | undefined {
  const candidates = f.values.filter((v) => v.purpose !== 'multa' && v.purpose !== 'garantia');
  return candidates.find((v) => v.purpose) ?? candidates[0];
}

// ---------------------------------------------------------------------------------------------------
// Text helpers

function citation(clauses: Clause[], text: string, index: number): string {
  const clause = clauseAt(clauses, index);
  // The place and date above the signatures, at the end of the last clause.
  const lineStart = text.lastIndexOf('\n', index) + 1;
  const line = text.slice(lineStart, text.indexOf('\n', index) === -1 ? text.length : text.indexOf('\n', index));
  if (index > text.length * 0.7 && /^[\p{Lu}][\p{L} ]+(?:\/[A-Z]{2}|\s-\s[A-Z]{2})?,\s*\d{1,2}/u.test(line) && line.length < 80) return 'Local e data';
  return clause.label;
}

function firstMatch(text: string, pattern: RegExp): { index: number; match: RegExpExecArray } | null {
  const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(text);
  return match ? { index: match.index, match } : null;
}

/**
 * The sentence around a position: from the previous end of sentence to the next. A heading line
 * ('CLÁUSULA 6ª – DA RESCISÃO', a title in capitals) is a sentence of its own; a position inside one
 * gives the first sentence after it, which says what the heading only names.
 */
function sentenceAround(text: string, index: number): { start: number; text: string } {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const lineEndAt = text.indexOf('\n', index);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  if (isHeadingLine(text.slice(lineStart, lineEnd)) && lineEnd < text.length) return sentenceAround(text, lineEnd + 1);
  const windowStart = Math.max(0, index - 600);
  let start = windowStart;
  for (const match of text.slice(windowStart, index).matchAll(SENTENCE_END)) start = windowStart + match.index + match[0].length;
  // A sentence longer than the window: start at a word, not inside one.
  if (start === windowStart && windowStart > 0 && /\S/u.test(text[windowStart - 1] ?? '')) start = windowStart + (text.slice(windowStart, index).search(/\s/u) + 1 || 0);
  // Never reach back over a heading line, nor over the start of a clause ('6º - Se o COMPRADOR…').
  if (lineStart > start && CLAUSE_OPENING.test(text.slice(lineStart, lineEnd))) start = lineStart;
  let line = text.lastIndexOf('\n', index - 1);
  while (line > start) {
    const previousStart = text.lastIndexOf('\n', line - 1) + 1;
    if (isHeadingLine(text.slice(previousStart, line))) {
      start = line + 1;
      break;
    }
    if (previousStart >= start && CLAUSE_OPENING.test(text.slice(previousStart, line))) {
      start = previousStart;
      break;
    }
    line = text.lastIndexOf('\n', line - 1);
  }
  // A clause's numbering ('4.1.', '§ 2º', 'Parágrafo único.') is not the end of its first sentence.
  const numbering = /^(?:\d+\s*[º°ª]\s*[-–—]|\d+(?:\.\d+)*\.?|§\s*\d+º?\.?|Par[áa]grafo\s+\p{L}+\.?)\s+/u.exec(text.slice(index, index + 40))?.[0].length ?? 0;
  const rest = text.slice(index + numbering, index + 800);
  let stop = Math.min(text.length, index + 800);
  for (const match of rest.matchAll(SENTENCE_END)) {
    stop = index + numbering + match.index + 1;
    break;
  }
  const nextHeading = text.indexOf('\n', index);
  if (nextHeading !== -1 && nextHeading < stop) {
    const following = text.slice(nextHeading + 1, text.indexOf('\n', nextHeading + 1) === -1 ? text.length : text.indexOf('\n', nextHeading + 1));
    if (isHeadingLine(following) || CLAUSE_OPENING.test(following) || /^(?:Par[áa]grafo|§|\d+(?:\.\d+)+\.?\s)/u.test(following)) stop = nextHeading;
  }
  return { start, text: text.slice(start, stop).replace(/\s+/g, ' ').trim() };
}

// Not after an abbreviation: 'art. 7°', 'nº. 5', 'Sr. João'.
const SENTENCE_END = /(?:(?<!\b(?:[Aa]rts?|[Nn][º°o]?|[Ii]nc|[Pp][áa]g|[Ff]ls|Sra?|Dra?|[Pp]ar))\.|;)\s+(?=[\p{Lu}\d§"“(])/gu;
/** A line that opens a clause: 'CLÁUSULA 3ª –', '6º - Se o…', '4.1. O…'. */
const CLAUSE_OPENING = /^\s*(?:CL[ÁA]USULA\s|Cl[áa]usula\s|\d{1,2}\s*[º°ª]\s*[-–—]|\d{1,2}\.\d{1,2}\.?\s)/u;

function lineAt(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? text.length : end);
}

function isHeadingLine(line: string): boolean {
  const clean = line.trim();
  if (/^(?:CL[ÁA]USULA|Cl[áa]usula)\s+\S+(?:\s*[-–—.:]\s*[^.]{0,80})?$/u.test(clean) && !/[.;]\s+\p{Ll}/u.test(clean)) return clean.length <= 100;
  // A title in capitals: no lower-case letter, not ending a sentence.
  return clean.length > 3 && clean.length <= 120 && !/\p{Ll}/u.test(clean) && !/[.;:,]$/u.test(clean);
}

function clauseFinding(text: string, cite: (index: number) => string, index: number, max = 240): ClauseFinding {
  return { clause: cite(index), excerpt: shorten(sentenceAround(text, index).text, max) };
}

function shorten(text: string, max: number): string {
  const clean = text.replace(/^[-–—\s]+/, '').replace(/^(?:CL[ÁA]USULA|Cl[áa]usula)\s*[-–—]?\s*\d{1,3}\s*[ªº°]?\s*[-–—.:]\s*/u, '').replace(/^(?:\d+\s*[º°ª]\s*[-–—]|\d+(?:\.\d+)*[.)]?|§\s*\d+º?|Par[áa]grafo\s+(?:[úu]nico|\p{L}+)\s*[.:–-]?)\s*/iu, '').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trim()}…`;
}

function uniqueBy<T>(key: (item: T) => string) {
  const seen = new Set<string>();
  return (item: T) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  };
}

function listPt(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatPercent(value: number): string {
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

const longDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });
function formatIsoDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}

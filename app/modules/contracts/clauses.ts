/**
 * A contract's text cut into its clauses, so that every finding can cite where it is
 * ('Cláusula 3ª'). Headings are recognised at the start of a line: 'CLÁUSULA PRIMEIRA – DO OBJETO',
 * 'Cláusula 2ª. Do Preço', 'CLÁUSULA 10 - FORO', 'Cláusula - 9ª.', and, in a contract without them,
 * clauses numbered '1º - O preço…' (as some systems print them), numbered titles such as
 * '1. DO OBJETO', or numbered paragraphs running 1, 2, 3 ('1) O preço…'). The text before the first clause is the preamble (the parties).
 */

export interface Clause {
  /** 'Cláusula 3ª', 'Preâmbulo', or 'Texto' when the contract has no numbered clauses. */
  label: string;
  /** The clause number, or null for the preamble. */
  number: number | null;
  /** The heading's title ('DO OBJETO'), upper case as most contracts write it, or ''. */
  title: string;
  start: number;
  end: number;
}

const ORDINAL_UNITS: Record<string, number> = {
  primeira: 1, segunda: 2, terceira: 3, quarta: 4, quinta: 5, sexta: 6, sétima: 7, setima: 7, oitava: 8, nona: 9,
};
const ORDINAL_TENS: Record<string, number> = { décima: 10, decima: 10, vigésima: 20, vigesima: 20, trigésima: 30, trigesima: 30, quadragésima: 40, quadragesima: 40 };

const ORDINAL_WORD = '(?:d[ée]cima|vig[ée]sima|trig[ée]sima|quadrag[ée]sima|primeira|segunda|terceira|quarta|quinta|sexta|s[ée]tima|oitava|nona)';
const CLAUSE_HEADING = new RegExp(
  `^[ \\t]*cl[áa]usula[ \\t]*[-–—]?[ \\t]*(\\d{1,3})[ \\t]*(?:ª|a|º|o)?\\.?|^[ \\t]*cl[áa]usula[ \\t]+(${ORDINAL_WORD}(?:[ \\t]+${ORDINAL_WORD})?)\\b`,
  'gimu',
);
const NUMBERED_HEADING = /^[ \t]*(\d{1,2})[.)][ \t]+((?:D[OAE]S?[ \t]+)?[A-ZÁÉÍÓÚÂÊÔÃÕÇÀ][A-ZÁÉÍÓÚÂÊÔÃÕÇÀ ,/-]{2,80})$/gmu;
const NUMBERED_PARAGRAPH = /^[ \t]*(\d{1,2})[.)][ \t]+(?=\p{Lu})/gmu;
/** '1º - O preço de venda é…': an ordinal number and a dash opening the clause's text. */
const ORDINAL_ITEM = /^[ \t]*(\d{1,2})[ \t]*[º°ª][ \t]*[-–—][ \t]*(?=\S)/gmu;

/** 'décima segunda' → 12. */
export function parseOrdinal(words: string): number | null {
  let total = 0;
  for (const word of words.toLowerCase().split(/\s+/)) {
    if (word in ORDINAL_TENS) total += ORDINAL_TENS[word]!;
    else if (word in ORDINAL_UNITS) total += ORDINAL_UNITS[word]!;
    else return null;
  }
  return total || null;
}

export function clauseLabel(number: number): string {
  return `Cláusula ${number}ª`;
}

/** The clauses of the text, in order, covering it whole (the preamble first when there is text before the first clause). */
export function splitClauses(text: string): Clause[] {
  const headings: Array<{ number: number; title: string; start: number }> = [];
  for (const match of text.matchAll(CLAUSE_HEADING)) {
    const number = match[1] ? Number(match[1]) : parseOrdinal(match[2]!);
    if (!number) continue;
    headings.push({ number, title: headingTitle(text, match.index + match[0].length), start: match.index });
  }
  if (headings.length === 0) {
    for (const match of text.matchAll(ORDINAL_ITEM)) headings.push({ number: Number(match[1]), title: '', start: match.index });
  }
  if (headings.length === 0) {
    for (const match of text.matchAll(NUMBERED_HEADING)) {
      headings.push({ number: Number(match[1]), title: match[2]!.trim(), start: match.index });
    }
  }
  if (headings.length === 0) {
    // '1. O preço…', '2) O prazo…': numbered paragraphs, when they run 1, 2, 3… (a list elsewhere does not).
    const items = [...text.matchAll(NUMBERED_PARAGRAPH)].map((m) => ({ number: Number(m[1]), title: '', start: m.index }));
    const run: typeof items = [];
    for (const item of items) if (item.number === run.length + 1) run.push(item);
    if (run.length >= 2) headings.push(...run);
  }
  if (headings.length === 0) return [{ label: 'Texto', number: null, title: '', start: 0, end: text.length }];

  const clauses: Clause[] = [];
  if (text.slice(0, headings[0]!.start).trim()) clauses.push({ label: 'Preâmbulo', number: null, title: '', start: 0, end: headings[0]!.start });
  headings.forEach((heading, i) => {
    clauses.push({ label: clauseLabel(heading.number), number: heading.number, title: heading.title, start: heading.start, end: headings[i + 1]?.start ?? text.length });
  });
  return clauses;
}

/** The title after a heading, on the same line: ' – DO OBJETO' → 'DO OBJETO'. */
function headingTitle(text: string, from: number): string {
  const lineEnd = text.indexOf('\n', from);
  const rest = text.slice(from, lineEnd === -1 ? text.length : lineEnd);
  const title = rest.replace(/^[\s.:–—-]+/, '').trim();
  // A heading followed on the same line by the clause's text: keep the title part only.
  const cut = /^((?:D[OAE]S?\s+)?[A-ZÁÉÍÓÚÂÊÔÃÕÇ][A-ZÁÉÍÓÚÂÊÔÃÕÇ ,/-]*[A-ZÁÉÍÓÚÂÊÔÃÕÇ])/.exec(title);
  return (cut?.[1] ?? title.slice(0, 80)).trim();
}

/** The clause that holds the position. */
export function clauseAt(clauses: readonly Clause[], index: number): Clause {
  let low = 0;
  let high = clauses.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (clauses[mid]!.start <= index) low = mid;
    else high = mid - 1;
  }
  return clauses[low]!;
}

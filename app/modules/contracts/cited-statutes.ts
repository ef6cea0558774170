/**
 * Statutes a contract cites are not its terms (docs/decisions/0053): the text of a law quoted in the
 * contract ('“Lei do Inquilinato nº 8245/91 Art. 4º – … trinta dias de antecedência.”') and a sentence
 * about criminal law ('crime tipificado no art. 184 do Código Penal, o qual impõe pena de até 4 (quatro)
 * anos de reclusão e multa') state what the law says, not a fine, a deadline or a value the parties
 * agreed. The finders read the contract with these passages blanked out (same length, so every
 * position still points at the same place of the text).
 */

const CRIMINAL_LAW = /C[óo]digo\s+Penal|\bcrimes?\b|\breclus[ãa]o\b|\bdeten[çc][ãa]o\b|tipifica[çd]|\blei\s+penal\b|persecu[çc][ãa]o\s+criminal|san[çc][õo]es\s+penais/iu;

/** The spans of cited law: [start, end) pairs, in order. */
export function citedStatuteSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  // A quoted passage that is a law's text: it names an article or a law.
  for (const match of text.matchAll(/[“"]([^”"]{20,3000})[”"]/gu)) {
    if (/\bArt(?:igo|\.)?\s*\d|\bLei\s+(?:n[º°o.]*\s*)?\d/iu.test(match[1]!)) spans.push([match.index, match.index + match[0].length]);
  }
  // A sentence about criminal law.
  for (const sentence of sentenceSpans(text)) {
    const body = text.slice(sentence[0], sentence[1]);
    // A contractual fine 'sem prejuízo das sanções penais' stays a contractual fine.
    if (CRIMINAL_LAW.test(body) && !/\bmulta\s+(?:contratual\s+)?(?:de|no\s+valor\s+de|equivalente\s+a)\s+(?:R\$|\d)/iu.test(body)) spans.push(sentence);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** The text with the cited statutes replaced by spaces (line breaks kept). */
export function withoutCitedStatutes(text: string): string {
  const spans = citedStatuteSpans(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    out += text.slice(at, from) + text.slice(from, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}

/** Sentences as [start, end): split at '.', ';' or ':' followed by a capital or a line break, and at line breaks before a clause number. */
export function sentenceSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (const match of text.matchAll(/[.;](?=\s+[\p{Lu}\d“"(])|\n(?=\s*(?:\d+(?:\.\d+)*[.)º°]|CL[ÁA]USULA|Cl[áa]usula|PAR[ÁA]GRAFO|Par[áa]grafo|§|[a-z]\)))/gu)) {
    const end = match.index + 1;
    // 'art. 184' and 'nº.' are not ends of sentences.
    if (/\b(?:art|arts|n|inc|al|p|pág|fls|Lei|Dec|Sr|Sra|Dr|Dra|S\.A|Ltda)$/iu.test(text.slice(Math.max(0, match.index - 5), match.index))) continue;
    spans.push([start, end]);
    start = end;
  }
  if (start < text.length) spans.push([start, text.length]);
  return spans;
}

/**
 * The blanks of a contract template (docs/decisions/0053): merge fields ('{{nomeLocatario}}',
 * '{% for f in fiadores %}'), fields in brackets or parentheses ('[NOME]', '(xxx)', '(xx%)', '(Nome)',
 * '(Valor Expresso)'), the model's stand-in names ('RAZÃO SOCIAL LTDA', 'NOME COMPLETO', 'Rua Nome',
 * 'Cidade/UF') and runs of underscores inside a line ('CPF nº ______'; a line of underscores alone is a
 * signature line, which every signed contract has). A document with blanks is a template: the
 * summariser lists its blanks and never reads them as facts.
 */

export interface TemplateBlank {
  /** The blank as written: '{{cpf}}', '(xxx)'. */
  text: string;
  /** The blank with the words before it on its line: 'placa (xxx)', 'CPF: {{cpf}}'. */
  context: string;
  index: number;
}

const FIELD_WORDS =
  'Nome|Nacionalidade|Estado\\s+Civil|Profiss[ãa]o|Valor\\s+(?:Expresso|por\\s+extenso)|Endere[çc]o|Raz[ãa]o\\s+Social|Qualifica[çc][ãa]o|Local,\\s*data';

const BLANK_PATTERNS: readonly RegExp[] = [
  /\{\{\s*[^{}\n]{1,80}?\s*\}\}/gu,
  /\{%[^%\n]{0,120}%\}/gu,
  /\[\s*(?:NOME|CPF|CNPJ|RG|ENDERE[ÇC]O|DATA|VALOR|CIDADE|[A-ZÁÉÍÓÚÂÊÔÃÕÇ][A-ZÁÉÍÓÚÂÊÔÃÕÇ /_-]{1,40})\s*\]/gu,
  /\(\s*[xX]{2,}\s*%?\s*\)/gu,
  new RegExp(`\\(\\s*(?:${FIELD_WORDS})(?:[\\s,][^()\\n]{0,60})?\\s*\\)`, 'gu'),
  // A model's numbers made of nines: '99.999.999/9999-99', '999.999.999-99', 'CEP 99.999-999'.
  /(?<![\d.])9{2,3}(?:[./-]9{1,4}){2,}(?![\d])/gu,
  /\bRAZ[ÃA]O\s+SOCIAL(?:\s+LTDA\.?)?|\bNOME\s+COMPLETO\b|\bRua\s+Nome\b|\bCidade\s*\/\s*UF\b|\bFulano\s+de\s+Tal\b/gu,
];

export function findTemplateBlanks(text: string): TemplateBlank[] {
  const blanks: TemplateBlank[] = [];
  const taken: Array<[number, number]> = [];
  for (const pattern of BLANK_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      blanks.push({ text: match[0].replace(/\s+/g, ' '), context: contextOf(text, start, end), index: start });
    }
  }
  // Underscores inside a line of text: a field to fill ('R$ ______'), not a signature line.
  for (const match of text.matchAll(/_{3,}/gu)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    if (!/[\p{L}\d:$]/u.test(text.slice(lineStart, match.index))) continue;
    blanks.push({ text: '____', context: contextOf(text, match.index, match.index + match[0].length), index: match.index });
  }
  return blanks.sort((a, b) => a.index - b.index);
}

/** Two blanks or more make a template (one stray '(xxx)' in a filled contract is a typo to point out). */
export function isTemplate(blanks: readonly TemplateBlank[]): boolean {
  return blanks.length >= 2;
}

/** Whether the piece of text holds a blank (a name, a court, an amount that is still to be filled). */
export function holdsBlank(text: string): boolean {
  return BLANK_PATTERNS.some((pattern) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(text)) || /[\p{L}\d:$][^\n_]*_{3,}/u.test(text);
}

/** The blank with up to four words before it on its line. */
function contextOf(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const before = text
    .slice(Math.max(lineStart, start - 60), start)
    // Not the blank before it on the same line ('{{matriculaCopasa}}Nº HIDRÔMETRO: {{hidrometro}}').
    .split(/[,;]|\}\}|%\}|\(\s*x+\s*%?\s*\)|_{3,}/iu)
    .at(-1)!
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(-4)
    .join(' ');
  const blank = text.slice(start, end).replace(/\s+/g, ' ').replace(/_{3,}/, '____');
  return before ? `${before} ${blank}` : blank;
}

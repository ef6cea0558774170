/**
 * Numbers written out in Portuguese, as contracts repeat their amounts and deadlines in words:
 * 'dois mil e quinhentos reais', 'um milhão, duzentos mil reais e cinquenta centavos', 'trinta'.
 */

const UNITS: Record<string, number> = {
  zero: 0, um: 1, uma: 1, dois: 2, duas: 2, três: 3, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9,
  dez: 10, onze: 11, doze: 12, treze: 13, catorze: 14, quatorze: 14, quinze: 15, dezesseis: 16, dezessete: 17, dezoito: 18, dezenove: 19,
  vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50, cinqüenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90,
  cem: 100, cento: 100, duzentos: 200, duzentas: 200, trezentos: 300, trezentas: 300, quatrocentos: 400, quatrocentas: 400,
  quinhentos: 500, quinhentas: 500, seiscentos: 600, seiscentas: 600, setecentos: 700, setecentas: 700, oitocentos: 800, oitocentas: 800,
  novecentos: 900, novecentas: 900,
  // As real contracts write them: the old 'hum' and common misspellings ('Desenove Mil reais').
  hum: 1, desenove: 19, dezanove: 19, desanove: 19, dezeseis: 16, desesseis: 16, dezesete: 17, desessete: 17, desoito: 18, quatorse: 14, catorse: 14, cincoenta: 50,
};

const SCALES: Record<string, number> = { mil: 1_000, milhão: 1_000_000, milhao: 1_000_000, milhões: 1_000_000, milhoes: 1_000_000, bilhão: 1e9, bilhao: 1e9, bilhões: 1e9, bilhoes: 1e9 };

/**
 * The integer a run of number words says ('dois mil e quinhentos' = 2500); null when a word is not
 * a number word. Connectors ('e', commas, 'de' before 'reais') are skipped.
 */
export function parseNumberWords(words: string): number | null {
  const tokens = words
    .toLowerCase()
    .replace(/[,.;]/g, ' ')
    .split(/[\s-]+/)
    .filter((t) => t && t !== 'e' && t !== 'de');
  if (tokens.length === 0) return null;
  let total = 0;
  let group = 0;
  let seen = false;
  for (const token of tokens) {
    if (token in UNITS) {
      group += UNITS[token]!;
      seen = true;
    } else if (token in SCALES) {
      const scale = SCALES[token]!;
      total += (group === 0 ? 1 : group) * scale;
      group = 0;
      seen = true;
    } else {
      return null;
    }
  }
  return seen ? total + group : null;
}

/**
 * The amount in reais of a written-out money phrase ('mil e quinhentos reais', 'dez reais e cinquenta
 * centavos', 'cinquenta centavos'), in cents; null when it is not one.
 */
export function parseWrittenAmount(phrase: string): number | null {
  const text = phrase.toLowerCase().replace(/\s+/g, ' ').trim();
  const match = /^(.*?)\s*(?:de\s+)?(?:reais|real)(?:\s*,?\s*e\s+(.+?)\s+centavos?)?$/.exec(text);
  if (match) {
    const reais = parseNumberWords(match[1]!);
    if (reais === null) return null;
    const cents = match[2] ? parseNumberWords(match[2]) : 0;
    return cents === null ? null : reais * 100 + cents;
  }
  const onlyCents = /^(.+?)\s+centavos?(?:\s+de\s+real)?$/.exec(text);
  if (onlyCents) {
    const cents = parseNumberWords(onlyCents[1]!);
    return cents === null ? null : cents;
  }
  return null;
}

/**
 * '1.500,00' → 150000 cents. A point is a thousands separator when groups of three digits follow it
 * ('1.000'); with one or two digits after it, as some systems print amounts ('19000.0'), it is the
 * decimal point.
 */
export function parseBrlNumber(text: string): number {
  if (!text.includes(',') && /^\d+\.\d{1,2}$/.test(text)) {
    const [whole = '0', cents = '0'] = text.split('.');
    return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  }
  const [whole = '0', cents = '0'] = text.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0').slice(0, 2));
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 150000 cents → 'R$ 1.500,00'. */
export function formatCents(cents: number): string {
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}

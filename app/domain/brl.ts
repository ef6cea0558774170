// Brazilian money as people type it ('3.500,00', '3500', 'R$ 3.500,5'), kept in centavos. Browser-safe.

/** The largest amount a form accepts: R$ 1 bilhão (the database checks the same bound). */
export const BRL_MAX_CENTS = 100_000_000_000;

/**
 * Reais as typed in Brazil to centavos: '3.500,00' → 350000, '3500' → 350000, 'R$ 1.234,5' → 123450.
 * Null when the text is not such an amount (letters, a minus sign, '3.50' with a dot as the decimal mark).
 */
export function parseBrlCents(text: string): number | null {
  const typed = text.trim().replace(/^R\$\s*/i, '').replace(/\s/g, '');
  if (!/^(?:\d{1,3}(?:\.\d{3})+|\d{1,13})(?:,\d{1,2})?$/.test(typed)) return null;
  const [whole = '0', fraction = ''] = typed.replace(/\./g, '').split(',');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Centavos as the pages write them: 350000 → 'R$ 3.500,00' (a no-break space after R$). */
export function formatBrlCents(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0 ? '-' : ''}R$\u00a0${grouped},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

// Numbers in pt-BR without Intl, for what the browser renders while the page hydrates: a page's first
// Intl object (or toLocaleString) loads ICU's locale data, 35-50 ms of main thread on a fast machine and
// four times that on the phone Lighthouse simulates (docs/decisions/0028). The tests hold these to Intl.

/** An integer with the pt-BR thousands separator: 1234567 -> '1.234.567' (rounded to a whole number). */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  const digits = String(Math.abs(whole));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return whole < 0 ? `-${grouped}` : grouped;
}

/** Reais as Intl's pt-BR currency format writes them: 297 -> 'R$ 297,00' (a no-break space after R$). */
export function formatBrl(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const text = `R$\u00a0${formatCount(Math.floor(cents / 100))},${String(cents % 100).padStart(2, '0')}`;
  return value < 0 && cents > 0 ? `-${text}` : text;
}

import { describe, expect, test } from 'vitest';
import { formatBrlCents, parseBrlCents } from './brl';

describe('Brazilian money', () => {
  test('reads amounts as Brazilians type them', () => {
    expect(parseBrlCents('3.500,00')).toBe(350000);
    expect(parseBrlCents('3500')).toBe(350000);
    expect(parseBrlCents(' R$ 1.234,5 ')).toBe(123450);
    expect(parseBrlCents('0')).toBe(0);
    expect(parseBrlCents('12,34')).toBe(1234);
  });

  test('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-100', '3.50', '3,500.00', '1.00.000', '3,123']) expect(parseBrlCents(text), text).toBeNull();
  });

  test('writes centavos as reais, as Intl does', () => {
    expect(formatBrlCents(350000)).toBe(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(3500));
    expect(formatBrlCents(5)).toBe('R$\u00a00,05');
  });
});

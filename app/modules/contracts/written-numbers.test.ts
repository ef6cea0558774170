import { describe, expect, test } from 'vitest';
import { isValidCnpj, isValidCpf } from './tax-ids';
import { formatCents, parseBrlNumber, parseNumberWords, parseWrittenAmount } from './written-numbers';

describe('amounts written out in Portuguese', () => {
  test.each([
    ['dois mil e quinhentos reais', 250_000],
    ['dois mil, quatrocentos e cinquenta reais', 245_000],
    ['cem mil reais', 10_000_000],
    ['um milhão e duzentos mil reais', 120_000_000],
    ['um milhão de reais', 100_000_000],
    ['dez reais e cinquenta centavos', 1_050],
    ['cinquenta centavos', 50],
    ['mil reais', 100_000],
    ['cento e vinte e três reais', 12_300],
  ])('“%s” is %i cents', (words, cents) => {
    expect(parseWrittenAmount(words)).toBe(cents);
  });

  test('anything else is not an amount', () => {
    expect(parseWrittenAmount('muitos reais')).toBeNull();
    expect(parseWrittenAmount('dois mil')).toBeNull();
    expect(parseNumberWords('trinta')).toBe(30);
    expect(parseNumberWords('quarenta e quatro')).toBe(44);
    expect(parseNumberWords('doze meses')).toBeNull();
  });

  test('figures in the Brazilian format', () => {
    expect(parseBrlNumber('1.234.567,89')).toBe(123_456_789);
    expect(parseBrlNumber('850')).toBe(85_000);
    expect(formatCents(280_000)).toBe('R$ 2.800,00');
  });
});

describe('CPF and CNPJ check digits', () => {
  test('valid numbers pass and a changed digit or a repeated run fails', () => {
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });
});

import { describe, expect, test } from 'vitest';
import { formatCnpj, isValidCnpj } from './cnpj';

describe('CNPJ check digits', () => {
  test.for(['11.222.333/0001-81', '11222333000181', '19.100.000/0001-91', ' 12.345.678/0001-95 '])('%s is valid', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  test('the alphanumeric CNPJ of the Receita Federal’s example is valid, in either case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  test.for([
    ['a wrong first check digit', '11.222.333/0001-91'],
    ['a wrong second check digit', '11.222.333/0001-82'],
    ['two digits swapped', '11.222.333/0010-81'],
    ['a wrong alphanumeric check digit', '12.ABC.345/01DE-36'],
    ['a letter among the check digits', '12.ABC.345/01DE-3A'],
    ['13 characters', '1122233300018'],
    ['15 characters', '112223330001811'],
    ['the same digit fourteen times', '00.000.000/0000-00'],
    ['the same digit fourteen times (1)', '11.111.111/1111-11'],
    ['other characters', '11.222.333/0001_81'],
    ['nothing', ''],
  ])('%s is refused', ([, cnpj]) => {
    expect(isValidCnpj(cnpj!)).toBe(false);
  });

  test('is printed with its punctuation', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
});

/**
 * Brazilian taxpayer numbers as contracts write them: CPF (people, 000.000.000-00) and CNPJ
 * (companies, 00.000.000/0000-00). The check digits are verified, so a mistyped number in a contract
 * becomes an attention point.
 */

export type TaxIdKind = 'CPF' | 'CNPJ';

export interface TaxId {
  kind: TaxIdKind;
  /** As written in the contract. */
  text: string;
  digits: string;
  valid: boolean;
  /** Where it starts in the text. */
  index: number;
}

// Formatted numbers only: a bare run of 11 or 14 digits is as likely a phone or an account number.
const TAX_ID_PATTERN = /\b(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})\b/g;

export function findTaxIds(text: string): TaxId[] {
  const found: TaxId[] = [];
  for (const match of text.matchAll(TAX_ID_PATTERN)) {
    const digits = match[1]!.replace(/\D/g, '');
    const kind: TaxIdKind = digits.length === 11 ? 'CPF' : 'CNPJ';
    found.push({ kind, text: match[1]!, digits, valid: kind === 'CPF' ? isValidCpf(digits) : isValidCnpj(digits), index: match.index });
  }
  return found;
}

export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number) => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * weights[i]!;
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

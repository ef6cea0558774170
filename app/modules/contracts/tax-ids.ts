import { cnpjCharacters, isValidCnpj as isValidCnpjValue } from '~/lib/cnpj';

/**
 * Brazilian taxpayer numbers as contracts write them: CPF (people, 000.000.000-00) and CNPJ
 * (companies, 00.000.000/0000-00, and since July 2026 alphanumeric: 12.ABC.345/01DE-35). The check
 * digits are verified (CNPJs through app/lib/cnpj.ts, the one CNPJ rule of the project), so a mistyped
 * number in a contract becomes an attention point. A number made of one repeated digit
 * ('999.999.999-99', '99.999.999/9999-99') is a template's placeholder, not a number.
 */

export type TaxIdKind = 'CPF' | 'CNPJ';

export interface TaxId {
  kind: TaxIdKind;
  /** As written in the contract. */
  text: string;
  /** The 11 or 14 characters, upper case (digits, and letters in an alphanumeric CNPJ). */
  digits: string;
  valid: boolean;
  /** A placeholder of a template: one digit repeated. */
  placeholder: boolean;
  /** Where it starts in the text. */
  index: number;
}

// Formatted numbers, or 14 characters right after the word CNPJ: a bare run of 11 or 14 digits
// elsewhere is as likely a phone or an account number.
const TAX_ID_PATTERN =
  /(?<![\w.])(\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})(?![\w])|\bCNPJ\b[^0-9A-Za-z\n]{0,20}(?:n[º°o.]*\s*)?(?:sob\s+o\s+n[º°o.]*\s*)?([0-9A-Z]{12}-?\d{2})\b/gu;

export function findTaxIds(text: string): TaxId[] {
  const found: TaxId[] = [];
  for (const match of text.matchAll(TAX_ID_PATTERN)) {
    const written = match[1] ?? match[2]!;
    const digits = cnpjCharacters(written);
    const kind: TaxIdKind = digits.length === 11 ? 'CPF' : 'CNPJ';
    // A CNPJ-shaped run of letters is a word, not a number: its body needs digits.
    if (kind === 'CNPJ' && !/\d.*\d/.test(digits.slice(0, 12))) continue;
    const index = match.index + match[0].lastIndexOf(written);
    const placeholder = /^(\d)\1*$/.test(digits.slice(0, kind === 'CPF' ? 9 : 8));
    found.push({ kind, text: written, digits, valid: kind === 'CPF' ? isValidCpf(digits) : isValidCnpj(digits), placeholder, index });
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

/** A CNPJ, numeric or alphanumeric, with or without punctuation (app/lib/cnpj.ts). */
export function isValidCnpj(value: string): boolean {
  return isValidCnpjValue(value);
}

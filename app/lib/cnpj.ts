/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica) check digits, for the company details shown on the site.
 *
 * Since July 2026 the Receita Federal also issues alphanumeric CNPJs (IN RFB 2.229/2024): the first 12
 * characters may be letters A-Z or digits, the last two are always digits. The check digits are
 * computed the same way for both, each character worth its ASCII code minus 48 ('0' = 0 … '9' = 9,
 * 'A' = 17 … 'Z' = 42), with the weights 5,4,3,2,9,8,7,6,5,4,3,2 (and 6,5,4,… for the second digit).
 */

const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

function checkDigit(body: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The 14 characters of a CNPJ written with or without its punctuation ('12.345.678/0001-95'), upper case. */
export function cnpjCharacters(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** Whether the value is a CNPJ with valid check digits (numeric or alphanumeric, with or without punctuation). */
export function isValidCnpj(value: string): boolean {
  const cnpj = cnpjCharacters(value);
  if (!SHAPE.test(cnpj)) return false;
  // '00.000.000/0000-00', '11.111.111/1111-11'…: their digits check, but no company has them.
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12), FIRST_WEIGHTS);
  const second = checkDigit(cnpj.slice(0, 12) + first, SECOND_WEIGHTS);
  return cnpj.endsWith(`${first}${second}`);
}

/** '12345678000195' → '12.345.678/0001-95' (the usual way to print it). */
export function formatCnpj(value: string): string {
  const c = cnpjCharacters(value);
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12, 14)}`;
}

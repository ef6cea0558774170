import { describe, expect, test } from 'vitest';
import { CITIES } from '~/domain/catalog/catalog';
import { BRAZILIAN_AREA_CODES, formatPhone, internationalPhoneDigits, maskPhoneInput, parsePhone } from '~/domain/phone';
import { optionalPhoneField, phoneField, PHONE_MESSAGES } from '~/domain/phone-field';
import { realWorldText } from '../support/real-world';

// The shared real-world vectors (brutils-python's phone tests and the usual typed masks), read where
// they live, beside the repository.
const VECTORS = JSON.parse(realWorldText('phone-vectors.json')) as {
  valid: string[];
  invalid: Array<{ v: string; why: string }>;
};

describe('the real-world vectors', () => {
  test('the file has vectors of both kinds', () => {
    expect(VECTORS.valid.length).toBeGreaterThan(0);
    expect(VECTORS.invalid.length).toBeGreaterThan(0);
  });

  test.each(VECTORS.valid)('%s is a Brazilian phone', (typed) => {
    expect(parsePhone(typed)).toMatchObject({ ok: true });
  });

  test.each(VECTORS.invalid.map(({ v, why }) => [v, why]))('%s is refused (%s)', (typed) => {
    expect(parsePhone(typed)).toMatchObject({ ok: false });
  });

  test('each refusal names what is wrong', () => {
    const problems = Object.fromEntries(VECTORS.invalid.map(({ v }) => [v, parsePhone(v)]));
    expect(problems).toMatchObject({
      '0938814933': { ok: false, problem: 'area-code' },
      '1038814933': { ok: false, problem: 'area-code' },
      '90994029275': { ok: false, problem: 'area-code' },
      '11594029275': { ok: false, problem: 'subscriber' },
      '1998814933': { ok: false, problem: 'subscriber' },
    });
  });
});

describe('reading a number as people write it', () => {
  test.each([
    ['(11) 98888-7777', '5511988887777'],
    ['+55 11 98888-7777', '5511988887777'],
    ['+55 (11) 98888-7777', '5511988887777'],
    ['55 11 98888 7777', '5511988887777'],
    ['11.98888.7777', '5511988887777'],
    ['  11988887777 ', '5511988887777'],
    ['5511988887777', '5511988887777'],
    ['(11) 3123-4567', '551131234567'],
    // An 11-digit mobile of DDD 55 (Santa Maria) is not a country code.
    ['55991234567', '5555991234567'],
    ['+55 55 99123-4567', '5555991234567'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(parsePhone(typed)).toMatchObject({ ok: true, digits: stored, national: stored.slice(2) });
  });

  test('a mobile and a landline are told apart', () => {
    expect(parsePhone('(11) 91234-5678')).toMatchObject({ ok: true, kind: 'mobile' });
    expect(parsePhone('(11) 3123-4567')).toMatchObject({ ok: true, kind: 'landline' });
  });

  test.each([
    ['(11) 9888a-7777', 'characters'],
    ['11 98888/7777', 'characters'],
    ['11+988887777', 'characters'],
    ['+1 212 555 1234', 'foreign'],
    ['', 'short'],
    ['(11) 9888-777', 'short'],
    ['+55 11 9888', 'short'],
    ['119888877771', 'long'],
    ['+55 11 98888-77771', 'long'],
    ['(10) 98888-7777', 'area-code'],
    ['(20) 98888-7777', 'area-code'],
    ['(11) 1234-5678', 'subscriber'],
  ] as const)('%s is refused: %s', (typed, problem) => {
    expect(parsePhone(typed)).toEqual({ ok: false, problem });
  });

  test('WhatsApp fields take mobiles only', () => {
    expect(parsePhone('(11) 3123-4567', { mobileOnly: true })).toEqual({ ok: false, problem: 'not-mobile' });
    expect(parsePhone('(11) 5940-2927', { mobileOnly: true })).toEqual({ ok: false, problem: 'not-mobile' });
    expect(parsePhone('11594029275', { mobileOnly: true })).toEqual({ ok: false, problem: 'not-mobile' });
    expect(parsePhone('(11) 98888-7777', { mobileOnly: true })).toMatchObject({ ok: true, kind: 'mobile' });
    // The area code is checked first: a wrong DDD says so even on a mobile-only field.
    expect(parsePhone('(10) 98888-7777', { mobileOnly: true })).toEqual({ ok: false, problem: 'area-code' });
  });
});

describe('the area codes', () => {
  test("Anatel's 67 codes, none of the unassigned ones", () => {
    expect(BRAZILIAN_AREA_CODES.size).toBe(67);
    for (const unassigned of ['10', '20', '23', '25', '26', '29', '30', '36', '39', '40', '50', '52', '56', '57', '58', '59', '60', '70', '72', '76', '78', '80', '90']) {
      expect(BRAZILIAN_AREA_CODES.has(unassigned), unassigned).toBe(false);
    }
  });

  test("every city of the catalogue has one of them", () => {
    for (const city of CITIES) expect(BRAZILIAN_AREA_CODES.has(String(city.ddd)), city.label).toBe(true);
  });
});

describe('showing a stored number', () => {
  test.each([
    ['5511988887777', '(11) 98888-7777'],
    // Rows written before numbers carried the country code.
    ['11988887777', '(11) 98888-7777'],
    ['551131234567', '(11) 3123-4567'],
    ['4133334444', '(41) 3333-4444'],
    ['5555991234567', '(55) 99123-4567'],
  ])('%s is shown as %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  test('anything else is shown as stored', () => {
    expect(formatPhone('12125551234567')).toBe('12125551234567');
    expect(formatPhone('')).toBe('');
  });

  test('international digits get the country code 55 once', () => {
    expect(internationalPhoneDigits('11987654321')).toBe('5511987654321');
    expect(internationalPhoneDigits('5511987654321')).toBe('5511987654321');
    expect(internationalPhoneDigits('(41) 3333-4444')).toBe('554133334444');
    expect(internationalPhoneDigits('55991234567')).toBe('5555991234567');
  });
});

describe('the mask while typing', () => {
  test('each keystroke of a mobile', () => {
    const shown = [...'11988887777'].map((_, i, all) => maskPhoneInput(all.slice(0, i + 1).join('')));
    expect(shown).toEqual(['(1', '(11', '(11) 9', '(11) 98', '(11) 988', '(11) 9888', '(11) 98888', '(11) 98888-7', '(11) 98888-77', '(11) 98888-777', '(11) 98888-7777']);
  });

  test('a landline groups four and four', () => {
    expect(maskPhoneInput('1131234567')).toBe('(11) 3123-4567');
    expect(maskPhoneInput('11312345')).toBe('(11) 3123-45');
  });

  test('typing over the mask keeps its shape', () => {
    expect(maskPhoneInput('(11) 9888-87777')).toBe('(11) 98888-7777');
    expect(maskPhoneInput('(11')).toBe('(11');
    // A separator typed by hand is never taken back.
    expect(maskPhoneInput('(')).toBe('(');
    expect(maskPhoneInput('(11) ')).toBe('(11) ');
    expect(maskPhoneInput('11 ')).toBe('11 ');
    expect(maskPhoneInput('(11) 9')).toBe('(11) 9');
  });

  test('the country code is kept in front', () => {
    expect(maskPhoneInput('+')).toBe('+');
    expect(maskPhoneInput('+55')).toBe('+55');
    expect(maskPhoneInput('+5511')).toBe('+55 (11');
    expect(maskPhoneInput('+55 11 98888-7777')).toBe('+55 (11) 98888-7777');
    expect(maskPhoneInput('5511988887777')).toBe('+55 (11) 98888-7777');
  });

  test('what the server will refuse is left as typed', () => {
    expect(maskPhoneInput('11 9888a')).toBe('11 9888a');
    expect(maskPhoneInput('+1 212 555')).toBe('+1 212 555');
    expect(maskPhoneInput('119888877771')).toBe('119888877771');
    expect(maskPhoneInput('(11) 98888-77771')).toBe('(11) 98888-77771');
    expect(maskPhoneInput('')).toBe('');
  });

  test('a masked number reads back to the same digits', () => {
    for (const typed of ['11988887777', '+5511988887777', '1131234567']) expect(parsePhone(maskPhoneInput(typed))).toEqual(parsePhone(typed));
  });
});

describe('the forms’ phone field', () => {
  const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message);

  test('stores the digits with the country code', () => {
    expect(phoneField({ mobileOnly: true }).parse('+55 11 98888-7777')).toBe('5511988887777');
    expect(phoneField().parse('(11) 3123-4567')).toBe('551131234567');
  });

  test("answers with the spec's messages and the new ones", () => {
    const whatsapp = phoneField({ mobileOnly: true });
    expect(messages(whatsapp.safeParse('11 9888a-7777'))).toEqual([PHONE_MESSAGES.characters]);
    expect(messages(whatsapp.safeParse('11 9888'))).toEqual([PHONE_MESSAGES.short]);
    expect(messages(whatsapp.safeParse(undefined))).toEqual([PHONE_MESSAGES.short]);
    expect(messages(whatsapp.safeParse('(10) 98888-7777'))).toEqual(['DDD inválido']);
    expect(messages(whatsapp.safeParse('(11) 3123-4567'))).toEqual(['Informe um celular com DDD: (11) 91234-5678']);
    expect(messages(whatsapp.safeParse('1'.repeat(26)))).toEqual([PHONE_MESSAGES.long]);
    expect(PHONE_MESSAGES.characters).toBe('Apenas números são permitidos');
    expect(PHONE_MESSAGES.short).toBe('Número deve ter pelo menos 10 dígitos');
  });

  test("a form's own words replace the defaults", () => {
    const field = phoneField({ mobileOnly: true, messages: { short: 'Número inválido' } });
    expect(messages(field.safeParse('11'))).toEqual(['Número inválido']);
    expect(messages(field.safeParse('(10) 98888-7777'))).toEqual(['DDD inválido']);
  });

  test('an optional field is null when empty', () => {
    const field = optionalPhoneField({ mobileOnly: true });
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse('  ')).toBeNull();
    expect(field.parse('(11) 98888-7777')).toBe('5511988887777');
    expect(messages(field.safeParse('(10) 98888-7777'))).toEqual(['DDD inválido']);
  });
});

// Brazilian phone numbers as people write them (docs/product-rules.md, "Phones"): read with spaces,
// ( ) - . and +55, checked against Anatel's area codes, stored as digits with the country code
// ('5511912345678'), shown as '(11) 91234-5678'. Browser-safe, pure, no zod (the public forms' mask
// imports it); the schemas' field is in phone-field.ts.

/**
 * The 67 geographic area codes (DDD, Anatel's Códigos Nacionais). The gaps (20, 23, 25, 26, 29, 30,
 * 36, 39, 40, 50, 52, 56-60, 70, 72, 76, 78, 80, 90) are not assigned.
 */
export const BRAZILIAN_AREA_CODES: ReadonlySet<string> = new Set(
  [
    [11, 19],
    [21, 22],
    [24, 24],
    [27, 28],
    [31, 35],
    [37, 38],
    [41, 49],
    [51, 51],
    [53, 55],
    [61, 69],
    [71, 71],
    [73, 75],
    [77, 77],
    [79, 79],
    [81, 89],
    [91, 99],
  ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => String(from! + i))),
);

export const BRAZIL_COUNTRY_CODE = '55';

/** What is wrong with a typed number, in the order it is checked. */
export type PhoneProblem =
  /** A character other than digits, spaces, ( ) - . and a leading +. */
  | 'characters'
  /** A '+' followed by another country's code. */
  | 'foreign'
  /** Fewer than 10 digits (DDD + 8). */
  | 'short'
  /** More than 11 digits once the country code is dropped. */
  | 'long'
  /** An area code Anatel never assigned ('10', '09', '90'). */
  | 'area-code'
  /** Not a mobile (11 digits, the subscriber starting with 9) where only a mobile will do. */
  | 'not-mobile'
  /** Neither a mobile nor a landline (10 digits, the subscriber starting with 2 to 5). */
  | 'subscriber';

export type PhoneKind = 'mobile' | 'landline';

export type ParsedPhone =
  | { ok: true; kind: PhoneKind; /** DDD + subscriber: '11912345678'. */ national: string; /** As stored: '5511912345678'. */ digits: string }
  | { ok: false; problem: PhoneProblem };

const SEPARATORS = /[\s().-]/g;

/**
 * Reads a number as typed: '(11) 91234-5678', '11 91234.5678', '+55 11 91234-5678', '5511912345678'.
 * A leading 55 (with or without '+') is the country code when 10 or 11 digits follow it (an 11-digit
 * number of DDD 55 stays one). `mobileOnly`: WhatsApp fields take mobiles only.
 */
export function parsePhone(typed: string, { mobileOnly = false }: { mobileOnly?: boolean } = {}): ParsedPhone {
  const compact = typed.trim().replace(SEPARATORS, '');
  const plus = compact.startsWith('+');
  const all = plus ? compact.slice(1) : compact;
  if (!/^[0-9]*$/.test(all)) return { ok: false, problem: 'characters' };
  if (plus && !all.startsWith(BRAZIL_COUNTRY_CODE)) return { ok: false, problem: 'foreign' };
  const withoutCountry = all.startsWith(BRAZIL_COUNTRY_CODE) && (all.length === 12 || all.length === 13) ? all.slice(2) : all;
  const national = plus && withoutCountry === all ? all.slice(2) : withoutCountry;
  if (national.length < 10) return { ok: false, problem: 'short' };
  if (national.length > 11) return { ok: false, problem: 'long' };
  if (!BRAZILIAN_AREA_CODES.has(national.slice(0, 2))) return { ok: false, problem: 'area-code' };
  const first = national.charAt(2);
  const kind: PhoneKind | null = national.length === 11 ? (first === '9' ? 'mobile' : null) : '2345'.includes(first) ? 'landline' : null;
  if (kind !== 'mobile' && mobileOnly) return { ok: false, problem: 'not-mobile' };
  if (kind === null) return { ok: false, problem: 'subscriber' };
  return { ok: true, kind, national, digits: `${BRAZIL_COUNTRY_CODE}${national}` };
}

/**
 * A stored number in international digits. Rows written before numbers carried the country code
 * hold 10 or 11 digits (DDD + subscriber): those get 55 in front; 12 or more digits already carry a
 * country code. Length, not the leading digits, decides (DDD 55 is Santa Maria).
 */
export function internationalPhoneDigits(stored: string): string {
  const digits = stored.replace(/\D/g, '');
  return digits.length === 10 || digits.length === 11 ? `${BRAZIL_COUNTRY_CODE}${digits}` : digits;
}

/**
 * How a person reads a stored number: '5511912345678' and '11912345678' are '(11) 91234-5678',
 * '551131234567' is '(11) 3123-4567'. Anything else (a foreign number, a broken row) is shown as stored.
 */
export function formatPhone(stored: string): string {
  const international = internationalPhoneDigits(stored);
  const match = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(international);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : stored;
}

/**
 * The field's text as the user types: the digits so far in the shape they will have, '(11) 9123',
 * '(11) 91234-5', '+55 (11) 91234-5678'. A subscriber starting with 9 is grouped 5 + 4, any other 4 + 4.
 * Text with anything but digits and separators, or more digits than a number has, comes back as typed
 * (the mask never hides what the server will refuse), and so does text ending in a separator just typed.
 */
export function maskPhoneInput(typed: string): string {
  // A separator just typed stays: '(' or '11 ' is where the person is going, not something to take back.
  if (/[\s().-]$/.test(typed)) return typed;
  const compact = typed.replace(SEPARATORS, '');
  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  if (!/^[0-9]*$/.test(digits)) return typed;
  if (digits === '') return plus ? '+' : '';
  const country = plus || digits.length > 11 ? digits.slice(0, 2) : '';
  if (country && country !== BRAZIL_COUNTRY_CODE) return typed;
  const national = digits.slice(country.length);
  if (national.length > 11) return typed;
  const prefix = country ? `+${country}${national ? ' ' : ''}` : '';
  if (national.length <= 2) return `${prefix}${national.length > 0 ? `(${national}` : ''}`;
  const ddd = national.slice(0, 2);
  const subscriber = national.slice(2);
  const head = subscriber.startsWith('9') ? 5 : 4;
  const grouped = subscriber.length > head ? `${subscriber.slice(0, head)}-${subscriber.slice(head)}` : subscriber;
  return `${prefix}(${ddd}) ${grouped}`;
}

/** The example every phone field shows. */
export const PHONE_PLACEHOLDER = '(11) 91234-5678';

/** Characters a phone field accepts: '+55 (11) 91234-5678' is 19. */
export const PHONE_INPUT_MAX_LENGTH = 25;

/**
 * Text that people typed (a client's name, a lawyer's name, a court's movement) on its way into a
 * message the platform sends: a WhatsApp text, a Cloud API template parameter, an e-mail header or
 * line (docs/product-rules.md, "Messages the platform sends").
 *
 * Flattened, it is one line: a line break, a tab, any other control character, Unicode's line and
 * paragraph separators and the bidirectional overrides (which reorder what the reader sees) each
 * become a space, runs of spaces become one, and the ends are trimmed. Then it is capped. A name with
 * "\r\n\r\nURGENTE: pague via PIX…" can then no longer open a paragraph of its own in the lawyer's
 * WhatsApp, and a Cloud API template parameter holds no line break, tab or run of spaces (Meta refuses them).
 */

// C0 and C1 controls (tab, CR, LF included), DEL, NEL, LINE and PARAGRAPH SEPARATOR, the bidi embeddings,
// overrides and isolates, zero-width and BOM characters, and every other kind of space.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const NOT_ON_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff\s]+/gu;

/** Marks a value cut at its cap. */
const ELLIPSIS = '…';

/**
 * `value` on one line, at most `maxLength` characters (code points; an ellipsis ends a cut value).
 * An empty or blank value stays empty: the caller decides what stands in for it.
 */
export function flattenText(value: string, maxLength: number): string {
  const flat = value.normalize('NFC').replace(NOT_ON_ONE_LINE, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= maxLength) return flat;
  return `${chars.slice(0, Math.max(0, maxLength - 1)).join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * A person's words inside a platform message: flattened, capped and between quotation marks, so
 * that they always read as a quote after the platform's fixed label ('Nome do cliente: "Maria"'),
 * never as the platform's own sentence. Quotation marks inside are kept as typed: the line cannot end
 * early, since it holds no line break.
 */
export function quotedText(value: string, maxLength: number): string {
  return `"${flattenText(value, maxLength) || '-'}"`;
}

/**
 * HTML written as strings: the public pages' hot paths (the search's results and cards, docs/decisions/0066)
 * and the e-mails. Every value that did not come from this file goes through escapeHtml, in text and in
 * attribute values alike (both are double-quoted here), with React's own entities, so that a string and a
 * component write the same bytes.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const NEEDS_ESCAPING = /[&<>"']/;

export function escapeHtml(value: string): string {
  // Most values (names, labels, slugs) need nothing: test before building a new string.
  return NEEDS_ESCAPING.test(value) ? value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : value;
}

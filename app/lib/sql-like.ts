/**
 * A LIKE/ILIKE pattern that finds `text` anywhere, its own '%', '_' and '\' taken literally (the
 * back office's searches by a part of a name or e-mail).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

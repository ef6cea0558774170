import { z } from 'zod';

// The query-string fields the back-office lists share: anything unexpected falls back, never an error.

/** `?pagina=`: a whole page number from 1; anything else is page 1. */
export const listPageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** `?q=`: the search text, trimmed, without NUL characters, cut at `maxLength`; anything else is no search. */
export function listSearchSchema(maxLength: number) {
  return z
    .string()
    .catch('')
    .transform((q) => q.replaceAll('\u0000', '').trim().slice(0, maxLength));
}

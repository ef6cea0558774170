import type { z } from 'zod';
import { readFormData } from './form-fields.server';

/** The first message of each field, by field name; an issue about the whole form is under 'form'. */
export type FieldErrors = Partial<Record<string, string>>;

/** The submitted values the page shows again: echoed text fields as strings, list fields as arrays. */
export type EchoedValues<Echo extends string, List extends string> = Record<Echo, string> & Record<List, string[]>;

export type ParsedForm<Data, Echo extends string, List extends string> =
  | { ok: true; data: Data; values: EchoedValues<Echo, List> }
  | { ok: false; errors: FieldErrors; values: EchoedValues<Echo, List> };

export interface ParseFormOptions<Echo extends string, List extends string> {
  /**
   * Text fields to show again in the form, each with the most characters echoed (the longest value the
   * schema accepts). Only the fields named here come back, always as strings: a password is never
   * echoed by accident, and a huge or non-text value never reaches the page.
   */
  echo?: Record<Echo, number>;
  /**
   * Fields sent once per checked box (`areasAtuacao`), each with the most items echoed: the schema gets
   * every text value as an array (empty when no box is checked), and the page gets at most that many
   * back, each capped at LIST_ITEM_MAX_LENGTH characters.
   */
  lists?: Record<List, number>;
}

/**
 * The message of a text with U+0000 in it, which no form needs and PostgreSQL cannot store in a text
 * column: refused here for every form (a 400 beside the field), never a failure in the database.
 */
export const NUL_CHARACTER_MESSAGE = 'O texto contém caracteres inválidos.';

/** The longest list item kept (catalogue ids are far shorter). */
export const LIST_ITEM_MAX_LENGTH = 100;

/**
 * Reads the submitted form and checks it with `schema`; returns the data, or the first error of each
 * field, with the values to show again either way. A body that is not a form counts as an empty form,
 * so a stray JSON post gets the schema's Portuguese messages and a 400, not a 500.
 *
 *   const form = await parseForm(request, loginSchema, { echo: { email: EMAIL_MAX_LENGTH } });
 *   if (!form.ok) return formError(form);
 */
export async function parseForm<Schema extends z.ZodType, Echo extends string = never, List extends string = never>(
  request: Request,
  schema: Schema,
  options: ParseFormOptions<Echo, List> = {},
): Promise<ParsedForm<z.output<Schema>, Echo, List>> {
  const formData = await readFormData(request);
  const fields: Record<string, unknown> = Object.fromEntries(formData);
  const withNul = new Set([...formData].filter(([, value]) => typeof value === 'string' && value.includes('\u0000')).map(([name]) => name));
  const values = {} as EchoedValues<Echo, List>;
  for (const [name, maxItems] of entries(options.lists)) {
    const items = formData.getAll(name).filter((v): v is string => typeof v === 'string');
    fields[name] = items;
    (values as Record<string, string[]>)[name] = items.slice(0, maxItems).map((item) => withoutNul(item.slice(0, LIST_ITEM_MAX_LENGTH)));
  }
  for (const [name, maxLength] of entries(options.echo)) {
    const value = fields[name];
    (values as Record<string, string>)[name] = typeof value === 'string' ? withoutNul(value.slice(0, maxLength)) : '';
  }
  const parsed = await schema.safeParseAsync(fields);
  if (parsed.success && withNul.size === 0) return { ok: true, data: parsed.data, values };
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const name of withNul) errors[name] = NUL_CHARACTER_MESSAGE;
  return { ok: false, errors, values };
}

function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** The first message of each field, for showing beside it. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

function entries<Name extends string>(record: Record<Name, number> | undefined): Array<[Name, number]> {
  return Object.entries(record ?? {}) as Array<[Name, number]>;
}

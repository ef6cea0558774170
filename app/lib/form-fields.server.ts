/**
 * The fields of a submitted form as a plain object, for a zod schema to check. A body that is not a
 * form (JSON, empty, malformed) gives no fields, so the schema answers with its Portuguese messages
 * and a 400 instead of the request failing with a 500.
 */
export async function formFields(request: Request): Promise<Record<string, FormDataEntryValue>> {
  const form = await request.formData().catch(() => new FormData());
  return Object.fromEntries(form);
}

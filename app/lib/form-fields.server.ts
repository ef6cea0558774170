/**
 * The submitted form, for parseForm. A body that is not a form (JSON, empty, malformed) is read as an
 * empty form, so the schema answers with its Portuguese messages and a 400 instead of a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

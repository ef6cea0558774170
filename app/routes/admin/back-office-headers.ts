/**
 * What every back-office response carries: never kept by a shared cache or shown again from the
 * browser's cache after logout, never indexed. The /admin/* layout's middleware sets them on every
 * response under it; the entrance pages (/admin, /bootstrap-superadmin) use `backOfficeHeaders`.
 */
export const BACK_OFFICE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

/** A route's `headers` export: the back-office headers, plus the action's Retry-After of a 429. */
export function backOfficeHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers(BACK_OFFICE_HEADERS);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

/** The route `handle` of back-office pages: the root layout leaves out the public header and footer. */
export const BACK_OFFICE_HANDLE = { backOffice: true } as const;

/**
 * Calling a route module's loader or action in an integration test, as React Router would: the
 * argument object, and a form POST with repeated fields for lists (checkboxes) and the client IP header
 * the Express server sets from the socket.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {}, url: new URL(request.url), pattern: '' }) as any;
/* eslint-enable @typescript-eslint/no-explicit-any */

export function formPost(path: string, fields: Record<string, string | string[]>, ip = '203.0.113.80'): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    body: new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, v]) : [[name, value]]))),
    headers: { 'x-jusconecta-client-ip': ip },
  });
}

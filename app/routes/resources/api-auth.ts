import { clientIp, getAuth } from '~/auth/auth.server';
import { hitRateLimit, tooManyRequestsResponse } from '~/lib/rate-limit.server';
import type { Route } from './+types/api-auth';

/**
 * better-auth's HTTP endpoints (/api/auth/*): only those the product uses are reachable (an allowlist);
 * everything else, sign-up included, answers 404. Registration and password flows call
 * `getAuth().api.*` in process from their own routes. Failed sign-ins are throttled per IP and account
 * by better-auth's hooks (app/auth/auth.server.ts), the same check the /login form goes through.
 */
const ALLOWED = new Set([
  'GET /api/auth/get-session',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  // The confirmation e-mail's link (app/modules/accounts/registration.server.ts), then /auth-callback.
  'GET /api/auth/verify-email',
]);

/** A general cap on /api/auth requests per client IP (better-auth's own limiter is off). */
export const API_AUTH_LIMIT = { max: 60, windowMs: 60_000 } as const;

async function handle(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (!ALLOWED.has(`${request.method} ${pathname}`)) {
    return Response.json({ message: 'Não encontrado' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const now = new Date();
  const hit = await hitRateLimit(`api-auth:ip:${clientIp(request.headers)}`, API_AUTH_LIMIT.windowMs, now);
  if (hit.count > API_AUTH_LIMIT.max) {
    return tooManyRequestsResponse(Math.max(1, Math.ceil((hit.windowEndsAt.getTime() - now.getTime()) / 1000)));
  }
  return getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}

import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import type * as SessionModule from '~/auth/session.server';
import { selectRows } from '~/db/client.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { NOT_A_SUPERADMIN_MESSAGE } from '~/modules/accounts/superadmins.schemas';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import routes from '~/routes';
import { createLawyer } from '../factories/lawyers';

// The back office's authorisation matrix (docs/decisions/0018). Every route under /admin/ is read from
// app/routes.ts, so a page or action added later is in this matrix without anyone editing it. Each of
// its loaders and actions is requested as a visitor, a pending lawyer, an approved lawyer and a
// superadmin: all must call the one guard (requireSuperadmin); only the superadmin gets through; for
// the others the answer is the guard's redirect to /admin and the database is exactly as it was.

/** Every call of the guard, with how it ended. */
const guard = vi.hoisted(() => ({ outcomes: [] as Array<'passed' | 'refused'> }));
vi.mock('~/auth/session.server', async (importOriginal) => {
  const original = await importOriginal<typeof SessionModule>();
  return {
    ...original,
    requireSuperadmin: async (request: Request) => {
      try {
        const user = await original.requireSuperadmin(request);
        guard.outcomes.push('passed');
        return user;
      } catch (error) {
        guard.outcomes.push('refused');
        throw error;
      }
    },
  };
});

const ADMIN_LAYOUT = 'routes/admin/admin-layout.tsx';

interface AdminRoute {
  /** The file of the route module, relative to app/. */
  file: string;
  /** A URL that reaches it (a layout: the URL of its first page). */
  url: string;
  /** The files of the routes it is nested in, outermost first. */
  ancestors: string[];
  /** The URL's params (every dynamic segment gets the id of a real pending lawyer). */
  params: Record<string, string>;
}

/** Every route whose URL is under /admin/, and every layout that holds one, from the route config. */
function adminRoutes(entries: RouteConfigEntry[], parentPath = '', ancestors: string[] = []): AdminRoute[] {
  const found: AdminRoute[] = [];
  for (const entry of entries) {
    const fullPath = [parentPath, entry.path ?? ''].filter(Boolean).join('/');
    const inner = adminRoutes(entry.children ?? [], fullPath, [...ancestors, entry.file]);
    if (/^admin\//.test(fullPath)) found.push({ file: entry.file, url: `/${fullPath}`, ancestors, params: {} });
    else if (inner.length > 0 && !entry.path) found.push({ file: entry.file, url: inner[0]!.url, ancestors, params: {} });
    found.push(...inner);
  }
  return found;
}

const ADMIN_ROUTES = adminRoutes(routes);

/** Fills the dynamic segments of a route URL: ':id' (and ':id?') with `id`, '*' with it too. */
function concreteUrl(route: AdminRoute, id: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = route.url.split('/').map((segment) => {
    if (segment === '*') return (params['*'] = id);
    if (!segment.startsWith(':')) return segment;
    return (params[segment.replace(/^:|\?$/g, '')] = id);
  });
  return { url: `http://localhost:3000${segments.join('/')}`, params };
}

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  middleware?: Array<(args: unknown, next: () => Promise<Response>) => unknown>;
};

async function load(file: string): Promise<RouteModule> {
  return import(/* @vite-ignore */ path.resolve('app', file));
}

type Role = 'visitor' | 'pending lawyer' | 'approved lawyer' | 'superadmin';
const ROLES: Role[] = ['visitor', 'pending lawyer', 'approved lawyer', 'superadmin'];
const PASSWORD = 'senha-certa-123';

/** A signed-in user of the role (a cookie), and a pending lawyer whose id goes in URLs and forms. */
async function actAs(role: Role): Promise<{ cookie: string | null; targetId: string }> {
  const target = await createLawyer({ status: 'pending', email: 'alvo.pendente@exemplo.adv.br' });
  const email = { visitor: null, 'pending lawyer': 'pendente@exemplo.adv.br', 'approved lawyer': 'aprovada@exemplo.adv.br', superadmin: 'admin@exemplo.com.br' }[role];
  if (!email) return { cookie: null, targetId: target.id };
  if (role === 'superadmin') await createSuperadmin({ nome: 'Administradora', email, password: PASSWORD });
  else await createLawyer({ status: role === 'pending lawyer' ? 'pending' : 'approved', email, password: PASSWORD });
  const login = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.50' }));
  return { cookie: login.setCookies.map((c) => c.split(';')[0]).join('; '), targetId: target.id };
}

/** A digest of every row of every table of the app: equal before and after means nothing changed. */
let tableNames: string[] | undefined;
async function databaseDigest(): Promise<string> {
  tableNames ??= (await selectRows<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map((t) => t.name);
  // One statement for every table (a round trip each would be most of this file's time).
  const rows = await selectRows<{ name: string; digest: string | null }>(
    sql.raw(tableNames.map((name) => `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`).join('\nunion all\n')),
  );
  return rows.map((row) => `${row.name}:${row.digest}`).join('\n');
}

/** A form that tempts every action there may be: ids of the pending lawyer, approve, delete, resend. */
function temptingForm(id: string): URLSearchParams {
  return new URLSearchParams({
    intent: 'aprovar',
    acao: 'aprovar',
    lawyerId: id,
    lawyer_id: id,
    id,
    userId: id,
    status: 'approved',
    reason: 'Teste de autorização',
    confirmacao: 'EXCLUIR',
    messageId: id,
  });
}

type Outcome = { redirect: string | null; status: number; setCookies: string[] };

/** What a loader or action answered, thrown or returned, as the browser would see it; a crash fails the test. */
async function outcomeOf(call: () => unknown): Promise<Outcome> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (thrown) {
    answer = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  if (answer instanceof Response) {
    const redirect = answer.status >= 300 && answer.status < 400 ? answer.headers.get('Location') : null;
    return { redirect, status: answer.status, setCookies: answer.headers.getSetCookie() };
  }
  if (isDataWithInit(answer)) return { redirect: null, status: answer.init?.status ?? 200, setCookies: [] };
  return { redirect: null, status: 200, setCookies: [] };
}

function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

describe('the list of back-office routes comes from app/routes.ts', () => {
  test('it holds the dashboard, the audit log and the logout, and every /admin/* route is inside the guarded layout', async () => {
    const files = ADMIN_ROUTES.map((r) => r.file);
    expect(files).toEqual(expect.arrayContaining([ADMIN_LAYOUT, 'routes/admin/dashboard.tsx', 'routes/admin/audit-log.tsx', 'routes/admin/logout.ts']));
    for (const route of ADMIN_ROUTES.filter((r) => r.file !== ADMIN_LAYOUT)) expect(route.ancestors, route.url).toContain(ADMIN_LAYOUT);
    expect((await load(ADMIN_LAYOUT)).middleware).toHaveLength(1);
  });

  test('every page under /admin/ has a loader or an action that can be checked', async () => {
    for (const route of ADMIN_ROUTES) {
      const module = await load(route.file);
      expect(Boolean(module.loader || module.action), route.file).toBe(true);
    }
  });
});

const MODULES = new Map(await Promise.all(ADMIN_ROUTES.map(async (route) => [route.file, await load(route.file)] as const)));
const cases = ADMIN_ROUTES.flatMap((route) =>
  (['loader', 'action'] as const).filter((kind) => MODULES.get(route.file)?.[kind]).map((kind) => ({ route, kind, name: `${kind} of ${route.file} (${route.url})` })),
);

describe.each(cases)('$name', ({ route, kind }) => {
  test.each(ROLES)('requested as: %s', async (role) => {
    const handler = MODULES.get(route.file)![kind]!;

    const { cookie, targetId } = await actAs(role);
    const { url, params } = concreteUrl(route, targetId);
    const headers = new Headers({ [CLIENT_IP_HEADER]: '203.0.113.50', origin: 'http://localhost:3000' });
    if (cookie) headers.set('cookie', cookie);
    const request =
      kind === 'loader'
        ? new Request(url, { headers })
        : new Request(url, { method: 'POST', headers: { ...Object.fromEntries(headers), 'content-type': 'application/x-www-form-urlencoded' }, body: temptingForm(targetId) });

    const before = await databaseDigest();
    guard.outcomes.length = 0;
    const outcome = await outcomeOf(() => handler({ request, params, context: new RouterContextProvider() }));

    // Whoever asks, the guard is what decides (and is asked first: nothing ran before a refusal).
    expect(guard.outcomes[0], 'the guard was not called').toBeDefined();
    if (role === 'superadmin') {
      expect(guard.outcomes).not.toContain('refused');
      expect(outcome.status).toBeLessThan(500);
      return;
    }
    expect(guard.outcomes).toEqual(['refused']);
    expect(outcome.redirect).toBe('/admin');
    const toast = outcome.setCookies.some((c) => c.includes(encodeURIComponent(NOT_A_SUPERADMIN_MESSAGE)));
    expect(toast).toBe(role !== 'visitor');
    expect(await databaseDigest()).toBe(before);
  });
});

describe('the /admin/* layout middleware', () => {
  test.each(ROLES)('requested as: %s', async (role) => {
    const [middleware] = (await load(ADMIN_LAYOUT)).middleware!;
    const { cookie } = await actAs(role);
    const request = new Request('http://localhost:3000/admin/dashboard', { headers: cookie ? { cookie } : {} });
    const next = vi.fn(async () => new Response('página', { headers: { 'Cache-Control': 'public, max-age=60' } }));
    const outcome = await outcomeOf(() => middleware!({ request, params: {}, context: new RouterContextProvider() }, next));
    if (role === 'superadmin') {
      expect(next).toHaveBeenCalledOnce();
      expect(outcome.status).toBe(200);
      return;
    }
    expect(next).not.toHaveBeenCalled();
    expect(outcome.redirect).toBe('/admin');
  });

  test('marks every answer under /admin/ private, not stored and not indexed', async () => {
    const [middleware] = (await load(ADMIN_LAYOUT)).middleware!;
    const { cookie } = await actAs('superadmin');
    const request = new Request('http://localhost:3000/admin/dashboard', { headers: { cookie: cookie! } });
    const response = (await middleware!({ request, params: {}, context: new RouterContextProvider() }, async () => new Response('página', { headers: { 'Cache-Control': 'public, max-age=60' } }))) as Response;
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  });
});

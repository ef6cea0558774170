import http from 'node:http';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { newClientAddress } from './support/browser';
import { fixtures } from './support/fixtures';
import { residentMiB } from './support/own-server';

// What an attacker tries from outside, on the shared server with accounts of this file's own (the
// fixture door, docs/decisions/0035): an account refused to this file's address for fifteen minutes is this file's superadmin,
// the sessions and statistics are this file's lawyer's, and the shared server's memory is measured
// (files run one at a time): brute force, huge bodies, inflated statistics.

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let LAWYER: { email: string; password: string; slug: string };
let SUPERADMIN: { email: string; password: string };

const server = { baseURL: inject('baseURL'), child: { pid: inject('serverPid') } };
/** This file's client address (the shared server trusts the loopback proxy's X-Forwarded-For): its sign-in failures count apart. */
const FROM = { 'x-forwarded-for': newClientAddress() };
beforeAll(async () => {
  LAWYER = await fixtures.lawyer({ copyOfDemoLawyer: true });
  SUPERADMIN = await fixtures.superadmin();
});

function loginForm(email: string, password: string) {
  return fetch(`${server.baseURL}/login`, { method: 'POST', headers: FROM, body: new URLSearchParams({ email, password }), redirect: 'manual' });
}

/** The session cookie of a successful form login. */
async function sessionCookie(email: string, password: string): Promise<string> {
  const response = await loginForm(email, password);
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** The figures of the lawyer area's two statistics cards ('Últimos 30 dias'). */
async function dashboardFigures(cookie: string): Promise<{ views: number; clicks: number }> {
  const html = await (await fetch(`${server.baseURL}/area-advogado`, { headers: { cookie } })).text();
  const figure = (title: string) => {
    const match = new RegExp(`${title}</h3>[\\s\\S]*?text-4xl[^>]*>([\\d.]+)<`).exec(html);
    if (!match) throw new Error(`no '${title}' card in:\n${html.slice(0, 500)}`);
    return Number(match[1]!.replace(/\./g, ''));
  };
  return { views: figure('Acessos ao Perfil'), clicks: figure('Cliques WhatsApp') };
}

describe('statistics', () => {
  test('many views and clicks from one visitor count once; a click beacon from another site is refused', async () => {
    const cookie = await sessionCookie(LAWYER.email, LAWYER.password);
    const before = await dashboardFigures(cookie);

    const views = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${server.baseURL}/advogado/${LAWYER.slug}`, { headers: { 'user-agent': BROWSER_UA } }).then((r) => r.status)),
    );
    expect(new Set(views)).toEqual(new Set([200]));
    const click = () =>
      fetch(`${server.baseURL}/api/cliques-whatsapp`, {
        method: 'POST',
        headers: { 'user-agent': BROWSER_UA, origin: server.baseURL },
        body: new URLSearchParams({ advogado: LAWYER.slug, origem: 'perfil_advogado' }),
      }).then((r) => r.status);
    expect(new Set(await Promise.all(Array.from({ length: 20 }, click)))).toEqual(new Set([204]));

    const crossSite = await fetch(`${server.baseURL}/api/cliques-whatsapp`, {
      method: 'POST',
      headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Safari/605.1.15', origin: 'https://outro-site.example' },
      body: new URLSearchParams({ advogado: LAWYER.slug, origem: 'perfil_advogado' }),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: expect.stringContaining('outro site') });

    // Events are written about once a second: wait until they show, then once more for a late batch.
    let after = before;
    for (let i = 0; i < 100 && (after.views === before.views || after.clicks === before.clicks); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await dashboardFigures(cookie);
    }
    await new Promise((r) => setTimeout(r, 1_500));
    after = await dashboardFigures(cookie);
    expect(after).toEqual({ views: before.views + 1, clicks: before.clicks + 1 });
  });
});

describe('sessions', () => {
  const areaStatus = async (cookie: string) => (await fetch(`${server.baseURL}/area-advogado`, { headers: { cookie }, redirect: 'manual' })).status;

  test('a user keeps at most five sessions, and logout ends its session on the server', async () => {
    const cookies: string[] = [];
    for (let i = 0; i < 7; i++) cookies.push(await sessionCookie(LAWYER.email, LAWYER.password));
    const statuses = await Promise.all(cookies.map(areaStatus));
    expect(statuses).toEqual([302, 302, 200, 200, 200, 200, 200]);

    const newest = cookies.at(-1)!;
    const logout = await fetch(`${server.baseURL}/logout`, { method: 'POST', headers: { cookie: newest }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    // Even a client that keeps the old cookie is signed out.
    expect(await areaStatus(newest)).toBe(302);
    expect(await areaStatus(cookies.at(-2)!)).toBe(200);
  });
});

describe('sign-in brute force', () => {
  test('after 10 wrong passwords from one address the account answers it 429 in Portuguese, on the form and on the API, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await loginForm(SUPERADMIN.email, `senha-errada-${i}`);
      expect(response.status).toBe(400);
    }
    const blocked = await loginForm(SUPERADMIN.email, SUPERADMIN.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain('Muitas tentativas. Aguarde');

    const api = await fetch(`${server.baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...FROM },
      body: JSON.stringify({ email: SUPERADMIN.email.toUpperCase(), password: SUPERADMIN.password }),
    });
    expect(api.status).toBe(429);
    expect(((await api.json()) as { message: string }).message).toContain('Muitas tentativas');

    // Another account from the same address is not locked by it, nor the same account from another address.
    expect((await loginForm(LAWYER.email, LAWYER.password)).status).toBe(302);
    const elsewhere = await fetch(`${server.baseURL}/admin`, {
      method: 'POST',
      headers: { 'x-forwarded-for': newClientAddress() },
      body: new URLSearchParams({ email: SUPERADMIN.email, password: SUPERADMIN.password }),
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toBe('/admin/dashboard');
  });

  test('20 wrong passwords from 20 addresses leave the owner able to log in, at /admin and at /login', async () => {
    const owner = await fixtures.superadmin();
    const adminForm = (password: string, address: string) =>
      fetch(`${server.baseURL}/admin`, {
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: new URLSearchParams({ email: owner.email, password }),
        redirect: 'manual',
      });
    const wrong = await Promise.all(Array.from({ length: 20 }, (_, i) => adminForm(`senha-errada-${i}`, newClientAddress()).then((r) => r.status)));
    expect(new Set(wrong)).toEqual(new Set([400]));

    const entrance = await adminForm(owner.password, newClientAddress());
    expect(entrance.status).toBe(302);
    expect(entrance.headers.get('location')).toBe('/admin/dashboard');
    const login = await fetch(`${server.baseURL}/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': newClientAddress() },
      body: new URLSearchParams({ email: owner.email, password: owner.password }),
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
  });

  test('sign-up and the endpoints the product does not use are not reachable', async () => {
    const signUp = await fetch(`${server.baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...FROM },
      body: JSON.stringify({ email: 'intruso@exemplo.com.br', password: 'senha-123456', name: '<b>x</b>' }),
    });
    expect(signUp.status).toBe(404);
    expect((await fetch(`${server.baseURL}/api/auth/list-sessions`)).status).toBe(404);
    const retry = await loginForm('intruso@exemplo.com.br', 'senha-123456');
    expect(retry.status).toBe(400);
  });
});

/** Posts `bytes` of body (declared with Content-Length) and resolves with the status, or 'reset' if cut. */
function postLarge(path: string, bytes: number): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const request = http.request(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(bytes) },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve('reset'));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe('request bodies', () => {
  test('1 MB bodies are refused with 413 in Portuguese, and the process does not grow', async () => {
    const page = await fetch(`${server.baseURL}/login`, { method: 'POST', body: 'email='.padEnd(1024 * 1024, 'a') });
    expect(page.status).toBe(413);
    expect(await page.text()).toContain('Envio muito grande');

    const baseline = residentMiB(server.child.pid!);
    const statuses = await Promise.all([
      ...Array.from({ length: 8 }, () => postLarge('/login', 1024 * 1024)),
      ...Array.from({ length: 8 }, () => postLarge('/api/cliques-whatsapp', 1024 * 1024)),
      postLarge('/login', 50 * 1024 * 1024),
    ]);
    for (const status of statuses) expect([413, 'reset']).toContain(status);
    expect(residentMiB(server.child.pid!) - baseline).toBeLessThan(40);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });
});

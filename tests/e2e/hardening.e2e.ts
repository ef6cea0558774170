import { expect, inject, test } from 'vitest';
import { expect as pageExpect, test as pageTest } from './support/browser';

// The public server as an attacker or a careless client meets it: HEAD requests, cache-busting query
// strings, malformed URLs, posts from other sites, and the security headers of every page.
const baseURL = inject('baseURL');
const PROFILE = '/advogado/anabeatrizcarvalho';

test('a HEAD request never blanks a page: the next GET has the whole page, cached or not', async () => {
  for (const path of ['/', '/busca?cidade=mg_belo_horizonte', PROFILE, '/blog']) {
    for (let round = 0; round < 2; round++) {
      const head = await fetch(`${baseURL}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      const get = await fetch(`${baseURL}${path}`);
      expect(get.status).toBe(200);
      const html = await get.text();
      expect(html.length).toBeGreaterThan(5_000);
      expect(html.trimEnd()).toMatch(/<\/html>$/);
    }
  }
});

test('unknown query parameters share the cached page instead of making new ones', async () => {
  await fetch(`${baseURL}/busca?area=familia`);
  const busted = await fetch(`${baseURL}/busca?area=familia&cb=${Math.random()}`);
  expect(busted.status).toBe(200);
  expect(busted.headers.get('x-cache')).toBe('HIT');
  expect(await busted.text()).toMatch(/\d+ advogados? encontrados?/);
});

test('malformed URLs answer 404 with a Portuguese page, never 500', async () => {
  for (const path of ['/%C0', '/advogado/%C3%28', '/assets/%C0', '/advogado/%00', '/busca/%E0%A4%A']) {
    const response = await fetch(`${baseURL}${path}`);
    expect(response.status, path).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Página não encontrada');
  }
  const beacon = await fetch(`${baseURL}/api/cliques-whatsapp`, { method: 'POST', body: new URLSearchParams({ advogado: 'ana\u0000', origem: 'perfil_advogado' }) });
  expect(beacon.status).toBe(400);
  expect(await beacon.json()).toEqual({ error: 'Clique inválido' });
});

test('a form posted from another site is refused with 403 in Portuguese', async () => {
  for (const path of ['/login', '/logout']) {
    const response = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { origin: 'https://outro-site.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.com&password=123456',
      redirect: 'manual',
    });
    expect(response.status, path).toBe(403);
    const html = await response.text();
    expect(html).toContain('Requisição recusada');
    expect(html).toContain('veio de outro site');
  }
});

test('an echoed e-mail is capped: a 3 KB address comes back short', async () => {
  const email = `${'a'.repeat(3_000)}@exemplo.com.br`;
  const response = await fetch(`${baseURL}/login`, { method: 'POST', body: new URLSearchParams({ email, password: 'senha-123456' }) });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain('Email inválido');
  expect(html).not.toContain('a'.repeat(300));
});

test('the search page: titles, canonical URLs, strict page numbers, and pages past the last one', async () => {
  const city = await (await fetch(`${baseURL}/busca?cidade=mg_belo_horizonte`)).text();
  expect(city).toContain('<title>Advogados em Belo Horizonte - MG');

  for (const path of ['/BUSCA', '/busca/', '/Busca/?area=familia']) {
    const response = await fetch(`${baseURL}${path}`, { redirect: 'manual' });
    expect(response.status, path).toBe(301);
    expect(new URL(response.headers.get('location')!, baseURL).pathname).toBe('/busca');
  }

  const hex = await (await fetch(`${baseURL}/busca?pagina=0x10`)).text();
  expect(hex).toMatch(/<link rel="canonical" href="[^"]*\/busca"/);

  const past = await fetch(`${baseURL}/busca?pagina=999`);
  expect(past.status).toBe(404);
  const html = await past.text();
  expect(html).toContain('Esta página não existe');
  expect(html).toMatch(/<meta name="robots" content="noindex/);
});

test('pages carry a Content-Security-Policy whose nonce is on every inline script and style', async () => {
  for (const path of ['/', PROFILE, '/login']) {
    const response = await fetch(`${baseURL}${path}`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce, path).toBeTruthy();
    const html = await response.text();
    // Inline scripts that run (JSON-LD is data, which CSP does not govern).
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    // The app's pages boot React Router inline; the public pages have no inline script, their stylesheet is
    // inline instead (docs/decisions/0060).
    const styles = [...html.matchAll(/<style([^>]*)>/g)];
    expect(scripts.length + styles.length, path).toBeGreaterThan(0);
    if (path !== '/login') expect(styles.length, path).toBe(1);
    for (const [, attributes] of [...scripts, ...styles]) expect(attributes).toContain(`nonce="${nonce}"`);
  }
});

pageTest('the pages work under the policy (hydrated or with their own script), without a console error', async ({ page }) => {
  await page.goto(PROFILE);
  await pageExpect(page.getByRole('heading', { level: 1, name: 'Ana Beatriz Carvalho' })).toBeVisible();
  await page.goto('/busca');
  await page.getByLabel('Área de atuação').selectOption({ label: 'Direito de Família' });
  await page.getByRole('button', { name: 'Buscar Advogados' }).click();
  await pageExpect(page).toHaveURL(/area=familia/);
});

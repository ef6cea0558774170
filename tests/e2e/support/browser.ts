import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type ConsoleMessage, type Locator, type Page } from 'playwright-core';
import { test as base, expect, inject } from 'vitest';

// Copied from app/modules/demo/demo-seed.server.ts (DEMO_LAWYER_LOGIN, DEMO_SUPERADMIN_LOGIN): importing
// that module here would open the database in the test process.
const DEMO_LOGINS = {
  lawyer: { email: 'advogada@demo.jusconecta.com.br', password: 'demo-advogada-2025' },
  superadmin: { email: 'admin@demo.jusconecta.com.br', password: 'demo-admin-2025' },
} as const;
export type DemoRole = keyof typeof DEMO_LOGINS;

/**
 * The Chromium the journeys drive: CHROMIUM_PATH when set, else Debian's headless shell when installed
 * (the same Blink as the browser without its windowing layers: Playwright's own choice for headless
 * runs, and about 2.5 times less CPU than the full browser here), else Debian's Chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 360, height: 740 },
} as const;

export interface PageOptions {
  viewport?: keyof typeof VIEWPORTS;
  /** false renders only what the server sends, as for a visitor without JavaScript. */
  javaScriptEnabled?: boolean;
  /**
   * The client address the shared server sees (X-Forwarded-For; it trusts the loopback proxy): a fresh
   * one per context unless given, so that per-address limits count each test apart.
   */
  clientAddress?: string;
}

export interface E2EFixtures {
  /** The server started by tests/e2e/global-setup.ts. */
  baseURL: string;
  /** One Chromium per test file. */
  browser: Browser;
  /** Opens a page in a fresh browser context; closed, and checked for console errors, after the test. */
  openPage: (options?: PageOptions) => Promise<Page>;
  /** A desktop page with JavaScript, the common case. */
  page: Page;
}

/**
 * The end-to-end `test`: `test('…', async ({ page }) => …)`. A console error or an uncaught exception in
 * any page of the test fails it (the Epic Stack's rule), even when every assertion passed.
 */
export const test = base.extend<E2EFixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: [async ({}, provide) => provide(inject('baseURL')), { scope: 'file' }],
  browser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const browser = await chromium.launch({
        executablePath: chromiumPath(),
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
      await provide(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  // Vitest calls a fixture's second argument `use`; named `provide` here so the React hooks lint rule leaves it alone.
  openPage: async ({ browser, baseURL }, provide) => {
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    await provide(async ({ viewport = 'desktop', javaScriptEnabled = true, clientAddress = newClientAddress() } = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: VIEWPORTS[viewport],
        javaScriptEnabled,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
      });
      contexts.push(context);
      context.on('page', (page) => watchForErrors(page, errors));
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
    if (errors.length > 0) throw new Error(`The browser reported errors:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  },
  page: async ({ openPage }, provide) => {
    await provide(await openPage());
  },
});

/** How long the page assertions below wait for the page to get there. */
const ASSERTION_TIMEOUT_MS = 10_000;

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- must match Vitest's own declaration to merge with it
  interface Matchers<T = any> {
    /** Waits until the locator matches one visible element (`.not`: until it is hidden or gone). */
    toBeVisible(): Promise<T>;
    /** Waits until the page's path and query (or whole URL, for a RegExp) match. */
    toHaveURL(expected: string | RegExp): Promise<T>;
  }
}

// Auto-waiting assertions in the manner of Playwright Test, so that journeys wait for what the user
// would see instead of sleeping.
expect.extend({
  async toBeVisible(locator: Locator) {
    const state = this.isNot ? 'hidden' : 'visible';
    try {
      await locator.waitFor({ state, timeout: ASSERTION_TIMEOUT_MS });
      return { pass: !this.isNot, message: () => `${locator} is ${state}` };
    } catch (error) {
      return { pass: this.isNot, message: () => `expected ${locator} to be ${state}: ${(error as Error).message}` };
    }
  },
  async toHaveURL(page: Page, expected: string | RegExp) {
    if (this.isNot) throw new Error('toHaveURL does not support .not');
    const matches = (url: URL) => (typeof expected === 'string' ? url.pathname + url.search === expected : expected.test(url.href));
    try {
      await page.waitForURL(matches, { timeout: ASSERTION_TIMEOUT_MS, waitUntil: 'commit' });
      return { pass: true, message: () => `the page is at ${page.url()}` };
    } catch {
      return { pass: false, message: () => `expected the page to be at ${String(expected)}, but it is at ${page.url()}` };
    }
  },
});

export { expect };

/** The CRM board's forms post here from the page's JavaScript (app/routes/lawyer/crm-api.ts): their data request. */
const FORM_DATA_PATHS = new Set(['/area-advogado/crm']);

/**
 * Chromium logs every HTTP error status as a console error. The status of a page, or of the data
 * request of a page or form (React Router's `<path>.data`, the CRM's JSON endpoint), is part of the
 * journey and its test checks what the visitor sees instead; any other failed resource (a script, a
 * style, another API call) is an error.
 */
function isExpectedStatusMessage(message: ConsoleMessage, page: Page): boolean {
  if (!message.text().startsWith('Failed to load resource: the server responded with a status of')) return false;
  const resource = message.location().url;
  const { pathname } = new URL(resource);
  return resource === page.url() || pathname.endsWith('.data') || FORM_DATA_PATHS.has(pathname);
}

function watchForErrors(page: Page, errors: string[]) {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' || isExpectedStatusMessage(message, page)) return;
    const { url, lineNumber } = message.location();
    errors.push(`console.error on ${page.url()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught exception on ${page.url()}: ${error.stack ?? error.message}`));
}

/** A client address of its own (an IPv4 in 10.0.0.0/8) for a browser context or a fetch (`X-Forwarded-For`). */
export function newClientAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${1 + (bytes[2]! % 254)}`;
}

/**
 * Logs in through the real /login form as one of the demo accounts seeded by SEED_DEMO=true, or with
 * the login given (a lawyer created by `fixtures.lawyer()`, tests/e2e/support/fixtures.ts).
 */
export async function login(page: Page, role: DemoRole | { email: string; password: string } = 'lawyer') {
  const { email, password } = typeof role === 'string' ? DEMO_LOGINS[role] : role;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Resolves once the page's browser code runs: React has hydrated a page of the app, or a page rendered
 * on the server only has run its own script (app/browser/public-pages.ts, docs/decisions/0060), so that
 * client-side handlers (such as the WhatsApp link's click report) are attached. Server-rendered links
 * and forms work before that.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.script === 'ready') return true;
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
}

/** The path and query of the page's URL, e.g. '/busca?area=familia'. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Submits the back office's entrance (/admin) with the demo superadmin, or the login given. */
export async function submitAdminLogin(page: Page, { email, password }: { email: string; password: string } = DEMO_LOGINS.superadmin) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs the demo superadmin (or the login given) in at /admin and waits for 'Dashboard Admin'. */
export async function signInAsSuperadmin(page: Page, credentials?: { email: string; password: string }) {
  await submitAdminLogin(page, credentials);
  await expect(page).toHaveURL('/admin/dashboard');
}

/** A toast (or any status message) with the text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Whether this run keeps screenshots to look at: `E2E_SCREENSHOTS=1` (`npm run test:e2e:screenshots`). */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * A screenshot in test-results/screenshots/<name>.png, to look at: the whole page, or with
 * `{ fullPage: false }` what the screen shows. Only when E2E_SCREENSHOTS=1: nobody looks at a CI run's
 * pictures, and a full-page PNG costs the browser a second of a 2-core machine (docs/decisions/0054).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}

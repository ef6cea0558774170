import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * The CRM board with 2,000 leads: one lawyer (created through the app's own write path) whose board
 * holds BOARD_LEADS leads over the five default stages; then, against the running server, the time the
 * server takes to answer /area-advogado?section=crm (signed in, one request at a time) and the time a
 * headless Chromium takes from navigation until the board is interactive: hydrated, with its drag and
 * drop running (the board sets `data-board-ready` in its first effect, after the whole page hydrated).
 * The columns show their most recent cards (CARDS_PER_COLUMN_FIRST each); every lead is in the data.
 */

export const BOARD_LEADS = 2_000;
export const BOARD_PATH = '/area-advogado?section=crm';
const LOGIN = { email: 'quadro@bench.jusconecta.com.br', password: 'bench-quadro-senha-2025' };

export interface BoardFigures {
  leads: number;
  /** Median and worst of the signed-in server answers (whole body read), one at a time, after one warm-up. */
  serverMedianMs: number;
  serverMaxMs: number;
  serverSamples: number;
  /** The page's HTML (uncompressed), KiB. */
  htmlKiB: number;
  /** Cards in the HTML (the columns' first cards). */
  cardsShown: number;
  /** Median of `interactiveRuns` cold page loads in Chromium: navigation start until the board is interactive. */
  interactiveMedianMs: number;
  interactiveRuns: number[];
}

/**
 * Creates the board's lawyer and leads. Run in the bench process after its database connection was
 * released (the app's client opens it again, writes, closes): the server has not started yet.
 */
export async function seedBoard(serverEnv: Record<string, string>): Promise<{ lawyerId: string; seconds: number }> {
  const started = performance.now();
  const client = await import('../app/db/client.server');
  const { createLawyerAccounts } = await import('../app/modules/lawyers/lawyer-writes.server');
  const { insertLeadsForLawyer } = await import('../app/modules/demo/demo-seed.server');
  const { generateDemoLeads } = await import('../app/modules/demo/demo-leads');
  const target = serverEnv.DATABASE_URL
    ? ({ kind: 'postgres', url: serverEnv.DATABASE_URL, poolSize: 2 } as const)
    : ({ kind: 'pglite', directory: path.join(serverEnv.DATA_DIR!, 'pglite') } as const);
  await client.openDatabase(target);
  try {
    const [lawyer] = await createLawyerAccounts([
      {
        nome: 'Quadro Cheio da Silva',
        email: LOGIN.email,
        password: LOGIN.password,
        numeroOab: '990001',
        oabUf: 'SP',
        whatsapp: '5511990001000',
        biografia: 'Advogada de família e consumidor com uma carteira grande de clientes, usada para medir o quadro de leads.',
        areas: ['familia', 'consumidor'],
        cities: ['sp_sao_paulo', 'sp_campinas'],
        status: 'approved',
        plan: 'premium',
      },
    ]);
    const leads = generateDemoLeads(BOARD_LEADS, { stageCount: 5, areas: ['familia', 'consumidor'], cities: ['sp_sao_paulo', 'sp_campinas'] });
    await insertLeadsForLawyer(lawyer!.id, leads);
    return { lawyerId: lawyer!.id, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.closeDatabase();
  }
}

/** Signs the board's lawyer in through /login and returns the session cookie. */
async function signIn(origin: string): Promise<{ name: string; value: string }> {
  const response = await fetch(`${origin}/login`, { method: 'POST', body: new URLSearchParams(LOGIN), redirect: 'manual' });
  const cookie = response.headers.getSetCookie().find((c) => /session_token=/.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`the board's lawyer could not sign in (${response.status})`);
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
  return { name, value };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function measureBoard(origin: string, { serverSamples = 7, interactiveRuns = 3 } = {}): Promise<BoardFigures> {
  const session = await signIn(origin);
  const headers = { cookie: `${session.name}=${session.value}`, 'accept-encoding': 'identity', accept: 'text/html' };

  // Server render: the whole page, signed in, one request at a time (the first one warms the process up).
  const times: number[] = [];
  let html = '';
  for (let i = 0; i <= serverSamples; i++) {
    const t = performance.now();
    const response = await fetch(`${origin}${BOARD_PATH}`, { headers });
    html = await response.text();
    if (response.status !== 200) throw new Error(`GET ${BOARD_PATH} answered ${response.status}`);
    if (i > 0) times.push(performance.now() - t);
  }
  const cards = html.match(/aria-label="Mover lead /g)?.length ?? 0;
  if (!html.includes(`Gerencie seus ${BOARD_LEADS.toLocaleString('pt-BR')} leads`) || cards === 0) throw new Error(`the board does not show its ${BOARD_LEADS} leads`);

  // Interactive: a fresh browser context each time (nothing cached), until every handle is registered.
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const runs: number[] = [];
  try {
    for (let i = 0; i < interactiveRuns; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
      await context.addCookies([{ name: session.name, value: session.value, url: origin }]);
      // Runs before the page's own scripts (through the DevTools protocol, so the page's CSP allows it).
      // Runs before the page's own scripts (through the DevTools protocol, so the page's CSP allows it).
      await context.addInitScript(() => {
        const w = window as unknown as { __boardInteractive?: number };
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-board-ready]')) return;
          w.__boardInteractive = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-board-ready'], childList: true });
      });
      const page = await context.newPage();
      await page.goto(`${origin}${BOARD_PATH}`);
      runs.push(await page.waitForFunction(() => (window as unknown as { __boardInteractive?: number }).__boardInteractive, undefined, { timeout: 60_000, polling: 100 }).then((h) => h.jsonValue() as Promise<number>));
      await context.close();
    }
  } finally {
    await browser.close();
  }

  return {
    leads: BOARD_LEADS,
    serverMedianMs: median(times),
    serverMaxMs: Math.max(...times),
    serverSamples,
    htmlKiB: Buffer.byteLength(html) / 1024,
    cardsShown: cards,
    interactiveMedianMs: median(runs),
    interactiveRuns: runs,
  };
}

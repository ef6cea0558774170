import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse's default run (mobile form factor, simulated 4G throttling and 4x CPU slowdown) of each
 * page in one headless Chromium, through the Node API. Scores are 0-100; for every category the
 * audits that did not pass are kept, so a score under budget comes with its reasons.
 *
 * A run that fails (no result, or a runtime error such as NO_NAVSTART) is retried in a fresh Chromium,
 * up to ATTEMPTS runs a page: one failed run costs that page a retry, never the other pages' figures.
 * A page's figures are missing (null, with the last error) only after ATTEMPTS failures.
 */

export const ATTEMPTS = 3;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

export interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** The first few items of the audit's details (a console message, a resource URL…). */
  items: string[];
}

export interface LighthousePage {
  path: string;
  scores: Record<CategoryId, number | null>;
  failing: Record<CategoryId, FailingAudit[]>;
  metrics: Record<string, string | undefined>;
  /** First contentful paint, milliseconds (Lighthouse's simulated mobile value); null when no run succeeded. */
  fcpMs: number | null;
  runWarnings: string[];
  /**
   * Lighthouse's BenchmarkIndex of the host (its own CPU benchmark, run in the page before the audit);
   * Lighthouse takes a host under 1,000 as slower than its 4x CPU slowdown assumes. Information only:
   * the budgets are read with Lighthouse's default settings whatever it is. null when no run succeeded.
   */
  benchmarkIndex: number | null;
  /** Runs it took (1 when the first succeeded). */
  attempts: number;
  /** The last failure, when a run failed. */
  error?: string;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** Up to three items of an audit's table or list, as one line each. */
function detailItems(details: unknown): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.slice(0, 3).flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { description, url, source, node } = item as Record<string, unknown>;
    const text = [source, description, url, (node as { snippet?: unknown } | undefined)?.snippet]
      .map((part) => (typeof part === 'string' ? part : typeof part === 'object' && part && 'url' in part ? String(part.url) : ''))
      .filter(Boolean)
      .join(' — ');
    return text ? [text.slice(0, 300)] : [];
  });
}

type ChromeLauncher = () => Promise<chromeLauncher.LaunchedChrome>;

const launchChrome: ChromeLauncher = () =>
  chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });

/** One Lighthouse run of a page; throws when Lighthouse gives no usable result. */
async function auditPage(port: number, origin: string, path: string): Promise<Omit<LighthousePage, 'attempts' | 'error'>> {
  // One anonymous GET first: the page is then served from the app's page cache, as under any real
  // traffic, and the score measures the front end (cold server times are measured in load.ts).
  await (await fetch(new URL(path, origin))).arrayBuffer();
  const result = await lighthouse(new URL(path, origin).href, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);

  const scores = {} as LighthousePage['scores'];
  const failing = {} as LighthousePage['failing'];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    failing[id] = (category?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined)
      .filter((audit) => audit.score !== null && audit.score < 1 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode))
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue, items: detailItems(audit.details) }));
  }
  const fcp = lhr.audits['first-contentful-paint']?.numericValue;
  return {
    path,
    scores,
    failing,
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue])),
    fcpMs: typeof fcp === 'number' && Number.isFinite(fcp) ? fcp : null,
    runWarnings: lhr.runWarnings.map(String),
    benchmarkIndex: typeof lhr.environment?.benchmarkIndex === 'number' ? Math.round(lhr.environment.benchmarkIndex) : null,
  };
}

/** The message, with its cause's (undici's 'fetch failed' says why only there: ECONNREFUSED, a timeout…). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message ?? String(cause)})` : error.message;
}

function missingPage(path: string, attempts: number, error: string): LighthousePage {
  const nulls = Object.fromEntries(CATEGORIES.map((id) => [id, null])) as LighthousePage['scores'];
  const none = Object.fromEntries(CATEGORIES.map((id) => [id, [] as FailingAudit[]])) as LighthousePage['failing'];
  return { path, scores: nulls, failing: none, metrics: {}, fcpMs: null, runWarnings: [], benchmarkIndex: null, attempts, error };
}

export async function runLighthouse(origin: string, paths: string[], { launch = launchChrome, audit = auditPage, attempts = ATTEMPTS } = {}): Promise<LighthousePage[]> {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      let lastError = '';
      let page: LighthousePage | undefined;
      for (let attempt = 1; attempt <= attempts && !page; attempt++) {
        try {
          chrome ??= await launch();
          const audited = await audit(chrome.port, origin, path);
          page = { ...audited, attempts: attempt, ...(lastError ? { error: lastError } : {}) };
        } catch (error) {
          lastError = describeError(error);
          // The next attempt gets a fresh browser: a failed run may leave this one in a bad state.
          chrome?.kill();
          chrome = undefined;
        }
      }
      pages.push(page ?? missingPage(path, attempts, lastError));
    }
    return pages;
  } finally {
    chrome?.kill();
  }
}

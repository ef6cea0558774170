import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startProcess } from './processes';

/**
 * HTTP load with autocannon's programmatic API: a warm-up that is not counted, then the measured run.
 * Requests look like a browser's (User-Agent, Accept), without Accept-Encoding, so neither side
 * compresses and the app and the bare baseline send the same bytes.
 */

/**
 * autocannon 9 appends every chunk of every response body to a string (`req.body += data` in
 * lib/pipelinedRequestsQueue.js), for its expectBody, verifyBody and onResponse options, none of which
 * the bench uses: it decodes each answer as UTF-8 and throws it away. On the two cores the load generator
 * shares with the server and PostgreSQL, that was 0.15 to 0.17 ms of CPU per 74 KiB search answer, half of
 * the generator's own work, taken from the server it measures (docs/decisions/0072). The bench drops the
 * bodies as they arrive: bytes, status codes and timings are counted elsewhere (resp.bytes, the parser).
 * Throws if autocannon's internals moved, rather than measuring with the cost back in.
 */
function dropResponseBodies(): void {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype?: { addBody?: unknown } } | undefined;
  if (typeof queue?.prototype?.addBody !== 'function') throw new Error('bench/load.ts: autocannon no longer has PipelinedRequestsQueue.addBody; see dropResponseBodies()');
  queue.prototype.addBody = () => {};
}
dropResponseBodies();

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAverageMs: number;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Size of one response body, when known (the bare runs). */
  bodyBytes?: number;
  /** How long the server took to answer promptly again after the run (requests left queued). */
  drainAfterMs: number;
}

export const BROWSER_HEADERS: Record<string, string> = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'pt-BR,pt;q=0.9',
};

/**
 * A session cookie that signs no one in: the page cache never serves or stores a request that carries
 * one (it could be personal), so the page is rendered from the database, as for a visitor who has an
 * expired session. Unknown query parameters no longer work for this: the cache key ignores them.
 */
export const CACHE_BYPASS_HEADERS: Record<string, string> = { cookie: 'jusconecta.session_token=bench-expired' };

/**
 * Loads `origin + pathAndQuery`. With `bustCache`, every request carries CACHE_BYPASS_HEADERS, so none
 * is answered from the page cache.
 */
export async function runLoad(origin: string, pathAndQuery: string, settings: LoadSettings, bustCache = false): Promise<LoadFigures> {
  const requests: autocannon.Request[] = [{ method: 'GET', path: pathAndQuery }];
  const headers = bustCache ? { ...BROWSER_HEADERS, ...CACHE_BYPASS_HEADERS } : BROWSER_HEADERS;
  const options = { url: origin, connections: settings.connections, headers, requests };
  if (settings.warmupSeconds > 0) {
    await autocannon({ ...options, duration: settings.warmupSeconds });
    // Requests the warm-up left queued on the server must not be billed to the measured run.
    await waitUntilIdle(origin);
  }
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  const drainAfterMs = await waitUntilIdle(origin);
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAverageMs: result.latency.average,
    requests: result.requests.total,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    drainAfterMs,
  };
}

/**
 * Waits until the server answers promptly again (two answers in under 100 ms in a row), so that the
 * next measurement does not start behind a queue of abandoned requests. `/healthz` on the app goes
 * through the database (one connection on PGlite); the bare server answers any path.
 */
export async function waitUntilIdle(origin: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  let fast = 0;
  while (fast < 2 && performance.now() - started < timeoutMs) {
    const t = performance.now();
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      fast = performance.now() - t < 100 ? fast + 1 : 0;
    } catch {
      fast = 0;
    }
    if (fast < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

export interface ColdTiming {
  path: string;
  medianMs: number;
  maxMs: number;
  samples: number;
}

/**
 * Response time of one request at a time, each with CACHE_BYPASS_HEADERS so it misses the page cache:
 * the cost of rendering the page from the database, without queueing.
 */
export async function coldResponseTimes(origin: string, pathAndQuery: string, samples = 5): Promise<ColdTiming> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const response = await fetch(`${origin}${pathAndQuery}`, {
      headers: { ...BROWSER_HEADERS, ...CACHE_BYPASS_HEADERS, 'accept-encoding': 'identity' },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${response.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { path: pathAndQuery, medianMs: times[Math.floor(times.length / 2)] ?? NaN, maxMs: times[times.length - 1] ?? NaN, samples };
}

export interface CapturedResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The app's response to a browser-like GET, uncompressed: what the bare server will replay. */
export async function captureResponse(url: string): Promise<CapturedResponse> {
  const response = await fetch(url, { headers: { ...BROWSER_HEADERS, 'accept-encoding': 'identity' }, redirect: 'manual' });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, expected 200`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'text/html', body };
}

/** Starts bench/bare-server.ts in its own process with this body, loads it like the app, stops it. */
export async function runBareLoad(captured: CapturedResponse, pathAndQuery: string, settings: LoadSettings, workDir: string): Promise<LoadFigures> {
  const port = await freePort();
  const bodyFile = path.join(workDir, `bare-body-${port}`);
  await fs.writeFile(bodyFile, captured.body);
  const bare = await startProcess({
    name: 'bare',
    command: process.execPath,
    args: ['--import', 'tsx', path.resolve('bench/bare-server.ts')],
    env: { ...process.env, NODE_ENV: 'production', BARE_PORT: String(port), BARE_BODY_FILE: bodyFile, BARE_CONTENT_TYPE: captured.contentType },
    readyUrl: `http://127.0.0.1:${port}/`,
  });
  try {
    const replayed = await captureResponse(`http://127.0.0.1:${port}${pathAndQuery}`);
    if (!replayed.body.equals(captured.body) || replayed.contentType !== captured.contentType) {
      throw new Error('The bare server does not answer the captured body and content type.');
    }
    return { ...(await runLoad(`http://127.0.0.1:${port}`, pathAndQuery, settings)), bodyBytes: captured.body.length };
  } finally {
    await bare.stop();
    await fs.rm(bodyFile, { force: true });
  }
}

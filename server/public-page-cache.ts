import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PAGE_BROTLI_QUALITY } from './page-compression';

/**
 * A short-lived in-process cache of anonymous public pages (docs/decisions/0005 and 0007).
 *
 * - A route opts in with the private header `X-Page-Cache: <seconds>` (capped by `maxSeconds`).
 * - The key is the app's (`keyOf`): the page's path and only the query parameters the page reads,
 *   normalised, so `?cb=<random>` neither bypasses the cache nor fills it. A URL the app gives no key is
 *   never cached.
 * - Only a GET without the app's cookies stores an entry, and only from a complete 200 body that set no
 *   cookie. A HEAD is answered from an entry but never creates or changes one.
 * - Single flight: while one request renders a missing or expired page, the others for the same key
 *   wait for it and are answered from its entry.
 * - Profile views are reported (`onProfileView`) for a GET whose 200 response has finished, cached or
 *   not; the private headers never leave the server.
 *
 * `answer` runs in front of Express, on the raw request (a hit is a Map lookup and one write, the
 * cost of a reverse proxy's cache); `serve` runs first in Express for what it leaves (single flight);
 * `capture` runs after compression (it must see the uncompressed body). An entry keeps every header of
 * the response it was made from. Entries are compressed once, in the background, to gzip and brotli;
 * each variant's headers are built once.
 */

export const PAGE_CACHE_HEADER = 'x-page-cache';
export const PROFILE_VIEW_HEADER = 'x-analytics-profile-view';
/** Cookies that change what a page shows (the session and the one-time toast): their holder is not anonymous. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?jusconecta[._]/;
/** Headers an entry does not keep: they belong to one response or are set per variant. */
const NOT_KEPT = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'vary', 'x-request-id', 'connection', 'date', 'keep-alive', PAGE_CACHE_HEADER, PROFILE_VIEW_HEADER]);

interface Variant {
  body: Buffer;
  headers: OutgoingHttpHeaders;
}

interface Entry {
  key: string;
  headers: OutgoingHttpHeaders;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  profileView: string | undefined;
  expiresAt: number;
  /** The public content's generation when the page was rendered: a newer one makes the entry stale. */
  generation: number;
  bytes: number;
}

export interface PublicPageCacheOptions {
  /** Upper bound on what a route may ask for; 0 disables caching (views are still reported). */
  maxSeconds: number;
  /** The cache key of a URL (path and query), or null when the URL is not a cacheable page. */
  keyOf: (url: string) => string | null;
  /** Called once a GET's 200 response has finished: `req` is the raw request on a hit. */
  onProfileView: (lawyerId: string, req: IncomingMessage) => void;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** Bound on the memory of all entries, compressed variants included. */
  maxTotalBytes?: number;
  /**
   * The generation of the public content (app/lib/public-content.server.ts): it grows when something a
   * cached page shows changes (a lawyer approved, a profile edited), and older entries are then stale.
   */
  generation?: () => number;
  now?: () => number;
}

interface Flight {
  promise: Promise<Entry | null>;
  resolve: (entry: Entry | null) => void;
}

export function publicPageCache({
  maxSeconds,
  keyOf,
  onProfileView,
  maxEntries = 1000,
  maxBodyBytes = 512 * 1024,
  maxTotalBytes = 48 * 1024 * 1024,
  generation = () => 0,
  now = Date.now,
}: PublicPageCacheOptions): {
  answer: (req: IncomingMessage, res: ServerResponse, onHit?: (req: IncomingMessage, res: ServerResponse) => void) => boolean;
  serve: RequestHandler;
  capture: RequestHandler;
  size: () => number;
} {
  const cache = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  const leaders = new WeakMap<Response, { key: string; flight: Flight }>();
  let totalBytes = 0;

  const remove = (entry: Entry) => {
    if (cache.get(entry.key) !== entry) return;
    cache.delete(entry.key);
    totalBytes -= entry.bytes;
  };
  const store = (entry: Entry) => {
    const old = cache.get(entry.key);
    if (old) remove(old);
    cache.set(entry.key, entry);
    totalBytes += entry.bytes;
    evict();
    compressInBackground(entry);
  };
  const evict = () => {
    // Least recently used first: a hit re-inserts its entry at the end of the Map.
    while (cache.size > maxEntries || totalBytes > maxTotalBytes) {
      const oldest = cache.values().next().value;
      if (!oldest) break;
      remove(oldest);
    }
  };
  const variant = (entry: Entry, body: Buffer, encoding?: string): Variant => {
    const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-length': body.length, vary: 'Accept-Encoding', 'x-cache': 'HIT' };
    if (encoding) headers['content-encoding'] = encoding;
    return { body, headers };
  };
  const compressInBackground = (entry: Entry) => {
    gzip(entry.identity.body, { level: 6 }, (error, zipped) => {
      if (error || cache.get(entry.key) !== entry) return;
      entry.gzip = variant(entry, zipped, 'gzip');
      entry.bytes += zipped.length;
      totalBytes += zipped.length;
      evict();
    });
    brotliCompress(entry.identity.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }, (error, compressed) => {
      if (error || cache.get(entry.key) !== entry) return;
      entry.br = variant(entry, compressed, 'br');
      entry.bytes += compressed.length;
      totalBytes += compressed.length;
      evict();
    });
  };

  const sendEntry = (entry: Entry, req: IncomingMessage, res: ServerResponse) => {
    const accepted = req.headers['accept-encoding'];
    let chosen = entry.identity;
    if (accepted) {
      if (entry.br && accepted.includes('br')) chosen = entry.br;
      else if (entry.gzip && accepted.includes('gzip')) chosen = entry.gzip;
    }
    res.writeHead(200, chosen.headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const view = entry.profileView;
    if (view) res.end(chosen.body, () => onProfileView(view, req));
    else res.end(chosen.body);
  };

  /** The live entry for an anonymous GET or HEAD, or undefined (expired entries are dropped here). */
  const lookup = (req: IncomingMessage): { key: string | null; hit?: Entry } => {
    if (maxSeconds <= 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return { key: null };
    const cookie = req.headers.cookie;
    if ((cookie && PERSONAL_COOKIE.test(cookie)) || req.headers.authorization) return { key: null };
    const key = keyOf(req.url ?? '/');
    if (key === null) return { key };
    const hit = cache.get(key);
    if (!hit) return { key };
    if (hit.expiresAt <= now() || hit.generation !== generation()) {
      remove(hit);
      return { key };
    }
    // Least recently used order: a hit moves to the end.
    cache.delete(key);
    cache.set(key, hit);
    return { key, hit };
  };

  /** Answers a hit, after `onHit` (which may set headers); false when the request is not one. */
  const answer = (req: IncomingMessage, res: ServerResponse, onHit?: (req: IncomingMessage, res: ServerResponse) => void): boolean => {
    const { hit } = lookup(req);
    if (!hit) return false;
    onHit?.(req, res);
    sendEntry(hit, req, res);
    return true;
  };

  const serve: RequestHandler = (req, res, next) => {
    const { key, hit } = lookup(req);
    if (key === null) return next();
    if (hit) return sendEntry(hit, req, res);
    // A HEAD renders the page for its headers, but never becomes the entry.
    if (req.method === 'HEAD') return next();

    const flight = flights.get(key);
    if (flight) {
      void flight.promise.then((entry) => {
        if (res.destroyed) return;
        if (entry) sendEntry(entry, req, res);
        else next();
      });
      return;
    }
    let resolve!: (entry: Entry | null) => void;
    const promise = new Promise<Entry | null>((r) => (resolve = r));
    const leader: Flight = {
      promise,
      resolve: (entry) => {
        if (flights.get(key) === leader) flights.delete(key);
        resolve(entry);
      },
    };
    flights.set(key, leader);
    leaders.set(res, { key, flight: leader });
    // Whatever happens to this response (an error before the capture, a client gone), the waiting
    // requests are released: 'close' always comes, after 'finish' when there is one.
    res.once('close', () => leader.resolve(null));
    next();
  };

  const capture: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const leader = leaders.get(res);
    // Read before the render: a change committed while the page renders makes this entry stale.
    const renderedGeneration = generation();
    let inspected = false;
    let ttlSeconds = 0;
    let profileView: string | undefined;
    let chunks: Buffer[] | null = null;
    let size = 0;

    const settle = (entry: Entry | null) => leader?.flight.resolve(entry);
    const inspect = () => {
      if (inspected) return;
      inspected = true;
      ttlSeconds = Math.min(Number(res.getHeader(PAGE_CACHE_HEADER)) || 0, maxSeconds);
      const view = res.getHeader(PROFILE_VIEW_HEADER);
      profileView = typeof view === 'string' && res.statusCode === 200 ? view : undefined;
      res.removeHeader(PAGE_CACHE_HEADER);
      res.removeHeader(PROFILE_VIEW_HEADER);
      if (leader && ttlSeconds > 0 && res.statusCode === 200 && !res.getHeader('set-cookie')) chunks = [];
    };
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (!chunks || chunk == null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxBodyBytes) chunks = null;
      else chunks.push(buffer);
    };

    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      // A status passed here is the response's status: inspect once it is known.
      if (typeof args[0] === 'number') res.statusCode = args[0];
      inspect();
      return writeHead(...args);
    }) as Response['writeHead'];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      inspect();
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      inspect();
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response['end'];

    // Only a response that finished is counted or kept: one cut off midway (client gone, shutdown,
    // render error after the shell) is neither.
    res.once('finish', () => {
      if (profileView && req.method === 'GET' && res.statusCode === 200) onProfileView(profileView, req);
      if (!leader) return;
      if (!chunks || res.statusCode !== 200 || res.getHeader('set-cookie')) return settle(null);
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !NOT_KEPT.has(name)) headers[name] = value;
      }
      const body = Buffer.concat(chunks, size);
      const entry: Entry = { key: leader.key, headers, identity: { body, headers }, profileView, expiresAt: now() + ttlSeconds * 1000, generation: renderedGeneration, bytes: body.length };
      entry.identity = variant(entry, body);
      store(entry);
      settle(entry);
    });
    next();
  };

  return { answer, serve, capture, size: () => cache.size };
}

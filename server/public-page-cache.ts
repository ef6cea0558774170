import type { NextFunction, Request, Response } from 'express';

/**
 * A short-lived in-process cache of anonymous public pages. A route opts in with the private header
 * `X-Page-Cache: <seconds>`; only GET/HEAD requests without cookies or credentials are served from it or
 * stored, only 200 responses that set no cookie are kept, and the private headers never leave the
 * server. `onServed` sees every response's analytics header, from the cache or not, so that profile
 * views are still counted when the page comes from the cache.
 */

export const PAGE_CACHE_HEADER = 'x-page-cache';
export const PROFILE_VIEW_HEADER = 'x-analytics-profile-view';

interface Entry {
  status: number;
  headers: Array<[string, string | number | string[]]>;
  body: Buffer;
  profileView: string | undefined;
  expiresAt: number;
}

export interface PublicPageCacheOptions {
  maxEntries?: number;
  maxBodyBytes?: number;
  /** Upper bound on what a route may ask for; 0 disables caching (the analytics hook still runs). */
  maxSeconds: number;
  onProfileView: (lawyerId: string, req: Request) => void;
}

export function publicPageCache({ maxEntries = 1000, maxBodyBytes = 512 * 1024, maxSeconds, onProfileView }: PublicPageCacheOptions) {
  const cache = new Map<string, Entry>();

  return function pageCache(req: Request, res: Response, next: NextFunction) {
    const cacheable =
      maxSeconds > 0 && (req.method === 'GET' || req.method === 'HEAD') && !req.headers.cookie && !req.headers.authorization;
    const key = req.originalUrl;

    if (cacheable) {
      const hit = cache.get(key);
      if (hit && hit.expiresAt > Date.now()) {
        // Least recently used goes first when full: re-inserting moves the entry to the end.
        cache.delete(key);
        cache.set(key, hit);
        if (hit.profileView && req.method === 'GET') onProfileView(hit.profileView, req);
        res.status(hit.status);
        for (const [name, value] of hit.headers) res.setHeader(name, value);
        res.setHeader('X-Cache', 'HIT');
        res.end(req.method === 'HEAD' ? undefined : hit.body);
        return;
      }
      if (hit) cache.delete(key);
    }

    let inspected = false;
    let ttlSeconds = 0;
    let profileView: string | undefined;
    let chunks: Buffer[] | null = null;
    let size = 0;

    const inspect = () => {
      if (inspected) return;
      inspected = true;
      ttlSeconds = Math.min(Number(res.getHeader(PAGE_CACHE_HEADER)) || 0, maxSeconds);
      const view = res.getHeader(PROFILE_VIEW_HEADER);
      profileView = typeof view === 'string' && res.statusCode === 200 ? view : undefined;
      res.removeHeader(PAGE_CACHE_HEADER);
      res.removeHeader(PROFILE_VIEW_HEADER);
      if (profileView && req.method === 'GET') onProfileView(profileView, req);
      if (cacheable && ttlSeconds > 0 && res.statusCode === 200 && !res.getHeader('set-cookie')) chunks = [];
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
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      inspect();
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      inspect();
      collect(chunk, rest[0]);
      if (chunks) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name]) => !['content-length', 'content-encoding', 'x-request-id', 'vary', 'transfer-encoding'].includes(name))
          .map(([name, value]) => [name, value] as Entry['headers'][number]);
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
        cache.set(key, { status: 200, headers, body: Buffer.concat(chunks), profileView, expiresAt: Date.now() + ttlSeconds * 1000 });
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    next();
  };
}

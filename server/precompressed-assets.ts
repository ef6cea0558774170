import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/**
 * The browser build's assets as the build compressed them (scripts/compress-assets.mjs): Brotli when the
 * browser accepts it, else gzip, sent from disk with their type and `Vary: Accept-Encoding`. Compressing
 * each request instead cost the server about 150 ms of CPU per cold page load of the CRM board, on the
 * processor the browser and the page's rendering share (docs/decisions/0031). Anything else (a file
 * without a compressed copy, identity only) falls through to express.static.
 */
export function precompressedAssets(dir: string): RequestHandler {
  // The build's files never change while the process runs: listed once, no stat per request.
  const names = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = CONTENT_TYPES[path.extname(name)];
    if (!type || !/^[\w.-]+$/.test(name)) return next();
    const encoding = preferredEncoding(req.headers['accept-encoding'], (candidate) => names.has(`${name}${EXTENSIONS[candidate]}`));
    if (!encoding) return next();
    res.sendFile(`${name}${EXTENSIONS[encoding]}`, {
      root: dir,
      maxAge: '1y',
      immutable: true,
      acceptRanges: false,
      headers: { 'Content-Type': type, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' },
    });
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};
const EXTENSIONS = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof EXTENSIONS;

/**
 * The encoding to send for an Accept-Encoding header, among those with a file: Brotli first, then gzip,
 * each only if the header accepts it (a q of 0 refuses; `*` accepts what is not named).
 */
export function preferredEncoding(header: string | string[] | undefined, available: (encoding: Encoding) => boolean): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const q = accepted.get(encoding) ?? accepted.get('*') ?? 0;
    if (q > 0 && available(encoding)) return encoding;
  }
  return null;
}

import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/**
 * The browser build's assets, held in memory and sent as the build compressed them
 * (scripts/compress-assets.mjs): Brotli when the browser accepts it, else gzip, else the file itself,
 * with their type, `Vary: Accept-Encoding` and a year of immutable caching. The build's files never
 * change while the process runs, so they are read once at start (2.5 MiB today). A cold page load of
 * the CRM board fetches some twenty of them: compressing each request cost the server about 150 ms of
 * CPU per load and each file from disk a stat, an open and a close, on the processor the browser and
 * the page's rendering share (docs/decisions/0031). Names not in the build fall through (to
 * express.static, whose 404 is the site's).
 */
export function builtAssets(dir: string): RequestHandler {
  const assets = readAssets(dir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asset = assets.get(req.path.slice(1));
    if (!asset) return next();
    const encoding = preferredEncoding(req.headers['accept-encoding'], (candidate) => asset[candidate] !== undefined);
    const body = encoding ? asset[encoding]! : asset.identity;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

interface BuiltAsset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readAssets(dir: string): Map<string, BuiltAsset> {
  const assets = new Map<string, BuiltAsset>();
  if (!fs.existsSync(dir)) return assets;
  const names = new Set(fs.readdirSync(dir));
  const read = (name: string) => (names.has(name) ? fs.readFileSync(path.join(dir, name)) : undefined);
  for (const name of names) {
    const type = CONTENT_TYPES[path.extname(name)];
    if (!type) continue;
    assets.set(name, { type, identity: read(name)!, br: read(`${name}${EXTENSIONS.br}`), gzip: read(`${name}${EXTENSIONS.gzip}`) });
  }
  return assets;
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

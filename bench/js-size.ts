import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript of a page: what a browser fetches and runs before the page is interactive.
 * From the server-rendered HTML: every <script type="module" src>, <link rel="modulepreload" href>,
 * the modules the inline boot script imports (`import("…")`, `import … from "…"`), and, followed
 * through the fetched files, their static imports (React Router lists them all as modulepreload; the
 * walk only catches what it might have missed). Each unique file is fetched once and gzipped with zlib
 * level 9. The inline scripts (boot script, hydration data) count too, each gzipped on its own.
 * Stylesheets are measured the same way, separately.
 */

export interface AssetSize {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  path: string;
  /** Gzip bytes of the external modules plus the inline scripts. */
  jsGzipBytes: number;
  jsRawBytes: number;
  inlineScriptsGzipBytes: number;
  inlineScriptCount: number;
  cssGzipBytes: number;
  htmlRawBytes: number;
  htmlGzipBytes: number;
  scripts: AssetSize[];
  stylesheets: AssetSize[];
}

const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** Attribute value of a tag's source text (double, single or no quotes). */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Module specifiers a piece of JavaScript imports statically, plus `import("…")` when asked. */
function importsOf(code: string, includeDynamic: boolean): string[] {
  const found = new Set<string>();
  const patterns = [/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g, /\bexport\s*[\w$*{}\s,]*?from\s*["']([^"']+)["']/g];
  if (includeDynamic) patterns.push(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g);
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export async function measurePageWeight(origin: string, path: string): Promise<PageWeight> {
  const response = await fetch(new URL(path, origin), { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const html = await response.text();
  const pageUrl = new URL(path, origin);

  // `required`: named by the page itself, so a failed fetch is an error; a file found by the walk
  // through the modules (a regex over minified code) is skipped if it does not load.
  const queue: Array<{ url: string; required: boolean }> = [];
  const enqueue = (specifier: string, base: URL, required = true) => {
    // Bare specifiers cannot appear in browser-loaded code; anything else resolves like a URL.
    if (!/^(\.{0,2}\/|https?:)/.test(specifier)) return;
    queue.push({ url: new URL(specifier, base).href, required });
  };

  const inlineScripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const openTag = `<script${match[1] ?? ''}>`;
    const type = (attribute(openTag, 'type') ?? '').toLowerCase();
    if (!JS_TYPES.has(type)) continue; // JSON-LD and other data blocks are not JavaScript
    const src = attribute(openTag, 'src');
    if (src) {
      enqueue(src, pageUrl);
    } else if (match[2]?.trim()) {
      inlineScripts.push(match[2]);
      for (const specifier of importsOf(match[2], true)) enqueue(specifier, pageUrl);
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(match[0], 'rel') ?? '').toLowerCase();
    const href = attribute(match[0], 'href');
    if (rel === 'modulepreload' && href) enqueue(href, pageUrl);
  }

  const scripts: AssetSize[] = [];
  const seen = new Set<string>();
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { url, required } = next;
    if (seen.has(url)) continue;
    seen.add(url);
    const body = await fetchAsset(url).catch((error: unknown) => {
      if (required) throw error;
      return null;
    });
    if (!body) continue;
    scripts.push({ url: new URL(url).pathname, rawBytes: body.length, gzipBytes: gzip(body) });
    for (const specifier of importsOf(body.toString('utf8'), false)) enqueue(specifier, new URL(url), false);
  }

  const stylesheets: AssetSize[] = [];
  const seenCss = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(match[0], 'rel') ?? '').toLowerCase();
    const href = attribute(match[0], 'href');
    if (rel !== 'stylesheet' || !href) continue;
    const url = new URL(href, pageUrl).href;
    if (seenCss.has(url)) continue;
    seenCss.add(url);
    const body = await fetchAsset(url);
    stylesheets.push({ url: new URL(url).pathname, rawBytes: body.length, gzipBytes: gzip(body) });
  }

  const inlineScriptsGzipBytes = inlineScripts.reduce((sum, code) => sum + gzip(code), 0);
  return {
    path,
    jsGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) + inlineScriptsGzipBytes,
    jsRawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0) + inlineScripts.reduce((sum, code) => sum + Buffer.byteLength(code), 0),
    inlineScriptsGzipBytes,
    inlineScriptCount: inlineScripts.length,
    cssGzipBytes: stylesheets.reduce((sum, s) => sum + s.gzipBytes, 0),
    htmlRawBytes: Buffer.byteLength(html),
    htmlGzipBytes: gzip(html),
    scripts,
    stylesheets,
  };
}

async function fetchAsset(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

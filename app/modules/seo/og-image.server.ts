import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { hitRateLimit, retryAfterSeconds } from '~/lib/rate-limit.server';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from './og-image-paths';

/**
 * Open Graph cards (docs/decisions/0027-structured-data-and-og-images.md): a 1200×630 PNG drawn from an
 * SVG built here and rasterised by sharp (librsvg). Text uses Liberation Sans, then DejaVu Sans: a
 * Debian machine with Chromium has one of them (Chromium recommends fonts-liberation, fontconfig
 * depends on fonts-dejavu-core). Lines are wrapped and cut with widths measured for DejaVu Sans Bold,
 * the wider of the two, so text never runs off the card. Every piece of text is escaped.
 *
 * Cache: the PNG is kept in memory under the SHA-256 of its SVG, which is built only from the
 * database's and the catalogue's data, never from the request; a profile edit changes the SVG and
 * therefore the key (the old entry ages out of the LRU). Concurrent requests for one card render it once.
 * A render (a cache miss) is limited per client IP (OG_RENDER_LIMIT); a cache hit never is.
 */

export interface OgCard {
  /** Small line above the title ('Advogado(a)', 'Blog', 'Encontre um advogado'). */
  eyebrow: string;
  /** The big text: a name, an article's title, a landing page's heading. At most three lines. */
  title: string;
  /** Up to three smaller lines under the title (OAB, areas, cities; a date; a city). */
  details: string[];
  brandName: string;
  /** The footer's right side: the site's host ('jusconecta.com.br'). */
  site: string;
}

const MAX_ENTRIES = 500;
const cache = new Map<string, Buffer>();
const rendering = new Map<string, Promise<Buffer>>();
let renders = 0;

/** How many cards this process has rasterised (tests check the cache with it). */
export function ogImageRenderCount(): number {
  return renders;
}

/** A card's image: its ETag (the SVG's hash), whether its PNG costs no render, and the PNG. */
export interface OgImage {
  etag: string;
  /** In the cache, or being rendered for another request: serving it rasterises nothing more. */
  ready: boolean;
  png(): Promise<Buffer>;
}

/**
 * The image of a card. The ETag is known before any render, so a conditional request is answered
 * without one; `png()` takes the cached PNG, joins a render under way or rasterises the SVG.
 */
export function ogImage(card: OgCard): OgImage {
  const svg = ogCardSvg(card);
  const key = createHash('sha256').update(svg).digest('base64url');
  return {
    etag: `"${key.slice(0, 32)}"`,
    ready: cache.has(key) || rendering.has(key),
    png: async () => {
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      let flight = rendering.get(key);
      if (!flight) {
        flight = rasterise(svg).finally(() => rendering.delete(key));
        rendering.set(key, flight);
      }
      const png = await flight;
      cache.set(key, png);
      while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      return png;
    },
  };
}

/** Renders (cache misses) a client IP may cause per window: a render costs about 0.1 s of CPU (decision 0027). */
export const OG_RENDER_LIMIT = { max: 20, windowMs: 60_000 } as const;

export function ogRenderLimitKey(clientIp: string): string {
  return `og-render:ip:${clientIp}`;
}

/**
 * Counts a render for a client IP; the seconds to wait when it is over OG_RENDER_LIMIT (null: render).
 * Only cache misses are counted: a cached card, a 304 and a render already under way cost no CPU.
 */
export async function hitOgRenderLimit(clientIp: string, now: Date = new Date()): Promise<number | null> {
  const key = ogRenderLimitKey(clientIp);
  const count = await hitRateLimit(key, OG_RENDER_LIMIT.windowMs, now);
  return retryAfterSeconds([{ key, max: OG_RENDER_LIMIT.max + 1 }], new Map([[key, count]]), now);
}

/** The Portuguese text of the 429 ('Muitas imagens… Aguarde um minuto…'). */
export function ogRenderLimitedMessage(retryAfter: number): string {
  return `Muitas imagens geradas para este endereço em pouco tempo. Aguarde ${retryAfter <= 60 ? 'um minuto' : `${Math.ceil(retryAfter / 60)} minutos`} e tente novamente.`;
}

async function rasterise(svg: string): Promise<Buffer> {
  renders += 1;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: false }).toBuffer();
}

// Widths of DejaVu Sans Bold glyphs in ems (the wider fallback), by class; a safe over-estimate for Liberation Sans Bold.
const NARROW = new Set('iljtfrI.,:;!|\'"()[] ');
const WIDE = new Set('mwMW@%');
function glyphEm(ch: string): number {
  if (NARROW.has(ch)) return 0.42;
  if (WIDE.has(ch)) return 1.05;
  if (ch >= 'A' && ch <= 'Z') return 0.78;
  if (/\p{Lu}/u.test(ch)) return 0.78;
  return 0.7;
}

function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += glyphEm(ch);
  return em * fontSize;
}

/** Characters XML 1.0 does not allow (controls, lone surrogates, U+FFFE/FFFF) are dropped; spaces are collapsed. */
function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this drops
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '').replace(/\s+/g, ' ').trim();
}

export function escapeSvgText(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Cuts the text to fit the width, with an ellipsis. */
function fitLine(text: string, fontSize: number, maxWidth: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('').trimEnd()}…`, fontSize) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Word-wraps the text into at most `maxLines` lines of `maxWidth`; the last line is cut with an ellipsis if needed. */
export function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const words = text.split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    if (lines.length === maxLines - 1) {
      current = words.slice(i).join(' ');
      break;
    }
  }
  if (current) lines.push(current);
  return lines.slice(0, maxLines).map((line, i) => (i === maxLines - 1 || textWidth(line, fontSize) > maxWidth ? fitLine(line, fontSize, maxWidth) : line));
}

const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif";
const MARGIN = 80;
const TEXT_WIDTH = OG_IMAGE_WIDTH - 2 * MARGIN;

export function ogCardSvg(card: OgCard): string {
  const title = cleanText(card.title);
  const titleSize = textWidth(title, 68) <= TEXT_WIDTH * 2 ? 68 : 56;
  const titleLines = wrapText(title, titleSize, TEXT_WIDTH, 3);
  const lineHeight = Math.round(titleSize * 1.18);
  const titleBaselines = titleLines.map((_, i) => 232 + i * lineHeight);
  // Details under the title, as many as fit above the footer (the first ones matter most).
  const detailSize = 32;
  const firstDetail = titleBaselines[titleBaselines.length - 1]! + 60;
  const details = card.details
    .map(cleanText)
    .filter(Boolean)
    .slice(0, 3)
    .map((d) => fitLine(d, detailSize, TEXT_WIDTH))
    .filter((_, i) => firstDetail + i * 46 <= 510);

  const text = (x: number, y: number, size: number, weight: number, fill: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeSvgText(value)}</text>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>',
    `<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="${MARGIN}" y="96" width="72" height="8" rx="4" fill="#93c5fd"/>`,
    text(MARGIN, 150, 32, 700, '#bfdbfe', fitLine(cleanText(card.eyebrow), 32, TEXT_WIDTH)),
    ...titleLines.map((line, i) => text(MARGIN, titleBaselines[i]!, titleSize, 700, '#ffffff', line)),
    ...details.map((line, i) => text(MARGIN, firstDetail + i * 46, detailSize, 400, '#e0e7ff', line)),
    `<rect x="0" y="${OG_IMAGE_HEIGHT - 90}" width="${OG_IMAGE_WIDTH}" height="90" fill="#172554"/>`,
    text(MARGIN, OG_IMAGE_HEIGHT - 33, 34, 700, '#ffffff', fitLine(cleanText(card.brandName), 34, TEXT_WIDTH / 2)),
    `<text x="${OG_IMAGE_WIDTH - MARGIN}" y="${OG_IMAGE_HEIGHT - 35}" text-anchor="end" font-family="${FONT}" font-size="28" fill="#bfdbfe">${escapeSvgText(fitLine(cleanText(card.site), 28, TEXT_WIDTH / 2))}</text>`,
    '</svg>',
  ].join('');
}

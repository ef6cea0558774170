import sharp from 'sharp';
import { writePhotoFile } from '~/modules/lawyers/photo-store.server';
import { photoFileName } from '~/modules/lawyers/profile-photos.server';

/**
 * The demo lawyers' photos (issue 27, part 4; docs/decisions/0064): drawn here, never downloaded. Each
 * is an SVG portrait card (a colour of the lawyer's own, a head-and-shoulders shape and the initials),
 * rasterised by sharp to a 400 px WebP and stored through the photo store (a directory or the bucket),
 * under the name every photo gets (photoFileName), so that the profile's foto_url is served at /fotos/
 * like an uploaded one. Without fonts on the machine the initials are left out and the shape remains.
 */

const SIZE = 400;

/** Background pairs (top-left, bottom-right): dark enough for white initials (contrast over 4.5:1). */
const PALETTE: ReadonlyArray<readonly [string, string]> = [
  ['#1e3a8a', '#1d4ed8'],
  ['#134e4a', '#0f766e'],
  ['#4c1d95', '#6d28d9'],
  ['#7c2d12', '#c2410c'],
  ['#831843', '#be185d'],
  ['#14532d', '#15803d'],
  ['#1f2937', '#475569'],
  ['#164e63', '#0e7490'],
  ['#713f12', '#a16207'],
  ['#3730a3', '#4f46e5'],
];

/** 'Ana Beatriz Carvalho' → 'AC': the first letters of the first and last names. */
export function initialsOf(nome: string): string {
  const words = nome.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toLocaleUpperCase('pt-BR');
}

/** A small stable hash of the name: the same lawyer always gets the same colour. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The portrait card of a lawyer, as SVG. */
export function demoPortraitSvg(nome: string): string {
  const h = hashOf(nome);
  const [from, to] = PALETTE[h % PALETTE.length]!;
  // The shape leans a little to one side or the other, so the grid of cards does not look stamped.
  const shift = ((h >>> 8) % 41) - 20;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 400 400">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="400" height="400" fill="url(#g)"/>',
    `<circle cx="${200 + shift}" cy="150" r="78" fill="#ffffff" fill-opacity="0.16"/>`,
    `<path d="M${40 + shift} 400c0-92 70-150 ${160} -150s160 58 160 150z" fill="#ffffff" fill-opacity="0.16"/>`,
    `<text x="200" y="252" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="132" font-weight="700" letter-spacing="4" fill="#ffffff" text-anchor="middle">${escapeXml(initialsOf(nome))}</text>`,
    '</svg>',
  ].join('');
}

/** The portrait as the WebP stored (400 px, the encoder's fastest setting: the seed runs at every fresh start). */
export async function drawDemoPortrait(nome: string): Promise<Buffer> {
  return sharp(Buffer.from(demoPortraitSvg(nome))).webp({ quality: 80, effort: 0 }).toBuffer();
}

/**
 * Draws and stores the portraits of these lawyers (their ids are known before they are inserted) and
 * returns each one's foto_url, in the same order. Drawn a few at a time: sharp works in its own threads.
 */
export async function storeDemoPortraits(lawyers: ReadonlyArray<{ id: string; nome: string }>): Promise<string[]> {
  const urls: string[] = new Array<string>(lawyers.length);
  const BATCH = 16;
  for (let i = 0; i < lawyers.length; i += BATCH) {
    await Promise.all(
      lawyers.slice(i, i + BATCH).map(async (lawyer, j) => {
        const webp = await drawDemoPortrait(lawyer.nome);
        urls[i + j] = await writePhotoFile(photoFileName(lawyer.id, webp), webp);
      }),
    );
  }
  return urls;
}

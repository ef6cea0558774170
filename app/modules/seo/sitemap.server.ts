import { z } from 'zod';
import { listBlogPosts } from '~/modules/content/content.server';
import { listLandingPages } from '~/modules/landing/landing.server';
import { approvedLawyersPerRotationBucket, listApprovedProfilesByRotationKey } from '~/modules/lawyers/lawyers.server';

/**
 * The sitemaps (docs/decisions/0026-landing-pages.md, 0065): /sitemap.xml is an index of child sitemaps
 * under /sitemaps/: the site's own pages, the articles, the landing pages, and the approved profiles. A
 * profile file is a run of the 128 buckets of rotation keys that search already counts
 * (search_order_counts): as many buckets per file as keep a file near PROFILES_PER_FILE profiles (a
 * power of two, so files split in halves as the directory grows), far under the protocol's 50,000 URLs up
 * to 5 million lawyers. Neither the index nor a file scans the profiles: the index reads the counts, a
 * file one key range of search_order's primary key. A profile's lastmod is its last edit or review; a
 * landing page's, the latest of its lawyers'; a profile file has none in the index (it would take a scan).
 */
export const PROFILES_PER_FILE = 10_000;

/**
 * The public pages that are neither profiles, articles nor landing pages. One list: a new public page
 * adds its path here.
 */
export const STATIC_PUBLIC_PAGES: readonly string[] = [
  '/', '/busca', '/planos', '/blog', '/solicitar-atendimento', '/registro-advogado',
  '/quem-somos', '/por-que-se-registrar', '/areas-de-atuacao', '/termos-de-uso', '/politica-de-privacidade',
  '/ferramentas', '/sumarizador-contratos', '/confirmar-advogado',
];

export interface SitemapUrl {
  path: string;
  lastModified?: Date | string;
}

/** A child sitemap's file name: 'paginas', 'artigos', 'advogados-por-area-e-cidade', 'perfis-1', 'perfis-2'… */
export type SitemapFile = { kind: 'pages' } | { kind: 'articles' } | { kind: 'landing' } | { kind: 'profiles'; number: number };

const FILE_NAMES = { pages: 'paginas', articles: 'artigos', landing: 'advogados-por-area-e-cidade' } as const;

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === 'profiles' ? `perfis-${file.number}` : FILE_NAMES[file.kind];
}

/** A child sitemap's name in the URL ('perfis-12.xml'); anything else fails (the route answers 404). */
export const sitemapFileSchema = z.union([
  z.literal(`${FILE_NAMES.pages}.xml`).transform((): SitemapFile => ({ kind: 'pages' })),
  z.literal(`${FILE_NAMES.articles}.xml`).transform((): SitemapFile => ({ kind: 'articles' })),
  z.literal(`${FILE_NAMES.landing}.xml`).transform((): SitemapFile => ({ kind: 'landing' })),
  z
    .string()
    .regex(/^perfis-[1-9][0-9]{0,4}\.xml$/)
    .transform((name): SitemapFile => ({ kind: 'profiles', number: Number(name.slice('perfis-'.length, -'.xml'.length)) })),
]);

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

function lastmod(value: Date | string | undefined): string {
  if (value === undefined) return '';
  return `<lastmod>${typeof value === 'string' ? value : value.toISOString()}</lastmod>`;
}

function newest(dates: ReadonlyArray<Date | string>): Date | undefined {
  let latest: Date | undefined;
  for (const d of dates) {
    const date = typeof d === 'string' ? new Date(d) : d;
    if (!latest || date > latest) latest = date;
  }
  return latest;
}

const ROTATION_BUCKETS = 128;
const ROTATION_BUCKET_SIZE = 2 ** 24;

/** Buckets per profile file for a directory of `lawyers`: a power of two from 128 (one file) down to 1. */
export function bucketsPerProfileFile(lawyers: number, perFile = PROFILES_PER_FILE): number {
  let buckets = ROTATION_BUCKETS;
  while (buckets > 1 && (lawyers * buckets) / ROTATION_BUCKETS > perFile) buckets /= 2;
  return buckets;
}

/** The profile files that hold at least one approved lawyer, with their bucket run. */
async function profileFiles(perFile: number): Promise<Array<{ number: number; firstBucket: number; buckets: number }>> {
  const perBucket = await approvedLawyersPerRotationBucket();
  const total = [...perBucket.values()].reduce((sum, n) => sum + n, 0);
  const buckets = bucketsPerProfileFile(total, perFile);
  const files = [];
  for (let first = 0; first < ROTATION_BUCKETS; first += buckets) {
    let lawyers = 0;
    for (let b = first; b < first + buckets; b++) lawyers += perBucket.get(b) ?? 0;
    if (lawyers > 0) files.push({ number: first / buckets + 1, firstBucket: first, buckets });
  }
  return files;
}

/** `profilesPerFile`: tests only (a directory of a few lawyers cut into several files). */
export async function sitemapIndexXml(appUrl: string, profilesPerFile = PROFILES_PER_FILE): Promise<string> {
  const [landing, profiles] = await Promise.all([listLandingPages(), profileFiles(profilesPerFile)]);
  const articles = listBlogPosts();
  const files: Array<{ file: SitemapFile; lastModified?: Date }> = [
    { file: { kind: 'pages' } },
    { file: { kind: 'articles' }, lastModified: newest(articles.map((a) => a.date)) },
    ...(landing.length > 0 ? [{ file: { kind: 'landing' } as const, lastModified: newest(landing.map((l) => l.lastModified)) }] : []),
    ...profiles.map((p) => ({ file: { kind: 'profiles', number: p.number } as const })),
  ];
  const entries = files.map(({ file, lastModified }) => `<sitemap><loc>${escapeXml(`${appUrl}/sitemaps/${sitemapFileName(file)}.xml`)}</loc>${lastmod(lastModified)}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** A child sitemap's XML, or null when that file does not exist (a profile file past the last). */
export async function sitemapFileXml(appUrl: string, file: SitemapFile, profilesPerFile = PROFILES_PER_FILE): Promise<string | null> {
  const urls = await sitemapUrls(file, profilesPerFile);
  if (!urls) return null;
  const entries = urls.map((u) => `<url><loc>${escapeXml(appUrl + u.path)}</loc>${lastmod(u.lastModified)}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

async function sitemapUrls(file: SitemapFile, profilesPerFile: number): Promise<SitemapUrl[] | null> {
  switch (file.kind) {
    case 'pages':
      return STATIC_PUBLIC_PAGES.map((path) => ({ path }));
    case 'articles':
      return listBlogPosts().map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.date }));
    case 'landing': {
      const pages = await listLandingPages();
      return pages.length > 0 ? pages.map((p) => ({ path: p.path, lastModified: p.lastModified })) : null;
    }
    case 'profiles': {
      const profileFile = (await profileFiles(profilesPerFile)).find((f) => f.number === file.number);
      if (!profileFile) return null;
      const from = profileFile.firstBucket * ROTATION_BUCKET_SIZE;
      const rows = await listApprovedProfilesByRotationKey(from, from + profileFile.buckets * ROTATION_BUCKET_SIZE);
      if (rows.length === 0) return null;
      return rows.map((r) => ({ path: `/advogado/${r.slug}`, lastModified: r.updatedAt }));
    }
  }
}

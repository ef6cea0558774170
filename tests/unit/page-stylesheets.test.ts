import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';

// The public pages with a stylesheet of their own (app/styles/pages/*.css, docs/decisions/0074) get the
// Tailwind utilities of the files their stylesheet names, and no others: a component a page starts to
// use and its stylesheet does not name would be unstyled. This holds each stylesheet to the files the
// page is really made of: the frame (app/root.tsx) and its routes, with everything they import.

const APP = path.resolve('app');
const PAGES_DIR = path.join(APP, 'styles/pages');

/** The routes each stylesheet styles (server-rendered-assets.server.ts maps their ids to it), and what else puts markup in the page. */
const PAGES: Record<string, string[]> = {
  'home.css': ['routes/public/home.tsx'],
  'landing.css': ['routes/public/landing.tsx'],
  'lawyer-profile.css': ['routes/public/lawyer-profile.tsx'],
  // The request form's script fetches its list of lawyers from this route and writes it into the page.
  'lead-request.css': ['routes/public/lead-request.tsx', 'routes/resources/lead-candidates-list.tsx', 'browser/lead-request-form.ts'],
};

/** The app's files an entry imports, directly or not (esbuild's resolution; packages and styles left out). */
async function moduleGraph(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(APP, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    logLevel: 'silent',
    plugins: [
      {
        name: 'app-paths',
        setup(builder) {
          builder.onResolve({ filter: /^~\// }, (args) => builder.resolve(`./${args.path.slice(2)}`, { resolveDir: APP, kind: args.kind }));
          builder.onResolve({ filter: /\?(inline|url)$|\.css$/ }, () => ({ path: 'style', external: true }));
          builder.onResolve({ filter: /^\.\/\+types\// }, () => ({ path: 'types', external: true }));
        },
      },
    ],
  });
  return Object.keys(result.metafile.inputs)
    .map((file) => path.resolve(file))
    .filter((file) => file.startsWith(`${APP}/`));
}

/** Markup lives in .tsx files and in the components' and browser scripts' folders (lawyer-card-html.ts, lawyer-markup.ts…). */
function carriesMarkup(file: string): boolean {
  return file.endsWith('.tsx') || /\/(components|browser)\//.test(file);
}

/** The files and folders a stylesheet's @source lines name, its own and those of the stylesheets it imports, as absolute paths. */
function sourcesOf(stylesheet: string): string[] {
  const text = readFileSync(stylesheet, 'utf8');
  const here = path.dirname(stylesheet);
  const own = [...text.matchAll(/^@source '([^']+)';$/gm)].map((match) => path.resolve(here, match[1]!));
  const imported = [...text.matchAll(/^@import '(\.{1,2}\/[^']+\.css)';$/gm)].flatMap((match) => sourcesOf(path.resolve(here, match[1]!)));
  return [...own, ...imported];
}

const covered = (file: string, sources: string[]) => sources.some((source) => file === source || file.startsWith(`${source}/`));

describe('the public pages’ own stylesheets', () => {
  test('every stylesheet in app/styles/pages has its routes here', () => {
    expect(readdirSync(PAGES_DIR).filter((file) => file.endsWith('.css')).sort()).toEqual(Object.keys(PAGES).sort());
  });

  test.each(Object.entries(PAGES))('%s names every file with markup its page is made of', async (stylesheet, entries) => {
    const sources = sourcesOf(path.join(PAGES_DIR, stylesheet));
    const files = new Set<string>();
    for (const entry of ['root.tsx', ...entries]) for (const file of await moduleGraph(entry)) files.add(file);
    const missing = [...files].filter(carriesMarkup).filter((file) => !covered(file, sources));
    expect(missing.map((file) => path.relative(APP, file))).toEqual([]);
    // The check sees the page's files: the route itself is among them.
    expect(files.has(path.join(APP, entries[0]!))).toBe(true);
  });
});

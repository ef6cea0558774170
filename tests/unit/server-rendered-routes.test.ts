import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { pageHydrates, SERVER_RENDERED } from '~/lib/server-rendered-page';

// Which pages are rendered on the server only (docs/decisions/0060), read from the route modules.
const ROUTES = 'app/routes';
const modules = readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx$/.test(file) && !file.includes('+types'))
  .map((file) => ({ file: `${ROUTES}/${file}`, source: readFileSync(`${ROUTES}/${file}`, 'utf8') }));
const serverRendered = modules.filter(({ source }) => /export const handle = SERVER_RENDERED;/.test(source)).map(({ file }) => file).sort();

describe('pages rendered on the server only', () => {
  test('are the public pages, and only those', () => {
    expect(serverRendered).toEqual(
      [
        'about',
        'blog-post',
        'blog',
        'confirm-lawyer',
        'home',
        'landing',
        'lawyer-profile',
        'lead-request-removal',
        'lead-request',
        'not-found',
        'practice-areas',
        'privacy-policy',
        'terms-of-use',
        'why-register',
      ]
        .map((name) => `${ROUTES}/public/${name}.tsx`)
        .sort(),
    );
  });

  test('each loads itself as a document when a page of the app navigates to it, and uses no React state in the browser', () => {
    for (const file of serverRendered) {
      const source = readFileSync(file, 'utf8');
      expect({ file, clientLoader: /export const clientLoader = loadAsDocument;/.test(source) }).toEqual({ file, clientLoader: true });
      // With a clientLoader and no loader, React Router renders the route's HydrateFallback on the server.
      expect({ file, loader: /export (async )?function loader\(|export const loader = /.test(source) }).toEqual({ file, loader: true });
      // Nothing here would ever run: the page's behaviour in the browser is app/browser/public-pages.ts.
      expect({ file, hooks: source.match(/\buse(State|Effect|LayoutEffect|Ref|Navigation|Fetcher|Submit)\(/g) ?? [] }).toEqual({ file, hooks: [] });
      expect({ file, handlers: source.match(/\bon(Click|Change|Submit|Input|Toggle)=/g) ?? [] }).toEqual({ file, handlers: [] });
    }
  });

  test('one server-rendered route makes the page so; the app’s routes hydrate', () => {
    expect(pageHydrates([{ handle: undefined }, { handle: SERVER_RENDERED }])).toBe(false);
    expect(pageHydrates([{ handle: undefined }, { handle: { backOffice: true } }])).toBe(true);
    expect(pageHydrates([])).toBe(true);
  });

  test('the search is written as a string inside the site frame: a loader that answers the whole document, no React page', () => {
    // docs/decisions/0066: /busca and /advogado (the lawyers' list) are one module with no component.
    const source = readFileSync(`${ROUTES}/public/search.tsx`, 'utf8');
    expect(source).toMatch(/export async function loader\(\{ request \}: Route.LoaderArgs\) \{\n  return documentResponse\(await searchDocument\(request\)\);/);
    expect(source).not.toMatch(/export default|export const (handle|clientLoader|meta)\b/);
    expect(readFileSync('app/modules/lawyers/search-document.server.ts', 'utf8')).toContain('await publicDocument(');
  });
});

import { describe, expect, test } from 'vitest';
import { ATTEMPTS, runLighthouse } from '../../bench/lighthouse';

// The bench's Lighthouse step (bench/lighthouse.ts) with a stand-in browser and audit: a failed run is
// retried in a fresh browser, and only a page that fails ATTEMPTS times loses its figures.

function standIns(failuresByPath: Record<string, number>) {
  let launched = 0;
  let killed = 0;
  const calls: string[] = [];
  const launch = async () => {
    launched += 1;
    // The two members runLighthouse uses of chrome-launcher's LaunchedChrome.
    return { port: 9000 + launched, kill: () => void (killed += 1) } as never;
  };
  const audit = async (_port: number, _origin: string, path: string) => {
    calls.push(path);
    if ((failuresByPath[path] ?? 0) > 0) {
      failuresByPath[path]! -= 1;
      throw new Error(`Lighthouse failed on ${path}: NO_NAVSTART`);
    }
    return {
      path,
      scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
      failing: { performance: [], accessibility: [], 'best-practices': [], seo: [] },
      metrics: {},
      fcpMs: 812,
      benchmarkIndex: 1450,
      runWarnings: [],
    };
  };
  return { launch, audit, calls, counts: () => ({ launched, killed }) };
}

describe('bench Lighthouse retries', () => {
  test('a page that fails twice is measured on its third run; the other pages are untouched', async () => {
    const s = standIns({ '/busca': 2 });
    const pages = await runLighthouse('http://127.0.0.1:1', ['/', '/busca', '/blog'], { launch: s.launch, audit: s.audit });
    expect(pages.map((p) => [p.path, p.scores.performance, p.fcpMs, p.attempts])).toEqual([
      ['/', 100, 812, 1],
      ['/busca', 100, 812, 3],
      ['/blog', 100, 812, 1],
    ]);
    expect(pages[1]!.error).toContain('NO_NAVSTART');
    expect(s.calls).toEqual(['/', '/busca', '/busca', '/busca', '/blog']);
    // Each failure got a fresh browser; every browser was closed at the end.
    expect(s.counts()).toEqual({ launched: 3, killed: 3 });
  });

  test('only after ATTEMPTS failures are a page’s figures missing', async () => {
    const s = standIns({ '/quem-somos': ATTEMPTS });
    const pages = await runLighthouse('http://127.0.0.1:1', ['/quem-somos', '/'], { launch: s.launch, audit: s.audit });
    expect(pages[0]).toMatchObject({ path: '/quem-somos', scores: { performance: null, seo: null }, fcpMs: null, benchmarkIndex: null, attempts: ATTEMPTS });
    expect(pages[0]!.error).toContain('NO_NAVSTART');
    expect(pages[1]).toMatchObject({ path: '/', scores: { performance: 100 }, attempts: 1 });
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page as it is now and returns its serious and critical violations. */
export async function findSeriousA11yViolations(page: Page): Promise<Result[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy (rightly) refuses an injected inline script.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run());
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The violations as a readable list: rule, impact, help, and each offending element with the reason. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n');
      return `  ${v.id} (${v.impact}): ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

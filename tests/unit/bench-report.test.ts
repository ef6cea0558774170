import { describe, expect, test } from 'vitest';
import { figure, formatTable, skippedBy } from '../../bench/report';

// The bench's table (bench/report.ts): a figure without a value is NOT MET, unless the operator left its
// step out of the run (BENCH_SKIP_BACKGROUND=1…), when it reads 'skipped' with the reason.
describe('bench report', () => {
  const budget = { kind: 'max', limit: 100 } as const;

  test('a figure is met or NOT MET by its budget; one without a value is NOT MET', () => {
    expect(figure('p99', 87, 'ms', 0, budget).status).toBe('met');
    expect(figure('p99', 113, 'ms', 0, budget).status).toBe('NOT MET');
    expect(figure('p99', null, 'ms', 0, budget).status).toBe('NOT MET');
    expect(figure('p50', 27, 'ms', 0).status).toBe('report');
  });

  test('a skipped step reads skipped with its reason; a step that ran keeps its result, and nothing is skipped without a reason', () => {
    const missing = figure('Monitoring poll', null, 'min', 1, budget);
    expect(skippedBy('BENCH_SKIP_BACKGROUND=1', missing)).toMatchObject({ status: 'skipped', note: 'BENCH_SKIP_BACKGROUND=1' });
    expect(skippedBy(undefined, missing).status).toBe('NOT MET');
    expect(skippedBy('BENCH_SKIP_BACKGROUND=1', figure('Monitoring poll', 120, 'min', 1, budget)).status).toBe('NOT MET');
    expect(skippedBy('BENCH_SKIP_BACKGROUND=1', figure('Monitoring poll', 3.7, 'min', 1, budget)).status).toBe('met');
    expect(formatTable([skippedBy('BENCH_SKIP_BACKGROUND=1', missing)])).toMatch(/Monitoring poll\s+n\/a\s+<= 100 min\s+skipped \(BENCH_SKIP_BACKGROUND=1\)/);
  });
});

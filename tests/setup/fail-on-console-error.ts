import { afterEach, vi } from 'vitest';

// An error logged during a test is a failure, not noise (the Epic Stack's rule).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.splice(0);
  if (calls.length > 0) throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});

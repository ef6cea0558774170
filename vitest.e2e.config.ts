import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/e2e/sequencer';

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) };

// End-to-end journeys against the production build (`npm run test:e2e` builds first). One shared
// server, with every stand-in and the fixture door, and a pristine one for whole-site figures are
// started for the whole run (tests/e2e/global-setup.ts; docs/decisions/0035); each file gets its own
// Chromium and each test its own browser context and data. Two files run at once (a journey waits on
// the browser and the server about half the time), the longest first (tests/e2e/sequencer.ts).
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: 2,
    // A worker's files share its imported modules (playwright-core, the support files): importing them once
    // per worker instead of once per file (about 1.3 s a file). Each file still gets its own Chromium and its
    // test module's own state; a support module registers no hook at import (own-server.ts: killOwnServers).
    isolate: false,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    // expect.poll waits up to 15 s unless told (vitest's 1 s default failed journeys on a busy 2-core machine).
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});

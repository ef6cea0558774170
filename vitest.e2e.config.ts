import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) };

// End-to-end journeys against the production build (`npm run test:e2e` builds first). One server is
// started for the whole run (tests/e2e/global-setup.ts); each file gets its own Chromium and each test
// its own browser context. Files run one at a time: the server, Chromium and Vitest share two cores.
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});

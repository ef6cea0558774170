import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) };
const env = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123', APP_URL: 'http://localhost:3000', TZ: 'America/Sao_Paulo' };

// Migrates once per run (a PGlite dump cached by the migrations' hash, or a PostgreSQL template); each
// worker's database is a copy (tests/setup/test-database.ts).
const integration = {
  globalSetup: ['tests/setup/global-database.ts'],
  setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/memoised-passwords.ts', 'tests/setup/database.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};
const ISOLATED = [
  'tests/integration/admin-access.test.ts',
  'tests/integration/admin-reports.test.ts',
  'tests/integration/e2e-fixtures.test.ts',
  'tests/integration/superadmin-access.test.ts',
  'tests/integration/profile-editing.test.ts',
  'tests/integration/account-deletion.test.ts',
  'tests/integration/data-export.test.ts',
  'tests/integration/multi-process.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker more than processors: the tests wait on timers, pg-boss polls and PostgreSQL a good part
    // of the time, and a third worker fills it (on the 2-CPU CI machine, 113 s instead of 133 s on PGlite,
    // 89 s instead of 102 s on PostgreSQL). Each worker has its own database (tests/setup/test-database.ts).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          env,
          include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.server.test.ts', '**/node_modules/**'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          // Module functions against a real database: PGlite, and PostgreSQL too when TEST_DATABASE_URL is set.
          name: 'integration',
          env,
          include: ['app/**/*.server.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: [...ISOLATED, '**/node_modules/**'],
          // The files of a worker share its modules and its database (emptied before each test): opening a
          // database and importing the app once per worker instead of once per file.
          isolate: false,
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: {
          // The files that replace a module (vi.mock), load a second copy of one (vi.resetModules) or set DATA_DIR at import: each in a fresh module graph.
          name: 'integration-isolated',
          env,
          include: ISOLATED,
          ...integration,
        },
      },
    ],
  },
});

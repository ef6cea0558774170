import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) };
const env = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123', APP_URL: 'http://localhost:3000', TZ: 'America/Sao_Paulo' };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default leaves one processor free: on the 2-CPU CI machine that is one worker. Two halve
    // the unit and integration phases (each worker has its own database: tests/setup/test-database.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // Migrates once per run (a PGlite dump cached by the migrations' hash, or a PostgreSQL template);
          // each worker's database is a copy (tests/setup/test-database.ts).
          globalSetup: ['tests/setup/global-database.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/database.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

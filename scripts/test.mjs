// `npm test`: every test. Unit and integration tests on PGlite always; the integration tests again on
// PostgreSQL when TEST_DATABASE_URL is set; then the end-to-end tests in Chromium against the build.
import { spawnSync } from 'node:child_process';

function run(command, args, env = {}) {
  console.log(`\n> ${command} ${args.join(' ')}${Object.keys(env).length ? `  (${Object.entries(env).map(([k, v]) => `${k}=${v || '""'}`).join(' ')})` : ''}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const postgres = process.env.TEST_DATABASE_URL;
run('npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
if (postgres) run('npx', ['vitest', 'run', '--project', 'integration'], { TEST_DATABASE_URL: postgres });
run('npm', ['run', 'test:e2e']);

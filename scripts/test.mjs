// `npm test`: every test. The production build (which the end-to-end tests need) runs beside the unit and
// integration tests on PGlite, its output held back; then the integration tests again on PostgreSQL when
// TEST_DATABASE_URL is set; then the end-to-end tests in Chromium against that build, without building
// again. The first part that fails stops the run, and says which part it was.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const children = new Set();
const started = performance.now();
const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

function describe(command, args, env) {
  const shown = Object.entries(env).map(([k, v]) => `${k}=${v || '""'}`).join(' ');
  return `${command} ${args.join(' ')}${shown ? `  (${shown})` : ''}`;
}

/**
 * Starts a command in a process group of its own (so that stopping it stops what it started). With
 * `quiet`, its output is kept in memory instead of being printed.
 */
function start(command, args, { env = {}, quiet = false } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: process.platform !== 'win32',
  });
  children.add(child);
  const output = [];
  if (quiet) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  const done = new Promise((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
  return { child, done, output: () => Buffer.concat(output).toString() };
}

function stop(child) {
  try {
    if (process.platform === 'win32') child.kill();
    else process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function fail(part, status, output) {
  for (const child of children) stop(child);
  if (output) process.stdout.write(`\n${output}`);
  console.error(`\nnpm test: ${part} failed (exit ${status}) after ${seconds(started)}.`);
  process.exit(status || 1);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) stop(child);
    process.exit(130);
  });
}

async function run(part, command, args, env = {}) {
  console.log(`\n> ${describe(command, args, env)}`);
  const since = performance.now();
  const status = await start(command, args, { env }).done;
  if (status !== 0) fail(part, status);
  console.log(`${part}: passed in ${seconds(since)}`);
}

const postgres = process.env.TEST_DATABASE_URL;

// The build and the tests share the machine (two cores on CI): the build runs at a lower priority, so it
// takes the time the tests leave and never slows a test into its timeout. The tests keep their workers.
console.log(`\n> npm run build  (beside the tests, its output shown only if it fails)`);
const buildStarted = performance.now();
const build = start('npm', ['run', 'build'], { quiet: true });
try {
  setPriority(build.child.pid, 10);
} catch {
  // not allowed here: the build runs at the usual priority
}
let buildStatus;
const buildDone = build.done.then((status) => {
  buildStatus = status;
  if (status !== 0) fail('the production build (npm run build)', status, build.output());
  console.log(`\nThe production build finished beside the tests in ${seconds(buildStarted)}.`);
});

await run('unit and integration tests on PGlite', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
if (buildStatus === undefined) console.log('\nWaiting for the production build…');
await buildDone;
if (postgres) await run('integration tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'integration', '--project', 'integration-isolated'], { TEST_DATABASE_URL: postgres });
await run('end-to-end tests', 'npm', ['run', 'test:e2e:built']);
console.log(`\nnpm test: every part passed in ${seconds(started)}.`);

/**
 * `npx tsx bench/board-alone.ts`: the CRM board's figures alone (board.ts), without the 100,000
 * lawyers and the load runs of `npm run bench`: a fresh database (PostgreSQL at BENCH_DATABASE_URL, or
 * PGlite), the board's lawyer with 2,000 leads, the production build in build/ (run `npm run build`
 * first), then the server and Chromium timings. For working on the board; the report's figures come
 * from `npm run bench`. BOARD_RUNS sets the number of cold loads (default 5).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBoard, seedBoard } from './board';
import { createBenchDatabase } from './database';
import { freePort, startProcess } from './processes';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(projectRoot);
const APP_SECRET = 'jusconecta-bench-secret-0123456789abcdef';

const database = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
await database.release();
const seeded = await seedBoard(database.serverEnv);
console.log(`board seeded in ${seeded.seconds.toFixed(1)} s`);
const port = await freePort();
const env: NodeJS.ProcessEnv = { ...process.env };
for (const name of ['DATABASE_URL', 'DATA_DIR', 'APP_URL', 'PAGE_CACHE_SECONDS', 'TRUST_PROXY', 'PORT']) delete env[name];
Object.assign(env, database.serverEnv, { NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn', PORT: String(port), APP_SECRET });
const server = await startProcess({ name: 'server', command: process.execPath, args: ['build/server.js'], env, readyUrl: `http://127.0.0.1:${port}/healthz` });
try {
  const figures = await measureBoard(`http://127.0.0.1:${port}`, { interactiveRuns: Number(process.env.BOARD_RUNS ?? 5) });
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await server.stop();
  await database.destroy();
}

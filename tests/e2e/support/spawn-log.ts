import fs from 'node:fs';
import path from 'node:path';

/** Every start of build/server.js in an end-to-end run is a line of this file; the global setup counts them at the end. */
export const SPAWN_LOG = path.resolve('test-results/e2e-server-spawns.log');

export function recordSpawn(name: string) {
  fs.mkdirSync(path.dirname(SPAWN_LOG), { recursive: true });
  fs.appendFileSync(SPAWN_LOG, `${name}\n`);
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Real outside payloads (../shared/fixtures/real-world/, beside the project's folder; its README gives
// each one's source). Read at run time, never copied into the repository. REAL_WORLD_FIXTURES names the
// folder when the checkout is elsewhere.

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REAL_WORLD_DIR = process.env.REAL_WORLD_FIXTURES ?? path.resolve(PROJECT, '../shared/fixtures/real-world');

export function realWorldText(name: string): string {
  return fs.readFileSync(path.join(REAL_WORLD_DIR, name), 'utf8');
}

/** The files of the folder whose names start with `prefix`. */
export function realWorldFiles(prefix: string): string[] {
  return fs
    .readdirSync(REAL_WORLD_DIR)
    .filter((name) => name.startsWith(prefix))
    .sort();
}

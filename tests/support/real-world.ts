import fs from 'node:fs';
import path from 'node:path';

// Real outside payloads (../shared/fixtures/real-world/, beside the project; its README gives each
// one's source). Read at run time, never copied into the repository.

export const REAL_WORLD_DIR = path.resolve(process.cwd(), '../shared/fixtures/real-world');

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

import fs from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the embedded database (its WAL has session tokens and password hashes), the
 * generated secret and uploads: it is created 0700, and a directory made by an older version with
 * looser modes is tightened at boot (no group or other bits on anything inside).
 */
export function prepareDataDirectory(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  keepPrivate(directory);
}

/**
 * Removes the group and other bits of everything under `directory`. PGlite writes a new database from
 * its template with explicit 0666 modes (Emscripten's chmod ignores the process umask), so this runs
 * again once the embedded database is open; files PostgreSQL creates afterwards are 0600.
 */
export function keepPrivate(directory: string): void {
  tighten(directory);
}

function tighten(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(target, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of fs.readdirSync(target)) tighten(path.join(target, name));
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { keepPrivate, prepareDataDirectory } from './data-directory.server';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-data-'));
  made.push(dir);
  return dir;
}

const modeOf = (target: string) => fs.statSync(target).mode & 0o777;

test('a missing data directory is created 0700, whatever the umask', () => {
  const previous = process.umask(0o022);
  try {
    const dir = path.join(scratch(), 'nested', 'data');
    prepareDataDirectory(dir);
    expect(modeOf(dir)).toBe(0o700);
  } finally {
    process.umask(previous);
  }
});

test('files and folders left with group or other bits are made private to the owner', () => {
  const dir = scratch();
  fs.mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'pglite', 'base', '1259'), 'x');
  fs.chmodSync(path.join(dir, 'pglite', 'base', '1259'), 0o666);
  fs.writeFileSync(path.join(dir, 'secret'), 'x');
  fs.chmodSync(path.join(dir, 'secret'), 0o644);
  fs.chmodSync(path.join(dir, 'pglite'), 0o777);

  keepPrivate(dir);

  expect(modeOf(path.join(dir, 'pglite'))).toBe(0o700);
  expect(modeOf(path.join(dir, 'pglite', 'base'))).toBe(0o700);
  expect(modeOf(path.join(dir, 'pglite', 'base', '1259'))).toBe(0o600);
  expect(modeOf(path.join(dir, 'secret'))).toBe(0o600);
});

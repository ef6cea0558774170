import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { acquireDirectoryLock } from '~/db/directory-lock.server';

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-lock-'));
}

describe('the data directory lock', () => {
  test('refuses while another live process holds it, with a message that says what to do', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, '.server.lock'), String(other.pid));
      expect(() => acquireDirectoryLock(dir)).toThrow(`já está em uso pelo processo ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  test('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(dir, '.server.lock'), String(dead.pid));
    const lock = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, '.server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, '.server.lock'))).toBe(false);
  });
});

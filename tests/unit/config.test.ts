import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '~/config.server';

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-'));
}

describe('configuration from the environment', () => {
  test('defaults serve the embedded demo on port 3000 and seed it', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, brandName: 'JusConecta', appUrl: 'http://localhost:3000', seedDemo: true, databaseUrl: undefined });
  });

  test('without DATABASE_URL the secret is generated once and kept in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first);
    expect(fs.readFileSync(path.join(dir, 'app-secret'), 'utf8')).toBe(first);
  });

  test('with DATABASE_URL the secret is required, and the message says so in Portuguese', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://localhost/x' })).toThrow(/APP_SECRET: é obrigatório quando DATABASE_URL está definido/);
  });

  test('invalid values are all reported at once', () => {
    let message = '';
    try {
      loadConfig({ DATA_DIR: tempDir(), PORT: 'abc', APP_URL: 'not a url', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('APP_URL');
    expect(message).toContain('DATABASE_URL: deve ser uma URL postgres://');
    expect(message).toContain('SEED_DEMO');
  });
});

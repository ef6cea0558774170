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

  test('E2E_FIXTURES (the tests\' fixture door) is refused in Portuguese unless the database is embedded and APP_URL is localhost', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).e2eFixtures).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), E2E_FIXTURES: '1' }).e2eFixtures).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), E2E_FIXTURES: 'true', APP_URL: 'http://127.0.0.1:41234' }).e2eFixtures).toBe(true);
    const refusal = /E2E_FIXTURES: só pode ser ativado nos testes: com o banco embutido \(sem DATABASE_URL\) e APP_URL em localhost ou 127\.0\.0\.1/;
    expect(() => loadConfig({ DATA_DIR: tempDir(), E2E_FIXTURES: '1', APP_URL: 'https://www.jusconecta.com.br' })).toThrow(refusal);
    expect(() => loadConfig({ DATA_DIR: tempDir(), E2E_FIXTURES: '1', DATABASE_URL: 'postgres://localhost/x', APP_SECRET: 'x'.repeat(32) })).toThrow(refusal);
    expect(() => loadConfig({ DATA_DIR: tempDir(), E2E_FIXTURES: '1', APP_URL: 'http://localhost.exemplo.com.br' })).toThrow(refusal);
  });

  test('WEB_CONCURRENCY: one process per CPU with PostgreSQL, one with the embedded database, and never more there', () => {
    const postgres = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://localhost/x', APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(postgres).serverProcesses).toBe(os.availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).serverProcesses).toBe(3);
    expect(loadConfig({ DATA_DIR: tempDir() }).serverProcesses).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '1' }).serverProcesses).toBe(1);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: só pode passar de 1 com DATABASE_URL/);
    for (const value of ['0', 'abc', '2.5', '65']) {
      expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY: deve ser um número inteiro de 1 a 64/);
    }
  });
});

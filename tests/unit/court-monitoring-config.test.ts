import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '~/config.server';
import { createConfiguredCourtProvider } from '~/integrations/court-monitoring/court-monitoring.server';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-'));

describe('court-monitoring configuration', () => {
  test('nothing set: the simulated court, which needs nothing', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.courtMonitoring).toEqual({ provider: 'simulado' });
    expect(createConfiguredCourtProvider(config)).toMatchObject({ id: 'simulado', displayName: 'sistema de demonstração' });
  });

  test('escavador: the API token and the callback token; the URL defaults to v2', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'escavador', ESCAVADOR_API_TOKEN: 'eyJ0eXAi.abc', ESCAVADOR_CALLBACK_TOKEN: 'cb-token' });
    expect(config.courtMonitoring).toEqual({ provider: 'escavador', apiUrl: 'https://api.escavador.com/api/v2', token: 'eyJ0eXAi.abc', callbackToken: 'cb-token' });
    expect(createConfiguredCourtProvider(config)).toMatchObject({ id: 'escavador', displayName: 'Escavador' });
    expect(loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'escavador', ESCAVADOR_API_URL: 'http://127.0.0.1:9000/api/v2/', ESCAVADOR_API_TOKEN: 'a', ESCAVADOR_CALLBACK_TOKEN: 'b' }).courtMonitoring).toMatchObject({
      apiUrl: 'http://127.0.0.1:9000/api/v2',
    });
  });

  test('datajud: the key; the URL defaults to the public API', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'datajud', DATAJUD_API_KEY: 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw==' });
    expect(config.courtMonitoring).toEqual({ provider: 'datajud', apiUrl: 'https://api-publica.datajud.cnj.jus.br', apiKey: 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw==', requestsPerSecond: 1 });
    expect(createConfiguredCourtProvider(config)).toMatchObject({ id: 'datajud', displayName: 'DataJud (CNJ)' });
  });

  test('the chosen provider without its token or key is refused in Portuguese; the others may lack theirs', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'escavador' })).toThrow(/ESCAVADOR_API_TOKEN: é obrigatório quando COURT_MONITORING_PROVIDER=escavador/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'escavador', ESCAVADOR_API_TOKEN: 'a' })).toThrow(/ESCAVADOR_CALLBACK_TOKEN: é obrigatório quando COURT_MONITORING_PROVIDER=escavador/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'datajud', ESCAVADOR_API_TOKEN: 'a' })).toThrow(/DATAJUD_API_KEY: é obrigatório quando COURT_MONITORING_PROVIDER=datajud/);
    expect(loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'datajud', DATAJUD_API_KEY: 'k', ESCAVADOR_API_URL: 'https://api.escavador.com/api/v2' }).courtMonitoring.provider).toBe('datajud');
    expect(loadConfig({ DATA_DIR: dataDir(), COURT_MONITORING_PROVIDER: 'datajud', DATAJUD_API_KEY: 'k', DATAJUD_REQUESTS_PER_SECOND: '2.5' }).courtMonitoring).toMatchObject({ requestsPerSecond: 2.5 });
  });

  test.each([
    ['COURT_MONITORING_PROVIDER', 'tjsp', /COURT_MONITORING_PROVIDER: use simulado, escavador ou datajud/],
    ['ESCAVADOR_API_URL', 'api.escavador.com/api/v2', /ESCAVADOR_API_URL: deve ser uma URL completa http:\/\/ ou https:\/\//],
    ['DATAJUD_API_URL', 'ftp://api-publica.datajud.cnj.jus.br', /DATAJUD_API_URL: deve ser uma URL completa/],
    ['DATAJUD_API_KEY', 'APIKey abc', /DATAJUD_API_KEY: não pode ter espaços nem acentos/],
    ['ESCAVADOR_API_TOKEN', 'tóken', /ESCAVADOR_API_TOKEN: não pode ter espaços nem acentos/],
    ['DATAJUD_REQUESTS_PER_SECOND', '0', /DATAJUD_REQUESTS_PER_SECOND: deve estar entre 0,1 e 50/],
    ['DATAJUD_REQUESTS_PER_SECOND', '500', /DATAJUD_REQUESTS_PER_SECOND: deve estar entre 0,1 e 50/],
    ['DATAJUD_REQUESTS_PER_SECOND', 'rápido', /DATAJUD_REQUESTS_PER_SECOND: deve ser um número/],
  ])('%s=%s is refused', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(message);
  });
});

describe('MONITORING_POLL_CONCURRENCY', () => {
  test('4 by default; a whole number from 1 to 32, refused in Portuguese otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).monitoringPollConcurrency).toBe(4);
    expect(loadConfig({ DATA_DIR: dataDir(), MONITORING_POLL_CONCURRENCY: '12' }).monitoringPollConcurrency).toBe(12);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MONITORING_POLL_CONCURRENCY: '0' })).toThrow(/MONITORING_POLL_CONCURRENCY: deve estar entre 1 e 32/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MONITORING_POLL_CONCURRENCY: '33' })).toThrow(/MONITORING_POLL_CONCURRENCY: deve estar entre 1 e 32/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MONITORING_POLL_CONCURRENCY: '2.5' })).toThrow(/MONITORING_POLL_CONCURRENCY: deve ser um número inteiro/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MONITORING_POLL_CONCURRENCY: 'muitos' })).toThrow(/MONITORING_POLL_CONCURRENCY: deve ser um número/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '~/config.server';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-config-'));

describe('contract analysis configuration', () => {
  test('nothing set: the built-in analyser only', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).contractAnalysis).toBeNull();
  });

  test('the URL switches the language model on; the model has a default and the key is optional', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), CONTRACT_ANALYSIS_URL: 'http://127.0.0.1:8080/v1/chat/completions' }).contractAnalysis).toEqual({
      url: 'http://127.0.0.1:8080/v1/chat/completions',
      apiKey: undefined,
      model: 'gpt-4o-mini',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), CONTRACT_ANALYSIS_URL: 'https://api.openai.com/v1/chat/completions', CONTRACT_ANALYSIS_API_KEY: 'sk-abc', CONTRACT_ANALYSIS_MODEL: 'gpt-4.1' })
        .contractAnalysis,
    ).toEqual({ url: 'https://api.openai.com/v1/chat/completions', apiKey: 'sk-abc', model: 'gpt-4.1' });
  });

  test('a URL that is not http(s) or a key with spaces is refused in Portuguese', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), CONTRACT_ANALYSIS_URL: 'api.openai.com/v1' })).toThrow(/CONTRACT_ANALYSIS_URL: deve ser uma URL completa http:\/\/ ou https:\/\//);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CONTRACT_ANALYSIS_URL: 'ftp://x.example/v1' })).toThrow(/CONTRACT_ANALYSIS_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CONTRACT_ANALYSIS_URL: 'https://x.example', CONTRACT_ANALYSIS_API_KEY: 'sk abc' })).toThrow(
      /CONTRACT_ANALYSIS_API_KEY: não pode ter espaços nem acentos/,
    );
  });
});

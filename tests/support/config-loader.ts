import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '~/config.server';

/**
 * The configuration tests' loader: `load(env)` reads the environment given (over a fresh DATA_DIR of
 * its own), `messageOf(env)` the refusal's message (a failure when the environment is accepted).
 */
export function configLoader(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jusconecta-${name}-config-`));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const messageOf = (env: Record<string, string>): string => {
    try {
      load(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };
  return { load, messageOf };
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs a bench script (its `import.meta.url`) in a child process of its own, from the project's root,
 * and reads the figures it writes to the JSON file named by `jsonVariable`. The measuring steps of
 * bench/run.ts that need a fresh process (their own database, --expose-gc) share it.
 */
export async function runBenchInChild<T>(scriptUrl: string, options: { jsonFile: string; jsonVariable: string; env?: Record<string, string>; nodeArgs?: string[]; timeoutMinutes: number }): Promise<T> {
  const script = fileURLToPath(scriptUrl);
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [...(options.nodeArgs ?? []), '--import', 'tsx', script],
      {
        cwd: path.resolve(path.dirname(script), '..'),
        env: { ...process.env, ...options.env, [options.jsonVariable]: options.jsonFile },
        maxBuffer: 16 * 1024 * 1024,
        timeout: options.timeoutMinutes * 60_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
    );
  });
  if (!fs.existsSync(options.jsonFile)) throw new Error(`${path.relative(process.cwd(), script)} wrote no figures:\n${output}`);
  return JSON.parse(fs.readFileSync(options.jsonFile, 'utf8')) as T;
}

import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Child processes of the benchmark (the app server, the bare server) and the ports they listen on. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (or signal). */
  stop(graceMs?: number): Promise<string>;
}

/**
 * Starts a child process whose output is prefixed with its name on this process's stderr, and waits
 * until `readyUrl` answers 200 (or fails when the process exits first or `timeoutMs` passes).
 */
export async function startProcess(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  readyUrl: string;
  timeoutMs?: number;
}): Promise<RunningProcess> {
  const { name, command, args, env, cwd, readyUrl, timeoutMs = 120_000 } = options;
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => `  [${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));

  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? String(code)));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const running: RunningProcess = {
    name,
    child,
    async stop(graceMs = 15_000) {
      if (hasExited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`${name} exited before it was ready (exit ${await exited}).`);
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return running;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await running.stop();
  throw new Error(`${name} was not ready at ${readyUrl} after ${timeoutMs / 1000} s.`);
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes on one directory lose writes silently.
 * The server holds this lock for its lifetime and refuses to start while another live process holds it.
 */
export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

export interface DirectoryLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirectoryLock(directory: string): DirectoryLock {
  fs.mkdirSync(directory, { recursive: true });
  const lockFile = path.join(directory, '.server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      const onExit = () => releaseIfOurs(lockFile);
      process.once('exit', onExit);
      return {
        release() {
          process.off('exit', onExit);
          releaseIfOurs(lockFile);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DirectoryLockedError(
          `O banco de dados em ${directory} já está em uso pelo processo ${holder}. ` +
            'Pare o outro servidor ou use outro DATA_DIR. Se nenhum servidor estiver rodando, apague o arquivo ' +
            `${lockFile}.`,
        );
      }
      // The holder died without releasing it: the lock is stale.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DirectoryLockedError(`Não foi possível obter o bloqueio de ${directory}.`);
}

function releaseIfOurs(lockFile: string) {
  try {
    if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile, { force: true });
  } catch {
    // Already gone.
  }
}

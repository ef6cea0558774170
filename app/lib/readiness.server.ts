import { databaseAnswers } from '~/db/client.server';

/**
 * Readiness (GET /readyz) and the server's view of a database outage. Liveness (/healthz) is only "the
 * process answers"; readiness also says whether this process should get traffic: not once it has begun
 * to drain (SIGTERM), and not while its database does not answer `select 1` within a second.
 */
const holder = globalThis as typeof globalThis & { __jusconectaDraining?: boolean };

/** Called by the server when SIGTERM (or SIGINT) arrives, before it stops listening. */
export function beginDraining(): void {
  holder.__jusconectaDraining = true;
}

export function isDraining(): boolean {
  return holder.__jusconectaDraining === true;
}

export type Readiness = { ready: true } | { ready: false; reason: 'draining' | 'database' };

export async function readiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: 'draining' };
  return (await databaseAnswers()) ? { ready: true } : { ready: false, reason: 'database' };
}

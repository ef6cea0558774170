import { backgroundLog } from '~/lib/log.server';
import { startIntervalPass } from './interval-pass.server';
import { runFollowUpDigest } from '~/modules/leads/follow-up-digest.server';

/**
 * The CRM's morning digest (docs/decisions/0049): an in-process tick, every minute, like the monitoring
 * dispatcher. Outside 8:00–12:00 of a working day (São Paulo) a tick does nothing; inside, the first
 * process to tick takes the day and every process sends what is left, so it is safe with several.
 */
export interface FollowUpDigestDispatcher {
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startFollowUpDigestDispatcher({ intervalMs = 60_000, now = () => new Date() }: { intervalMs?: number; now?: () => Date } = {}): FollowUpDigestDispatcher {
  return startIntervalPass(async () => {
    try {
      const run = await runFollowUpDigest(now());
      if (run.found > 0 || run.sent > 0) backgroundLog().info(run, 'Resumo diário do CRM: enviado');
    } catch (error) {
      backgroundLog().error({ err: error }, 'Falha ao enviar o resumo diário do CRM');
    }
  }, intervalMs);
}

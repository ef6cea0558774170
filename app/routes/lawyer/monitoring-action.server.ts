import type { CurrentUser } from '~/auth/session.server';
import { doorIntents, writeDoor } from '~/lib/write-door.server';
import { courtMonitoringProvider } from '~/modules/monitoring/court-provider.server';
import { createMonitoringSchema, monitoringTargetSchema, monitoringTestSchema } from '~/modules/monitoring/monitoring.schemas';
import { createMonitoring, openMonitoring, refreshMonitoring, removeMonitoring, sendMovementTestNotification, type MonitoringLawyer } from '~/modules/monitoring/monitoring.server';

// The posts of the monitoring part of section monitoramento (HTTP only: the rules are in
// app/modules/monitoring/monitoring.server.ts), through the write door. Each form names its `intent`;
// the lawyer is the session's, whatever the form says. A form that goes through redirects with the
// spec's toast (back to the details dialog for Atualizar and the test send); one that does not is
// answered with its message.

export const MONITORING_PATH = '/area-advogado?section=monitoramento';

const ECHO = { intent: 40, numero: 30, tribunal: 10, frequencia: 10, monitoringId: 40 } as const;

const processDialog = (monitoringId: string) => `${MONITORING_PATH}&processo=${monitoringId}`;

const monitoringIntent = doorIntents<MonitoringLawyer>();

/** A refused id names no monitoring of the lawyer: 404, as one of another lawyer. */
const targetInvalid = (errors: Partial<Record<string, string>>) => ({ status: 404, message: errors.monitoringId ?? 'Monitoramento não encontrado' });

export const monitoringDoor = writeDoor({
  name: 'monitoramento',
  scope: 'lawyer-area',
  open: (user: CurrentUser) => openMonitoring(user),
  back: MONITORING_PATH,
  redirectStatus: 303,
  unknownIntent: { message: 'Ação desconhecida. Recarregue a página e tente novamente.', echo: { intent: 40 } },
  intents: {
    'criar-monitoramento': monitoringIntent({
      schema: createMonitoringSchema,
      echo: ECHO,
      run: async (lawyer, input) => ({ message: (await createMonitoring(lawyer, input, courtMonitoringProvider())).message }),
    }),
    'testar-notificacao-processo': monitoringIntent({
      schema: monitoringTestSchema,
      echo: ECHO,
      invalid: (errors) => ({ status: 400, message: errors.monitoringId ?? errors.envio ?? 'Envio inválido' }),
      run: async (lawyer, input) => {
        const sent = await sendMovementTestNotification(lawyer, input.monitoringId, input.envio);
        return { message: sent.message, redirectTo: processDialog(input.monitoringId) };
      },
    }),
    'remover-monitoramento': monitoringIntent({
      schema: monitoringTargetSchema,
      echo: ECHO,
      invalid: targetInvalid,
      run: async (lawyer, input) => ({ message: (await removeMonitoring(lawyer, input.monitoringId, courtMonitoringProvider())).message }),
    }),
    'atualizar-monitoramento': monitoringIntent({
      schema: monitoringTargetSchema,
      echo: ECHO,
      invalid: targetInvalid,
      run: async (lawyer, input) => {
        const { newMovements } = await refreshMonitoring(lawyer, input.monitoringId, courtMonitoringProvider());
        const message =
          newMovements === 0 ? 'Processo verificado: nenhuma movimentação nova.' : `Processo verificado: ${newMovements} ${newMovements === 1 ? 'movimentação nova' : 'movimentações novas'}.`;
        return { message, redirectTo: processDialog(input.monitoringId) };
      },
    }),
  },
});

import { redirect } from 'react-router';
import { z } from 'zod';
import type { CurrentUser } from '~/auth/session.server';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { readFormData } from '~/lib/form-fields.server';
import { parseForm } from '~/lib/parse-form.server';
import { throttleWrites } from '~/lib/write-throttle.server';
import { courtMonitoringProvider } from '~/modules/monitoring/court-provider.server';
import { createMonitoringSchema, MONITORING_INTENTS, monitoringTargetSchema, monitoringTestSchema, type MonitoringIntent } from '~/modules/monitoring/monitoring.schemas';
import { createMonitoring, openMonitoring, refreshMonitoring, removeMonitoring, sendMovementTestNotification } from '~/modules/monitoring/monitoring.server';

// The posts of the monitoring part of section monitoramento (HTTP only: the rules are in
// app/modules/monitoring/monitoring.server.ts). Each form names its `intent`; the lawyer is the
// session's, whatever the form says. A form that goes through redirects with the spec's toast (back to
// the details dialog for Atualizar and the test send); one that does not is answered with its message.

export const MONITORING_PATH = '/area-advogado?section=monitoramento';

const ECHO = { intent: 40, numero: 30, tribunal: 10, frequencia: 10, monitoringId: 40 } as const;

/** Whether a post of the section is one of these forms (the messaging card has its own intents). */
export async function isMonitoringPost(request: Request): Promise<boolean> {
  return z.enum(MONITORING_INTENTS).safeParse((await readFormData(request.clone())).get('intent')).success;
}

function back(message: string, processo?: string): never {
  throw redirect(processo ? `${MONITORING_PATH}&processo=${processo}` : MONITORING_PATH, { status: 303, headers: { 'Set-Cookie': flashToastCookie(message) } });
}

export async function monitoringAction(request: Request, user: CurrentUser) {
  const intent: MonitoringIntent = z.enum(MONITORING_INTENTS).parse((await readFormData(request.clone())).get('intent'));
  const provider = courtMonitoringProvider();

  if (intent === 'criar-monitoramento') {
    const form = await parseForm(request, createMonitoringSchema, { echo: ECHO });
    if (!form.ok) return formError(form);
    let created: { message: string };
    try {
      const lawyer = await openMonitoring(user);
      await throttleWrites('lawyer-area', user.id);
      created = await createMonitoring(lawyer, form.data, provider);
    } catch (error) {
      return formError(form, appErrorOrThrow(error));
    }
    back(created.message);
  }

  if (intent === 'testar-notificacao-processo') {
    const form = await parseForm(request, monitoringTestSchema, { echo: ECHO });
    if (!form.ok) return formError(form, { status: 400, message: form.errors.monitoringId ?? form.errors.envio ?? 'Envio inválido' });
    let sent: { message: string };
    try {
      const lawyer = await openMonitoring(user);
      await throttleWrites('lawyer-area', user.id);
      sent = await sendMovementTestNotification(lawyer, form.data.monitoringId, form.data.envio);
    } catch (error) {
      return formError(form, appErrorOrThrow(error));
    }
    back(sent.message, form.data.monitoringId);
  }

  const form = await parseForm(request, monitoringTargetSchema, { echo: ECHO });
  if (!form.ok) return formError(form, { status: 404, message: form.errors.monitoringId ?? 'Monitoramento não encontrado' });
  let message: string;
  try {
    const lawyer = await openMonitoring(user);
    await throttleWrites('lawyer-area', user.id);
    if (intent === 'remover-monitoramento') {
      message = (await removeMonitoring(lawyer, form.data.monitoringId, provider)).message;
    } else {
      const { newMovements } = await refreshMonitoring(lawyer, form.data.monitoringId, provider);
      message = newMovements === 0 ? 'Processo verificado: nenhuma movimentação nova.' : `Processo verificado: ${newMovements} ${newMovements === 1 ? 'movimentação nova' : 'movimentações novas'}.`;
    }
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  back(message, intent === 'atualizar-monitoramento' ? form.data.monitoringId : undefined);
}

import type { MessagingSettings } from '~/modules/messaging/messaging-settings.server';
import { MONITORING_INTENTS } from '~/modules/monitoring/monitoring.texts';
import type { MonitoringSectionView } from '../monitoring-view.server';
import { MessagingSettingsCard, type MessagingActionData } from './messaging-settings-card';
import { MonitoringPanel, type MonitoringActionData } from './monitoring-panel';

/**
 * 'Monitoramento de Processos' (section monitoramento; docs/product-rules.md, Messaging and "Process monitoring"): first the messaging settings
 * card, then process monitoring (the plan's notice, or the form, the table and the details dialog).
 */
export function MonitoringSection({
  messaging,
  monitoring,
  actionData,
}: {
  messaging: { settings: MessagingSettings; sendKey: string };
  monitoring: MonitoringSectionView;
  actionData: (MessagingActionData & MonitoringActionData) | undefined;
}) {
  const monitoringAnswer = (MONITORING_INTENTS as readonly string[]).includes(actionData?.values.intent ?? '') ? actionData : undefined;
  return (
    <section aria-labelledby="secao-monitoramento" className="mt-8 space-y-6">
      <h2 id="secao-monitoramento" className="text-2xl font-bold text-slate-900">
        Monitoramento de Processos
      </h2>
      <MessagingSettingsCard settings={messaging.settings} sendKey={messaging.sendKey} actionData={monitoringAnswer ? undefined : actionData} />
      <MonitoringPanel view={monitoring} actionData={monitoringAnswer} />
    </section>
  );
}

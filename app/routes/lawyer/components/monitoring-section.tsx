import { refusalOf, type WriteAnswer } from '~/lib/write-answer';
import type { MessagingSettings } from '~/modules/messaging/messaging-settings.server';
import type { MessagingIntent } from '~/modules/messaging/messaging.texts';
import type { MonitoringIntent } from '~/modules/monitoring/monitoring.texts';
import type { MonitoringSectionView } from '../monitoring-view.server';
import { MessagingSettingsCard } from './messaging-settings-card';
import { MonitoringPanel } from './monitoring-panel';

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
  actionData: WriteAnswer | undefined;
}) {
  // A refused form of the card or of monitoring: each door's answer goes to its own forms.
  const messagingAnswer = refusalOf<'notificacoes', MessagingIntent>(actionData, 'notificacoes');
  const monitoringAnswer = refusalOf<'monitoramento', MonitoringIntent>(actionData, 'monitoramento');
  return (
    <section aria-labelledby="secao-monitoramento" className="mt-8 space-y-6">
      <h2 id="secao-monitoramento" className="text-2xl font-bold text-slate-900">
        Monitoramento de Processos
      </h2>
      <MessagingSettingsCard settings={messaging.settings} sendKey={messaging.sendKey} actionData={messagingAnswer} />
      <MonitoringPanel view={monitoring} actionData={monitoringAnswer} />
    </section>
  );
}

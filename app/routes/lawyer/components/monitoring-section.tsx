import type { MessagingSettings } from '~/modules/messaging/messaging-settings.server';
import { MessagingSettingsCard, type MessagingActionData } from './messaging-settings-card';

/**
 * 'Monitoramento de Processos' (section monitoramento, spec part 2 §2.9). Its first card is the
 * messaging settings; process monitoring itself (the plan notice, the form and the table) comes with
 * its own issue, so for now the section shows this card alone.
 */
export function MonitoringSection({ messaging, actionData }: { messaging: { settings: MessagingSettings; sendKey: string }; actionData: MessagingActionData | undefined }) {
  return (
    <section aria-labelledby="secao-monitoramento" className="mt-8 space-y-6">
      <h2 id="secao-monitoramento" className="text-2xl font-bold text-slate-900">
        Monitoramento de Processos
      </h2>
      <MessagingSettingsCard settings={messaging.settings} sendKey={messaging.sendKey} actionData={actionData} />
    </section>
  );
}

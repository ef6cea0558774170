import type { AppConfig } from '~/config.server';
import { createDataJudProvider } from './datajud.server';
import { createEscavadorProvider } from './escavador.server';
import type { CourtMonitoringProvider } from './provider';
import { createSimulatedProvider } from './simulado';

export interface CourtProviderDependencies {
  /** Per call deadline of the HTTP providers (tests shorten it). */
  timeoutMs?: number;
  /** The simulator's clock. */
  now?: () => Date;
}

/**
 * The court-monitoring provider COURT_MONITORING_PROVIDER chooses (docs/decisions/0029): the built-in
 * simulated court (the default), Escavador API v2 or the CNJ's DataJud. The configuration was
 * validated at start: the chosen provider's token or key is there.
 */
export function createConfiguredCourtProvider(config: Pick<AppConfig, 'courtMonitoring'>, { timeoutMs, now }: CourtProviderDependencies = {}): CourtMonitoringProvider {
  const settings = config.courtMonitoring;
  switch (settings.provider) {
    case 'escavador':
      return createEscavadorProvider({ apiUrl: settings.apiUrl, token: settings.token, timeoutMs });
    case 'datajud':
      return createDataJudProvider({ apiUrl: settings.apiUrl, apiKey: settings.apiKey, timeoutMs, requestsPerSecond: settings.requestsPerSecond });
    case 'simulado':
      return createSimulatedProvider({ now });
  }
}

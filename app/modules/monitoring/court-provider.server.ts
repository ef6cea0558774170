import { getConfig } from '~/config.server';
import { createConfiguredCourtProvider } from '~/integrations/court-monitoring/court-monitoring.server';
import type { CourtMonitoringProvider } from '~/integrations/court-monitoring/provider';

// The court-monitoring provider of this process (COURT_MONITORING_PROVIDER, docs/decisions/0029),
// made once from the validated configuration.

let provider: CourtMonitoringProvider | undefined;

export function courtMonitoringProvider(): CourtMonitoringProvider {
  provider ??= createConfiguredCourtProvider(getConfig());
  return provider;
}

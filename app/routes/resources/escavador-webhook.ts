import { getConfig } from '~/config.server';
import { jsonError } from '~/lib/app-error';
import { receiveEscavadorCallback } from '~/modules/monitoring/escavador-webhook.server';
import type { Route } from './+types/escavador-webhook';

/**
 * Escavador's callbacks (docs/decisions/0030). The token is configured only with
 * COURT_MONITORING_PROVIDER=escavador; on any other server the route answers 404.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return jsonError(METHOD_NOT_ALLOWED, { headers: { Allow: 'POST' } });
  const settings = getConfig().courtMonitoring;
  return receiveEscavadorCallback(request, { token: settings.provider === 'escavador' ? settings.callbackToken : undefined });
}

export function loader() {
  return jsonError(METHOD_NOT_ALLOWED, { headers: { Allow: 'POST' } });
}

const METHOD_NOT_ALLOWED = { status: 405, message: 'Método não permitido' };

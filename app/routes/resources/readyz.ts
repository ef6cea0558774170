import { readiness } from '~/lib/readiness.server';

/**
 * Readiness, for a load balancer or an orchestrator: 200 while this process should get traffic, 503
 * once it drains (SIGTERM) or while its database does not answer `select 1` within a second. Liveness
 * is /healthz. Never cached, never a page.
 */
export async function loader() {
  const state = await readiness();
  const headers = { 'Cache-Control': 'no-store' };
  if (state.ready) return Response.json({ status: 'ok' }, { headers });
  const message = state.reason === 'draining' ? 'Processo encerrando; não envie novas requisições.' : 'Banco de dados indisponível.';
  return Response.json({ status: 'unavailable', reason: state.reason, message }, { status: 503, headers });
}

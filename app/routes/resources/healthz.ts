/**
 * Liveness: 200 whenever the process answers HTTP. It does not ask the database, so an orchestrator
 * never restarts a process because PostgreSQL is away (the process recovers by itself); readiness,
 * database included, is /readyz.
 */
export function loader() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}

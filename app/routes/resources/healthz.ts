import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';

/** Liveness and readiness: answers 200 when the database answers. */
export async function loader() {
  try {
    await db.execute(sql`select 1`);
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  } catch {
    return Response.json({ status: 'error', database: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}

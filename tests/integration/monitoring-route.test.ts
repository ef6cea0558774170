import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { monitoredProcesses } from '~/db/schema/monitoring';
import type { PlanId } from '~/domain/catalog/catalog';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { courtMonitoringProvider } from '~/modules/monitoring/court-provider.server';
import { MONITORING_TEXTS } from '~/modules/monitoring/monitoring.schemas';
import { createMonitoring, openMonitoring } from '~/modules/monitoring/monitoring.server';
import { action, loader } from '~/routes/lawyer/lawyer-area';
import { createLawyer } from '../factories/lawyers';
import { postArgs } from '../factories/superadmin';

// The monitoring posts and the section's data as the server answers them, with a real session: the
// lawyer is the session's, whatever id the form or the URL carries (docs/product-rules.md, "Process
// monitoring"). The provider is the configured one: the built-in simulated court.

const PASSWORD = 'senha-certa-123';
const NUMERO = '0018063-19.2013.8.26.0002';
const SECTION = '/area-advogado?section=monitoramento';
let counter = 0;

async function signedIn(plan: PlanId) {
  counter += 1;
  const email = `monitora.${counter}@exemplo.adv.br`;
  const lawyer = await createLawyer({ email, password: PASSWORD, plan });
  const login = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.5' }));
  return { ...lawyer, cookie: login.setCookies.map((c) => c.split(';')[0]).join('; ') };
}

async function post(cookie: string, fields: Record<string, string>) {
  try {
    const answer = (await action(postArgs(cookie, SECTION, fields))) as unknown as { data: { message: string | null; errors: Record<string, string> }; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, message: answer.data.message, errors: answer.data.errors };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get('Location'), toast: decodeURIComponent(thrown.headers.getSetCookie().join(';')) };
  }
}

const section = (cookie: string, extra = '') =>
  loader({ request: new Request(`http://localhost:3000${SECTION}${extra}`, { headers: { cookie } }), params: {}, context: {} } as never) as Promise<{ monitoring: unknown }>;

describe('the monitoring posts', () => {
  test('creating through the form: the spec’s messages, then the toast naming the simulated court', async () => {
    const ana = await signedIn('intermediario');
    expect(await post(ana.cookie, { intent: 'criar-monitoramento', numero: '0018063-18.2013.8.26.0002', tribunal: 'todos', frequencia: 'DIARIA' })).toMatchObject({
      status: 400,
      errors: { numero: 'Dígito verificador não confere: confira o número.' },
    });
    const created = await post(ana.cookie, { intent: 'criar-monitoramento', numero: NUMERO, tribunal: 'todos', frequencia: 'DIARIA' });
    expect(created).toMatchObject({ status: 303, location: SECTION });
    expect(created.toast).toContain('Monitoramento criado! O status será atualizado automaticamente pelo sistema de demonstração.');
    expect(await db.$count(monitoredProcesses, eq(monitoredProcesses.lawyerId, ana.id))).toBe(1);
  });

  test('gratuito is refused on the server with the plan’s notice, and sees it in the section', async () => {
    const free = await signedIn('gratuito');
    expect(await post(free.cookie, { intent: 'criar-monitoramento', numero: NUMERO, frequencia: 'DIARIA' })).toMatchObject({ status: 403, message: MONITORING_TEXTS.notInFreePlan });
    expect((await section(free.cookie)).monitoring).toEqual({ state: 'free-plan' });
  });

  test('another lawyer’s monitoring: not removed, not refreshed, not opened, whatever id is sent', async () => {
    const ana = await signedIn('intermediario');
    const bruno = await signedIn('premium');
    const { id } = await createMonitoring(await openMonitoring({ id: ana.id, isSuperadmin: false }), { numero: NUMERO, tribunal: null, frequencia: 'DIARIA' }, courtMonitoringProvider());
    for (const intent of ['remover-monitoramento', 'atualizar-monitoramento']) {
      expect(await post(bruno.cookie, { intent, monitoringId: id })).toMatchObject({ status: 404, message: 'Monitoramento não encontrado' });
    }
    expect(await post(bruno.cookie, { intent: 'testar-notificacao-processo', monitoringId: id, envio: crypto.randomUUID() })).toMatchObject({ status: 404 });
    const [row] = await db.select({ status: monitoredProcesses.status }).from(monitoredProcesses).where(eq(monitoredProcesses.id, id));
    expect(row).toEqual({ status: 'PENDENTE' });
    expect((await section(bruno.cookie, `&processo=${id}&remover=${id}`)).monitoring).toMatchObject({ state: 'open', rows: [], details: null, removing: null });
    expect((await section(ana.cookie, `&processo=${id}`)).monitoring).toMatchObject({ state: 'open', details: { id, numero: NUMERO } });
  });
});

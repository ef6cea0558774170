import { asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leads, leadStatuses } from '~/db/schema/leads';
import { rateLimits } from '~/db/schema/rate-limits';
import { WRITE_LIMITS, writeThrottleKey, type WriteScope } from '~/lib/write-throttle.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { newLeadSchema } from '~/modules/leads/crm.schemas';
import { createLead, openCrm } from '~/modules/leads/crm.server';
import { getMessagingSettings } from '~/modules/messaging/messaging-settings.server';
import { action as lawyersAction } from '~/routes/admin/lawyers';
import { action as messagesAction } from '~/routes/admin/messages';
import { action as crmApiAction } from '~/routes/lawyer/crm-api';
import { action as editProfileAction } from '~/routes/lawyer/edit-profile';
import { action as lawyerAreaAction } from '~/routes/lawyer/lawyer-area';
import { createLawyer } from '../factories/lawyers';
import { postArgs, signedInSuperadmin } from '../factories/superadmin';

// One limit per signed-in user on their changes, whatever path the change takes (docs/product-rules.md,
// "Abuse"): the CRM's JSON endpoint and its plain form post, the messaging card and /editar-perfil share
// the lawyer's counter; approvals, rejections, deletions and resends share the superadmin's.

const PASSWORD = 'senha-certa-123';
const REFUSAL = /^Muitas tentativas\. Aguarde \d+ minutos e tente novamente\.$/;

async function cookieOf(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.1' }));
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** Puts `userId`'s counter for `scope` at `count` in a window that ends in ten minutes. */
async function spend(scope: WriteScope, userId: string, count: number) {
  const now = Date.now();
  await db.insert(rateLimits).values({ key: writeThrottleKey(scope, userId), count, windowStartedAt: new Date(now), windowEndsAt: new Date(now + WRITE_LIMITS[scope].windowMs) });
}

/** Runs an action; a thrown redirect comes back as its Response, `data()` as { data, init }. */
async function run(perform: () => Promise<unknown>): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  let answer: unknown;
  try {
    answer = await perform();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    answer = thrown;
  }
  if (answer instanceof Response) {
    const isJson = answer.headers.get('Content-Type')?.includes('json');
    return { status: answer.status, retryAfter: answer.headers.get('Retry-After'), body: isJson ? await answer.json() : null };
  }
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get('Retry-After'), body: data };
}

function formPost(url: string, cookie: string, fields: Record<string, string>, { fetch = false } = {}) {
  const args = postArgs(cookie, url, fields) as { request: Request };
  if (fetch) args.request.headers.set('Sec-Fetch-Mode', 'cors');
  return args as never;
}

async function lawyerWithLead(email: string) {
  const lawyer = await createLawyer({ email, password: PASSWORD, plan: 'premium' });
  const stages = await db.select({ id: leadStatuses.id }).from(leadStatuses).where(eq(leadStatuses.lawyerId, lawyer.id)).orderBy(asc(leadStatuses.orderIndex));
  const lead = await createLead(
    await openCrm({ id: lawyer.id, isSuperadmin: false }),
    newLeadSchema.parse({ nome: 'Maria Cliente', email: 'maria@exemplo.com.br', telefone: '5511987654321', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: '' }),
  );
  return { ...lawyer, stages, lead, cookie: await cookieOf(email) };
}

async function stageOf(leadId: string) {
  const [row] = await db.select({ stageId: leads.statusId }).from(leads).where(eq(leads.id, leadId));
  return row?.stageId;
}

describe('a lawyer’s changes', () => {
  test('the last change within the limit goes through; the next is refused on the JSON and the form path alike, nothing moved', async () => {
    const ana = await lawyerWithLead('ana.limite@exemplo.adv.br');
    await spend('lawyer-area', ana.id, WRITE_LIMITS['lawyer-area'].max - 1);

    const moved = await run(() => crmApiAction(formPost('/area-advogado/crm', ana.cookie, { intent: 'mover-lead', leadId: ana.lead.id, stageId: ana.stages[1]!.id })));
    expect(moved).toMatchObject({ status: 200, body: { ok: true, message: 'Status do lead atualizado com sucesso' } });
    expect(await stageOf(ana.lead.id)).toBe(ana.stages[1]!.id);

    const byFetch = await run(() => crmApiAction(formPost('/area-advogado/crm', ana.cookie, { intent: 'mover-lead', leadId: ana.lead.id, stageId: ana.stages[2]!.id })));
    expect(byFetch.status).toBe(429);
    expect(Number(byFetch.retryAfter)).toBeGreaterThan(500);
    expect((byFetch.body as { message: string }).message).toMatch(REFUSAL);

    const byForm = await run(() => lawyerAreaAction(formPost('/area-advogado?section=crm', ana.cookie, { intent: 'mover-lead', leadId: ana.lead.id, stageId: ana.stages[3]!.id })));
    expect(byForm.status).toBe(429);
    expect(byForm.retryAfter).not.toBeNull();
    expect((byForm.body as { message: string }).message).toMatch(REFUSAL);
    expect(await stageOf(ana.lead.id)).toBe(ana.stages[1]!.id);
  });

  test('the messaging card and the profile form count on the same limit and keep what was saved', async () => {
    const ana = await lawyerWithLead('ana.cartao@exemplo.adv.br');
    await spend('lawyer-area', ana.id, WRITE_LIMITS['lawyer-area'].max);
    const before = await getMessagingSettings(ana.id);

    const save = await run(() => lawyerAreaAction(formPost('/area-advogado?section=monitoramento', ana.cookie, { intent: 'salvar-notificacoes', numero: '(11) 98765-4321', token: 'wz-token-novo-123' })));
    expect(save).toMatchObject({ status: 429, body: { message: expect.stringMatching(REFUSAL) } });
    expect(save.retryAfter).not.toBeNull();
    expect(await getMessagingSettings(ana.id)).toEqual(before);

    const [profile] = await db.select({ nome: lawyerProfiles.nome }).from(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id));
    const edit = await run(() =>
      editProfileAction(formPost('/editar-perfil', ana.cookie, { nome: 'Nome Trocado', whatsapp: '(11) 98888-7777', areasAtuacao: 'familia', cidadesAtendidas: 'sp_santos', biografia: 'Atendo famílias em São Paulo há quinze anos, com foco em acordos.' })),
    );
    expect(edit).toMatchObject({ status: 429, body: { message: expect.stringMatching(REFUSAL) } });
    const [after] = await db.select({ nome: lawyerProfiles.nome }).from(lawyerProfiles).where(eq(lawyerProfiles.id, ana.id));
    expect(after!.nome).toBe(profile!.nome);
  });

  test('one lawyer at the limit does not slow down another', async () => {
    const ana = await lawyerWithLead('ana.cheia@exemplo.adv.br');
    const bruno = await lawyerWithLead('bruno.livre@exemplo.adv.br');
    await spend('lawyer-area', ana.id, WRITE_LIMITS['lawyer-area'].max);
    const moved = await run(() => crmApiAction(formPost('/area-advogado/crm', bruno.cookie, { intent: 'mover-lead', leadId: bruno.lead.id, stageId: bruno.stages[1]!.id })));
    expect(moved.status).toBe(200);
  });
});

describe('a superadmin’s changes', () => {
  test('approvals and resends share the limit; a refused approval leaves the lawyer pending', async () => {
    const admin = await signedInSuperadmin();
    const pending = await createLawyer({ email: 'pendente@exemplo.adv.br', status: 'pending' });
    await spend('back-office', admin.id, WRITE_LIMITS['back-office'].max);

    const approve = await run(() => lawyersAction(postArgs(admin.cookie, '/admin/lawyers', { intent: 'aprovar', lawyerId: pending.id })));
    expect(approve).toMatchObject({ status: 429, body: { message: expect.stringMatching(REFUSAL) } });
    expect(approve.retryAfter).not.toBeNull();
    const [row] = await db.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, pending.id));
    expect(row!.status).toBe('pending');

    const resend = await run(() => messagesAction(postArgs(admin.cookie, '/admin/mensagens', { intent: 'reenviar', messageId: '00000000-0000-4000-8000-000000000000' })));
    expect(resend).toMatchObject({ status: 429, body: { message: expect.stringMatching(REFUSAL) } });
  });

  test('under the limit the approval goes through', async () => {
    const admin = await signedInSuperadmin();
    const pending = await createLawyer({ email: 'pendente2@exemplo.adv.br', status: 'pending' });
    await spend('back-office', admin.id, WRITE_LIMITS['back-office'].max - 1);
    const approve = await run(() => lawyersAction(postArgs(admin.cookie, '/admin/lawyers', { intent: 'aprovar', lawyerId: pending.id, cna: 'sim' })));
    expect(approve.status).toBe(302);
    const [row] = await db.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, pending.id));
    expect(row!.status).toBe('approved');
  });
});

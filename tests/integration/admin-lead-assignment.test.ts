import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema/admin';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leadRequests, leads, leadStatuses } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { leadRequestForwardedMessage } from '~/integrations/email/templates.server';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import type { BackOffice } from '~/modules/accounts/superadmins.server';
import { findAuditEntries } from '~/modules/admin/audit-log.server';
import { assignWaitingLead, LEAD_ASSIGNED_AUDIT_ACTION } from '~/modules/admin/lead-assignment.server';
import { ADMIN_LEADS_PAGE_SIZE, countWaitingLeads, findWaitingLeads, waitedText, waitingLeadsQueryFrom } from '~/modules/admin/leads.server';
import { WAITING_LEAD_TEXTS } from '~/modules/admin/leads.schemas';
import { removeLeadRequest } from '~/modules/leads/lead-removal.server';
import { leadRequestSchema, type LeadRequestForm } from '~/modules/leads/lead-requests.schemas';
import { routeLeadRequest } from '~/modules/leads/lead-routing.server';
import { action, loader } from '~/routes/admin/leads';
import { createLawyer, expirePlan } from '../factories/lawyers';
import { getArgs, postArgs, signedInSuperadmin, SUPERADMIN_PASSWORD } from '../factories/superadmin';

// 'Sem advogado' of /admin/leads and its 'Atribuir' (docs/decisions/0044) against a real database:
// the requests no approved lawyer took wait there, oldest first, until a superadmin gives one to an
// approved lawyer, who is told as routing tells them. Who may reach the page is admin-access.test.ts.

let counter = 0;
/** A client's request: Direito Ambiental in Manaus (no lawyer of these tests serves it) unless told otherwise. */
function form(overrides: Partial<Record<string, unknown>> = {}): LeadRequestForm {
  counter += 1;
  return leadRequestSchema.parse({
    nome: 'Joana Prado',
    email: `joana.prado.${counter}@exemplo.com.br`,
    whatsapp: '(92) 91234-5678',
    cidade: 'am_manaus',
    areaAtuacao: 'ambiental',
    descricao: `Uma madeireira desmatou a área de preservação ao lado do meu sítio, caso número ${counter}.`,
    ...overrides,
  });
}

async function request(overrides: Partial<Record<string, unknown>> = {}, now?: Date) {
  const input = form(overrides);
  const routed = await routeLeadRequest(input, now ? { now } : {});
  if (routed.duplicate) throw new Error('not a duplicate');
  return { input, ...routed, leadId: routed.leadIds[0]! };
}

const waitingIds = async (search = '') => (await findWaitingLeads(waitingLeadsQueryFrom(new URLSearchParams(search)))).leads.map((l) => l.id);

async function leadOf(id: string) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row;
}

async function emailOf(lawyerId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyerId));
  return row!.email;
}

const outboxRows = () => db.select().from(outbox).orderBy(outbox.createdAt, outbox.id);
const emailsTo = (address: string) => db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, address)));
const whatsappFor = (leadId: string) => db.select().from(outbox).where(eq(outbox.idempotencyKey, `novo-lead:${leadId}`));

/** What the action answered: a redirect with its toast, or a status with its message. */
async function submit(args: never): Promise<{ status: number; location?: string | null; message?: string | null; setCookie?: string }> {
  try {
    const answer = (await action(args)) as unknown as { data: { message: string | null }; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, message: answer.data.message };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get('Location'), setCookie: thrown.headers.get('Set-Cookie') ?? '' };
  }
}
const toastOf = (text: string) => flashToastCookie(text).split(';')[0]!;
const VIEW = '/admin/leads?vista=sem-advogado';
const assign = (cookie: string, leadId: string, lawyerId: string, url = VIEW) => submit(postArgs(cookie, url, { intent: 'atribuir', leadId, lawyerId }));

describe('the Sem advogado view', () => {
  test('lists only the requests that wait for a lawyer, oldest first, once each, with the client’s data', async () => {
    const admin = await signedInSuperadmin();
    await createLawyer({ areas: ['familia'], cities: ['sp_sao_paulo'] });
    const base = Date.parse('2026-03-02T12:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);

    // No approved lawyer of the area and city: waits.
    const unmatched = await request({ nome: 'Joana Prado', descricao: `${'Desmatamento ilegal ao lado do meu sítio. '.repeat(20)}Fim.` }, at(10));
    // Matched: does not wait.
    await request({ areaAtuacao: 'familia', cidade: 'sp_sao_paulo' }, at(1));
    // Its only lawyer deleted the account: waits again (oldest of all).
    const gone = await createLawyer({ areas: ['penal'], cities: ['ba_salvador'] });
    const orphan = await request({ nome: 'Otávio Reis', areaAtuacao: 'penal', cidade: 'ba_salvador' }, at(0));
    // Two lawyers, one left: the other still has it, so it does not wait.
    const [stays, leaves] = [await createLawyer({ areas: ['penal'], cities: ['pe_recife'] }), await createLawyer({ areas: ['penal'], cities: ['pe_recife'] })];
    await request({ areaAtuacao: 'penal', cidade: 'pe_recife' }, at(2));
    // Two lawyers, both left: two unassigned leads, one request waiting, listed once.
    const [both1, both2] = [await createLawyer({ areas: ['civil'], cities: ['ce_fortaleza'] }), await createLawyer({ areas: ['civil'], cities: ['ce_fortaleza'] })];
    const twice = await request({ nome: 'Rita Campos', areaAtuacao: 'civil', cidade: 'ce_fortaleza' }, at(5));
    for (const lawyer of [gone, leaves, both1, both2]) await deleteLawyerAccount(lawyer.id, { by: { superadminId: admin.id } });
    expect(stays).toBeTruthy();
    // A lead a lawyer typed in themselves (no client request), left without a lawyer: not the platform's to give.
    await db.insert(leads).values({ nome: 'Contato próprio', email: 'proprio@exemplo.com', telefone: '5511912345678', cidade: 'sp_sao_paulo', areaInteresse: 'civil' });

    const twiceLeads = (await db.select({ id: leads.id }).from(leads).where(eq(leads.requestId, twice.requestId))).map((l) => l.id).sort();
    expect(twiceLeads).toHaveLength(2);
    expect(await waitingIds()).toEqual([orphan.leadId, twiceLeads[0], unmatched.leadId]);
    expect(await countWaitingLeads()).toBe(3);

    const page = await loader(getArgs(admin.cookie, VIEW));
    if (page.view !== 'waiting') throw new Error('the waiting view');
    expect(page).toMatchObject({ waitingTotal: 3, waiting: { total: 3, page: 1, pageCount: 1 } });
    const joana = page.waiting.leads[2]!;
    expect(joana).toMatchObject({
      nome: 'Joana Prado',
      email: unmatched.input.email,
      telefone: '(92) 91234-5678',
      area: 'Direito Ambiental',
      cidade: 'Manaus - AM',
      // São Paulo time.
      receivedAt: '02/03/2026 às 09:10',
      receivedAtIso: '2026-03-02T12:10:00.000Z',
      suggested: [],
      found: null,
    });
    // The whole description, not a preview.
    expect(joana.mensagem).toBe(unmatched.input.descricao);
    expect(joana.waited).toMatch(/^Aguardando (há \d+ (dias|meses|anos)|desde o (mês|ano) passado)$/);
    const now = new Date('2026-03-10T12:00:00Z');
    expect(['2026-03-10T11:59:30Z', '2026-03-10T09:00:00Z', '2026-03-09T11:00:00Z', '2026-03-05T12:00:00Z', '2026-01-20T12:00:00Z'].map((iso) => waitedText(new Date(iso), now))).toEqual([
      'Chegou agora mesmo',
      'Aguardando há 3 horas',
      'Aguardando desde ontem',
      'Aguardando há 5 dias',
      'Aguardando desde o mês passado',
    ]);
    // The other view counts them in its tab.
    expect(await loader(getArgs(admin.cookie, '/admin/leads'))).toMatchObject({ view: 'all', waitingTotal: 3 });
  });

  test('offers the approved lawyers of the area and city first, and finds any approved one by name or OAB for one lead', async () => {
    const admin = await signedInSuperadmin();
    const waiting = await request();
    const other = await request({ nome: 'Outro Cliente' });
    // Approved after the request came: now they serve it. A pending one does not.
    const local = await createLawyer({ nome: 'Lúcia Amazonas', areas: ['ambiental'], cities: ['am_manaus'], plan: 'premium' });
    await createLawyer({ nome: 'Pedro Pendente', areas: ['ambiental'], cities: ['am_manaus'], status: 'pending' });
    const far = await createLawyer({ nome: 'Rodrigo Tavares', oabUf: 'RS', numeroOab: '987654', areas: ['tributario'], cities: ['rs_porto_alegre'] });
    await createLawyer({ nome: 'Rodrigo Pendente', status: 'pending' });

    const page = async (search: string) => {
      const answer = await loader(getArgs(admin.cookie, `${VIEW}&${search}`));
      if (answer.view !== 'waiting') throw new Error('the waiting view');
      return answer.waiting;
    };
    const byName = await page(`lead=${waiting.leadId}&busca=rodrigo`);
    const card = byName.leads.find((l) => l.id === waiting.leadId)!;
    expect(card.suggested).toEqual([{ id: local.id, nome: 'Lúcia Amazonas', oab: expect.stringMatching(/^OAB\/SP \d+$/) }]);
    expect(card.found).toEqual([{ id: far.id, nome: 'Rodrigo Tavares', oab: 'OAB/RS 987654' }]);
    // The search is that lead's alone.
    expect(byName.leads.find((l) => l.id === other.leadId)!.found).toBeNull();

    for (const oab of ['OAB/RS 987654', 'rs987654', '987654']) {
      expect((await page(`lead=${waiting.leadId}&busca=${encodeURIComponent(oab)}`)).leads.find((l) => l.id === waiting.leadId)!.found, oab).toEqual([
        expect.objectContaining({ id: far.id }),
      ]);
    }
    expect((await page(`lead=${waiting.leadId}&busca=ninguem`)).leads.find((l) => l.id === waiting.leadId)!.found).toEqual([]);
    // Nonsense in the query string is the list, page 1, never an error.
    for (const search of ['pagina=abc', 'lead=nao-e-uuid&busca=rodrigo', `lead=${waiting.leadId}`, `busca=${'x'.repeat(500)}`, 'lead=%00&busca=%00']) {
      const answer = await page(search);
      expect(answer.leads.map((l) => l.id), search).toEqual([waiting.leadId, other.leadId]);
      expect(answer.leads.every((l) => l.found === null), search).toBe(true);
    }
  });

  test('pages 25 at a time, oldest first; a page past the end goes to the last one', async () => {
    const admin = await signedInSuperadmin();
    const base = Date.parse('2026-01-01T00:00:00Z');
    const requests = await db
      .insert(leadRequests)
      .values(
        Array.from({ length: ADMIN_LEADS_PAGE_SIZE + 2 }, (_, i) => ({
          nome: `Cliente ${i}`,
          email: `cliente${i}@exemplo.com`,
          whatsapp: '5592912345678',
          cidade: 'am_manaus',
          areaAtuacao: 'ambiental',
          descricao: 'Descrição do caso com mais de vinte caracteres.',
          dedupeKey: `chave-${i}`,
          removalTokenHash: `hash-${i}`,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: leadRequests.id, createdAt: leadRequests.createdAt, nome: leadRequests.nome });
    await db.insert(leads).values(requests.map((r) => ({ requestId: r.id, nome: r.nome, email: 'c@exemplo.com', telefone: '5592912345678', cidade: 'am_manaus', areaInteresse: 'ambiental', createdAt: r.createdAt })));

    const first = await findWaitingLeads(waitingLeadsQueryFrom(new URLSearchParams('')));
    const second = await findWaitingLeads(waitingLeadsQueryFrom(new URLSearchParams('pagina=2')));
    expect(first).toMatchObject({ total: ADMIN_LEADS_PAGE_SIZE + 2, pageCount: 2 });
    expect(first.leads.map((l) => l.nome)).toEqual(Array.from({ length: ADMIN_LEADS_PAGE_SIZE }, (_, i) => `Cliente ${i}`));
    expect(second.leads.map((l) => l.nome)).toEqual([`Cliente ${ADMIN_LEADS_PAGE_SIZE}`, `Cliente ${ADMIN_LEADS_PAGE_SIZE + 1}`]);
    await expect(loader(getArgs(admin.cookie, `${VIEW}&pagina=9`))).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get('Location') === `${VIEW}&pagina=2`);
  });
});

describe('Atribuir', () => {
  test('puts the lead in the lawyer’s first stage, tells the lawyer (e-mail and WhatsApp) and the client, and writes the audit entry', async () => {
    const admin = await signedInSuperadmin();
    const waiting = await request({ nome: 'Joana Prado' });
    const lawyer = await createLawyer({ nome: 'Helena Duarte', oabUf: 'AM', numeroOab: '45678', plan: 'intermediario', whatsappNotificacoes: '5592955554444', areas: ['civil'] });
    // Helena reordered her stages: 'Em contato' is her first now.
    await db.update(leadStatuses).set({ orderIndex: -1 }).where(and(eq(leadStatuses.lawyerId, lawyer.id), eq(leadStatuses.name, 'Em contato')));
    const [firstStage] = await db.select().from(leadStatuses).where(and(eq(leadStatuses.lawyerId, lawyer.id), eq(leadStatuses.name, 'Em contato')));
    const before = await outboxRows();

    const answer = await assign(admin.cookie, waiting.leadId, lawyer.id, `${VIEW}&pagina=1&lead=${waiting.leadId}&busca=helena`);
    expect(answer).toMatchObject({ status: 302, location: VIEW });
    expect(answer.setCookie).toContain(toastOf('Lead atribuído a Helena Duarte.'));

    const lead = await leadOf(waiting.leadId);
    expect(lead).toMatchObject({ assignedTo: lawyer.id, statusId: firstStage!.id, status: 'novo' });
    expect(lead!.updatedAt.getTime()).toBeGreaterThan(lead!.createdAt.getTime());
    expect(await waitingIds()).toEqual([]);

    const added = (await outboxRows()).filter((row) => !before.some((b) => b.id === row.id));
    expect(added).toHaveLength(3);
    // The lawyer's e-mail and WhatsApp, as routing writes them.
    const [lawyerMail] = await emailsTo(await emailOf(lawyer.id));
    expect(lawyerMail).toMatchObject({ subject: 'Você recebeu um novo lead no JusConecta', status: 'queued', metadata: { template: 'novo-lead', requestId: waiting.requestId, lawyerId: lawyer.id } });
    expect(lawyerMail!.body).toContain('Nome: "Joana Prado"\n\nÁrea: Direito Ambiental\n\nCidade: Manaus - AM');
    expect(lawyerMail!.body).not.toContain('92912345678');
    const [whatsapp] = await whatsappFor(waiting.leadId);
    expect(whatsapp).toMatchObject({
      recipient: '5592955554444',
      status: 'queued',
      body: 'Olá! Você recebeu um novo lead no sistema:\n\nNome: "Joana Prado"\nÁrea: Direito Ambiental\nCidade: Manaus - AM\n\nAcesse o sistema para visualizar e entrar em contato.',
      metadata: { kind: 'novo-lead', params: ['"Joana Prado"', 'Direito Ambiental', 'Manaus - AM'], lawyerId: lawyer.id },
    });
    // The client: whom it went to, with the OAB and the profile, and how to spot a false lawyer.
    const clientMails = await emailsTo(waiting.input.email);
    expect(clientMails).toHaveLength(2);
    const forwarded = clientMails.find((m) => (m.metadata as { template: string }).template === 'solicitacao-encaminhada')!;
    expect(forwarded).toMatchObject({ subject: 'Sua solicitação foi encaminhada a um advogado — JusConecta', metadata: { template: 'solicitacao-encaminhada', requestId: waiting.requestId } });
    expect(forwarded.body).toContain('A equipe do JusConecta encaminhou sua solicitação para Helena Duarte (OAB/AM 45678)');
    expect(forwarded.body).toContain(`- Helena Duarte (OAB/AM 45678): http://localhost:3000/advogado/${lawyer.slug}`);
    expect(forwarded.htmlBody).toContain(`href="http://localhost:3000/advogado/${lawyer.slug}"`);
    expect(forwarded.body).toContain('nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo. Recebeu um pedido assim? Confirme o número em http://localhost:3000/confirmar-advogado');
    expect(forwarded.body).toContain('https://cna.oab.org.br/');

    // The audit: who gave which lawyer a lead of what area and city; nothing about the client.
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, LEAD_ASSIGNED_AUDIT_ACTION));
    expect(entries).toEqual([
      expect.objectContaining({ actorId: admin.id, targetType: 'lawyer', targetId: lawyer.id, details: { leadId: waiting.leadId, area: 'ambiental', cidade: 'am_manaus' } }),
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Joana|joana|92912345678/);
    const audit = await findAuditEntries({ pagina: 1, acao: 'leads' });
    expect(audit.entries).toEqual([
      expect.objectContaining({ description: 'Atribuiu um lead', actor: 'Beatriz Admin', target: 'Helena Duarte (OAB/AM 45678)', details: ['Área: Direito Ambiental', 'Cidade: Manaus - AM'] }),
    ]);

    // The client's removal link still removes it all: the lead, and the messages still waiting about it.
    expect(await removeLeadRequest(waiting.removalToken)).toEqual({ removed: true, leads: 1 });
    expect(await leadOf(waiting.leadId)).toBeUndefined();
    expect(await whatsappFor(waiting.leadId)).toEqual([]);
    expect(await db.select().from(outbox).where(sql`${outbox.metadata} ->> 'requestId' = ${waiting.requestId}`)).toEqual([]);
  });

  test('WhatsApp only on the plans that list it (Intermediário, Premium); an e-mail on every plan; an ended plan counts as Gratuito', async () => {
    const admin = await signedInSuperadmin();
    const cases = [
      { plan: 'gratuito', whatsapp: false },
      { plan: 'basico', whatsapp: false },
      { plan: 'intermediario', whatsapp: true },
      { plan: 'premium', whatsapp: true },
      { plan: 'premium', ended: true, whatsapp: false },
    ] as const;
    for (const c of cases) {
      const lawyer = await createLawyer({ plan: c.plan });
      if ('ended' in c) await expirePlan(lawyer.id);
      const waiting = await request();
      expect(await assign(admin.cookie, waiting.leadId, lawyer.id), c.plan).toMatchObject({ status: 302 });
      expect(await whatsappFor(waiting.leadId), c.plan).toHaveLength(c.whatsapp ? 1 : 0);
      expect(await emailsTo(await emailOf(lawyer.id)), c.plan).toHaveLength(1);
    }
  });

  test('a lawyer without stages gets the lead outside any stage', async () => {
    const admin = await signedInSuperadmin();
    const lawyer = await createLawyer();
    await db.delete(leadStatuses).where(eq(leadStatuses.lawyerId, lawyer.id));
    const waiting = await request();
    expect(await assign(admin.cookie, waiting.leadId, lawyer.id)).toMatchObject({ status: 302 });
    expect(await leadOf(waiting.leadId)).toMatchObject({ assignedTo: lawyer.id, statusId: null });
  });

  test('two superadmins assigning the same lead at once: one wins, the other gets 409, and the lawyer is told once', async () => {
    const admin = await signedInSuperadmin();
    const other = await signedInSuperadmin('carla@exemplo.com.br');
    const [ana, bruno] = [await createLawyer({ plan: 'premium' }), await createLawyer({ plan: 'premium' })];
    const waiting = await request();

    const outcomes = await Promise.all([assign(admin.cookie, waiting.leadId, ana.id), assign(other.cookie, waiting.leadId, bruno.id)]);
    expect(outcomes.filter((o) => o.status === 302)).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 409)).toEqual([{ status: 409, message: WAITING_LEAD_TEXTS.alreadyAssigned }]);
    const winner = outcomes[0]!.status === 302 ? ana : bruno;
    expect((await leadOf(waiting.leadId))!.assignedTo).toBe(winner.id);

    // Later, again: refused, nothing more sent.
    expect(await assign(admin.cookie, waiting.leadId, ana.id)).toEqual({ status: 409, message: WAITING_LEAD_TEXTS.alreadyAssigned });
    expect(await whatsappFor(waiting.leadId)).toHaveLength(1);
    const lawyerMails = await db.select().from(outbox).where(sql`${outbox.metadata} ->> 'template' = 'novo-lead'`);
    expect(lawyerMails.map((m) => (m.metadata as { lawyerId: string }).lawyerId)).toEqual([winner.id]);
    expect(await emailsTo(waiting.input.email)).toHaveLength(2);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, LEAD_ASSIGNED_AUDIT_ACTION))).toHaveLength(1);
  });

  test('an unassigned lead of a request another lawyer still has is not the platform’s to give: 409', async () => {
    const admin = await signedInSuperadmin();
    const [stays, leaves] = [await createLawyer({ areas: ['ambiental'], cities: ['am_manaus'] }), await createLawyer({ areas: ['ambiental'], cities: ['am_manaus'] })];
    const routed = await request();
    await deleteLawyerAccount(leaves.id, { by: { superadminId: admin.id } });
    const [orphan] = await db.select().from(leads).where(and(eq(leads.requestId, routed.requestId), sql`${leads.assignedTo} is null`));
    const taker = await createLawyer();
    expect(await assign(admin.cookie, orphan!.id, taker.id)).toEqual({ status: 409, message: WAITING_LEAD_TEXTS.alreadyAssigned });
    expect(stays).toBeTruthy();
    expect((await leadOf(orphan!.id))!.assignedTo).toBeNull();
  });

  test('refuses a lawyer who is not approved, an unknown lead and a bad form with a 4xx in Portuguese, changing nothing', async () => {
    const admin = await signedInSuperadmin();
    const waiting = await request();
    const pending = await createLawyer({ status: 'pending' });
    const rejected = await createLawyer({ status: 'rejected' });
    const before = { leads: await db.select().from(leads).orderBy(leads.id), outbox: await outboxRows() };

    for (const lawyerId of [pending.id, rejected.id, 'ninguem-com-este-id', '', "x' or 1=1 --", 'a'.repeat(500)]) {
      expect(await assign(admin.cookie, waiting.leadId, lawyerId), lawyerId).toEqual({ status: 400, message: WAITING_LEAD_TEXTS.notApproved });
    }
    const approved = await createLawyer();
    expect(await assign(admin.cookie, randomUUID(), approved.id)).toEqual({ status: 404, message: WAITING_LEAD_TEXTS.notFound });
    expect(await assign(admin.cookie, 'nao-e-um-id', approved.id)).toEqual({ status: 400, message: WAITING_LEAD_TEXTS.notFound });
    expect(await submit(postArgs(admin.cookie, VIEW, { intent: 'excluir', leadId: waiting.leadId, lawyerId: approved.id }))).toEqual({ status: 400, message: WAITING_LEAD_TEXTS.invalidIntent });
    expect(await submit(postArgs(admin.cookie, VIEW, {}))).toMatchObject({ status: 400, message: WAITING_LEAD_TEXTS.invalidIntent });
    expect(await submit(postArgs(admin.cookie, VIEW, { intent: 'atribuir' }))).toMatchObject({ status: 400 });
    // Not a form at all: a 400, never a 500.
    const json = new Request(`http://localhost:3000${VIEW}`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ intent: 'atribuir', leadId: waiting.leadId, lawyerId: approved.id }),
    });
    expect((await submit({ request: json, params: {}, context: {} } as never)).status).toBe(400);

    expect(await db.select().from(leads).orderBy(leads.id)).toEqual(before.leads);
    expect(await outboxRows()).toEqual(before.outbox);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, LEAD_ASSIGNED_AUDIT_ACTION))).toEqual([]);
  });

  test('a lawyer or a visitor assigns nothing and reads no list (sent to /admin); the module checks the superadmin itself', async () => {
    const waiting = await request();
    const lawyer = await createLawyer({ email: 'aprovada@exemplo.adv.br', password: SUPERADMIN_PASSWORD });
    const login = await signInWithPassword({ email: 'aprovada@exemplo.adv.br', password: SUPERADMIN_PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.10' }));
    const lawyerCookie = login.setCookies.map((c) => c.split(';')[0]).join('; ');
    for (const cookie of [lawyerCookie, '']) {
      expect(await assign(cookie, waiting.leadId, lawyer.id)).toMatchObject({ status: 302, location: '/admin' });
      await expect(loader(getArgs(cookie, VIEW))).rejects.toSatisfy((r: Response) => r.status === 302 && r.headers.get('Location') === '/admin');
    }
    // A capability forged for someone who is not a superadmin is refused in the transaction.
    const forged = { superadminId: lawyer.id } as unknown as BackOffice;
    await expect(assignWaitingLead(forged, { leadId: waiting.leadId, lawyerId: lawyer.id })).rejects.toMatchObject({ status: 403, message: WAITING_LEAD_TEXTS.notAllowed });
    expect((await leadOf(waiting.leadId))!.assignedTo).toBeNull();
    expect(await db.select().from(outbox).where(sql`${outbox.metadata} ->> 'template' = 'novo-lead'`)).toEqual([]);
    const [profile] = await db.select({ status: lawyerProfiles.status }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id));
    expect(profile!.status).toBe('approved');
  });
});

describe('the client’s e-mail', () => {
  test('a lawyer’s name with line breaks or markup is one line in the text and escaped in the HTML; no promise of a result', () => {
    const message = leadRequestForwardedMessage({
      name: 'Cliente\r\nBcc: outro@exemplo.com',
      area: 'Direito Ambiental',
      city: 'Manaus - AM',
      lawyer: { nome: 'Dra. <b>Ana</b>\r\n\r\nPIX: 123', oab: 'OAB/AM 45678', url: 'https://www.exemplo.com.br/advogado/ana' },
    });
    expect(message.subject).not.toMatch(/[\r\n]/);
    expect(message.text).toContain('Olá, Cliente Bcc: outro@exemplo.com!');
    expect(message.text).toContain('encaminhou sua solicitação para Dra. <b>Ana</b> PIX: 123 (OAB/AM 45678)');
    expect(message.html).toContain('Dra. &lt;b&gt;Ana&lt;/b&gt; PIX: 123');
    expect(message.html).not.toContain('<b>Ana');
    expect(message.text).toContain('Nenhum advogado pode garantir o resultado de um caso.');
    expect(message.text).not.toMatch(/garant(e|imos)\b/);
  });
});

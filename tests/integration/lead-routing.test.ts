import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, test } from 'vitest';
import { currentDatabase, db, schema, type Db } from '~/db/client.server';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leadRequests, leads, leadStatuses } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { rateLimits } from '~/db/schema/rate-limits';
import { enqueueWhatsAppMessages } from '~/integrations/whatsapp/outbox.server';
import { newLeadWhatsAppText } from '~/integrations/whatsapp/templates';
import { AppError } from '~/lib/app-error';
import { findRequestToRemove, removeLeadRequest } from '~/modules/leads/lead-removal.server';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.schemas';
import { LEAD_REQUEST_AGREEMENT, LEAD_REQUEST_LIMITS, LEAD_REQUEST_MESSAGES } from '~/modules/leads/lead-requests';
import { leadRequestSchema, type LeadRequestForm } from '~/modules/leads/lead-requests.schemas';
import { LEAD_REQUEST_LIMITS_PER_HOUR, submitLeadRequest } from '~/modules/leads/lead-requests.server';
import { routeLeadRequest } from '~/modules/leads/lead-routing.server';
import * as requestRoute from '~/routes/public/lead-request';
import { createLawyer, createLawyers, expirePlan } from '../factories/lawyers';
import { formPost, routeArgs } from '../support/route-call';

let counter = 0;
/** A client's request as the form sends it: Direito de Família in São Paulo unless told otherwise. */
function form(overrides: Partial<Record<string, unknown>> = {}): LeadRequestForm {
  counter += 1;
  return leadRequestSchema.parse({
    nome: 'Carla Mendes',
    email: `carla.mendes.${counter}@exemplo.com.br`,
    whatsapp: '11912345678',
    cidade: 'sp_sao_paulo',
    areaAtuacao: 'familia',
    descricao: `Preciso revisar a pensão alimentícia do meu filho, caso número ${counter}.`,
    ...overrides,
  });
}

async function leadsOf(requestId: string) {
  return db.select().from(leads).where(eq(leads.requestId, requestId));
}

async function whatsappRows() {
  return db.select().from(outbox).where(eq(outbox.channel, 'whatsapp'));
}

async function emailTo(address: string) {
  const rows = await db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, address)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The app's database again, with a logger that records every statement it sends. */
function countingDatabase(): { database: Db; statements: string[] } {
  const opened = currentDatabase();
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  const database = (opened.pool ? drizzlePg({ client: opened.pool, schema, logger }) : drizzlePglite({ client: opened.pglite!, schema, logger })) as unknown as Db;
  return { database, statements };
}
const isTransactionControl = (statement: string) => /^\s*(begin|commit|rollback)\b/i.test(statement);

describe('the request form', () => {
  test('refuses what the spec refuses, with its messages', () => {
    const result = leadRequestSchema.safeParse({ nome: 'Jo', email: 'x', whatsapp: '123', cidade: 'xx_atlantida', areaAtuacao: '', descricao: 'curto' });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      nome: 'Nome deve ter pelo menos 3 caracteres',
      email: 'Email inválido',
      whatsapp: 'Número deve ter pelo menos 10 dígitos',
      cidade: 'Selecione uma cidade',
      areaAtuacao: 'Selecione uma área de atuação',
      descricao: 'Descreva seu caso com pelo menos 20 caracteres',
    });
    expect(leadRequestSchema.safeParse({ ...form(), whatsapp: '11 9123a-5678' }).error?.issues[0]?.message).toBe('Apenas números são permitidos');
    expect(leadRequestSchema.safeParse({ ...form(), whatsapp: '(10) 91234-5678' }).error?.issues[0]?.message).toBe('DDD inválido');
    expect(leadRequestSchema.safeParse({ ...form(), whatsapp: '(11) 3123-4567' }).error?.issues[0]?.message).toBe('Informe um celular com DDD: (11) 91234-5678');
    expect(leadRequestSchema.safeParse({ ...form(), descricao: 'x'.repeat(3001) }).error?.issues[0]?.message).toBe('A descrição deve ter no máximo 3000 caracteres');
    // The page's limit (kept out of the zod module the browser must not load) is the login's.
    expect(LEAD_REQUEST_LIMITS.email.max).toBe(EMAIL_MAX_LENGTH);
  });
});

describe('routing a request', () => {
  test('goes to every approved lawyer of the area and city, into each one’s first stage, and to no one else', async () => {
    const [ana, bruno] = await createLawyers(2, { areas: ['familia', 'civil'], cities: ['sp_sao_paulo', 'sp_campinas'] });
    const elsewhere = await createLawyer({ areas: ['familia'], cities: ['rj_rio_de_janeiro'] });
    const otherArea = await createLawyer({ areas: ['penal'], cities: ['sp_sao_paulo'] });
    const pending = await createLawyer({ status: 'pending' });
    const rejected = await createLawyer({ status: 'rejected' });
    // Bruno reordered his stages: 'Em contato' is now his first.
    await db.update(leadStatuses).set({ orderIndex: 9 }).where(and(eq(leadStatuses.lawyerId, bruno!.id), eq(leadStatuses.name, 'Novo')));
    await db.update(leadStatuses).set({ orderIndex: -1 }).where(and(eq(leadStatuses.lawyerId, bruno!.id), eq(leadStatuses.name, 'Em contato')));

    const input = form();
    const routed = await routeLeadRequest(input);
    expect(routed.duplicate).toBe(false);
    if (routed.duplicate) return;

    const [request] = await db.select().from(leadRequests).where(eq(leadRequests.id, routed.requestId));
    expect(request).toMatchObject({ nome: 'Carla Mendes', email: input.email, whatsapp: '5511912345678', cidade: 'sp_sao_paulo', areaAtuacao: 'familia', chosenLawyerId: null });
    expect(request!.removalTokenHash).not.toContain(routed.removalToken);

    const stored = await leadsOf(routed.requestId);
    expect(stored.map((l) => l.assignedTo).sort()).toEqual([ana!.id, bruno!.id].sort());
    for (const id of [elsewhere.id, otherArea.id, pending.id, rejected.id]) expect(stored.some((l) => l.assignedTo === id)).toBe(false);
    const stageName = async (stageId: string | null) => (await db.select({ name: leadStatuses.name }).from(leadStatuses).where(eq(leadStatuses.id, stageId!)))[0]?.name;
    const anaLead = stored.find((l) => l.assignedTo === ana!.id)!;
    expect(anaLead).toMatchObject({ nome: 'Carla Mendes', email: input.email, telefone: '5511912345678', cidade: 'sp_sao_paulo', areaInteresse: 'familia', mensagem: input.descricao, status: 'novo' });
    expect(await stageName(anaLead.statusId)).toBe('Novo');
    expect(await stageName(stored.find((l) => l.assignedTo === bruno!.id)!.statusId)).toBe('Em contato');
  });

  test('a lawyer who deleted every stage still gets the lead, outside any stage', async () => {
    const lawyer = await createLawyer();
    await db.delete(leadStatuses).where(eq(leadStatuses.lawyerId, lawyer.id));
    const routed = await routeLeadRequest(form());
    if (routed.duplicate) throw new Error('not a duplicate');
    expect(await leadsOf(routed.requestId)).toEqual([expect.objectContaining({ assignedTo: lawyer.id, statusId: null })]);
  });

  test('with no matching lawyer it stores one unassigned lead, notifies no one and tells the client', async () => {
    await createLawyer({ areas: ['penal'] });
    const input = form({ areaAtuacao: 'ambiental', cidade: 'am_manaus' });
    const routed = await routeLeadRequest(input);
    if (routed.duplicate) throw new Error('not a duplicate');
    expect(routed.lawyers).toEqual([]);
    expect(await leadsOf(routed.requestId)).toEqual([expect.objectContaining({ assignedTo: null, statusId: null, status: 'novo' })]);
    expect(await whatsappRows()).toEqual([]);
    const mail = await emailTo(input.email);
    expect(mail.body).toContain('nenhum advogado aprovado no JusConecta atende essa área nessa cidade');
    expect(mail.body).toContain('Direito Ambiental');
    expect(mail.body).toContain('Manaus - AM');
  });

  test('a Gratuito lawyer gets an e-mail and no WhatsApp for a new lead, an Intermediário lawyer both; an ended plan counts as Gratuito', async () => {
    const gratuito = await createLawyer({ plan: 'gratuito' });
    const basico = await createLawyer({ plan: 'basico' });
    const intermediario = await createLawyer({ plan: 'intermediario' });
    const premium = await createLawyer({ plan: 'premium' });
    const ended = await createLawyer({ plan: 'premium' });
    await expirePlan(ended.id);

    const routed = await routeLeadRequest(form({ nome: 'Rafael Lima' }));
    if (routed.duplicate) throw new Error('not a duplicate');
    expect(routed.lawyers).toHaveLength(5);
    const byWhatsApp = (await whatsappRows()).map((m) => (m.metadata as { lawyerId: string }).lawyerId);
    expect(byWhatsApp.sort()).toEqual([intermediario.id, premium.id].sort());

    for (const lawyer of [gratuito, basico, intermediario, premium, ended]) {
      const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, lawyer.id));
      const mail = await emailTo(account!.email);
      expect(mail).toMatchObject({ subject: 'Você recebeu um novo lead no JusConecta', status: 'queued', metadata: { template: 'novo-lead', requestId: routed.requestId, lawyerId: lawyer.id } });
      expect(mail.body).toContain('Nome: "Rafael Lima"\n\nÁrea: Direito de Família\n\nCidade: São Paulo - SP');
      expect(mail.body).toContain('Abrir meu CRM: http://localhost:3000/area-advogado?section=crm');
      expect(mail.htmlBody).toContain('href="http://localhost:3000/area-advogado?section=crm"');
      // The client's contact stays behind the login.
      expect(mail.body).not.toContain('11912345678');
    }
  });

  test('one WhatsApp notification per lead, keyed by the lead, to the lawyer’s notification number', async () => {
    const custom = await createLawyer({ plan: 'intermediario', whatsappNotificacoes: '5511955554444' });
    const none = await createLawyer({ plan: 'premium', whatsapp: '11933332222', whatsappNotificacoes: null });
    const broken = await createLawyer({ plan: 'intermediario', whatsapp: '11922221111' });
    await db.update(lawyerProfiles).set({ whatsappNotificacoes: '(11) 9' }).where(eq(lawyerProfiles.id, broken.id));

    const routed = await routeLeadRequest(form({ nome: 'Rafael Lima' }));
    if (routed.duplicate) throw new Error('not a duplicate');
    const stored = await leadsOf(routed.requestId);
    const messages = await whatsappRows();
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => m.idempotencyKey).sort()).toEqual(stored.map((l) => `novo-lead:${l.id}`).sort());
    const to = (lawyerId: string) => messages.find((m) => (m.metadata as { lawyerId: string }).lawyerId === lawyerId)?.recipient;
    expect(to(custom.id)).toBe('5511955554444');
    // No notification number, or one that cannot be a number: the lawyer's own WhatsApp.
    expect(to(none.id)).toBe('11933332222');
    expect(to(broken.id)).toBe('11922221111');
    expect(messages[0]!.body).toBe(
      'Olá! Você recebeu um novo lead no sistema:\n\nNome: "Rafael Lima"\nÁrea: Direito de Família\nCidade: São Paulo - SP\n\nAcesse o sistema para visualizar e entrar em contato.',
    );
    expect(messages[0]).toMatchObject({ status: 'queued', metadata: { kind: 'novo-lead', params: ['"Rafael Lima"', 'Direito de Família', 'São Paulo - SP'] } });

    // Every notification failing later changes nothing of the request.
    await db.update(outbox).set({ status: 'failed', lastError: 'HTTP 500' }).where(eq(outbox.channel, 'whatsapp'));
    expect(await leadsOf(routed.requestId)).toHaveLength(3);
    expect(await db.select().from(leadRequests).where(eq(leadRequests.id, routed.requestId))).toHaveLength(1);
  });

  test('the client’s e-mail lists the lawyers it went to, with their OAB and profile, and the removal link', async () => {
    const [first, second] = await createLawyers(2, { oabUf: 'RJ' });
    const input = form();
    const routed = await routeLeadRequest(input);
    if (routed.duplicate) throw new Error('not a duplicate');
    const mail = await emailTo(input.email);
    expect(mail.subject).toBe('Recebemos sua solicitação de atendimento jurídico — JusConecta');
    expect(mail.metadata).toEqual({ template: 'solicitacao-recebida', requestId: routed.requestId });
    for (const lawyer of [first!, second!]) {
      const [profile] = await db.select().from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyer.id));
      expect(mail.body).toContain(`- ${profile!.nome} (OAB/RJ ${profile!.numeroOab}): http://localhost:3000/advogado/${lawyer.slug}`);
      expect(mail.htmlBody).toContain(`href="http://localhost:3000/advogado/${lawyer.slug}"`);
    }
    expect(mail.body).toContain(`http://localhost:3000/solicitacao/remover?token=${routed.removalToken}`);
    expect(mail.body).toContain('nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo. Recebeu um pedido assim? Confirme o número em http://localhost:3000/confirmar-advogado');
    expect(mail.body).toContain('https://cna.oab.org.br/');
    expect(mail.body).not.toMatch(/garant(e|imos)\b/);
  });

  test('the lawyer of the page the request came from is recorded and listed first in the client’s e-mail', async () => {
    const matching = await createLawyer({ nome: 'Abigail Matos' });
    const chosen = await createLawyer({ nome: 'Otávio Reis' });
    const pending = await createLawyer({ nome: 'Paula Pendente', status: 'pending' });

    const input = form();
    const routed = await routeLeadRequest(input, { chosenSlug: chosen.slug, choice: { slugs: [matching.slug, chosen.slug], agreement: LEAD_REQUEST_AGREEMENT.chosen } });
    if (routed.duplicate) throw new Error('not a duplicate');
    expect(routed.lawyers.map((l) => [l.nome, l.chosen])).toEqual([
      ['Otávio Reis', true],
      ['Abigail Matos', false],
    ]);
    expect((await db.select().from(leadRequests).where(eq(leadRequests.id, routed.requestId)))[0]!.chosenLawyerId).toBe(chosen.id);
    expect((await emailTo(input.email)).body.indexOf('Otávio Reis')).toBeLessThan((await emailTo(input.email)).body.indexOf('Abigail Matos'));

    // A pending lawyer's slug, or an unknown one, records no one.
    for (const slug of [pending.slug, 'ninguem-com-este-nome']) {
      const plain = await routeLeadRequest(form(), { chosenSlug: slug });
      if (plain.duplicate) throw new Error('not a duplicate');
      expect((await db.select().from(leadRequests).where(eq(leadRequests.id, plain.requestId)))[0]!.chosenLawyerId).toBeNull();
    }
  });

  test('sends the same statements for 2 matching lawyers as for 50', async () => {
    await createLawyers(2, { cities: ['ba_salvador'], plan: 'intermediario' });
    await createLawyers(50, { cities: ['pe_recife'], plan: 'premium' });
    const counts: number[] = [];
    for (const [cidade, expected] of [['ba_salvador', 2], ['pe_recife', 50]] as const) {
      const { database, statements } = countingDatabase();
      const routed = await routeLeadRequest(form({ cidade }), { database, cap: 50 });
      if (routed.duplicate) throw new Error('not a duplicate');
      expect(routed.lawyers).toHaveLength(expected);
      expect(await whatsappRows().then((rows) => rows.filter((r) => r.body.includes(cidade === 'ba_salvador' ? 'Salvador' : 'Recife')))).toHaveLength(expected);
      const lawyerMails = await db.select().from(outbox).where(sql`${outbox.metadata} ->> 'requestId' = ${routed.requestId} and ${outbox.metadata} ->> 'template' = 'novo-lead'`);
      expect(lawyerMails).toHaveLength(expected);
      counts.push(statements.filter((s) => !isTransactionControl(s)).length);
    }
    // The lock, the request, the leads with their notifications (WhatsApp and e-mail), the client's e-mail.
    expect(counts).toEqual([4, 4]);
  });

  test('the notifications are the rows enqueueWhatsAppMessages writes for the same message', async () => {
    const lawyer = await createLawyer({ plan: 'intermediario', whatsappNotificacoes: '5521977776666' });
    const routed = await routeLeadRequest(form({ nome: 'Teresa Nunes', areaAtuacao: 'familia', cidade: 'sp_sao_paulo' }));
    if (routed.duplicate) throw new Error('not a duplicate');
    const text = newLeadWhatsAppText({ nome: 'Teresa Nunes', areaId: 'familia', cityId: 'sp_sao_paulo' });
    await enqueueWhatsAppMessages(db, [{ to: '5521977776666', text: text.text, params: text.params, kind: 'novo-lead', lawyerId: lawyer.id, idempotencyKey: 'referencia' }]);
    const shape = ({ channel, recipient, subject, body, htmlBody, metadata, status, attempts, lastError }: typeof outbox.$inferSelect) => ({
      channel,
      recipient,
      subject,
      body,
      htmlBody,
      metadata,
      status,
      attempts,
      lastError,
    });
    const [reference] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, 'referencia'));
    const [routedRow] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, `novo-lead:${routed.leadIds[0]}`));
    expect(shape(routedRow!)).toEqual(shape(reference!));
  });
});

describe('a row deleted while a request is routed', () => {
  // Only PostgreSQL has a second connection to hold the delete open while routing runs (PGlite runs
  // one statement at a time, so the race cannot happen there).
  const pool = currentDatabase().pool;

  /** Resolves once some other connection waits for a lock (routing's foreign-key check, here). */
  async function someoneWaitsForALock() {
    for (let i = 0; i < 200; i++) {
      const { rows } = await pool!.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('routing never waited for the delete');
  }

  test.runIf(pool)('a lawyer’s first stage deleted meanwhile: the request is routed again and lands in the next stage', async () => {
    const lawyer = await createLawyer();
    const stages = await db.select().from(leadStatuses).where(eq(leadStatuses.lawyerId, lawyer.id)).orderBy(leadStatuses.orderIndex);
    const holder = await pool!.connect();
    let routing: ReturnType<typeof routeLeadRequest> | undefined;
    try {
      await holder.query('begin');
      await holder.query('delete from lead_statuses where id = $1', [stages[0]!.id]);
      routing = routeLeadRequest(form());
      await someoneWaitsForALock();
      await holder.query('commit');
    } finally {
      holder.release();
    }
    const routed = await routing;
    if (routed.duplicate) throw new Error('not a duplicate');
    const [lead] = await leadsOf(routed.requestId);
    expect(lead).toMatchObject({ assignedTo: lawyer.id, statusId: stages[1]!.id });
    expect(await db.select().from(leadRequests).where(eq(leadRequests.id, routed.requestId))).toHaveLength(1);
  });
});

describe('abuse', () => {
  test('a filled honeypot is answered like a request without lawyers, and nothing is stored or counted', async () => {
    await createLawyer();
    const result = await submitLeadRequest(form({ website: 'https://spam.example' }), { clientIp: '203.0.113.50' });
    expect(result).toEqual({ outcome: 'unmatched', stored: false });
    expect(await db.select().from(leadRequests)).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
    expect(await db.select().from(rateLimits)).toEqual([]);
  });

  test('a client IP is limited to 10 requests an hour, and an address to 5, with the Portuguese message', async () => {
    const now = new Date('2026-11-23T15:00:00Z');
    for (let i = 0; i < LEAD_REQUEST_LIMITS_PER_HOUR.ip; i++) {
      expect(await submitLeadRequest(form(), { clientIp: '198.51.100.7', now })).toMatchObject({ stored: true });
    }
    const refused = submitLeadRequest(form(), { clientIp: '198.51.100.7', now });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 429, message: 'Muitas tentativas. Aguarde 60 minutos e tente novamente.', retryAfter: 3600 });
    // Another IP is not blocked; one address from many IPs is, after 5.
    const email = 'mesmo.endereco@exemplo.com.br';
    for (let i = 0; i < LEAD_REQUEST_LIMITS_PER_HOUR.email; i++) {
      expect(await submitLeadRequest(form({ email }), { clientIp: `192.0.2.${i}`, now })).toMatchObject({ stored: true });
    }
    await expect(submitLeadRequest(form({ email: 'MESMO.endereco@exemplo.com.br' }), { clientIp: '192.0.2.99', now })).rejects.toMatchObject({ status: 429 });
    // An hour later the window is new.
    expect(await submitLeadRequest(form({ email }), { clientIp: '198.51.100.7', now: new Date(now.getTime() + 3_600_001) })).toMatchObject({ stored: true });
    expect(await db.select().from(leadRequests)).toHaveLength(16);
  });

  test('the same request sent twice within a minute is stored once, even at the same instant', async () => {
    await createLawyer();
    const now = new Date('2026-11-23T15:00:00Z');
    const input = form();
    const results = await Promise.all([1, 2, 3].map(() => submitLeadRequest(input, { clientIp: '203.0.113.60', now })));
    expect(results.filter((r) => r.stored)).toHaveLength(1);
    expect(results.every((r) => r.outcome === 'matched')).toBe(true);
    // Spacing and case of the description, or the address's case, do not make it another request.
    const again = await submitLeadRequest(
      { ...input, email: input.email.toUpperCase(), descricao: `  ${input.descricao.toUpperCase().replace(/ /g, '   ')} ` },
      { clientIp: '203.0.113.60', now: new Date(now.getTime() + 59_000) },
    );
    expect(again).toEqual({ outcome: 'matched', stored: false });
    expect(await db.select().from(leadRequests)).toHaveLength(1);
    expect(await db.select().from(leads)).toHaveLength(1);
    // One e-mail to the client, one to the lawyer.
    expect(await db.select().from(outbox).where(eq(outbox.channel, 'email'))).toHaveLength(2);
    // The copies did not spend the limit: only the stored request counts.
    const [ipCount] = await db.select().from(rateLimits).where(eq(rateLimits.key, 'lead-request:ip:203.0.113.60'));
    expect(ipCount!.count).toBe(1);
    // After the minute it is a new request.
    expect(await submitLeadRequest(input, { clientIp: '203.0.113.60', now: new Date(now.getTime() + 61_000) })).toMatchObject({ stored: true });
    expect(await db.select().from(leadRequests)).toHaveLength(2);
  });
});

describe('removal link', () => {
  test('shows the request, then removes it with its leads and messages, once', async () => {
    await createLawyers(2, { plan: 'intermediario' });
    const input = form();
    const routed = await routeLeadRequest(input);
    if (routed.duplicate) throw new Error('not a duplicate');
    const otherRequest = await routeLeadRequest(form());
    // One notification was already sent; the other still waits.
    const [sent] = await db.select().from(outbox).where(eq(outbox.channel, 'whatsapp')).limit(1);
    const leadIds = (await leadsOf(routed.requestId)).map((l) => l.id);
    const [sentForThis] = await db
      .update(outbox)
      .set({ status: 'sent' })
      .where(inArray(outbox.idempotencyKey, leadIds.map((id) => `novo-lead:${id}`).slice(0, 1)))
      .returning();
    expect(sent).toBeTruthy();
    await db.update(outbox).set({ status: 'sent' }).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, input.email)));

    expect(await findRequestToRemove(routed.removalToken)).toMatchObject({ areaAtuacao: 'familia', cidade: 'sp_sao_paulo', lawyers: 2 });
    expect(await removeLeadRequest(routed.removalToken)).toEqual({ removed: true, leads: 2 });

    expect(await db.select().from(leadRequests).where(eq(leadRequests.id, routed.requestId))).toEqual([]);
    expect(await db.select().from(leads).where(inArray(leads.id, leadIds))).toEqual([]);
    const left = await db.select().from(outbox).where(inArray(outbox.idempotencyKey, leadIds.map((id) => `novo-lead:${id}`)));
    expect(left).toEqual([expect.objectContaining({ id: sentForThis!.id, body: 'Mensagem removida a pedido do cliente (LGPD).', metadata: { kind: 'novo-lead', lawyerId: sentForThis!.metadata.lawyerId, removido: true } })]);
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.channel, 'email'), isNull(outbox.htmlBody)));
    expect(mail).toMatchObject({ recipient: 'removido', body: 'Mensagem removida a pedido do cliente (LGPD).' });
    // The lawyers' e-mails about it were still waiting: gone; the client's sent one is the only copy left.
    expect(await db.select({ id: outbox.id }).from(outbox).where(sql`${outbox.metadata} ->> 'requestId' = ${routed.requestId}`)).toEqual([{ id: mail!.id }]);
    expect(JSON.stringify(await db.select().from(outbox))).not.toContain(input.email);

    // The other request is untouched; the used link, a wrong one and a malformed one do nothing.
    if (otherRequest.duplicate) throw new Error('not a duplicate');
    expect(await leadsOf(otherRequest.requestId)).toHaveLength(2);
    expect(await findRequestToRemove(routed.removalToken)).toBeNull();
    expect(await removeLeadRequest(routed.removalToken)).toEqual({ removed: false });
    expect(await removeLeadRequest('A'.repeat(43))).toEqual({ removed: false });
    expect(await removeLeadRequest("' or 1=1 --")).toEqual({ removed: false });
    expect(await removeLeadRequest(null)).toEqual({ removed: false });
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
describe('the page', () => {
  const args = routeArgs;
  const post = formPost;
  /** The form as the page sends it after showing the list for São Paulo and Família (no lawyer ticked unless told). */
  const fields = (overrides: Record<string, string | string[]> = {}) => {
    counter += 1;
    return {
      nome: 'Helena Prado',
      email: `helena.${counter}@exemplo.com.br`,
      whatsapp: '21987654321',
      cidade: 'sp_sao_paulo',
      areaAtuacao: 'familia',
      descricao: 'Quero orientação sobre a guarda compartilhada do meu filho.',
      escolha: 'familia|sp_sao_paulo',
      ...overrides,
    };
  };

  test('a sent request redirects to the page with its outcome in a one-time cookie, which the page reads, clears and never caches', async () => {
    const lawyer = await createLawyer();
    const response = await requestRoute.action(args(post('/solicitar-atendimento', fields({ advogados: [lawyer.slug] })))).catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('/solicitar-atendimento');
    const cookie = redirect.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^jusconecta_solicitacao=matched\.[\w-]{8}; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);

    const page = (await requestRoute.loader(args(new Request('http://localhost:3000/solicitar-atendimento', { headers: { cookie: cookie.split(';')[0]! } })))) as any;
    expect(page.data.result.outcome).toBe('matched');
    expect(new Headers(page.init.headers).get('Cache-Control')).toBe('no-store');
    expect(new Headers(page.init.headers).get('Set-Cookie')).toContain('Max-Age=0');
    // Without the cookie (another visitor) there is no outcome.
    const other = (await requestRoute.loader(args(new Request('http://localhost:3000/solicitar-atendimento')))) as any;
    expect(other.data.result).toBeNull();
  });

  test('a form with mistakes answers 400 with the messages and the values; a blocked client 429 with Retry-After', async () => {
    const refused = (await requestRoute.action(args(post('/solicitar-atendimento', fields({ nome: 'Al', whatsapp: '12ab' }))))) as any;
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ nome: 'Nome deve ter pelo menos 3 caracteres', whatsapp: 'Apenas números são permitidos' });
    expect(refused.data.values).toMatchObject({ nome: 'Al', descricao: 'Quero orientação sobre a guarda compartilhada do meu filho.' });

    const lawyer = await createLawyer();
    const sent = (overrides = {}) => fields({ advogados: [lawyer.slug], ...overrides });
    for (let i = 0; i < LEAD_REQUEST_LIMITS_PER_HOUR.ip; i++) await requestRoute.action(args(post('/solicitar-atendimento', sent(), '198.51.100.90'))).catch(() => undefined);
    const blocked = (await requestRoute.action(args(post('/solicitar-atendimento', sent(), '198.51.100.90')))) as any;
    expect(blocked.init.status).toBe(429);
    expect(blocked.data.message).toMatch(/^Muitas tentativas\. Aguarde/);
    expect(new Headers(blocked.init.headers).get('Retry-After')).toBeTruthy();
    expect(blocked.data.values.nome).toBe('Helena Prado');
    // The list stays on the page with the client's choice.
    expect(blocked.data.candidates.preselected).toEqual([lawyer.slug]);
  });

  test('a failure while storing answers the spec’s message and keeps the values', async () => {
    await db.execute('alter table leads rename to leads_fora' as never);
    try {
      const failed = (await requestRoute.action(args(post('/solicitar-atendimento', fields())))) as any;
      expect(failed.init.status).toBe(500);
      expect(failed.data.message).toBe(LEAD_REQUEST_MESSAGES.failed);
      expect(failed.data.values.nome).toBe('Helena Prado');
    } finally {
      await db.execute('alter table leads_fora rename to leads' as never);
    }
    // Nothing half-done: the transaction took the request row back.
    expect(await db.select().from(leadRequests)).toEqual([]);
  });

  test('the lawyer variant names an approved lawyer only; any other slug is the plain form', async () => {
    const approved = await createLawyer({ nome: 'Íris Campos', oabUf: 'MG' });
    const pending = await createLawyer({ nome: 'Sigilosa Pendente', status: 'pending' });
    const shown = (await requestRoute.loader(args(new Request(`http://localhost:3000/solicitar-atendimento/${approved.slug}`), { slug: approved.slug }))) as any;
    expect(shown.data.lawyer).toMatchObject({ nome: 'Íris Campos', slug: approved.slug, oab: expect.stringMatching(/^OAB\/MG \d+$/) });
    expect(Object.keys(shown.data.lawyer).sort()).toEqual(['areas', 'cidades', 'fotoUrl', 'nome', 'oab', 'slug']);
    for (const slug of [pending.slug, 'nao-existe']) {
      const plain = (await requestRoute.loader(args(new Request(`http://localhost:3000/solicitar-atendimento/${slug}`), { slug }))) as any;
      expect(plain.data.lawyer).toBeNull();
      expect(JSON.stringify(plain.data)).not.toContain('Sigilosa');
    }
    // The id of an approved lawyer is answered with the slug URL.
    const byId = await requestRoute.loader(args(new Request(`http://localhost:3000/solicitar-atendimento/${approved.id}`), { slug: approved.id })).catch((thrown: unknown) => thrown);
    expect((byId as Response).headers.get('Location')).toBe(`/solicitar-atendimento/${approved.slug}`);
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */

import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { leadEvents, leadNotes, leads, leadStatuses } from '~/db/schema/leads';
import { AppError } from '~/lib/app-error';
import { addNoteSchema, CRM_MESSAGES, editLeadSchema } from '~/modules/leads/crm.schemas';
import { createLead, moveLeadToStage, openCrm, updateLead, type CrmLawyer } from '~/modules/leads/crm.server';
import { addLeadNote, deleteLeadNote, editLeadNote, leadHistory } from '~/modules/leads/lead-history.server';
import { removeLeadRequest } from '~/modules/leads/lead-removal.server';
import { leadRequestSchema } from '~/modules/leads/lead-requests.schemas';
import { routeLeadRequest } from '~/modules/leads/lead-routing.server';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { action as crmApiAction, loader as crmApiLoader } from '~/routes/lawyer/crm-api';
import { createLawyer } from '../factories/lawyers';

// A lead's history (issue 23, docs/decisions/0046): the client's request read-only, the lawyer's notes,
// stage moves and the platform's messages, each scoped to the lawyer who owns the lead.

let counter = 0;
const DESCRICAO = 'Preciso revisar a pensão alimentícia do meu filho, com urgência.';

const PASSWORD = 'senha-certa-123';

async function lawyer(): Promise<{ id: string; email: string; crm: CrmLawyer; stages: string[] }> {
  counter += 1;
  const email = `historico.${counter}@exemplo.adv.br`;
  const created = await createLawyer({ email, password: PASSWORD, plan: 'premium', areas: ['familia'], cities: ['sp_sao_paulo'] });
  const stages = await db.select({ id: leadStatuses.id }).from(leadStatuses).where(eq(leadStatuses.lawyerId, created.id)).orderBy(leadStatuses.orderIndex);
  return { id: created.id, email, crm: await openCrm({ id: created.id, isSuperadmin: false }), stages: stages.map((s) => s.id) };
}

/** A client's request routed to the one matching lawyer of the test. */
async function clientRequest() {
  counter += 1;
  const routed = await routeLeadRequest(
    leadRequestSchema.parse({ nome: 'Carla Mendes', email: `carla.${counter}@exemplo.com.br`, whatsapp: '11912345678', cidade: 'sp_sao_paulo', areaAtuacao: 'familia', descricao: DESCRICAO }),
  );
  if (routed.duplicate) throw new Error('not a duplicate');
  return { leadId: routed.leadIds[0]!, removalToken: routed.removalToken };
}

async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

const notesOf = (leadId: string) => db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId)).orderBy(leadNotes.createdAt);

describe('a lead’s history', () => {
  test('the client’s request first, then notes added, edited and deleted, and the notifications with their status', async () => {
    const ana = await lawyer();
    const { leadId } = await clientRequest();
    const first = await addLeadNote(ana.crm, { leadId, nota: 'Ligar na segunda.' });
    const second = await addLeadNote(ana.crm, { leadId, nota: 'Pediu a certidão de nascimento.' });
    await editLeadNote(ana.crm, { leadId, noteId: first.id, nota: 'Ligar na terça.' });

    const history = await leadHistory(ana.crm, leadId);
    expect(history.request).toMatchObject({ text: DESCRICAO });
    const notes = history.items.filter((i) => i.kind === 'nota');
    expect(notes.map((n) => n.kind === 'nota' && n.text)).toEqual(['Ligar na terça.', 'Pediu a certidão de nascimento.']);
    expect(notes[0]).toMatchObject({ edited: true });
    const messages = history.items.filter((i) => i.kind === 'mensagem');
    expect(messages.map((m) => m.kind === 'mensagem' && `${m.channel}:${m.status}`).sort()).toEqual(['email:queued', 'whatsapp:queued']);

    await deleteLeadNote(ana.crm, { leadId, noteId: second.id });
    expect((await notesOf(leadId)).map((n) => n.body)).toEqual(['Ligar na terça.']);
    // The lead's description is still the client's.
    const [row] = await db.select({ mensagem: leads.mensagem }).from(leads).where(eq(leads.id, leadId));
    expect(row!.mensagem).toBe(DESCRICAO);
  });

  test('a note is 1 to 2,000 characters', () => {
    const leadId = crypto.randomUUID();
    expect(addNoteSchema.safeParse({ leadId, nota: '   ' }).error?.issues[0]?.message).toBe('A nota não pode ficar vazia.');
    expect(addNoteSchema.safeParse({ leadId, nota: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('A nota pode ter no máximo 2.000 caracteres.');
    expect(addNoteSchema.safeParse({ leadId, nota: 'x'.repeat(2000) }).success).toBe(true);
  });

  test('the database refuses a note of 2,001 characters too', async () => {
    const ana = await lawyer();
    const { leadId } = await clientRequest();
    await expect(db.insert(leadNotes).values({ leadId, authorId: ana.id, body: 'x'.repeat(2001) })).rejects.toThrow();
    expect(await notesOf(leadId)).toHaveLength(0);
  });

  test('another lawyer can neither read the history nor add, edit or delete a note by id: 404, nothing changed', async () => {
    const ana = await lawyer();
    const bruno = await lawyer();
    const { leadId } = await clientRequest();
    // The request went to both: Ana's lead is the first of them that is hers.
    const [anaLead] = await db.select({ id: leads.id }).from(leads).where(and(eq(leads.assignedTo, ana.id), eq(leads.id, leadId)));
    const mine = anaLead?.id ?? (await db.select({ id: leads.id }).from(leads).where(eq(leads.assignedTo, ana.id)))[0]!.id;
    const note = await addLeadNote(ana.crm, { leadId: mine, nota: 'Só minha.' });

    expect(await refusal(leadHistory(bruno.crm, mine))).toMatchObject({ status: 404, message: CRM_MESSAGES.leadNotFound });
    expect(await refusal(addLeadNote(bruno.crm, { leadId: mine, nota: 'Intrusa' }))).toMatchObject({ status: 404, message: CRM_MESSAGES.leadNotFound });
    expect(await refusal(editLeadNote(bruno.crm, { leadId: mine, noteId: note.id, nota: 'Trocada' }))).toMatchObject({ status: 404, message: CRM_MESSAGES.noteNotFound });
    expect(await refusal(deleteLeadNote(bruno.crm, { leadId: mine, noteId: note.id }))).toMatchObject({ status: 404, message: CRM_MESSAGES.noteNotFound });
    // Bruno's own lead with Ana's note id: still not found.
    const brunoLead = await createLead(bruno.crm, { nome: 'Outro Cliente', email: 'outro@exemplo.com.br', telefone: '5511987654321', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: null });
    expect(await refusal(editLeadNote(bruno.crm, { leadId: brunoLead.id, noteId: note.id, nota: 'Trocada' }))).toMatchObject({ status: 404 });
    // An id that does not exist, or is not an id, answers the same.
    expect(await refusal(editLeadNote(bruno.crm, { leadId: mine, noteId: crypto.randomUUID(), nota: 'x' }))).toMatchObject({ status: 404, message: CRM_MESSAGES.noteNotFound });
    expect(await refusal(leadHistory(bruno.crm, 'nao-e-um-id'))).toMatchObject({ status: 404, message: CRM_MESSAGES.leadNotFound });

    expect((await notesOf(mine)).map((n) => [n.body, n.authorId])).toEqual([['Só minha.', ana.id]]);
  });

  test('a stage move writes an event with the stages’ names; moving to the same stage writes none', async () => {
    const ana = await lawyer();
    const lead = await createLead(ana.crm, { nome: 'Maria Cliente', email: 'maria@exemplo.com.br', telefone: '5511987654321', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: 'Digitado pela advogada' });
    await moveLeadToStage(ana.crm, { leadId: lead.id, stageId: ana.stages[1]! });
    await moveLeadToStage(ana.crm, { leadId: lead.id, stageId: ana.stages[1]! });
    // Leaving the first stage is also the lead's first contact ('contato', decision 0047).
    const events = (await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).filter((e) => e.kind === 'etapa');
    expect(events).toHaveLength(1);
    const [from, to] = await Promise.all(ana.stages.slice(0, 2).map(async (id) => (await db.select({ name: leadStatuses.name }).from(leadStatuses).where(eq(leadStatuses.id, id)))[0]!.name));
    expect(events[0]).toMatchObject({ kind: 'etapa', details: { from, to } });
    const history = await leadHistory(ana.crm, lead.id);
    expect(history.request).toBeNull();
    expect(history.items.filter((i) => i.kind === 'etapa')).toEqual([expect.objectContaining({ kind: 'etapa', from, to })]);
    expect(history.items.filter((i) => i.kind === 'contato')).toEqual([expect.objectContaining({ kind: 'contato', channel: 'etapa' })]);
  });

  test('the lawyer may edit the lead’s description (the spec’s edit dialog); the client’s original words stay in the history', async () => {
    const ana = await lawyer();
    const { leadId } = await clientRequest();
    const edit = (id: string, mensagem?: string) => editLeadSchema.parse({ leadId: id, nome: 'Carla M.', email: 'carla@exemplo.com.br', telefone: '11912345678', ...(mensagem === undefined ? {} : { mensagem }) });
    // Left out: kept.
    await updateLead(ana.crm, edit(leadId));
    expect((await db.select().from(leads).where(eq(leads.id, leadId)))[0]).toMatchObject({ nome: 'Carla M.', mensagem: DESCRICAO });
    await updateLead(ana.crm, edit(leadId, 'Outra história'));
    expect((await db.select().from(leads).where(eq(leads.id, leadId)))[0]!.mensagem).toBe('Outra história');
    expect((await leadHistory(ana.crm, leadId)).request?.text).toBe(DESCRICAO);

    const typed = await createLead(ana.crm, { nome: 'Maria Cliente', email: 'maria@exemplo.com.br', telefone: '5511987654321', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: 'Antes' });
    await updateLead(ana.crm, edit(typed.id, 'Depois'));
    expect((await db.select().from(leads).where(eq(leads.id, typed.id)))[0]!.mensagem).toBe('Depois');
  });

  test('the client’s removal of the request removes the lead’s notes and events', async () => {
    const ana = await lawyer();
    const { leadId, removalToken } = await clientRequest();
    await addLeadNote(ana.crm, { leadId, nota: 'Nota que some com o pedido.' });
    await moveLeadToStage(ana.crm, { leadId, stageId: ana.stages[1]! });
    expect(await removeLeadRequest(removalToken)).toMatchObject({ removed: true });
    expect(await notesOf(leadId)).toHaveLength(0);
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId))).toHaveLength(0);
  });
});

async function cookieOf(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.7' }));
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** A call of /area-advogado/crm as the page's JavaScript makes it: the answer's status and JSON. */
async function callApi(cookie: string, init: { fields?: Record<string, string>; lead?: string }): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = `http://localhost:3000/area-advogado/crm${init.lead === undefined ? '' : `?lead=${init.lead}`}`;
  const headers = new Headers({ cookie, 'Sec-Fetch-Mode': 'cors' });
  const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
  const answer = init.fields
    ? await crmApiAction(args(new Request(url, { method: 'POST', headers: { ...Object.fromEntries(headers), 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(init.fields) })))
    : await crmApiLoader(args(new Request(url, { headers })));
  const response = answer as unknown as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the history over HTTP (/area-advogado/crm)', () => {
  test('another lawyer’s lead or note id answers 404 in Portuguese, never 500, and nothing changes', async () => {
    const ana = await lawyer();
    const bruno = await lawyer();
    await clientRequest();
    const [anaLead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.assignedTo, ana.id));
    const note = await addLeadNote(ana.crm, { leadId: anaLead!.id, nota: 'Só minha.' });
    const brunoCookie = await cookieOf(bruno.email);

    const read = await callApi(brunoCookie, { lead: anaLead!.id });
    expect(read).toMatchObject({ status: 404, body: { error: CRM_MESSAGES.leadNotFound } });
    for (const fields of <Array<Record<string, string>>>[
      { intent: 'adicionar-nota', leadId: anaLead!.id, nota: 'Intrusa' },
      { intent: 'editar-nota', leadId: anaLead!.id, noteId: note.id, nota: 'Trocada' },
      { intent: 'excluir-nota', leadId: anaLead!.id, noteId: note.id },
      { intent: 'editar-nota', leadId: 'x', noteId: 'y', nota: 'Trocada' },
    ]) {
      const answer = await callApi(brunoCookie, { fields });
      expect(answer.status, fields.intent).toBe(404);
      expect([CRM_MESSAGES.leadNotFound, CRM_MESSAGES.noteNotFound]).toContain(answer.body.message);
    }
    const tooLong = await callApi(await cookieOf(ana.email), { fields: { intent: 'adicionar-nota', leadId: anaLead!.id, nota: 'x'.repeat(2001) } });
    expect(tooLong).toMatchObject({ status: 400, body: { errors: { nota: 'A nota pode ter no máximo 2.000 caracteres.' } } });
    expect((await notesOf(anaLead!.id)).map((n) => n.body)).toEqual(['Só minha.']);

    const own = await callApi(await cookieOf(ana.email), { lead: anaLead!.id });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ leadId: anaLead!.id, request: { text: DESCRICAO } });
  });
});

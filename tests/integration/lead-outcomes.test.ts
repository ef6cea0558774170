import { asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { leadEvents, leads, leadStatuses } from '~/db/schema/leads';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { findAdminLawyers, adminLawyersQueryFrom } from '~/modules/admin/lawyers.server';
import { CRM_MESSAGES, moveLeadSchema, newLeadSchema, type CrmActionResult } from '~/modules/leads/crm.schemas';
import { createLead, moveLeadToStage, openCrm, type CrmLawyer } from '~/modules/leads/crm.server';
import { addLeadNote, leadHistory } from '~/modules/leads/lead-history.server';
import { getPipelineStats } from '~/modules/leads/pipeline-stats.server';
import { action as crmApiAction } from '~/routes/lawyer/crm-api';
import { action as areaAction } from '~/routes/lawyer/lawyer-area';
import { loader as contactLoader } from '~/routes/lawyer/lead-contact';
import { createLawyer } from '../factories/lawyers';
import { refusalOf } from '../support/refusal';
import { routeArgs } from '../support/route-call';

// Won and lost, and the response time (issue 23, parts 3 and 4; docs/decisions/0047): a lost stage asks
// why, a won one takes the fees, both close the lead; the first contact is kept once, by whichever path
// comes first; the dashboard's and the back office's figures read them. Everything scoped to the lawyer.

const PASSWORD = 'senha-certa-123';
let counter = 0;
const HOUR = 3_600_000;

/** A lawyer with the default stages; a password (a slow hash) only for one who signs in. */
async function lawyer({ signsIn = false } = {}) {
  counter += 1;
  const email = `resultado.${counter}@exemplo.adv.br`;
  const created = await createLawyer({ email, ...(signsIn ? { password: PASSWORD } : {}) });
  const stages = await db.select({ id: leadStatuses.id, name: leadStatuses.name }).from(leadStatuses).where(eq(leadStatuses.lawyerId, created.id)).orderBy(asc(leadStatuses.orderIndex));
  const crm: CrmLawyer = await openCrm({ id: created.id, isSuperadmin: false });
  // Default stages: Novo, Em contato, Proposta enviada, Contratado (won), Não contratado (lost).
  return { id: created.id, email, crm, novo: stages[0]!.id, emContato: stages[1]!.id, contratado: stages[3]!.id, naoContratado: stages[4]!.id };
}

const leadFields = { nome: 'Maria Cliente', email: 'maria.cliente@exemplo.com.br', telefone: '5511987654321', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: '' };
const newLead = (crm: CrmLawyer) => createLead(crm, newLeadSchema.parse(leadFields));
const leadRow = async (id: string) => (await db.select().from(leads).where(eq(leads.id, id)))[0]!;
const eventsOf = (id: string, kind: 'etapa' | 'contato') => db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).then((rows) => rows.filter((e) => e.kind === kind));

async function cookieOf(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.23' }));
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** A post of the page's JavaScript to /area-advogado/crm: status and JSON. */
async function api(cookie: string, fields: Record<string, string>): Promise<{ status: number; body: CrmActionResult }> {
  const request = new Request('http://localhost:3000/area-advogado/crm', { method: 'POST', headers: { cookie, 'Sec-Fetch-Mode': 'cors' }, body: new URLSearchParams(fields) });
  const response = await crmApiAction(routeArgs(request));
  return { status: response.status, body: (await response.json()) as CrmActionResult };
}

/** The link of a card without JavaScript: GET /area-advogado/contato, as the lawyer's click (same-origin navigation) unless told. */
async function contactLink(cookie: string, leadId: string, canal: string, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' }): Promise<Response> {
  const request = new Request(`http://localhost:3000/area-advogado/contato?lead=${leadId}&canal=${canal}`, { headers: { cookie, ...headers } });
  return (await contactLoader(routeArgs(request))) as Response;
}

describe('won and lost', () => {
  test('a lost stage needs a reason (Portuguese 400, also without JavaScript, where the dialog shows the reason form); Outro needs its text', async () => {
    const ana = await lawyer({ signsIn: true });
    const lead = await newLead(ana.crm);
    expect(await refusalOf(moveLeadToStage(ana.crm, { leadId: lead.id, stageId: ana.naoContratado }))).toMatchObject({ status: 400, message: CRM_MESSAGES.lostReasonRequired, field: 'motivo' });
    expect(moveLeadSchema.safeParse({ leadId: lead.id, stageId: ana.naoContratado, motivo: 'outro', motivoOutro: '  ' }).error?.issues[0]?.message).toBe(CRM_MESSAGES.lostReasonTextRequired);
    expect(moveLeadSchema.safeParse({ leadId: lead.id, stageId: ana.naoContratado, motivo: 'preco' }).error?.issues[0]?.message).toBe(CRM_MESSAGES.lostReasonInvalid);
    expect(moveLeadSchema.safeParse({ leadId: lead.id, stageId: ana.contratado, honorarios: '-10' }).error?.issues[0]?.message).toBe(CRM_MESSAGES.feeNegative);
    expect(moveLeadSchema.safeParse({ leadId: lead.id, stageId: ana.contratado, honorarios: 'mil' }).error?.issues[0]?.message).toBe(CRM_MESSAGES.feeInvalid);
    expect(moveLeadSchema.parse({ leadId: lead.id, stageId: ana.contratado, honorarios: '3.500,00', motivo: '' })).toMatchObject({ agreedFeeCents: 350000 });

    // A plain form post (no JavaScript): the page again, 400, the field's message and the values kept.
    const request = new Request('http://localhost:3000/area-advogado?section=crm', {
      method: 'POST',
      headers: { cookie: await cookieOf(ana.email), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'mover-lead', leadId: lead.id, stageId: ana.naoContratado }),
    });
    const page = (await areaAction(routeArgs(request))) as unknown as { data: CrmActionResult; init: ResponseInit | null };
    expect(page.init?.status).toBe(400);
    expect(page.data).toMatchObject({ ok: false, intent: 'mover-lead', message: CRM_MESSAGES.lostReasonRequired, errors: { motivo: CRM_MESSAGES.lostReasonRequired }, values: { leadId: lead.id, stageId: ana.naoContratado } });
    expect(await leadRow(lead.id)).toMatchObject({ statusId: ana.novo, closedAt: null, lostReason: null });
    expect(await eventsOf(lead.id, 'etapa')).toHaveLength(0);
  });

  test('lost and won close the lead with the reason or the fees, the history says them, and back to an open stage reopens it', async () => {
    const ana = await lawyer();
    const lead = await newLead(ana.crm);
    await moveLeadToStage(ana.crm, moveLeadSchema.parse({ leadId: lead.id, stageId: ana.naoContratado, motivo: 'outro', motivoOutro: 'Mudou de cidade', honorarios: '100' }));
    const lost = await leadRow(lead.id);
    expect(lost).toMatchObject({ lostReason: 'outro', lostReasonText: 'Mudou de cidade', agreedFeeCents: null });
    expect(lost.closedAt).toBeInstanceOf(Date);

    await moveLeadToStage(ana.crm, moveLeadSchema.parse({ leadId: lead.id, stageId: ana.contratado, honorarios: '3.500,00' }));
    expect(await leadRow(lead.id)).toMatchObject({ statusId: ana.contratado, lostReason: null, lostReasonText: null, agreedFeeCents: 350000 });

    await moveLeadToStage(ana.crm, { leadId: lead.id, stageId: ana.emContato });
    expect(await leadRow(lead.id)).toMatchObject({ closedAt: null, lostReason: null, agreedFeeCents: null });

    const moves = (await leadHistory(ana.crm, lead.id)).items.filter((i) => i.kind === 'etapa');
    expect(moves).toEqual([
      expect.objectContaining({ from: 'Novo', to: 'Não contratado', lostReason: 'outro', lostReasonText: 'Mudou de cidade' }),
      expect.objectContaining({ from: 'Não contratado', to: 'Contratado', agreedFeeCents: 350000 }),
      expect.objectContaining({ from: 'Contratado', to: 'Em contato' }),
    ]);
    expect(moves[2]).not.toHaveProperty('agreedFeeCents');
  });

  test('another lawyer can neither write a reason or fees nor record a contact on a lead by id: 404, nothing changed', async () => {
    const ana = await lawyer();
    const bruno = await lawyer({ signsIn: true });
    const lead = await newLead(ana.crm);
    const cookie = await cookieOf(bruno.email);
    for (const fields of <Array<Record<string, string>>>[
      { intent: 'mover-lead', leadId: lead.id, stageId: bruno.naoContratado, motivo: 'honorarios' },
      { intent: 'mover-lead', leadId: lead.id, stageId: bruno.naoContratado },
      { intent: 'mover-lead', leadId: lead.id, stageId: ana.contratado, honorarios: '900,00' },
      { intent: 'registrar-contato', leadId: lead.id, canal: 'whatsapp' },
    ]) {
      const answer = await api(cookie, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(404);
      expect([CRM_MESSAGES.leadNotFound, CRM_MESSAGES.stageNotFound]).toContain(answer.body.message);
    }
    const link = await contactLink(cookie, lead.id, 'email');
    expect(link.status).toBe(404);
    expect(await link.text()).toBe(CRM_MESSAGES.leadNotFound);
    expect(await leadRow(lead.id)).toMatchObject({ statusId: ana.novo, lostReason: null, agreedFeeCents: null, closedAt: null, firstContactAt: null });
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).toHaveLength(0);
  });

  test('the dashboard: conversion of the last 90 days by closed_at, and the lost reasons with their counts', async () => {
    const ana = await lawyer();
    const empty = await getPipelineStats(ana.id);
    expect(empty.conversion).toEqual({ won: 0, lost: 0, percent: null });
    const ids = await Promise.all(Array.from({ length: 5 }, () => newLead(ana.crm).then((l) => l.id)));
    await moveLeadToStage(ana.crm, { leadId: ids[0]!, stageId: ana.contratado });
    await moveLeadToStage(ana.crm, { leadId: ids[1]!, stageId: ana.naoContratado, lostReason: 'honorarios' });
    await moveLeadToStage(ana.crm, { leadId: ids[2]!, stageId: ana.naoContratado, lostReason: 'honorarios' });
    await moveLeadToStage(ana.crm, { leadId: ids[3]!, stageId: ana.naoContratado, lostReason: 'sem_retorno' });
    // Closed 100 days ago: out of the window.
    await moveLeadToStage(ana.crm, { leadId: ids[4]!, stageId: ana.contratado });
    await db.update(leads).set({ closedAt: new Date(Date.now() - 100 * 24 * HOUR) }).where(eq(leads.id, ids[4]!));

    const stats = await getPipelineStats(ana.id);
    expect(stats.conversion).toEqual({ won: 1, lost: 3, percent: 25 });
    expect(stats.lostReasons).toEqual([
      { id: 'honorarios', label: 'Honorários', count: 2 },
      { id: 'sem_retorno', label: 'Sem retorno do cliente', count: 1 },
    ]);
  });
});

describe('response time', () => {
  test('the first contact is kept once, by whichever path comes first: WhatsApp, e-mail link, note or a move out of the first stage', async () => {
    const ana = await lawyer({ signsIn: true });
    const cookie = await cookieOf(ana.email);
    const [byWhatsApp, byEmail, byNote, byMove, notFirst] = await Promise.all(Array.from({ length: 5 }, () => newLead(ana.crm)));

    // The page's JavaScript: the intent, then a second click changes nothing.
    expect(await api(cookie, { intent: 'registrar-contato', leadId: byWhatsApp!.id, canal: 'whatsapp' })).toMatchObject({ status: 200, body: { ok: true, contactUrl: 'https://wa.me/5511987654321' } });
    const first = await leadRow(byWhatsApp!.id);
    expect(first).toMatchObject({ firstContactChannel: 'whatsapp' });
    await api(cookie, { intent: 'registrar-contato', leadId: byWhatsApp!.id, canal: 'email' });
    expect(await leadRow(byWhatsApp!.id)).toMatchObject({ firstContactChannel: 'whatsapp', firstContactAt: first.firstContactAt });
    expect(await eventsOf(byWhatsApp!.id, 'contato')).toHaveLength(1);

    // Without JavaScript: the link records and goes on to mailto; a link followed from elsewhere records nothing.
    const elsewhere = await contactLink(cookie, byEmail!.id, 'email', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' });
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('Location')).toBe(`/area-advogado?section=crm&lead=${byEmail!.id}`);
    expect((await leadRow(byEmail!.id)).firstContactAt).toBeNull();
    const link = await contactLink(cookie, byEmail!.id, 'email');
    expect(link.status).toBe(303);
    expect(link.headers.get('Location')).toBe('mailto:maria.cliente@exemplo.com.br');
    expect(await leadRow(byEmail!.id)).toMatchObject({ firstContactChannel: 'email' });

    await addLeadNote(ana.crm, { leadId: byNote!.id, nota: 'Liguei, volta amanhã.' });
    await addLeadNote(ana.crm, { leadId: byNote!.id, nota: 'Segunda nota.' });
    expect(await leadRow(byNote!.id)).toMatchObject({ firstContactChannel: 'nota' });
    expect(await eventsOf(byNote!.id, 'contato')).toHaveLength(1);

    await moveLeadToStage(ana.crm, { leadId: byMove!.id, stageId: ana.emContato });
    expect(await leadRow(byMove!.id)).toMatchObject({ firstContactChannel: 'etapa' });
    await moveLeadToStage(ana.crm, { leadId: byMove!.id, stageId: ana.novo });
    // A move within the first stage's column is no contact; a move out of another stage is not the first.
    await moveLeadToStage(ana.crm, { leadId: notFirst!.id, stageId: ana.novo });
    expect((await leadRow(notFirst!.id)).firstContactAt).toBeNull();

    const history = await leadHistory(ana.crm, byMove!.id);
    expect(history.items.filter((i) => i.kind === 'contato')).toEqual([expect.objectContaining({ kind: 'contato', channel: 'etapa' })]);
  });

  test('the median of the last 30 days, the leads waiting in open stages, and the back office’s column', async () => {
    const ana = await lawyer();
    const ids = await Promise.all(Array.from({ length: 6 }, () => newLead(ana.crm).then((l) => l.id)));
    const arrived = (id: string, hoursAgo: number, contactAfterHours: number | null) =>
      db
        .update(leads)
        .set({
          createdAt: new Date(Date.now() - hoursAgo * HOUR),
          firstContactAt: contactAfterHours === null ? null : new Date(Date.now() - (hoursAgo - contactAfterHours) * HOUR),
          firstContactChannel: contactAfterHours === null ? null : 'whatsapp',
        })
        .where(eq(leads.id, id));
    await arrived(ids[0]!, 48, 1);
    await arrived(ids[1]!, 48, 2.25);
    await arrived(ids[2]!, 48, 10);
    // Arrived 40 days ago: out of the window.
    await arrived(ids[3]!, 40 * 24, 0.1);
    // Waiting: one in 'Novo', one lost without a contact (not waiting: it is closed).
    await arrived(ids[4]!, 5, null);
    await moveLeadToStage(ana.crm, { leadId: ids[5]!, stageId: ana.naoContratado, lostReason: 'fora_da_area' });
    await db.update(leads).set({ firstContactAt: null }).where(eq(leads.id, ids[5]!));

    const stats = await getPipelineStats(ana.id);
    expect(stats.responseTime.contacted).toBe(3);
    expect(Math.round(stats.responseTime.medianSeconds!)).toBe(2.25 * 3600);
    expect(stats.waiting).toBe(1);

    const page = await findAdminLawyers(adminLawyersQueryFrom(new URLSearchParams({ q: ana.email })));
    expect(page.rows.map((r) => [r.id, Math.round(r.responseSeconds ?? -1)])).toEqual([[ana.id, 2.25 * 3600]]);
  });
});

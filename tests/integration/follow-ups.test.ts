import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { leadEvents, leads, leadStatuses } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { followUpSchema } from '~/modules/leads/crm.schemas';
import { createLead, getCrmBoard, openCrm, type CrmLawyer } from '~/modules/leads/crm.server';
import { digestDayAt, runFollowUpDigest } from '~/modules/leads/follow-up-digest.server';
import { setFollowUp } from '~/modules/leads/follow-ups.server';
import { leadHistory } from '~/modules/leads/lead-history.server';
import { isWorkingDay } from '~/modules/leads/working-days';
import { createLawyer } from '../factories/lawyers';
import { refusalOf } from '../support/refusal';

// Follow-ups ('Próximo contato') and the morning digest (issue 23, docs/decisions/0049).

/** Thursday 26 November 2026, 8:00 in São Paulo (UTC-3). */
const MORNING = new Date('2026-11-26T11:00:00Z');
const TODAY = '2026-11-26';

let counter = 0;

async function lawyer(plan: 'gratuito' | 'intermediario' = 'gratuito'): Promise<{ id: string; email: string; crm: CrmLawyer; stages: Array<{ id: string; kind: string }> }> {
  counter += 1;
  const email = `retorno.${counter}@exemplo.adv.br`;
  const created = await createLawyer({ email, plan });
  const stages = await db.select({ id: leadStatuses.id, kind: leadStatuses.kind }).from(leadStatuses).where(eq(leadStatuses.lawyerId, created.id)).orderBy(leadStatuses.orderIndex);
  return { id: created.id, email, crm: await openCrm({ id: created.id, isSuperadmin: false }), stages };
}

async function lead(crm: CrmLawyer, nome: string, createdAt = new Date(MORNING.getTime() - 86_400_000)) {
  counter += 1;
  const { id } = await createLead(crm, { nome, email: `cliente.${counter}@exemplo.com.br`, telefone: '5511912345678', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: null });
  await db.update(leads).set({ createdAt }).where(eq(leads.id, id));
  return id;
}

const save = (leadId: string, retornoData: string, retornoHora?: string) => followUpSchema.parse({ acao: 'salvar', leadId, retornoData, ...(retornoHora ? { retornoHora } : {}) });

const digestEmailsTo = (email: string) => db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, email), sql`${outbox.metadata} ->> 'digestDay' is not null`));

describe('Próximo contato', () => {
  test('set with a time, changed, cleared: the card data and the history follow; a past day is refused on its field', async () => {
    const ana = await lawyer();
    const leadId = await lead(ana.crm, 'João Batista');
    await setFollowUp(ana.crm, save(leadId, TODAY, '14:30'), MORNING);
    let board = await getCrmBoard(ana.crm);
    expect(board.leads.find((l) => l.id === leadId)).toMatchObject({ followUpOn: TODAY, followUpTime: '14:30' });

    const minutesLater = (minutes: number) => new Date(MORNING.getTime() + minutes * 60_000);
    await setFollowUp(ana.crm, save(leadId, '2026-11-27'), minutesLater(1));
    await setFollowUp(ana.crm, save(leadId, '2026-11-27'), minutesLater(2)); // unchanged: no event
    await setFollowUp(ana.crm, followUpSchema.parse({ acao: 'remover', leadId }), minutesLater(3));
    board = await getCrmBoard(ana.crm);
    expect(board.leads.find((l) => l.id === leadId)).toMatchObject({ followUpOn: null, followUpTime: null });
    const history = await leadHistory(ana.crm, leadId);
    expect(history.items.filter((i) => i.kind === 'retorno').map((i) => (i.kind === 'retorno' ? [i.on, i.time] : null))).toEqual([
      [TODAY, '14:30'],
      ['2026-11-27', null],
      [null, null],
    ]);

    const past = await refusalOf(setFollowUp(ana.crm, save(leadId, '2026-11-25'), MORNING));
    expect(past).toMatchObject({ status: 400, field: 'retornoData', message: 'A data do próximo contato não pode estar no passado.' });
    expect(await refusalOf(setFollowUp(ana.crm, save(leadId, '2029-01-01'), MORNING))).toMatchObject({ status: 400, field: 'retornoData' });
  });

  test('the form’s rules: a real day, an optional time of the day', () => {
    const leadId = '00000000-0000-4000-8000-000000000000';
    expect(followUpSchema.safeParse({ acao: 'salvar', leadId, retornoData: '' }).error?.issues[0]?.message).toBe('Escolha a data do próximo contato.');
    expect(followUpSchema.safeParse({ acao: 'salvar', leadId, retornoData: '2026-02-30' }).error?.issues[0]?.message).toBe('Data inválida. Use o formato dd/mm/aaaa.');
    expect(followUpSchema.safeParse({ acao: 'salvar', leadId, retornoData: TODAY, retornoHora: '24:00' }).error?.issues[0]?.message).toBe('Horário inválido. Use o formato hh:mm.');
    expect(followUpSchema.parse({ acao: 'salvar', leadId, retornoData: TODAY, retornoHora: '' })).toMatchObject({ retornoHora: null });
  });

  test('another lawyer can neither set nor clear a follow-up by id: not found, nothing changes', async () => {
    const ana = await lawyer();
    const bruno = await lawyer();
    const leadId = await lead(ana.crm, 'Maria das Dores');
    await setFollowUp(ana.crm, save(leadId, TODAY), MORNING);
    expect(await refusalOf(setFollowUp(bruno.crm, save(leadId, '2026-12-01'), MORNING))).toMatchObject({ status: 404 });
    expect(await refusalOf(setFollowUp(bruno.crm, followUpSchema.parse({ acao: 'remover', leadId }), MORNING))).toMatchObject({ status: 404 });
    expect(await refusalOf(setFollowUp(bruno.crm, save('não-é-um-id', TODAY), MORNING))).toMatchObject({ status: 404 });
    const [row] = await db.select({ on: leads.followUpOn }).from(leads).where(eq(leads.id, leadId));
    expect(row?.on).toBe(TODAY);
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId))).toHaveLength(1);
  });
});

describe('the morning digest', () => {
  test('working mornings only: 8:00 to noon São Paulo time, Monday to Friday, not on national holidays', () => {
    expect(digestDayAt(MORNING)).toBe(TODAY);
    expect(digestDayAt(new Date('2026-11-26T10:59:00Z'))).toBeNull(); // 7:59
    expect(digestDayAt(new Date('2026-11-26T15:00:00Z'))).toBeNull(); // noon
    expect(digestDayAt(new Date('2026-11-28T11:00:00Z'))).toBeNull(); // Saturday
    expect(digestDayAt(new Date('2026-12-25T11:00:00Z'))).toBeNull(); // Christmas, a Friday
    expect(isWorkingDay('2026-04-03')).toBe(false); // Good Friday 2026
    expect(isWorkingDay('2026-02-16')).toBe(false); // Carnival Monday 2026
    expect(isWorkingDay('2026-11-20')).toBe(false); // Consciência Negra
    expect(isWorkingDay('2026-11-27')).toBe(true);
  });

  test('one e-mail per lawyer with something due, run by two processes at once; none again that day; nothing for the others', async () => {
    const ana = await lawyer();
    const bruno = await lawyer();
    const carla = await lawyer();
    // Ana: a follow-up today and an overdue one, a lead waiting, a contacted lead in a lost stage.
    const today = await lead(ana.crm, 'João Batista');
    await setFollowUp(ana.crm, save(today, TODAY, '09:30'), new Date('2026-11-20T12:00:00Z'));
    const overdue = await lead(ana.crm, 'Paula Souza');
    await setFollowUp(ana.crm, save(overdue, '2026-11-24'), new Date('2026-11-20T12:00:00Z'));
    await db.update(leads).set({ firstContactAt: MORNING }).where(eq(leads.id, today));
    await db.update(leads).set({ firstContactAt: MORNING }).where(eq(leads.id, overdue));
    const waiting = await lead(ana.crm, 'Rita Lima');
    const lost = await lead(ana.crm, 'Fora da Lista');
    await setFollowUp(ana.crm, save(lost, TODAY), MORNING);
    await db.update(leads).set({ statusId: ana.stages.find((s) => s.kind === 'perdido')!.id }).where(eq(leads.id, lost));
    // Bruno: a follow-up next week and a lead contacted. Carla: no lead.
    const later = await lead(bruno.crm, 'Semana Que Vem');
    await setFollowUp(bruno.crm, save(later, '2026-12-03'), MORNING);
    await db.update(leads).set({ firstContactAt: MORNING }).where(eq(leads.id, later));

    // Two processes at the same minute: one takes the day; one digest each, whoever sends it.
    const runs = await Promise.all([runFollowUpDigest(MORNING, { lawyers: [ana.id, bruno.id, carla.id] }), runFollowUpDigest(MORNING, { lawyers: [ana.id, bruno.id, carla.id] })]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    const [email, ...more] = await digestEmailsTo(ana.email);
    expect(more).toHaveLength(0);
    expect(email?.subject).toContain('Sua agenda de hoje');
    expect(email?.body).toContain('Próximos contatos para hoje e atrasados (2)');
    expect(email?.body).toContain('João Batista (Hoje às 09:30');
    expect(email?.body).toContain('Paula Souza (Atrasado desde 24/11/2026');
    expect(email?.body).toContain('Leads aguardando seu primeiro contato (1)');
    expect(email?.body).toContain(`/area-advogado?section=crm&lead=${waiting}`);
    expect(email?.body).not.toContain('Fora da Lista');
    expect(await digestEmailsTo(bruno.email)).toHaveLength(0);
    expect(await digestEmailsTo(carla.email)).toHaveLength(0);

    // Later the same morning: nothing more.
    expect(await runFollowUpDigest(new Date('2026-11-26T13:00:00Z'), { lawyers: [ana.id] })).toMatchObject({ sent: 0 });
    expect(await digestEmailsTo(ana.email)).toHaveLength(1);
  });

  test('the day is taken once: a lawyer whose lead arrives after 8:00 gets no digest that day; WhatsApp on a plan with notifications', async () => {
    const dora = await lawyer('intermediario');
    await lead(dora.crm, 'Cliente Antigo');
    const first = await runFollowUpDigest(MORNING);
    expect(first.found).toBeGreaterThanOrEqual(1);
    const elsa = await lawyer();
    await lead(elsa.crm, 'Cliente Das Nove', new Date('2026-11-26T12:00:00Z'));
    await runFollowUpDigest(new Date('2026-11-26T12:05:00Z'));
    expect(await digestEmailsTo(dora.email)).toHaveLength(1);
    expect(await digestEmailsTo(elsa.email)).toHaveLength(0);
    const whatsApps = await db.select().from(outbox).where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.idempotencyKey, `resumo-diario:${dora.id}:${TODAY}`)));
    expect(whatsApps).toHaveLength(1);
    expect(whatsApps[0]?.body).toContain('1 lead aguardando seu primeiro contato');
  });
});

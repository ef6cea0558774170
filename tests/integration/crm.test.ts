import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { leads, leadStatuses } from '~/db/schema/leads';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { getLawyerDashboardStats } from '~/modules/analytics/dashboard.server';
import { CRM_MIN_PLAN_LEVEL, DEFAULT_LEAD_STAGES, PLANS, planIncludesCrm, type PlanId } from '~/domain/catalog/catalog';
import { insertLeadsForLawyer } from '~/modules/demo/demo-seed.server';
import { DEMO_LAWYER_LEADS, generateDemoLeads } from '~/modules/demo/demo-leads';
import { boardViewFromQuery, CARDS_PER_COLUMN_FIRST, newLeadSchema, STAGE_LIMITS, type CrmActionResult } from '~/modules/leads/crm.schemas';
import {
  addStage,
  createLead,
  deleteStage,
  getCrmBoard,
  getCrmSection,
  moveLeadToStage,
  openCrm,
  saveStages,
  updateLead,
  type CrmLawyer,
} from '~/modules/leads/crm.server';
import { action as crmApiAction } from '~/routes/lawyer/crm-api';
import { action, loader } from '~/routes/lawyer/lawyer-area';
import { createLawyer, expirePlan } from '../factories/lawyers';

// The CRM board's rules against a real database (docs/product-rules.md, "CRM"): every function is
// scoped to the lawyer the session names, and a lead or stage of another lawyer is "not found".

const PASSWORD = 'senha-certa-123';
let counter = 0;

async function lawyerWithBoard(overrides: Parameters<typeof createLawyer>[0] = {}) {
  counter += 1;
  const email = `crm.${counter}@exemplo.adv.br`;
  const created = await createLawyer({ email, password: PASSWORD, ...overrides });
  const stages = await db
    .select({ id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color, orderIndex: leadStatuses.orderIndex })
    .from(leadStatuses)
    .where(eq(leadStatuses.lawyerId, created.id))
    .orderBy(asc(leadStatuses.orderIndex));
  return { ...created, email, stages };
}

async function crmOf(lawyer: { id: string }): Promise<CrmLawyer> {
  return openCrm({ id: lawyer.id, isSuperadmin: false });
}

const newLead = (overrides: Record<string, unknown> = {}) =>
  newLeadSchema.parse({
    nome: 'Maria Cliente',
    email: 'maria.cliente@exemplo.com.br',
    telefone: '5511987654321',
    cidade: 'sp_sao_paulo',
    area_interesse: 'familia',
    mensagem: 'Preciso de ajuda com a pensão dos meus filhos.',
    ...overrides,
  });

async function leadRow(id: string) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row!;
}

async function stageRows(lawyerId: string) {
  return db
    .select({ id: leadStatuses.id, name: leadStatuses.name, color: leadStatuses.color, orderIndex: leadStatuses.orderIndex })
    .from(leadStatuses)
    .where(eq(leadStatuses.lawyerId, lawyerId))
    .orderBy(asc(leadStatuses.orderIndex));
}

/** The AppError a call is refused with. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('the door of the CRM', () => {
  test('every plan includes the CRM, so every approved lawyer gets in, with no plan or an ended one too', async () => {
    expect(CRM_MIN_PLAN_LEVEL).toBe(0);
    for (const plan of PLANS) expect(planIncludesCrm(plan.level)).toBe(true);
    expect(planIncludesCrm(-1)).toBe(false);

    for (const plan of ['gratuito', 'basico', 'intermediario', 'premium'] as PlanId[]) {
      const lawyer = await lawyerWithBoard({ plan });
      expect((await crmOf(lawyer)).id).toBe(lawyer.id);
      expect(await getCrmSection({ id: lawyer.id, isSuperadmin: false })).toMatchObject({ state: 'ready' });
    }
    const ended = await lawyerWithBoard({ plan: 'premium' });
    await expirePlan(ended.id);
    expect((await crmOf(ended)).id).toBe(ended.id);
    const noPlan = await lawyerWithBoard();
    await db.delete(lawyerPlans).where(eq(lawyerPlans.lawyerId, noPlan.id));
    expect((await crmOf(noPlan)).id).toBe(noPlan.id);
  });

  test('a pending or rejected lawyer and a user without a lawyer profile are refused', async () => {
    const pending = await lawyerWithBoard({ status: 'pending' });
    const rejected = await lawyerWithBoard({ status: 'rejected' });
    expect(await refusal(crmOf(pending))).toMatchObject({ status: 403, code: 'lawyer_not_approved' });
    expect(await refusal(crmOf(rejected))).toMatchObject({ status: 403 });
    expect(await refusal(openCrm({ id: 'nobody', isSuperadmin: false }))).toMatchObject({ status: 404, message: 'Perfil de advogado não encontrado' });
  });

  test('a superadmin with a lawyer profile of their own uses it as approved', async () => {
    const admin = await lawyerWithBoard({ status: 'pending' });
    expect((await openCrm({ id: admin.id, isSuperadmin: true })).id).toBe(admin.id);
  });
});

describe('the board', () => {
  test('lists only the lawyer’s own stages, in order, and own leads, most recently changed first', async () => {
    const ana = await lawyerWithBoard();
    const bruno = await lawyerWithBoard();
    await insertLeadsForLawyer(ana.id, DEMO_LAWYER_LEADS.slice(0, 3));
    await insertLeadsForLawyer(bruno.id, DEMO_LAWYER_LEADS.slice(3, 5));
    const board = await getCrmBoard(await crmOf(ana));
    expect(board.stages.map((s) => s.name)).toEqual(DEFAULT_LEAD_STAGES.map((s) => s.name));
    expect(board.leads.map((l) => l.nome)).toEqual(DEMO_LAWYER_LEADS.slice(0, 3).map((l) => l.nome));
    expect(board.leads.every((l) => ana.stages.some((s) => s.id === l.stageId))).toBe(true);
  });
});

describe('a big board', () => {
  test('each column shows its most recent leads, counts them all, and the first gathers the leads without a stage', async () => {
    const ana = await lawyerWithBoard();
    const many = generateDemoLeads(80, { stageCount: 1, areas: ['familia'], cities: ['sp_sao_paulo'] }).map((lead, i) => ({ ...lead, stageIndex: i < 50 ? 0 : 1, hoursAgo: i }));
    await insertLeadsForLawyer(ana.id, many);
    const crm = await crmOf(ana);
    const created = await createLead(crm, newLead({ nome: 'Sem Etapa' }));
    await db.update(leads).set({ statusId: null }).where(eq(leads.id, created.id));

    const board = await getCrmBoard(crm);
    expect(board.total).toBe(81);
    expect(board.counts).toMatchObject({ [ana.stages[0]!.id]: 51, [ana.stages[1]!.id]: 30, [ana.stages[2]!.id]: 0 });
    const inFirst = board.leads.filter((l) => l.stageId === ana.stages[0]!.id || l.stageId === null);
    expect(inFirst).toHaveLength(CARDS_PER_COLUMN_FIRST);
    // The most recently changed first: the lead without a stage was just created.
    expect(inFirst[0]!.nome).toBe('Sem Etapa');
    expect(board.leads.filter((l) => l.stageId === ana.stages[1]!.id)).toHaveLength(Math.min(30, CARDS_PER_COLUMN_FIRST));

    const oldest = many[49]!;
    const [oldestRow] = await db.select({ id: leads.id }).from(leads).where(and(eq(leads.assignedTo, ana.id), eq(leads.email, oldest.email)));
    expect(board.leads.some((l) => l.id === oldestRow!.id)).toBe(false);
    const view = boardViewFromQuery(new URLSearchParams({ ver: '60', lead: oldestRow!.id }));
    const wider = await getCrmBoard(crm, view);
    expect(wider.leads).toHaveLength(81);
    const asked = await getCrmBoard(crm, { include: [oldestRow!.id, 'não-é-um-id'] });
    expect(asked.leads.some((l) => l.id === oldestRow!.id)).toBe(true);
    expect(boardViewFromQuery(new URLSearchParams({ ver: '2' })).perColumn).toBe(CARDS_PER_COLUMN_FIRST);
    expect(boardViewFromQuery(new URLSearchParams({ ver: '999999', editar: 'x' }))).toEqual({ perColumn: 3000, include: [], filters: {} });
  });
});

describe('scoping: another lawyer’s lead or stage is not found, and nothing changes', () => {
  async function twoLawyers() {
    const ana = await lawyerWithBoard();
    const bruno = await lawyerWithBoard();
    const anaLead = await createLead(await crmOf(ana), newLead({ nome: 'Lead da Ana' }));
    const brunoLead = await createLead(await crmOf(bruno), newLead({ nome: 'Lead do Bruno' }));
    return { ana, bruno, anaLead, brunoLead };
  }

  test('moving: another lawyer’s lead, or one’s own lead to another lawyer’s stage', async () => {
    const { ana, bruno, anaLead, brunoLead } = await twoLawyers();
    const crm = await crmOf(ana);
    expect(await refusal(moveLeadToStage(crm, { leadId: brunoLead.id, stageId: ana.stages[1]!.id }))).toMatchObject({ status: 404, message: 'Lead não encontrado' });
    expect(await refusal(moveLeadToStage(crm, { leadId: anaLead.id, stageId: bruno.stages[1]!.id }))).toMatchObject({ status: 404, message: 'Etapa não encontrada' });
    expect(await refusal(moveLeadToStage(crm, { leadId: 'não-é-um-id', stageId: ana.stages[1]!.id }))).toMatchObject({ status: 404 });
    expect((await leadRow(brunoLead.id)).statusId).toBe(bruno.stages[0]!.id);
    expect((await leadRow(anaLead.id)).statusId).toBe(ana.stages[0]!.id);

    await moveLeadToStage(crm, { leadId: anaLead.id, stageId: ana.stages[2]!.id });
    expect((await leadRow(anaLead.id)).statusId).toBe(ana.stages[2]!.id);
  });

  test('editing another lawyer’s lead', async () => {
    const { ana, brunoLead } = await twoLawyers();
    const before = await leadRow(brunoLead.id);
    const edit = { leadId: brunoLead.id, nome: 'Outro Nome', email: 'outro@exemplo.com.br', telefone: '11999998888', mensagem: null };
    expect(await refusal(updateLead(await crmOf(ana), edit))).toMatchObject({ status: 404, message: 'Lead não encontrado' });
    expect(await leadRow(brunoLead.id)).toEqual(before);
  });

  test('a new lead is always the creator’s, in their own first stage', async () => {
    const { ana, anaLead } = await twoLawyers();
    const row = await leadRow(anaLead.id);
    expect(row).toMatchObject({ assignedTo: ana.id, statusId: ana.stages[0]!.id, status: 'novo', requestId: null, mensagem: 'Preciso de ajuda com a pensão dos meus filhos.' });
  });

  test('saving stages that include another lawyer’s: refused, and not even one’s own rename is kept', async () => {
    const { ana, bruno } = await twoLawyers();
    const rows = [
      { id: ana.stages[0]!.id, name: 'Entrada', color: '#ef4444' },
      { id: bruno.stages[0]!.id, name: 'Roubada', color: '#ef4444' },
    ];
    expect(await refusal(saveStages(await crmOf(ana), rows))).toMatchObject({ status: 404, message: 'Etapa não encontrada' });
    expect((await stageRows(ana.id))[0]!.name).toBe('Novo');
    expect((await stageRows(bruno.id))[0]!.name).toBe('Novo');
  });

  test('deleting another lawyer’s stage', async () => {
    const { ana, bruno } = await twoLawyers();
    const empty = bruno.stages[4]!;
    expect(await refusal(deleteStage(await crmOf(ana), { stageId: empty.id }))).toMatchObject({ status: 404, message: 'Etapa não encontrada' });
    expect(await stageRows(bruno.id)).toHaveLength(DEFAULT_LEAD_STAGES.length);
  });
});

describe('stages', () => {
  test('renaming and recolouring the working copy', async () => {
    const ana = await lawyerWithBoard();
    await saveStages(await crmOf(ana), [
      { id: ana.stages[0]!.id, name: 'Entrada', color: '#ec4899' },
      { id: ana.stages[1]!.id, name: 'Primeiro contato', color: '#14b8a6' },
    ]);
    const rows = await stageRows(ana.id);
    expect(rows.slice(0, 3).map((r) => [r.name, r.color])).toEqual([
      ['Entrada', '#ec4899'],
      ['Primeiro contato', '#14b8a6'],
      ['Proposta enviada', '#8b5cf6'],
    ]);
  });

  test('a new stage goes after the last one (max + 1), or at 0 when there is none; at most 20', async () => {
    const ana = await lawyerWithBoard();
    const crm = await crmOf(ana);
    await db.update(leadStatuses).set({ orderIndex: 7 }).where(eq(leadStatuses.id, ana.stages[2]!.id));
    expect((await addStage(crm, { name: 'Arquivado', color: '#6b7280' })).orderIndex).toBe(8);

    const bia = await lawyerWithBoard();
    await db.delete(leadStatuses).where(eq(leadStatuses.lawyerId, bia.id));
    expect((await addStage(await crmOf(bia), { name: 'Primeira', color: '#3b82f6' })).orderIndex).toBe(0);

    for (let i = (await stageRows(bia.id)).length; i < STAGE_LIMITS.perLawyer; i++) await addStage(await crmOf(bia), { name: `Etapa ${i}`, color: '#3b82f6' });
    expect(await refusal(addStage(await crmOf(bia), { name: 'Demais', color: '#3b82f6' }))).toMatchObject({ status: 409, message: 'Você pode ter no máximo 20 etapas.' });
  });

  test('a stage with leads is not deleted: the message counts them; emptied, it is', async () => {
    const ana = await lawyerWithBoard();
    const crm = await crmOf(ana);
    const first = await createLead(crm, newLead());
    const second = await createLead(crm, newLead({ nome: 'João Cliente' }));
    const stage = ana.stages[0]!;
    expect(await refusal(deleteStage(crm, { stageId: stage.id }))).toMatchObject({
      status: 409,
      message: 'Esta etapa tem 2 leads associados. Mova-os para outra etapa antes de excluir.',
    });
    await moveLeadToStage(crm, { leadId: first.id, stageId: ana.stages[1]!.id });
    expect((await refusal(deleteStage(crm, { stageId: stage.id }))).message).toBe('Esta etapa tem 1 lead associado. Mova-o para outra etapa antes de excluir.');
    expect(await stageRows(ana.id)).toHaveLength(DEFAULT_LEAD_STAGES.length);

    await moveLeadToStage(crm, { leadId: second.id, stageId: ana.stages[1]!.id });
    await deleteStage(crm, { stageId: stage.id });
    expect((await stageRows(ana.id)).map((s) => s.name)).toEqual(DEFAULT_LEAD_STAGES.slice(1).map((s) => s.name));
  });

  test('without any stage, a new lead has none and lands in the first stage created later', async () => {
    const ana = await lawyerWithBoard();
    await db.delete(leadStatuses).where(eq(leadStatuses.lawyerId, ana.id));
    const crm = await crmOf(ana);
    const lead = await createLead(crm, newLead());
    expect(lead.stageId).toBeNull();
    expect(await getCrmBoard(crm)).toMatchObject({ stages: [], leads: [{ id: lead.id, stageId: null }] });
  });
});

// -------------------------------------------------------------------------------------------------
// Through the route, as the browser posts: the session decides the lawyer; the form is checked.

async function cookieOf(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.1' }));
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

interface Answer {
  status: number;
  body?: CrmActionResult;
  location?: string | null;
  toast?: string;
}

/** Posts a CRM form to /area-advogado?section=crm; `fetch` as the page's JavaScript does, else as a plain form. */
async function post(cookie: string, fields: Record<string, string | string[]>, { fetch = true } = {}): Promise<Answer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  const headers = new Headers({ cookie, 'content-type': 'application/x-www-form-urlencoded' });
  if (fetch) headers.set('Sec-Fetch-Mode', 'cors');
  const request = new Request('http://localhost:3000/area-advogado?section=crm', { method: 'POST', headers, body });
  try {
    const result = (await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0])) as unknown as { data: CrmActionResult; init: ResponseInit | null };
    return { status: result.init?.status ?? 200, body: result.data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const toast = thrown.headers.getSetCookie().find((c) => c.startsWith('jusconecta_toast='));
    return { status: thrown.status, location: thrown.headers.get('Location'), toast: toast && decodeURIComponent(toast.split(';')[0]!.split('=')[1]!) };
  }
}

describe('the CRM posts', () => {
  test('a new lead with every field wrong: 400 with the spec’s messages and the values kept', async () => {
    const ana = await lawyerWithBoard();
    const answer = await post(await cookieOf(ana.email), { intent: 'novo-lead', nome: 'Jo', email: 'x', telefone: '12a', cidade: 'atlantida', area_interesse: '', mensagem: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      intent: 'novo-lead',
      errors: {
        nome: 'Nome deve ter pelo menos 3 caracteres',
        email: 'Email inválido',
        telefone: 'Apenas números são permitidos',
        cidade: 'Selecione uma cidade',
        area_interesse: 'Selecione uma área de atuação',
      },
      values: { nome: 'Jo', email: 'x', telefone: '12a' },
    });
    const short = await post(await cookieOf(ana.email), { intent: 'novo-lead', ...Object.fromEntries(Object.entries(newLeadFields()).map(([k, v]) => [k, k === 'telefone' ? '119876' : v])) });
    expect(short.body?.ok === false && short.body.errors.telefone).toBe('Número deve ter pelo menos 10 dígitos');
    expect(await db.select().from(leads)).toHaveLength(0);
  });

  test('a new lead from a plain form: saved, then a redirect to the board with the toast', async () => {
    const ana = await lawyerWithBoard();
    const answer = await post(await cookieOf(ana.email), { intent: 'novo-lead', ...newLeadFields() }, { fetch: false });
    expect(answer).toMatchObject({ status: 303, location: '/area-advogado?section=crm', toast: 'Lead cadastrado com sucesso' });
    const [row] = await db.select().from(leads);
    expect(row).toMatchObject({ nome: 'Carla Nova', assignedTo: ana.id, statusId: ana.stages[0]!.id, mensagem: null });
  });

  test('moving from the page’s JavaScript: data back with the toast text; to another lawyer’s stage: 404, nothing moved', async () => {
    const ana = await lawyerWithBoard();
    const bruno = await lawyerWithBoard();
    const lead = await createLead(await crmOf(ana), newLead());
    const cookie = await cookieOf(ana.email);
    expect(await post(cookie, { intent: 'mover-lead', leadId: lead.id, stageId: ana.stages[3]!.id })).toMatchObject({
      status: 200,
      body: { ok: true, intent: 'mover-lead', message: 'Status do lead atualizado com sucesso', leadId: lead.id },
    });
    expect(await post(cookie, { intent: 'mover-lead', leadId: lead.id, stageId: bruno.stages[0]!.id })).toMatchObject({
      status: 404,
      body: { ok: false, message: 'Etapa não encontrada' },
    });
    expect((await leadRow(lead.id)).statusId).toBe(ana.stages[3]!.id);
  });

  test('a lawyer posting another lawyer’s lead id gets 404, whatever the form says', async () => {
    const ana = await lawyerWithBoard();
    const bruno = await lawyerWithBoard();
    const brunoLead = await createLead(await crmOf(bruno), newLead({ nome: 'Lead do Bruno' }));
    const cookie = await cookieOf(ana.email);
    const edit = await post(cookie, { intent: 'editar-lead', leadId: brunoLead.id, nome: 'Trocado', email: 'trocado@exemplo.com.br', telefone: '11999998888', mensagem: '' });
    expect(edit).toMatchObject({ status: 404, body: { ok: false, message: 'Lead não encontrado' } });
    expect((await leadRow(brunoLead.id)).nome).toBe('Lead do Bruno');
    const remove = await post(cookie, { intent: 'excluir-etapa', stageId: bruno.stages[4]!.id });
    expect(remove).toMatchObject({ status: 404, body: { ok: false, message: 'Etapa não encontrada' } });
  });

  test('editing: name, e-mail and phone are required; city and area cannot change', async () => {
    const ana = await lawyerWithBoard();
    const lead = await createLead(await crmOf(ana), newLead());
    const cookie = await cookieOf(ana.email);
    const bad = await post(cookie, { intent: 'editar-lead', leadId: lead.id, nome: '', email: '', telefone: '' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { nome: 'Nome deve ter pelo menos 3 caracteres', email: 'Email inválido', telefone: 'Número deve ter pelo menos 10 dígitos' } } });
    const good = await post(cookie, { intent: 'editar-lead', leadId: lead.id, nome: 'Maria Editada', email: 'MARIA@exemplo.com.br', telefone: '11912345678', mensagem: '  ', cidade: 'rj_rio_de_janeiro', area_interesse: 'penal' });
    expect(good).toMatchObject({ status: 200, body: { ok: true, message: 'Lead atualizado com sucesso' } });
    expect(await leadRow(lead.id)).toMatchObject({ nome: 'Maria Editada', email: 'maria@exemplo.com.br', telefone: '5511912345678', mensagem: null, cidade: 'sp_sao_paulo', areaInteresse: 'familia' });
  });

  test('stages: an empty name, a colour outside the eight, the refusal of a stage with leads', async () => {
    const ana = await lawyerWithBoard();
    await createLead(await crmOf(ana), newLead());
    const cookie = await cookieOf(ana.email);
    expect(await post(cookie, { intent: 'nova-etapa', name: '   ', color: '#3b82f6' })).toMatchObject({ status: 400, body: { errors: { name: 'Digite um nome para a etapa' } } });
    expect(await post(cookie, { intent: 'nova-etapa', name: 'Arquivo', color: '#000000' })).toMatchObject({ status: 400, body: { errors: { color: 'Escolha uma das cores da lista' } } });
    expect(await post(cookie, { intent: 'nova-etapa', name: 'Arquivo', color: '#14b8a6' })).toMatchObject({ status: 200, body: { message: 'Nova etapa adicionada com sucesso' } });
    expect(await post(cookie, { intent: 'excluir-etapa', stageId: ana.stages[0]!.id })).toMatchObject({
      status: 409,
      body: { ok: false, message: 'Esta etapa tem 1 lead associado. Mova-o para outra etapa antes de excluir.' },
    });
    const save = await post(cookie, { intent: 'salvar-etapas', stageId: [ana.stages[0]!.id, ana.stages[1]!.id], stageName: ['Entrada', ''], stageColor: ['#3b82f6', '#3b82f6'] });
    expect(save).toMatchObject({ status: 400, body: { errors: { stageName: 'Digite um nome para a etapa' } } });
    expect(await post(cookie, { intent: 'excluir-etapa', stageId: ana.stages[4]!.id })).toMatchObject({ status: 200, body: { message: 'Etapa removida com sucesso' } });
    expect((await stageRows(ana.id)).map((s) => s.name)).toEqual(['Novo', 'Em contato', 'Proposta enviada', 'Contratado', 'Arquivo']);
  });

  test('an unknown intent and a lawyer who is not approved are refused', async () => {
    const pending = await lawyerWithBoard({ status: 'pending' });
    const cookie = await cookieOf(pending.email);
    expect(await post(cookie, { intent: 'apagar-tudo' })).toMatchObject({ status: 400, body: { message: 'Ação desconhecida' } });
    expect(await post(cookie, { intent: 'novo-lead', ...newLeadFields() })).toMatchObject({ status: 403 });
    expect(await db.select().from(leads)).toHaveLength(0);
  });

  test('a name or stage with U+0000, or a 21-row stage list: 400 with a Portuguese message, nothing saved', async () => {
    const ana = await lawyerWithBoard();
    const cookie = await cookieOf(ana.email);
    expect(await post(cookie, { intent: 'novo-lead', ...newLeadFields(), nome: 'Ana\u0000Paula' })).toMatchObject({ status: 400, body: { errors: { nome: 'O texto contém caracteres inválidos.' } } });
    expect(await post(cookie, { intent: 'nova-etapa', name: 'Etapa\u0000', color: '#3b82f6' })).toMatchObject({ status: 400, body: { errors: { name: 'O texto contém caracteres inválidos.' } } });
    const rows = Array.from({ length: 21 }, (_, i) => i);
    const tooMany = await post(cookie, { intent: 'salvar-etapas', stageId: rows.map(() => ana.stages[0]!.id), stageName: rows.map((i) => `Etapa ${i}`), stageColor: rows.map(() => '#3b82f6') });
    expect(tooMany).toMatchObject({ status: 400, body: { errors: { stageId: 'Erro ao salvar alterações' } } });
    expect(await db.select().from(leads)).toHaveLength(0);
  });

  test('the page’s JavaScript posts to /area-advogado/crm and gets JSON, refusals included', async () => {
    const ana = await lawyerWithBoard();
    const lead = await createLead(await crmOf(ana), newLead());
    const cookie = await cookieOf(ana.email);
    const call = (fields: Record<string, string>) =>
      crmApiAction({
        request: new Request('http://localhost:3000/area-advogado/crm', { method: 'POST', headers: { cookie, 'Sec-Fetch-Mode': 'cors' }, body: new URLSearchParams(fields) }),
        params: {},
        context: {},
      } as unknown as Parameters<typeof crmApiAction>[0]);
    const moved = await call({ intent: 'mover-lead', leadId: lead.id, stageId: ana.stages[1]!.id });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('content-type')).toContain('application/json');
    expect(await moved.json()).toMatchObject({ ok: true, message: 'Status do lead atualizado com sucesso' });
    const refused = await call({ intent: 'excluir-etapa', stageId: ana.stages[1]!.id });
    expect(refused.status).toBe(409);
    // A browser that sends no Sec-Fetch-Mode (older Safari) gets JSON too, never a redirect to the page.
    const withoutHeader = await crmApiAction({
      request: new Request('http://localhost:3000/area-advogado/crm', { method: 'POST', headers: { cookie }, body: new URLSearchParams({ intent: 'mover-lead', leadId: lead.id, stageId: ana.stages[2]!.id }) }),
      params: {},
      context: {},
    } as unknown as Parameters<typeof crmApiAction>[0]);
    expect(withoutHeader.status).toBe(200);
    expect(await withoutHeader.json()).toMatchObject({ ok: true, message: 'Status do lead atualizado com sucesso' });
    expect(await refused.json()).toMatchObject({ ok: false, message: 'Esta etapa tem 1 lead associado. Mova-o para outra etapa antes de excluir.' });
  });

  test('without a session: to /login', async () => {
    const request = new Request('http://localhost:3000/area-advogado?section=crm', { method: 'POST', body: new URLSearchParams({ intent: 'novo-lead' }) });
    const thrown = await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/login');
  });
});

function newLeadFields() {
  return { nome: 'Carla Nova', email: 'carla.nova@exemplo.com.br', telefone: '5521987654321', cidade: 'rj_rio_de_janeiro', area_interesse: 'consumidor', mensagem: '' };
}

describe('the CRM section of the area', () => {
  test('the loader gives the board only on section=crm, with the server’s clock', async () => {
    const ana = await lawyerWithBoard();
    await insertLeadsForLawyer(ana.id, DEMO_LAWYER_LEADS);
    const cookie = await cookieOf(ana.email);
    const open = async (search: string) =>
      loader({ request: new Request(`http://localhost:3000/area-advogado${search}`, { headers: { cookie } }), params: {}, context: {} } as unknown as Parameters<typeof loader>[0]);
    const crm = (await open('?section=crm')) as { crm: { state: string; board: { leads: unknown[]; stages: unknown[] }; now: Date } };
    expect(crm.crm.state).toBe('ready');
    expect(crm.crm.board.leads).toHaveLength(DEMO_LAWYER_LEADS.length);
    expect(crm.crm.now).toBeInstanceOf(Date);
    expect(await open('?section=dashboard')).toMatchObject({ crm: null });
  });

  test('the dashboard’s Leads Recebidos counts the leads assigned to the lawyer this month, typed in or routed', async () => {
    const ana = await lawyerWithBoard();
    await createLead(await crmOf(ana), newLead());
    await insertLeadsForLawyer(ana.id, [{ ...DEMO_LAWYER_LEADS[0]!, hoursAgo: 0 }]);
    const other = await lawyerWithBoard();
    await createLead(await crmOf(other), newLead());
    expect((await getLawyerDashboardStats(ana.id)).leadsThisMonth).toBe(2);
    const rows = await db.select().from(leads).where(and(eq(leads.assignedTo, ana.id)));
    expect(rows).toHaveLength(2);
  });
});

describe('a superadmin without a lawyer profile', () => {
  test('has no CRM (there is no board of theirs)', async () => {
    const adminId = await createSuperadmin({ nome: 'Administradora', email: 'admin.crm@exemplo.com.br', password: PASSWORD });
    expect(await refusal(openCrm({ id: adminId, isSuperadmin: true }))).toMatchObject({ status: 404 });
  });
});

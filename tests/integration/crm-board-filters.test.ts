import { asc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { leads, leadStatuses } from '~/db/schema/leads';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { DEFAULT_LEAD_STAGES } from '~/domain/catalog/catalog';
import { boardViewFromQuery, newLeadSchema, type CrmActionResult } from '~/modules/leads/crm.schemas';
import { createLead, getCrmBoard, openCrm, type CrmLawyer } from '~/modules/leads/crm.server';
import { action, loader } from '~/routes/lawyer/lawyer-area';
import { createLawyer } from '../factories/lawyers';

// Issue 23, part 5 and the stage kinds: the board's search and filters (accents, case and a phone's
// punctuation ignored; area, city, the follow-up day in São Paulo), the stages' order and kind, every
// write scoped to the lawyer of the session. The database is emptied before each test: few tests, each
// with its lawyer.

const PASSWORD = 'senha-certa-123';

async function lawyer(email: string) {
  const created = await createLawyer({ email, password: PASSWORD });
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9' }));
  return { ...created, email, cookie: result.setCookies.map((c) => c.split(';')[0]).join('; ') };
}

const stagesOf = (lawyerId: string) =>
  db
    .select({ id: leadStatuses.id, name: leadStatuses.name, orderIndex: leadStatuses.orderIndex, kind: leadStatuses.kind })
    .from(leadStatuses)
    .where(eq(leadStatuses.lawyerId, lawyerId))
    .orderBy(asc(leadStatuses.orderIndex));

/** Posts a CRM form as the page's JavaScript does (data back), or as a plain form (`fetch: false`). */
async function post(cookie: string, fields: Record<string, string | string[]>, { fetch = true } = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  const headers = new Headers({ cookie, 'content-type': 'application/x-www-form-urlencoded' });
  if (fetch) headers.set('Sec-Fetch-Mode', 'cors');
  const request = new Request('http://localhost:3000/area-advogado?section=crm', { method: 'POST', headers, body });
  try {
    const result = (await action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0])) as unknown as { data: CrmActionResult; init: ResponseInit | null };
    return { status: result.init?.status ?? 200, body: result.data, location: null as string | null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: undefined, location: thrown.headers.get('Location') };
  }
}

let ana: Awaited<ReturnType<typeof lawyer>>;
let crm: CrmLawyer;
const ids: Record<string, string> = {};

async function seed() {
  ana = await lawyer('filtros.ana@exemplo.adv.br');
  crm = await openCrm({ id: ana.id, isSuperadmin: false });
  const people = [
    { key: 'joao', nome: 'João Araújo', email: 'joao.araujo@exemplo.com.br', telefone: '(11) 98765-4321', cidade: 'sp_sao_paulo', area_interesse: 'familia', mensagem: 'Divórcio consensual' },
    { key: 'JOAO', nome: 'JOAO PEREIRA', email: 'jp@exemplo.com.br', telefone: '21 99876-5432', cidade: 'rj_rio_de_janeiro', area_interesse: 'familia', mensagem: 'Pensão alimentícia' },
    { key: 'maria', nome: 'Maria Souza', email: 'maria@exemplo.com.br', telefone: '11 3123-4567', cidade: 'sp_sao_paulo', area_interesse: 'consumidor', mensagem: 'Cobrança indevida do banco (ação)' },
    { key: 'pedro', nome: 'Pedro Lima', email: 'pedro@exemplo.com.br', telefone: '31 98888-7777', cidade: 'rj_rio_de_janeiro', area_interesse: 'consumidor', mensagem: '' },
  ];
  for (const { key, ...fields } of people) ids[key] = (await createLead(crm, newLeadSchema.parse(fields))).id;
  // 'Próximo contato': São Paulo's 9 March is today for the fixed clock below (02:00 UTC on the 10th).
  await db.update(leads).set({ followUpOn: '2026-03-09' }).where(eq(leads.id, ids.joao!));
  await db.update(leads).set({ followUpOn: '2026-03-08' }).where(eq(leads.id, ids.maria!));
  await db.update(leads).set({ followUpOn: '2026-03-10' }).where(eq(leads.id, ids.pedro!));
}

const NOW = new Date('2026-03-10T02:00:00Z');
const names = async (query: string) => {
  const board = await getCrmBoard(crm, boardViewFromQuery(new URLSearchParams(query)), NOW);
  return board.leads.map((l) => l.nome).sort();
};

describe('the board’s search and filters', () => {
  test('search, area, city and follow-ups; counts follow them; bad values are ignored', async () => {
    await seed();
    // Accents and letter case ignored, both ways; every word found in any field.
    expect(await names('q=Joao')).toEqual(['JOAO PEREIRA', 'João Araújo']);
    expect(await names('q=joão')).toEqual(['JOAO PEREIRA', 'João Araújo']);
    expect(await names('q=ARAUJO')).toEqual(['João Araújo']);
    expect(await names('q=joao+divorcio')).toEqual(['João Araújo']);
    expect(await names('q=PENSAO')).toEqual(['JOAO PEREIRA']);
    expect(await names('q=maria%40exemplo')).toEqual(['Maria Souza']);
    // LIKE's own characters are taken literally.
    expect(await names('q=%25')).toEqual([]);
    expect(await names('q=(ação)')).toEqual(['Maria Souza']);
    // A phone typed with or without punctuation.
    expect(await names('q=(11)+98765-4321')).toEqual(['João Araújo']);
    expect(await names('q=11987654321')).toEqual(['João Araújo']);
    expect(await names('q=3123-4567')).toEqual(['Maria Souza']);
    // Area and city; the columns' counts follow the filters, the header keeps every lead.
    expect(await names('area=consumidor')).toEqual(['Maria Souza', 'Pedro Lima']);
    expect(await names('cidade=sp_sao_paulo&area=consumidor')).toEqual(['Maria Souza']);
    const board = await getCrmBoard(crm, boardViewFromQuery(new URLSearchParams('q=joao&cidade=rj_rio_de_janeiro')), NOW);
    expect(board.leads.map((l) => l.nome)).toEqual(['JOAO PEREIRA']);
    expect(board).toMatchObject({ total: 4, matching: 1, filters: { q: 'joao', cidade: 'rj_rio_de_janeiro' } });
    expect(Object.values(board.counts).reduce((a, b) => a + b, 0)).toBe(1);
    expect(board.filterOptions.areas.sort()).toEqual(['consumidor', 'familia']);
    expect(board.filterOptions.cities.sort()).toEqual(['rj_rio_de_janeiro', 'sp_sao_paulo']);
    const none = await getCrmBoard(crm, boardViewFromQuery(new URLSearchParams('q=ninguem')), NOW);
    expect(none).toMatchObject({ leads: [], total: 4, matching: 0 });
    // A lead the URL opens shows even when the filters leave it out, without being counted.
    const opened = await getCrmBoard(crm, boardViewFromQuery(new URLSearchParams(`q=pedro&lead=${ids.maria}`)), NOW);
    expect(opened.leads.map((l) => l.nome).sort()).toEqual(['Maria Souza', 'Pedro Lima']);
    expect(opened.matching).toBe(1);
    // Follow-ups: today and the days before, in São Paulo time.
    expect(await names('retorno=hoje')).toEqual(['João Araújo']);
    expect(await names('retorno=atrasados')).toEqual(['Maria Souza']);
    expect(await names('retorno=atrasados&area=familia')).toEqual([]);
    // Bad values are ignored, through the page too (never a 500).
    const view = boardViewFromQuery(new URLSearchParams(`q=${'x'.repeat(500)}&area=nada&cidade=%00&retorno=ontem`));
    expect(view.filters).toEqual({ q: 'x'.repeat(100) });
    expect(boardViewFromQuery(new URLSearchParams('q=+++&area=&retorno=')).filters).toEqual({});
    const page = (await loader({
      request: new Request('http://localhost:3000/area-advogado?section=crm&q=Jo%C3%A3o&area=%27;drop&cidade[]=x&retorno=1', { headers: { cookie: ana.cookie } }),
      params: {},
      context: {},
    } as unknown as Parameters<typeof loader>[0])) as { crm: { state: string; board: { leads: { nome: string }[]; filters: object } } };
    expect(page.crm.state).toBe('ready');
    expect(page.crm.board.filters).toEqual({ q: 'João' });
    expect(page.crm.board.leads.map((l) => l.nome).sort()).toEqual(['JOAO PEREIRA', 'João Araújo']);
  });
});

describe('the stages’ order and kind', () => {
  test('a stage moves left or right, scoped to the lawyer: another lawyer’s stage is not found and nothing changes', async () => {
    ana = await lawyer('ordem.ana@exemplo.adv.br');
    const before = await stagesOf(ana.id);
    const emContato = before[1]!;
    const left = await post(ana.cookie, { intent: 'ordenar-etapas', stageId: emContato.id, posicao: '1' });
    expect(left).toMatchObject({ status: 200, body: { ok: true, intent: 'ordenar-etapas', message: 'Etapa Em contato na posição 1 de 5', position: 1, stageCount: 5 } });
    expect((await stagesOf(ana.id)).map((s) => [s.name, s.orderIndex])).toEqual([
      ['Em contato', 0],
      ['Novo', 1],
      ['Proposta enviada', 2],
      ['Contratado', 3],
      ['Não contratado', 4],
    ]);
    // Beyond the end is the end; without JavaScript the page goes back to the board.
    const right = await post(ana.cookie, { intent: 'ordenar-etapas', stageId: emContato.id, posicao: '99' }, { fetch: false });
    expect(right).toMatchObject({ status: 303, location: '/area-advogado?section=crm' });
    expect((await stagesOf(ana.id)).map((s) => s.name)).toEqual(['Novo', 'Proposta enviada', 'Contratado', 'Não contratado', 'Em contato']);

    const bruno = await lawyer('filtros.bruno@exemplo.adv.br');
    const brunos = await stagesOf(bruno.id);
    const ours = await stagesOf(ana.id);
    const foreign = await post(ana.cookie, { intent: 'ordenar-etapas', stageId: brunos[4]!.id, posicao: '1' });
    expect(foreign).toMatchObject({ status: 404, body: { ok: false, message: 'Etapa não encontrada' } });
    expect(await post(ana.cookie, { intent: 'ordenar-etapas', stageId: 'nao-e-um-id', posicao: '1' })).toMatchObject({ status: 404 });
    expect(await stagesOf(bruno.id)).toEqual(brunos);
    expect(await stagesOf(ana.id)).toEqual(ours);
    const bad = await post(ana.cookie, { intent: 'ordenar-etapas', stageId: ours[0]!.id, posicao: 'esquerda' });
    expect(bad.status).toBe(400);
    expect(bad.body?.ok).toBe(false);
  });

  test('the kind (Tipo) is saved with Salvar and with a new stage', async () => {
    ana = await lawyer('tipo.ana@exemplo.adv.br');
    const stages = await stagesOf(ana.id);
    expect(stages.map((s) => s.kind)).toEqual(['aberto', 'aberto', 'aberto', 'ganho', 'perdido']);
    const saved = await post(ana.cookie, {
      intent: 'salvar-etapas',
      stageId: stages.map((s) => s.id),
      stageName: stages.map((s) => s.name),
      stageColor: stages.map(() => DEFAULT_LEAD_STAGES[0].color),
      stageKind: ['aberto', 'ganho', 'ganho', 'perdido', 'perdido'],
    });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    expect((await stagesOf(ana.id)).map((s) => s.kind)).toEqual(['aberto', 'ganho', 'ganho', 'perdido', 'perdido']);
    const wrong = await post(ana.cookie, { intent: 'salvar-etapas', stageId: stages.map((s) => s.id), stageName: stages.map((s) => s.name), stageColor: stages.map(() => '#3b82f6'), stageKind: stages.map(() => 'talvez') });
    expect(wrong.status).toBe(400);
    expect((await stagesOf(ana.id)).map((s) => s.kind)).toEqual(['aberto', 'ganho', 'ganho', 'perdido', 'perdido']);

    const added = await post(ana.cookie, { intent: 'nova-etapa', name: 'Arquivado', color: '#6b7280', kind: 'perdido' });
    expect(added).toMatchObject({ status: 200, body: { ok: true } });
    expect((await stagesOf(ana.id)).at(-1)).toMatchObject({ name: 'Arquivado', kind: 'perdido', orderIndex: 5 });
  });
});

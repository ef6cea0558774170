import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { leadRequests, leads } from '~/db/schema/leads';
import { outbox } from '~/db/schema/messaging';
import { findLeadCandidates, LEAD_CANDIDATES_EXTRA } from '~/modules/leads/lead-candidates.server';
import { LEAD_REQUEST_AGREEMENT } from '~/modules/leads/lead-requests';
import { LEAD_CHOICE_MESSAGES, leadRequestSchema, type LeadRequestForm } from '~/modules/leads/lead-requests.schemas';
import { CHOSEN_LAWYER_UNAVAILABLE_MESSAGE, routeLeadRequest } from '~/modules/leads/lead-routing.server';
import * as candidatesRoute from '~/routes/resources/lead-candidates';
import * as candidatesListRoute from '~/routes/resources/lead-candidates-list';
import * as requestRoute from '~/routes/public/lead-request';
import { publicPageCacheKey } from '~/page-cache-key.server';
import { createLawyer, createLawyers } from '../factories/lawyers';
import { formPost, routeArgs } from '../support/route-call';

/**
 * The client chooses the lawyers, within the cap (issue 22 part 2, docs/decisions/0043): the list the
 * form shows, the routing that re-checks the choice, and the page's steps with and without JavaScript.
 */

let counter = 0;
function form(overrides: Partial<Record<string, unknown>> = {}): LeadRequestForm {
  counter += 1;
  return leadRequestSchema.parse({
    nome: 'Beatriz Nogueira',
    email: `beatriz.${counter}@exemplo.com.br`,
    whatsapp: '(11) 98888-7777',
    cidade: 'sp_sao_paulo',
    areaAtuacao: 'familia',
    descricao: `Quero entender como funciona o divórcio consensual, pedido ${counter}.`,
    ...overrides,
  });
}

const assignedTo = async (requestId: string) => (await db.select({ to: leads.assignedTo }).from(leads).where(eq(leads.requestId, requestId))).map((l) => l.to);
const requestRow = async (requestId: string) => (await db.select().from(leadRequests).where(eq(leadRequests.id, requestId)))[0]!;

describe('the list of lawyers a request can go to', () => {
  test('lists the matching approved lawyers in the directory’s order, the first cap ticked and some more offered', async () => {
    const premium = await createLawyer({ nome: 'Zélia Premium', plan: 'premium' });
    const others = await createLawyers(8);
    await createLawyer({ nome: 'Fora da Cidade', cities: ['rj_rio_de_janeiro'] });
    await createLawyer({ nome: 'Ainda Pendente', status: 'pending' });

    const list = await findLeadCandidates({ areaAtuacao: 'familia', cidade: 'sp_sao_paulo', cap: 3 });
    expect(list.lawyers).toHaveLength(9);
    // A paid plan first, as in search.
    expect(list.lawyers[0]).toMatchObject({ slug: premium.slug, nome: 'Zélia Premium', oab: expect.stringMatching(/^OAB\/SP \d+$/), areaLabels: ['Direito de Família'] });
    expect(list.preselected).toEqual(list.lawyers.slice(0, 3).map((l) => l.slug));
    expect(list.lawyers.map((l) => l.slug).sort()).toEqual([premium, ...others].map((l) => l.slug).sort());
    expect(list).toMatchObject({ cap: 3, more: false, areaLabel: 'Direito de Família', cityLabel: 'São Paulo - SP', shownFor: 'familia|sp_sao_paulo', profileLawyerOutside: null });
    // No internal id leaves the server.
    expect(JSON.stringify(list)).not.toContain(premium.id);

    const one = await findLeadCandidates({ areaAtuacao: 'familia', cidade: 'sp_sao_paulo', cap: 1 });
    expect(one.preselected).toEqual([premium.slug]);
  });

  test('says when more lawyers match than it lists', async () => {
    await createLawyers(5 + LEAD_CANDIDATES_EXTRA + 1, { cities: ['ce_fortaleza'] });
    const list = await findLeadCandidates({ areaAtuacao: 'familia', cidade: 'ce_fortaleza', cap: 5 });
    expect(list.lawyers).toHaveLength(5 + LEAD_CANDIDATES_EXTRA);
    expect(list.more).toBe(true);
  });

  test('from a lawyer’s page, only that lawyer is ticked, first, wherever the directory has them; outside their area, nobody', async () => {
    await createLawyers(6, { plan: 'premium' });
    const chosen = await createLawyer({ nome: 'Rita Gratuita', areas: ['familia', 'civil'] });
    const list = await findLeadCandidates({ areaAtuacao: 'familia', cidade: 'sp_sao_paulo', profileSlug: chosen.slug, cap: 5 });
    expect(list.lawyers[0]!.slug).toBe(chosen.slug);
    expect(list.lawyers).toHaveLength(7);
    expect(list.preselected).toEqual([chosen.slug]);

    const elsewhere = await findLeadCandidates({ areaAtuacao: 'penal', cidade: 'sp_sao_paulo', profileSlug: chosen.slug, cap: 5 });
    expect(elsewhere).toMatchObject({ lawyers: [], preselected: [], profileLawyerOutside: 'Rita Gratuita' });
  });

  test('the API answers the list for an area and city, and a Portuguese 400 for anything else', async () => {
    const lawyer = await createLawyer({ cities: ['ba_salvador'] });
    const get = (query: string) => candidatesRoute.loader({ request: new Request(`http://localhost:3000/api/advogados-solicitacao?${query}`), params: {}, context: {} } as never) as Promise<Response>;
    const ok = await get('areaAtuacao=familia&cidade=ba_salvador');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(await ok.json()).toMatchObject({ lawyers: [{ slug: lawyer.slug }], preselected: [lawyer.slug] });
    for (const query of ['areaAtuacao=nada&cidade=ba_salvador', 'cidade=ba_salvador', 'areaAtuacao=familia&cidade=%00', '']) {
      const refused = await get(query);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toMatch(/^Selecione /);
    }
    // The server's page cache keys the list by area and city only (normalised); a lawyer's list is not cached.
    expect(publicPageCacheKey('/api/advogados-solicitacao?cidade=ba_salvador&cb=1&areaAtuacao=familia')).toBe('/api/advogados-solicitacao?areaAtuacao=familia&cidade=ba_salvador');
    expect(publicPageCacheKey('/api/advogados-solicitacao?areaAtuacao=familia&cidade=ba_salvador&advogado=x')).toBeNull();
    expect(publicPageCacheKey('/api/advogados-solicitacao?areaAtuacao=nada&cidade=ba_salvador')).toBeNull();
    expect(ok.headers.get('X-Page-Cache')).toBe('30');
    // A malformed lawyer slug is ignored, never a failure.
    expect((await get(`areaAtuacao=familia&cidade=ba_salvador&advogado=${encodeURIComponent("' or 1=1")}`)).status).toBe(200);
  });
});

describe('routing the client’s choice', () => {
  test('without a choice, a request goes to the first cap of the directory only', async () => {
    const paid = await createLawyers(2, { plan: 'intermediario' });
    const free = await createLawyers(6);
    const routed = await routeLeadRequest(form(), { cap: 4 });
    if (routed.duplicate) throw new Error('not a duplicate');
    const got = await assignedTo(routed.requestId);
    expect(got).toHaveLength(4);
    for (const lawyer of paid) expect(got).toContain(lawyer.id);
    expect(free.filter((l) => got.includes(l.id))).toHaveLength(2);
    expect((await requestRow(routed.requestId)).chosenLawyerIds.sort()).toEqual([...got].sort());
  });

  test('goes only to the lawyers ticked, and stores them with the sentence the client agreed to', async () => {
    const [a, b, c, d] = await createLawyers(4, { plan: 'premium' });
    const routed = await routeLeadRequest(form(), { choice: { slugs: [c!.slug, a!.slug], agreement: LEAD_REQUEST_AGREEMENT.chosen }, cap: 5 });
    if (routed.duplicate) throw new Error('not a duplicate');
    expect((await assignedTo(routed.requestId)).sort()).toEqual([a!.id, c!.id].sort());
    const stored = await requestRow(routed.requestId);
    expect(stored.chosenLawyerIds.sort()).toEqual([a!.id, c!.id].sort());
    expect(stored.agreement).toBe(LEAD_REQUEST_AGREEMENT.chosen);
    // Nobody else is told: one WhatsApp and one e-mail per lawyer ticked.
    const told = await db.select({ metadata: outbox.metadata }).from(outbox).where(sql`${outbox.metadata} ->> 'lawyerId' in (${b!.id}, ${d!.id})`);
    expect(told).toEqual([]);
    const whatsapps = await db.select().from(outbox).where(eq(outbox.channel, 'whatsapp'));
    expect(whatsapps).toHaveLength(2);
  });

  test('a ticked lawyer who no longer qualifies rolls everything back with the Portuguese message', async () => {
    const [kept, leaving] = await createLawyers(2);
    const elsewhere = await createLawyer({ cities: ['rj_rio_de_janeiro'] });
    const pending = await createLawyer({ status: 'pending' });
    await db.update(lawyerProfiles).set({ status: 'rejected' }).where(eq(lawyerProfiles.id, leaving!.id));
    for (const other of [leaving!, elsewhere, pending, { slug: 'nao-existe' }]) {
      const attempt = routeLeadRequest(form(), { choice: { slugs: [kept!.slug, other.slug], agreement: LEAD_REQUEST_AGREEMENT.chosen } });
      await expect(attempt).rejects.toMatchObject({ status: 409, message: CHOSEN_LAWYER_UNAVAILABLE_MESSAGE });
    }
    expect(await db.select().from(leadRequests)).toEqual([]);
    expect(await db.select().from(leads)).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
  });

  test('never routes to more than the cap, whatever is sent', async () => {
    const many = await createLawyers(4);
    const attempt = routeLeadRequest(form(), { choice: { slugs: many.map((l) => l.slug), agreement: LEAD_REQUEST_AGREEMENT.chosen }, cap: 3 });
    await expect(attempt).rejects.toMatchObject({ status: 400, message: 'Escolha no máximo 3 advogados.' });
    expect(await db.select().from(leadRequests)).toEqual([]);
  });

  test('an empty choice with no lawyer to choose stores one lead for the team, with the team’s sentence', async () => {
    const routed = await routeLeadRequest(form({ areaAtuacao: 'ambiental', cidade: 'am_manaus' }), { choice: { slugs: [], agreement: LEAD_REQUEST_AGREEMENT.team } });
    if (routed.duplicate) throw new Error('not a duplicate');
    expect(await assignedTo(routed.requestId)).toEqual([null]);
    expect(await requestRow(routed.requestId)).toMatchObject({ chosenLawyerIds: [], agreement: LEAD_REQUEST_AGREEMENT.team });
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
describe('the page, step by step', () => {
  const args = routeArgs;
  const post = (fields: Record<string, string | string[]>, path = '/solicitar-atendimento') => formPost(path, fields, '203.0.113.120');
  const fields = (overrides: Record<string, string | string[]> = {}) => {
    counter += 1;
    return {
      nome: 'Davi Moreira',
      email: `davi.${counter}@exemplo.com.br`,
      whatsapp: '+55 11 98888-7777',
      cidade: 'sp_sao_paulo',
      areaAtuacao: 'familia',
      descricao: 'Preciso de ajuda com a partilha de bens depois do divórcio.',
      ...overrides,
    };
  };
  const act = (request: Request, params?: Record<string, string>) => requestRoute.action(args(request, params)).catch((thrown: unknown) => thrown) as Promise<any>;

  test('without JavaScript, “Ver advogados” shows the list and keeps what was typed, storing nothing', async () => {
    const lawyer = await createLawyer();
    const step = await act(post(fields({ intent: 'ver-advogados', nome: '' })));
    expect(step.init?.status ?? 200).toBe(200);
    expect(step.data.candidates).toMatchObject({ shownFor: 'familia|sp_sao_paulo', preselected: [lawyer.slug] });
    expect(step.data.values.descricao).toBe('Preciso de ajuda com a partilha de bens depois do divórcio.');
    expect(step.data.errors).toBeUndefined();
    const refused = await act(post(fields({ intent: 'ver-advogados', cidade: '' })));
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ cidade: 'Selecione uma cidade' });
    expect(await db.select().from(leadRequests)).toEqual([]);
  });

  test('sent before any list was shown (no JavaScript, or a script), it goes to the preselection, with the sentence shown then', async () => {
    const lawyers = await createLawyers(7, { cities: ['go_goiania'] });
    const sent = await act(post(fields({ cidade: 'go_goiania' })));
    expect((sent as Response).status).toBe(302);
    const [stored] = await db.select().from(leadRequests);
    expect(stored!.agreement).toBe(LEAD_REQUEST_AGREEMENT.unseen(5));
    expect(stored!.chosenLawyerIds).toHaveLength(5);
    const got = await assignedTo(stored!.id);
    expect(got.sort()).toEqual([...stored!.chosenLawyerIds].sort());
    for (const id of got) expect(lawyers.map((l) => l.id)).toContain(id);
  });

  test('ticks made on the list of another area or city are not a choice: the new list is shown, nothing stored', async () => {
    const lawyer = await createLawyer();
    const review = await act(post(fields({ escolha: 'penal|sp_sao_paulo', advogados: [lawyer.slug] })));
    expect(review.init?.status ?? 200).toBe(200);
    expect(review.data.notice).toBe(LEAD_CHOICE_MESSAGES.reviewList);
    expect(review.data.candidates).toMatchObject({ shownFor: 'familia|sp_sao_paulo', preselected: [lawyer.slug] });
    expect(await db.select().from(leadRequests)).toEqual([]);
  });

  test('from a profile whose lawyer does not serve the area and city sent, nobody is preselected: the list is shown', async () => {
    await createLawyer();
    const outside = await createLawyer({ nome: 'Otília Penal', areas: ['penal'] });
    const review = await act(post(fields(), `/solicitar-atendimento/${outside.slug}`), { slug: outside.slug });
    expect(review.data).toMatchObject({ notice: LEAD_CHOICE_MESSAGES.reviewList, candidates: { preselected: [], profileLawyerOutside: 'Otília Penal' } });
    expect(await db.select().from(leadRequests)).toEqual([]);
  });

  test('with the list seen: nobody ticked is refused, more than the cap is refused, the ticked ones get it', async () => {
    const lawyers = await createLawyers(7);
    const none = await act(post(fields({ escolha: 'familia|sp_sao_paulo' })));
    expect(none.init.status).toBe(400);
    expect(none.data.errors).toEqual({ advogados: LEAD_CHOICE_MESSAGES.advogados });

    const tooMany = await act(post(fields({ escolha: 'familia|sp_sao_paulo', advogados: lawyers.slice(0, 6).map((l) => l.slug) })));
    expect(tooMany.init.status).toBe(400);
    expect(tooMany.data.errors).toEqual({ advogados: 'Escolha no máximo 5 advogados.' });
    expect(tooMany.data.values.advogados).toHaveLength(6);
    expect(await db.select().from(leadRequests)).toEqual([]);

    const sent = await act(post(fields({ escolha: 'familia|sp_sao_paulo', advogados: [lawyers[6]!.slug] })));
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).status).toBe(302);
    const [stored] = await db.select().from(leadRequests);
    expect(stored).toMatchObject({ chosenLawyerIds: [lawyers[6]!.id], agreement: LEAD_REQUEST_AGREEMENT.chosen, whatsapp: '5511988887777' });
    expect(await assignedTo(stored!.id)).toEqual([lawyers[6]!.id]);
  });

  test('from a lawyer’s page, only that lawyer gets the lead; the loader prefills their area and city', async () => {
    await createLawyers(3, { plan: 'premium' });
    const chosen = await createLawyer({ nome: 'Lúcia Escolhida', areas: ['civil', 'familia'], cities: ['sp_sao_paulo'] });
    const page = (await requestRoute.loader(args(new Request(`http://localhost:3000/solicitar-atendimento/${chosen.slug}`), { slug: chosen.slug }))) as any;
    expect(page.data.candidates).toMatchObject({ preselected: [chosen.slug], cidade: 'sp_sao_paulo' });
    expect(['civil', 'familia']).toContain(page.data.candidates.areaAtuacao);
    const sent = await act(post(fields({ escolha: 'familia|sp_sao_paulo', advogados: [chosen.slug] }), `/solicitar-atendimento/${chosen.slug}`), { slug: chosen.slug });
    expect((sent as Response).status).toBe(302);
    const [stored] = await db.select().from(leadRequests);
    expect(stored).toMatchObject({ chosenLawyerId: chosen.id, chosenLawyerIds: [chosen.id] });
    expect(await assignedTo(stored!.id)).toEqual([chosen.id]);
  });

  test('a ticked lawyer gone meanwhile: 409, the message, the list again, the values kept', async () => {
    const [stays, goes] = await createLawyers(2);
    await db.update(lawyerProfiles).set({ status: 'rejected' }).where(eq(lawyerProfiles.id, goes!.id));
    const refused = await act(post(fields({ escolha: 'familia|sp_sao_paulo', advogados: [stays!.slug, goes!.slug] })));
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toBe(CHOSEN_LAWYER_UNAVAILABLE_MESSAGE);
    expect(refused.data.candidates.lawyers.map((l: { slug: string }) => l.slug)).toEqual([stays!.slug]);
    expect(refused.data.candidates.preselected).toEqual([stays!.slug]);
    expect(refused.data.values.nome).toBe('Davi Moreira');
  });

  test('with no lawyer for the area and city, the request goes to the team once the client has seen that', async () => {
    const sent = await act(post(fields({ areaAtuacao: 'ambiental', cidade: 'am_manaus', escolha: 'ambiental|am_manaus' })));
    expect((sent as Response).status).toBe(302);
    expect((sent as Response).headers.get('Set-Cookie')).toMatch(/^jusconecta_solicitacao=unmatched\./);
    const [stored] = await db.select().from(leadRequests);
    expect(stored).toMatchObject({ chosenLawyerIds: [], agreement: LEAD_REQUEST_AGREEMENT.team });
    expect(await assignedTo(stored!.id)).toEqual([null]);
  });
});
describe('the list for the page’s script', () => {
  test('is drawn as the page draws it: the fieldset, its boxes ticked up to the cap, cached per area and city', async () => {
    const lawyers = await createLawyers(7, { cities: ['ba_salvador'] });
    const get = (query: string) => candidatesListRoute.loader({ request: new Request(`http://localhost:3000/api/advogados-solicitacao/lista?${query}`), params: {}, context: {} } as never) as Promise<Response>;
    const ok = await get('areaAtuacao=familia&cidade=ba_salvador');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await ok.text();
    expect(html).toMatch(/^<fieldset [^>]*data-shown-for="familia\|ba_salvador"/);
    expect(html.match(/type="checkbox"/g)).toHaveLength(7);
    expect(html.match(/checked=""/g)).toHaveLength(5);
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toContain('5 advogados marcados de no máximo 5. Desmarque um para escolher outro.');
    for (const lawyer of lawyers) expect(html).toContain(`value="${lawyer.slug}"`);
    const refused = await get('areaAtuacao=nada&cidade=ba_salvador');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/^Selecione /);
    expect(publicPageCacheKey('/api/advogados-solicitacao/lista?cidade=ba_salvador&cb=1&areaAtuacao=familia')).toBe('/api/advogados-solicitacao/lista?areaAtuacao=familia&cidade=ba_salvador');
    expect(publicPageCacheKey('/api/advogados-solicitacao/lista?areaAtuacao=familia&cidade=ba_salvador&advogado=x')).toBeNull();
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */

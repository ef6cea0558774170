import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { pendingRegistrations } from '~/db/schema/accounts';
import { user } from '~/db/schema/auth';
import { leadRequests, leads } from '~/db/schema/leads';
import { action as registerAction } from '~/routes/account/register';
import { action as requestAction } from '~/routes/public/lead-request';
import { createLawyer } from '../factories/lawyers';

// Phones as people write them (docs/product-rules.md, Phones), through the two public forms' actions:
// the masks a client or a lawyer types are stored as digits with the country code; an area code that
// does not exist is refused beside the field, with everything else typed kept.

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
const args = (request: Request) => ({ request, params: {}, context: {}, url: new URL(request.url), pattern: '' }) as any;

let counter = 0;
function post(path: string, fields: Record<string, string | string[]>) {
  counter += 1;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  // An address of its own per post: the per-IP limits never decide these tests.
  const headers = { 'content-type': 'application/x-www-form-urlencoded', [CLIENT_IP_HEADER]: `198.51.100.${counter % 250}` };
  return new Request(`http://localhost:3000${path}`, { method: 'POST', headers, body });
}

/** What an action answered: a redirect's status, or a `data()` refusal's status and body. */
async function answerOf(handler: (a: any) => unknown, request: Request): Promise<{ status: number; body: any }> {
  const answer = await Promise.resolve(handler(args(request))).catch((thrown: unknown) => thrown);
  if (answer instanceof Response) return { status: answer.status, body: null };
  const { init, data } = answer as { init: ResponseInit | null; data: unknown };
  return { status: init?.status ?? 200, body: data };
}

const TYPED = ['(11) 98888-7777', '+55 11 98888-7777'];

describe('the request form', () => {
  // As the page sends it once it has shown the list of lawyers for the area and city.
  const fields = (whatsapp: string, advogados: string[] = []): Record<string, string | string[]> => ({
    nome: 'Helena Prado',
    email: `helena.telefone.${counter}@exemplo.com.br`,
    whatsapp,
    cidade: 'sp_sao_paulo',
    areaAtuacao: 'familia',
    descricao: 'Quero orientação sobre a guarda compartilhada do meu filho.',
    escolha: 'familia|sp_sao_paulo',
    advogados,
  });

  test.each(TYPED)('%s is accepted and stored as 5511988887777, on the request and on each lawyer’s lead', async (typed) => {
    const lawyer = await createLawyer({ areas: ['familia'], cities: ['sp_sao_paulo'] });
    const form = fields(typed, [lawyer.slug]);
    const answer = await answerOf(requestAction, post('/solicitar-atendimento', form));
    expect(answer.status).toBe(302);
    const [request] = await db.select().from(leadRequests).where(eq(leadRequests.email, form.email as string));
    expect(request!.whatsapp).toBe('5511988887777');
    const routed = await db.select({ telefone: leads.telefone, assignedTo: leads.assignedTo }).from(leads).where(eq(leads.requestId, request!.id));
    expect(routed).toEqual([{ telefone: '5511988887777', assignedTo: lawyer.id }]);
  });

  test('area code 10 is refused: 400, “DDD inválido” beside the field, every value kept, nothing stored', async () => {
    const form = fields('(10) 98888-7777');
    const answer = await answerOf(requestAction, post('/solicitar-atendimento', form));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ whatsapp: 'DDD inválido' });
    expect(answer.body.values).toMatchObject(form);
    expect(await db.select().from(leadRequests).where(eq(leadRequests.email, form.email as string))).toEqual([]);
  });

  test('a landline is refused on a WhatsApp field; letters keep the spec’s message', async () => {
    const landline = await answerOf(requestAction, post('/solicitar-atendimento', fields('(11) 3123-4567')));
    expect(landline).toMatchObject({ status: 400, body: { errors: { whatsapp: 'Informe um celular com DDD: (11) 91234-5678' }, values: { whatsapp: '(11) 3123-4567' } } });
    const letters = await answerOf(requestAction, post('/solicitar-atendimento', fields('(11) 9888a-7777')));
    expect(letters).toMatchObject({ status: 400, body: { errors: { whatsapp: 'Apenas números são permitidos' } } });
  });
});

describe('the registration form', () => {
  const fields = (whatsapp: string): Record<string, string | string[]> => ({
    nome: 'Marta Queiroz',
    email: `marta.queiroz.${counter}@exemplo.adv.br`,
    numeroOAB: String(810000 + counter),
    oabUf: 'SP',
    whatsapp,
    password: 'uma-senha-boa-9',
    confirmarSenha: 'uma-senha-boa-9',
    biografia: 'Advogada de família há doze anos, com atendimento próximo, linguagem clara e foco em acordos.',
    areasAtuacao: ['familia'],
    cidadesAtendidas: ['sp_sao_paulo'],
    selectedPlan: 'gratuito',
  });

  test.each(TYPED)('%s is accepted and kept for the profile as 5511988887777', async (typed) => {
    const form = fields(typed);
    const answer = await answerOf(registerAction, post('/registro-advogado', form));
    expect(answer.status).toBe(302);
    const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, String(form.email)));
    const [pending] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.userId, account!.id));
    expect(pending!.data).toMatchObject({ whatsapp: '5511988887777' });
  });

  test('area code 10 is refused: 400, “DDD inválido” beside the field, every value but the passwords kept, no account', async () => {
    const form = fields('(10) 98888-7777');
    const answer = await answerOf(registerAction, post('/registro-advogado', form));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ whatsapp: 'DDD inválido' });
    const { password: _password, confirmarSenha: _confirmation, ...shown } = form;
    expect(answer.body.values).toEqual(shown);
    expect(await db.select().from(user).where(eq(user.email, String(form.email)))).toEqual([]);
  });
});

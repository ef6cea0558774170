import { and, asc, eq } from 'drizzle-orm';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { AppError } from '~/lib/app-error';
import { publicContentGeneration } from '~/lib/public-content.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { findPlan, planAllows, SUBSCRIPTION_PERIOD_MS, type PlanId } from '~/domain/catalog/catalog';
import { getLawyerArea } from '~/modules/lawyers/lawyer-area.server';
import { findApprovedLawyers } from '~/modules/lawyers/lawyers.server';
import { openCrm } from '~/modules/leads/crm.server';
import { notificationsAllowed } from '~/modules/messaging/messaging-settings.server';
import { getLawyerPlan } from '~/modules/subscriptions/lawyer-plan.server';
import { SUBSCRIBES_PER_WINDOW, getPlansViewer, subscribeToPlan, type PlansViewer } from '~/modules/subscriptions/subscriptions.server';
import * as lawyerAreaRoute from '~/routes/lawyer/lawyer-area';
import * as plansRoute from '~/routes/public/plans';
import { NO_CHARGE_YET } from '~/modules/subscriptions/plan-texts';
import { action, loader } from '~/routes/public/plans';
import { createLawyer, createLawyers, expirePlan } from '../factories/lawyers';

// Plans and subscribing (docs/product-rules.md, Plans): the /planos route as a browser meets it, the
// one-active-plan rule under concurrency (really in parallel on PostgreSQL), and an ended plan counting
// as gratuito in search and in every gate.

const PASSWORD = 'senha-certa-123';
let counter = 0;

async function lawyerWithLogin(overrides: Parameters<typeof createLawyer>[0] = {}) {
  counter += 1;
  const email = `planos.${counter}@exemplo.adv.br`;
  const lawyer = await createLawyer({ email, password: PASSWORD, ...overrides });
  return { ...lawyer, cookie: await signIn(email) };
}

async function signIn(email: string): Promise<string> {
  const result = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9' }));
  return result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

type ActionArgs = Parameters<typeof action>[0];
type FormAnswer = { init: ResponseInit; data: { errors: Record<string, string>; message: string | null; values: { plano: string } } };

/** Posts to /planos as a browser does; a redirect (thrown) comes back as the Response. */
async function post(cookie: string | null, body: BodyInit, contentType = 'application/x-www-form-urlencoded'): Promise<Response | FormAnswer> {
  const headers = new Headers({ 'content-type': contentType });
  if (cookie) headers.set('cookie', cookie);
  const request = new Request('http://localhost:3000/planos', { method: 'POST', headers, body });
  try {
    return (await action({ request, params: {}, context: {} } as unknown as ActionArgs)) as unknown as FormAnswer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** 'Confirmar' of the confirmation: the plan and `confirmado=sim`. */
const subscribe = (cookie: string | null, plano: string) => post(cookie, new URLSearchParams({ plano, confirmado: 'sim' }));

async function plansOf(lawyerId: string) {
  return db
    .select({ planType: lawyerPlans.planType, status: lawyerPlans.status, startDate: lawyerPlans.startDate, endDate: lawyerPlans.endDate })
    .from(lawyerPlans)
    .where(eq(lawyerPlans.lawyerId, lawyerId))
    .orderBy(asc(lawyerPlans.createdAt));
}

async function activePlans(lawyerId: string) {
  return db.select().from(lawyerPlans).where(and(eq(lawyerPlans.lawyerId, lawyerId), eq(lawyerPlans.status, 'active')));
}

async function searchLevel(lawyerId: string) {
  const [row] = await db.select({ level: lawyerProfiles.planLevel, until: lawyerProfiles.planLevelUntil }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyerId));
  return row!;
}

function toastOf(response: Response): string {
  const cookie = response.headers.get('Set-Cookie') ?? '';
  return decodeURIComponent(/jusconecta_toast=([^;]*)/.exec(cookie)?.[1] ?? '');
}

describe('subscribing from /planos', () => {
  test('an approved lawyer changes plan: the old one is cancelled, the new one runs 30 days, search follows, the toast names it', async () => {
    const ana = await lawyerWithLogin({ plan: 'intermediario' });
    const generation = publicContentGeneration();
    const before = Date.now();

    const response = (await subscribe(ana.cookie, 'premium')) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/area-advogado');
    expect(toastOf(response)).toBe('Plano Premium ativado com sucesso!');

    const plans = await plansOf(ana.id);
    expect(plans.map((p) => [p.planType, p.status])).toEqual([
      ['intermediario', 'cancelled'],
      ['premium', 'active'],
    ]);
    const premium = plans[1]!;
    expect(premium.startDate.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(premium.endDate!.getTime() - premium.startDate.getTime()).toBe(SUBSCRIPTION_PERIOD_MS);
    expect(await searchLevel(ana.id)).toEqual({ level: 3, until: premium.endDate });
    // Cached public pages (search order) are stale at once.
    expect(publicContentGeneration()).toBeGreaterThan(generation);

    const area = await getLawyerArea({ id: ana.id, isSuperadmin: false, lawyer: { status: 'approved', slug: ana.slug, nome: 'x' } }, 'perfil');
    expect(area.state === 'approved' && area.plan.badge).toBe(findPlan('premium'));
  });

  test('gratuito has no end date; each plan’s toast uses its display name', async () => {
    const ana = await lawyerWithLogin({ plan: 'premium' });
    expect(toastOf((await subscribe(ana.cookie, 'gratuito')) as Response)).toBe('Plano Gratuito ativado com sucesso!');
    expect((await activePlans(ana.id)).map((p) => [p.planType, p.endDate])).toEqual([['gratuito', null]]);
    expect(await searchLevel(ana.id)).toEqual({ level: 0, until: null });
    expect(toastOf((await subscribe(ana.cookie, 'basico')) as Response)).toBe('Plano Básico ativado com sucesso!');
    expect(toastOf((await subscribe(ana.cookie, 'intermediario')) as Response)).toBe('Plano Intermediário ativado com sucesso!');
  });

  test('the plan in effect again is a 409; an ended plan can be taken again (a renewal)', async () => {
    const ana = await lawyerWithLogin({ plan: 'basico' });
    const again = (await subscribe(ana.cookie, 'basico')) as FormAnswer;
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe('Erro ao atualizar plano: Este já é o seu plano atual.');
    expect(await plansOf(ana.id)).toHaveLength(1);

    await expirePlan(ana.id);
    const renewed = (await subscribe(ana.cookie, 'basico')) as Response;
    expect(toastOf(renewed)).toBe('Plano Básico ativado com sucesso!');
    const [active] = await activePlans(ana.id);
    expect(active!.endDate!.getTime()).toBeGreaterThan(Date.now() + SUBSCRIPTION_PERIOD_MS - 60_000);
  });

  test('bad input is a 400 in Portuguese and changes nothing', async () => {
    const ana = await lawyerWithLogin({ plan: 'intermediario' });
    for (const body of [new URLSearchParams({ plano: 'ouro' }), new URLSearchParams({ plano: 'PREMIUM' }), new URLSearchParams({}), new URLSearchParams({ plano: 'x'.repeat(5000) })]) {
      const answer = (await post(ana.cookie, body)) as FormAnswer;
      expect(answer.init.status).toBe(400);
      expect(answer.data.message).toBe('Erro ao atualizar plano: Escolha um dos planos disponíveis.');
      expect(answer.data.errors).toEqual({ plano: 'Erro ao atualizar plano: Escolha um dos planos disponíveis.' });
      expect(answer.data.values.plano.length).toBeLessThanOrEqual(13);
    }
    // A body that is not a form is an empty form.
    const json = (await post(ana.cookie, JSON.stringify({ plano: 'premium' }), 'application/json')) as FormAnswer;
    expect(json.init.status).toBe(400);
    const nul = (await post(ana.cookie, new URLSearchParams({ plano: 'premium\u0000' }))) as FormAnswer;
    expect(nul.init.status).toBe(400);
    expect((await activePlans(ana.id)).map((p) => p.planType)).toEqual(['intermediario']);
  });

  test('a lawyer id in the form is ignored: only the session’s lawyer changes plan', async () => {
    const ana = await lawyerWithLogin({ plan: 'gratuito' });
    const bruno = await createLawyer({ plan: 'gratuito' });
    await post(ana.cookie, new URLSearchParams({ plano: 'premium', confirmado: 'sim', lawyerId: bruno.id, lawyer_id: bruno.id }));
    expect((await activePlans(ana.id)).map((p) => p.planType)).toEqual(['premium']);
    expect((await activePlans(bruno.id)).map((p) => p.planType)).toEqual(['gratuito']);
  });

  test('a visitor is sent to /login; pending and rejected lawyers are refused with a 403 in Portuguese', async () => {
    const visitor = (await subscribe(null, 'premium')) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toBe('/login');
    expect(toastOf(visitor)).toBe('Faça login como advogado para assinar um plano.');

    const pending = await lawyerWithLogin({ status: 'pending', plan: 'gratuito' });
    const refused = (await subscribe(pending.cookie, 'premium')) as FormAnswer;
    expect(refused.init.status).toBe(403);
    expect(refused.data.message).toBe('Erro ao atualizar plano: Seu perfil ainda está em análise. Você poderá escolher um plano assim que ele for aprovado.');
    expect((await activePlans(pending.id)).map((p) => p.planType)).toEqual(['gratuito']);

    const rejected = await createLawyer({ status: 'rejected', plan: 'gratuito' });
    await expect(subscribeToPlan({ id: rejected.id, isSuperadmin: false }, 'premium')).rejects.toMatchObject({ status: 403, message: expect.stringContaining('rejeitada') });
    expect((await activePlans(rejected.id)).map((p) => p.planType)).toEqual(['gratuito']);
  });

  test('a superadmin without a lawyer profile cannot subscribe; with one, it counts as approved', async () => {
    const adminId = await createSuperadmin({ nome: 'Administradora', email: 'admin.planos@exemplo.com.br', password: PASSWORD });
    const refused = subscribeToPlan({ id: adminId, isSuperadmin: true }, 'premium');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 403, message: 'Superadministradores não assinam planos: esta conta não tem perfil de advogado.' });
    expect(await db.select().from(lawyerPlans)).toEqual([]);
    expect(await getPlansViewer({ id: adminId, isSuperadmin: true, lawyer: null })).toEqual({ kind: 'superadmin' });

    const lawyerAdmin = await createLawyer({ status: 'pending', plan: 'gratuito' });
    await subscribeToPlan({ id: lawyerAdmin.id, isSuperadmin: true }, 'premium');
    expect((await activePlans(lawyerAdmin.id)).map((p) => p.planType)).toEqual(['premium']);
  });

  test(`at most ${SUBSCRIBES_PER_WINDOW} subscriptions an hour per user, then 429 with Retry-After`, async () => {
    const ana = await lawyerWithLogin({ plan: 'gratuito' });
    const cycle: PlanId[] = ['basico', 'intermediario', 'premium', 'gratuito'];
    for (let i = 0; i < SUBSCRIBES_PER_WINDOW; i++) expect(((await subscribe(ana.cookie, cycle[i % 4]!)) as Response).status).toBe(303);
    const blocked = (await subscribe(ana.cookie, 'premium')) as FormAnswer;
    expect(blocked.init.status).toBe(429);
    expect(new Headers(blocked.init.headers).get('Retry-After')).toMatch(/^\d+$/);
    expect(blocked.data.message).toMatch(/^Erro ao atualizar plano: Muitas tentativas\. Aguarde/);
  });
});

describe('two subscriptions at once', () => {
  // On PostgreSQL (TEST_DATABASE_URL) these run on separate pooled connections, truly in parallel; the
  // lock on the lawyer's row orders them. On PGlite they are serialised by its single connection.
  test('three different plans at once: all go through in turn and exactly one plan is active', async () => {
    const ana = await createLawyer({ plan: 'gratuito' });
    const user = { id: ana.id, isSuperadmin: false };
    const results = await Promise.allSettled((['basico', 'intermediario', 'premium'] as const).map((plan) => subscribeToPlan(user, plan)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const active = await activePlans(ana.id);
    expect(active).toHaveLength(1);
    expect((await plansOf(ana.id)).filter((p) => p.status === 'cancelled')).toHaveLength(3);
    // Search's copy agrees with the plan left active.
    expect((await searchLevel(ana.id)).level).toBe(findPlan(active[0]!.planType)!.level);
  });

  test('the same plan twice at once: one goes through, the other is told it is already the plan', async () => {
    const ana = await createLawyer({ plan: 'gratuito' });
    const user = { id: ana.id, isSuperadmin: false };
    const results = await Promise.allSettled([subscribeToPlan(user, 'premium'), subscribeToPlan(user, 'premium')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 409, code: 'plan_already_active' });
    expect((await activePlans(ana.id)).map((p) => p.planType)).toEqual(['premium']);
  });

  test('many lawyers subscribing at once do not wait on each other’s rows', async () => {
    const lawyers = await Promise.all(Array.from({ length: 4 }, () => createLawyer({ plan: 'gratuito' })));
    await Promise.all(lawyers.map((l) => subscribeToPlan({ id: l.id, isSuperadmin: false }, 'premium')));
    for (const l of lawyers) expect((await activePlans(l.id)).map((p) => p.planType)).toEqual(['premium']);
  });
});

describe('an ended paid plan counts as gratuito everywhere', () => {
  test('in search order: below a running basico, level with gratuito; renewing lifts the lawyer again', async () => {
    const ended = await createLawyer({ nome: 'Advogada Vencida', plan: 'premium' });
    const basico = await createLawyer({ nome: 'Advogado Básico', plan: 'basico' });
    // Company at level 0, so that the ended lawyer is not simply second.
    await createLawyers(3, { plan: 'gratuito' });
    await expirePlan(ended.id);

    const order = async () => (await findApprovedLawyers({ area: 'familia', cidade: 'sp_sao_paulo', pagina: 1 })).lawyers.map((l) => l.id);
    const before = await order();
    expect(before[0]).toBe(basico.id);
    expect(before.indexOf(ended.id)).toBeGreaterThan(0);

    await subscribeToPlan({ id: ended.id, isSuperadmin: false }, 'premium');
    expect((await order())[0]).toBe(ended.id);
  });

  test('in the gates: notifications off, monitoring cap 0, the CRM still open; the plans page marks gratuito as current', async () => {
    const ana = await createLawyer({ plan: 'intermediario' });
    expect(await notificationsAllowed(ana.id)).toBe(true);
    await expirePlan(ana.id);

    const plan = await getLawyerPlan(ana.id);
    expect(plan).toMatchObject({ active: findPlan('intermediario'), ended: true, effective: findPlan('gratuito') });
    expect(plan.allows).toEqual(planAllows(0));
    expect(plan.allows.monitoredProcessesCap).toBe(0);
    expect(await notificationsAllowed(ana.id)).toBe(false);
    await expect(openCrm({ id: ana.id, isSuperadmin: false })).resolves.toMatchObject({ id: ana.id });

    const viewer = await getPlansViewer({ id: ana.id, isSuperadmin: false, lawyer: { status: 'approved', slug: ana.slug, nome: 'x' } });
    expect(viewer.kind === 'lawyer' && viewer.plan.effective.id).toBe('gratuito');
  });
});

describe('a plan change is confirmed first (decision 0045)', () => {
  test('a post without the confirmation changes nothing and answers the confirmation; a confirmed one changes the plan', async () => {
    const ana = await lawyerWithLogin({ plan: 'intermediario' });
    const generation = publicContentGeneration();

    for (const body of [{ plano: 'premium' }, { plano: 'premium', confirmado: '' }, { plano: 'premium', confirmado: 'nao' }] as Record<string, string>[]) {
      const answer = (await post(ana.cookie, new URLSearchParams(body))) as unknown as { data: { confirm: PlanId }; init: ResponseInit | null };
      expect(answer.data).toEqual({ confirm: 'premium' });
      expect(answer.init?.status ?? 200).toBe(200);
    }
    expect((await plansOf(ana.id)).map((p) => [p.planType, p.status])).toEqual([['intermediario', 'active']]);
    expect(publicContentGeneration()).toBe(generation);

    const confirmed = (await subscribe(ana.cookie, 'premium')) as Response;
    expect(confirmed.status).toBe(303);
    expect(toastOf(confirmed)).toBe('Plano Premium ativado com sucesso!');
    expect((await activePlans(ana.id)).map((p) => p.planType)).toEqual(['premium']);
  });

  test('without JavaScript, ?confirmar= is the confirmation page: the plan, its price, what changes and the money sentence', async () => {
    const ana = await lawyerWithLogin({ plan: 'intermediario' });
    const page = await render(plansRoute, '/planos?confirmar=basico', ana.cookie);
    expect(page).toContain('Confirmar mudança de plano');
    expect(page).toContain('Plano Básico</span>: R$\u00a0297,00/mês');
    expect(page).toContain('Em relação ao Plano Intermediário:');
    expect(page).toContain('Processos monitorados: de 5 para 0.');
    expect(page).toContain('Deixa de receber notificações por WhatsApp');
    expect(page).toContain('O Plano Básico vale por 30 dias a partir da confirmação.');
    expect(page).toContain(NO_CHARGE_YET);
    expect(page).toMatch(/<input type="hidden" name="confirmado" value="sim"\/>/);
    expect(page).not.toContain('Assinar Agora');

    // The plan in effect is not asked about: the plans are shown.
    const same = await render(plansRoute, '/planos?confirmar=intermediario', ana.cookie);
    expect(same).not.toContain('Confirmar mudança de plano');
    expect(same).toContain('Assinar Agora');
  });
});

describe('the /planos page data', () => {
  test('a visitor gets the cacheable page; a lawyer gets their plan, privately', async () => {
    const open = async (cookie: string | null) => {
      const request = new Request('http://localhost:3000/planos', { headers: cookie ? { cookie } : {} });
      return (await loader({ request, params: {}, context: {} } as unknown as Parameters<typeof loader>[0])) as unknown as { data: { viewer: PlansViewer }; init: ResponseInit };
    };
    const visitor = await open(null);
    expect(visitor.data.viewer).toEqual({ kind: 'visitor' });
    expect(new Headers(visitor.init.headers).get('X-Page-Cache')).toBe('30');

    const ana = await lawyerWithLogin({ plan: 'intermediario' });
    const lawyer = await open(ana.cookie);
    expect(lawyer.data.viewer).toMatchObject({ kind: 'lawyer', plan: { effective: findPlan('intermediario'), ended: false } });
    expect(new Headers(lawyer.init.headers).get('Cache-Control')).toBe('private, no-store');
    expect(new Headers(lawyer.init.headers).get('X-Page-Cache')).toBeNull();

    const pending = await lawyerWithLogin({ status: 'pending' });
    expect((await open(pending.cookie)).data.viewer).toEqual({ kind: 'pending' });
  });
});

/** The page as the server renders it, from the loader's data (what a browser without JavaScript gets). */
async function render(route: { loader: unknown; default: unknown }, path: string, cookie: string): Promise<string> {
  const request = new Request(`http://localhost:3000${path}`, { headers: { cookie } });
  const loaded = (await (route.loader as (args: unknown) => Promise<unknown>)({ request, params: {}, context: {} })) as { data?: unknown };
  const loaderData = loaded && typeof loaded === 'object' && 'data' in loaded ? loaded.data : loaded;
  const id = 'page';
  const Stub = createRoutesStub([{ id, path: new URL(request.url).pathname, Component: route.default as ComponentType }]);
  // Without React's text separators, so that a sentence reads as the browser shows it.
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { [id]: loaderData } } })).replaceAll('<!-- -->', '');
}

describe('what an ended plan looks like', () => {
  test('the area says which plan ended and when, the badge names gratuito, and /planos marks gratuito as current', async () => {
    const ana = await lawyerWithLogin({ plan: 'premium' });
    await expirePlan(ana.id);
    const endsAt = (await getLawyerPlan(ana.id)).endsAt!;
    const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(endsAt);

    const area = await render(lawyerAreaRoute, '/area-advogado?section=perfil', ana.cookie);
    expect(area).toContain(`Seu Plano Premium venceu em ${date}.`);
    expect(area).toContain('Plano atual:</span> Plano Gratuito');
    expect(area).toContain('href="/planos"');
    expect(area).toContain('Renovar plano');

    const plans = await render(plansRoute, '/planos', ana.cookie);
    expect(plans).toContain(`Seu plano venceu em ${date}.`);
    const gratuitoCard = plans.slice(plans.indexOf('id="plano-gratuito"'), plans.indexOf('id="plano-basico"'));
    expect(gratuitoCard).toContain('Plano Atual');
    expect(gratuitoCard).not.toContain('Assinar Agora');
    expect(plans.slice(plans.indexOf('id="plano-premium"'))).toContain('Assinar Agora');
  });
});

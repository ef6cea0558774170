import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { hashPassword } from '~/auth/password.server';
import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { user } from '~/db/schema/auth';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { lawyerPlans } from '~/db/schema/subscriptions';
import { appErrorOrThrow } from '~/lib/app-error';
import { publicContentChanged } from '~/lib/public-content.server';
import { autoApproveInTests } from '~/modules/accounts/auto-approve.server';
import { approveLawyer, rejectLawyer } from '~/modules/accounts/lawyer-review.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { createSuperadmin } from '~/modules/accounts/superadmins.server';
import { runFollowUpDigest } from '~/modules/leads/follow-up-digest.server';
import { CITY_IDS, findCity, LAWYER_STATUSES, PLAN_IDS, PRACTICE_AREA_IDS } from '~/domain/catalog/catalog';
import { generateDemoLeads, DEMO_LAWYER_LEADS } from '~/modules/demo/demo-leads';
import { DEMO_LAWYER, insertLawyers, insertLeadsForLawyer } from '~/modules/demo/demo-seed.server';
import type { Route } from './+types/e2e-fixtures';

/**
 * The end-to-end tests' fixture door (docs/decisions/0035): POST /__e2e/<fixture> with a JSON body
 * creates what a test needs on the shared server, each thing with a unique name and e-mail. It exists
 * only when the server was started with E2E_FIXTURES=1, which app/config.server.ts refuses unless the
 * database is the embedded PGlite and APP_URL is localhost; otherwise every request is a 404.
 * The client and its description are in tests/e2e/support/fixtures.ts.
 */

const PASSWORD = 'senha-do-e2e-2026';

const signIn = z.boolean().default(false);

const lawyerInput = z.strictObject({
  /** The name; default 'Advogada Teste <suffix>'. With copyOfDemoLawyer: 'Ana Beatriz Carvalho'. */
  nome: z.string().trim().min(3).max(120).optional(),
  status: z.enum(LAWYER_STATUSES).default('approved'),
  plan: z.enum(PLAN_IDS).optional(),
  areas: z.array(z.enum(PRACTICE_AREA_IDS)).min(1).max(3).optional(),
  cities: z.array(z.enum(CITY_IDS)).min(1).max(3).optional(),
  whatsapp: z.string().regex(/^55[0-9]{10,11}$/).optional(),
  numeroOab: z.string().regex(/^[0-9]{3,10}$/).optional(),
  /** The demo lawyer's data (name, OAB, bio, areas, cities, plan) and her twelve leads in her stages; an e-mail and a WhatsApp of its own. */
  copyOfDemoLawyer: z.boolean().default(false),
  /** A signed-up user whose profile was never created (no lawyer_profiles row). */
  withoutProfile: z.boolean().default(false),
  /** The active plan ended this many days ago (an overdue payment). */
  planEndedDaysAgo: z.number().int().min(1).max(365).optional(),
  signIn,
});

const superadminInput = z.strictObject({ nome: z.string().trim().min(3).max(120).optional(), signIn });

const leadsInput = z.strictObject({
  lawyerId: z.string().min(1).max(64),
  /** The demo lawyer's twelve leads (DEMO_LAWYER_LEADS), or `count` generated ones. */
  demo: z.boolean().default(false),
  count: z.number().int().min(1).max(500).optional(),
});

const reviewInput = z
  .strictObject({ lawyerId: z.string().min(1).max(64).optional(), email: z.email().optional(), decision: z.enum(['approve', 'reject']) })
  .refine((input) => Boolean(input.lawyerId) !== Boolean(input.email), 'lawyerId or email, one of them');

const sessionInput = z.strictObject({ email: z.email(), password: z.string().min(1).max(200) });

const autoApproveInput = z.strictObject({ email: z.email() });

/** A unique suffix: lower-case letters only, so that it also fits a person's name. */
function suffix(length = 8): string {
  return [...randomBytes(length)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A client IP of the fixture's own, so that signing in here never counts against a test's address. */
const fixtureHeaders = () => new Headers({ [CLIENT_IP_HEADER]: `fixture-${suffix(6)}`, 'user-agent': 'jusconecta-e2e-fixtures' });

let passwordHash: Promise<string> | undefined;

/** The fixtures' one password, hashed once per server: a scrypt run (0.2 to 0.5 s) per account would be most of a fixture's time. */
function fixturePasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

async function sessionCookie(email: string, password: string): Promise<string> {
  const { setCookies } = await signInWithPassword({ email, password }, fixtureHeaders()).catch((error: unknown) => {
    throw new Error(`sign-in refused: ${appErrorOrThrow(error).message}`);
  });
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

async function createLawyerFixture(input: z.infer<typeof lawyerInput>) {
  const tag = suffix();
  const demo = input.copyOfDemoLawyer ? DEMO_LAWYER : undefined;
  // By default civil law in São Paulo: not the family-law requests the lead tests send there.
  const areas = input.areas ?? demo?.areas ?? ['civil'];
  const cities = input.cities ?? demo?.cities ?? ['sp_sao_paulo'];
  const ddd = findCity(cities[0]!)?.ddd ?? '11';
  const nome = input.nome ?? demo?.nome ?? `Advogada Teste ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
  const email = `e2e.${tag}@exemplo.adv.br`;
  const whatsapp = input.whatsapp ?? `55${ddd}9${String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000))}`;
  const [created] = await insertLawyers([
    {
      nome,
      email,
      passwordHash: await fixturePasswordHash(),
      numeroOab: input.numeroOab ?? demo?.numeroOab ?? String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000)),
      oabUf: findCity(cities[0]!)?.state ?? 'SP',
      whatsapp,
      biografia: demo?.biografia ?? 'Advogada com dez anos de prática em direito civil, atendimento humanizado e foco em acordos.',
      areas,
      cities,
      status: input.status,
      plan: input.plan ?? demo?.plan ?? 'gratuito',
      createdDaysAgo: demo?.createdDaysAgo,
    },
  ]);
  const id = created!.id;
  if (input.copyOfDemoLawyer) await insertLeadsForLawyer(id, DEMO_LAWYER_LEADS);
  if (input.planEndedDaysAgo) {
    const end = Date.now() - input.planEndedDaysAgo * 86_400_000;
    await db
      .update(lawyerPlans)
      .set({ startDate: new Date(end - 30 * 86_400_000), endDate: new Date(end) })
      .where(and(eq(lawyerPlans.lawyerId, id), eq(lawyerPlans.status, 'active')));
  }
  if (input.withoutProfile) await db.delete(lawyerProfiles).where(eq(lawyerProfiles.id, id));
  publicContentChanged();
  const cookie = input.signIn ? await sessionCookie(email, PASSWORD) : undefined;
  return { id, slug: created!.slug, nome, email, password: PASSWORD, whatsapp, cookie };
}

async function createSuperadminFixture(input: z.infer<typeof superadminInput>) {
  const tag = suffix();
  const nome = input.nome ?? `Administradora ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
  const email = `e2e.admin.${tag}@exemplo.com.br`;
  const id = await createSuperadmin({ nome, email, passwordHash: await fixturePasswordHash() });
  const cookie = input.signIn ? await sessionCookie(email, PASSWORD) : undefined;
  return { id, nome, email, password: PASSWORD, cookie };
}

async function createLeadsFixture(input: z.infer<typeof leadsInput>) {
  const [profile] = await db.select({ areas: lawyerProfiles.id }).from(lawyerProfiles).where(eq(lawyerProfiles.id, input.lawyerId));
  if (!profile) throw new Error('no such lawyer');
  const list = input.demo ? DEMO_LAWYER_LEADS : generateDemoLeads(input.count ?? 10, { stageCount: 5, areas: ['familia'], cities: ['sp_sao_paulo'] });
  return { count: await insertLeadsForLawyer(input.lawyerId, list) };
}

async function reviewFixture(input: z.infer<typeof reviewInput>) {
  let lawyerId = input.lawyerId;
  if (!lawyerId) {
    const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email!.toLowerCase()));
    if (!found) throw new Error('no user with this e-mail');
    lawyerId = found.id;
  }
  const reviewer = await createSuperadminFixture({ signIn: false });
  const result = input.decision === 'approve' ? await approveLawyer(lawyerId, { reviewerId: reviewer.id, cnaChecked: true }) : await rejectLawyer(lawyerId, { reviewerId: reviewer.id });
  return { result };
}

const digestInput = z.object({ now: z.iso.datetime({ offset: true }), lawyerIds: z.array(z.string().min(1).max(64)).min(1).max(20) });

const FIXTURES = {
  lawyer: (body: unknown) => createLawyerFixture(lawyerInput.parse(body)),
  superadmin: (body: unknown) => createSuperadminFixture(superadminInput.parse(body)),
  leads: (body: unknown) => createLeadsFixture(leadsInput.parse(body)),
  review: (body: unknown) => reviewFixture(reviewInput.parse(body)),
  /** Registrations with this e-mail start approved, as with AUTO_APPROVE_LAWYERS for everyone. */
  'auto-approve': (body: unknown) => {
    autoApproveInTests(autoApproveInput.parse(body).email);
    return Promise.resolve({ ok: true });
  },
  /** The morning digest at a fixed clock, for these lawyers only (the shared server's others get nothing). */
  'follow-up-digest': (body: unknown) => {
    const { now, lawyerIds } = digestInput.parse(body);
    return runFollowUpDigest(new Date(now), { lawyers: lawyerIds });
  },
  session: async (body: unknown) => {
    const { email, password } = sessionInput.parse(body);
    return { cookie: await sessionCookie(email, password) };
  },
} as const;

const notFound = () => Response.json({ error: 'Página não encontrada' }, { status: 404 });

export async function action({ request, params }: Route.ActionArgs) {
  if (!getConfig().e2eFixtures) return notFound();
  const fixture = FIXTURES[params.fixture as keyof typeof FIXTURES];
  if (!Object.hasOwn(FIXTURES, params.fixture) || request.method !== 'POST') return notFound();
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = {};
  }
  try {
    return Response.json(await fixture(body), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    return Response.json({ error: message }, { status: error instanceof z.ZodError ? 400 : 500 });
  }
}

export function loader() {
  return notFound();
}

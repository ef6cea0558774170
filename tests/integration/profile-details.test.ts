import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { saoPauloYear } from '~/domain/catalog/profile-details';
import { AppError } from '~/lib/app-error';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { drawDemoPortrait, initialsOf } from '~/modules/demo/demo-photos.server';
import { findFeaturedLawyers, getDirectoryCounts } from '~/modules/lawyers/home-directory.server';
import { findApprovedLawyers, getPublicLawyerProfile } from '~/modules/lawyers/lawyers.server';
import { getEditableProfile, openProfileEditing, updateOwnLawyerProfile } from '~/modules/lawyers/own-profile.server';
import { FIRST_YEAR_MESSAGES, profileEditSchema } from '~/modules/lawyers/profile-edit.schemas';
import * as underReviewRoute from '~/routes/account/profile-under-review';
import * as loginRoute from '~/routes/account/login';
import * as homeRoute from '~/routes/public/home';
import * as profileRoute from '~/routes/public/lawyer-profile';
import { createLawyer } from '../factories/lawyers';

// Issue 27, parts 4 and 5: what a lawyer declares about their practice, how profiles, cards and the
// home page show it, the completeness meter, and the support contact of a rejected lawyer.

const THIS_YEAR = saoPauloYear();
const editorOf = (id: string, status: 'approved' | 'pending' = 'approved') => openProfileEditing({ id, isSuperadmin: false, lawyer: { status } });
const form = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Beatriz Moura Lima',
  whatsapp: '(11) 98888-7777',
  whatsappNotificacoes: '',
  biografia: 'Atendo famílias em São Paulo e em Campinas há doze anos, sempre buscando acordos.',
  areasAtuacao: ['familia'],
  cidadesAtendidas: ['sp_sao_paulo', 'sp_campinas', 'sp_santos'],
  ...overrides,
});
const parseEdit = (overrides: Record<string, unknown> = {}) => profileEditSchema.omit({ foto: true }).safeParse(form(overrides));
const messagesOf = (overrides: Record<string, unknown>) => Object.fromEntries((parseEdit(overrides).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
const routeArgs = (url: string, extra: Record<string, unknown> = {}) => ({ request: new Request(url, extra.headers ? { headers: extra.headers as HeadersInit } : undefined), params: {}, context: {}, ...extra }) as any;

function render(path: string, Component: unknown, loaderData: unknown): string {
  const Stub = createRoutesStub([{ id: 'page', path, Component: Component as any }]);
  return renderToString(createElement(Stub, { initialEntries: [path.replace(':slug', 'x')], hydrationData: { loaderData: { page: loaderData } } }));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The text of rendered HTML, tags dropped and entities of quotes decoded. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, ' ');

describe('the edit form: practice details', () => {
  test('all optional: a form without them leaves the title unchosen and nothing declared', () => {
    const parsed = parseEdit();
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ titulo: null, primeiraInscricaoAno: null, formacao: null, idiomas: [], atendeOnline: false, escritorioBairro: null, escritorioCidade: null });
  });

  test('the year of first inscription: four digits, from 1930 to this year', () => {
    expect(parseEdit({ primeiraInscricaoAno: ' 2012 ' }).data?.primeiraInscricaoAno).toBe(2012);
    expect(parseEdit({ primeiraInscricaoAno: String(THIS_YEAR) }).data?.primeiraInscricaoAno).toBe(THIS_YEAR);
    expect(messagesOf({ primeiraInscricaoAno: String(THIS_YEAR + 1) })).toEqual({ primeiraInscricaoAno: FIRST_YEAR_MESSAGES.future });
    expect(messagesOf({ primeiraInscricaoAno: '1929' })).toEqual({ primeiraInscricaoAno: FIRST_YEAR_MESSAGES.tooEarly });
    for (const bad of ['12', '20a2', '2012.0', '02012', '-2012']) expect(messagesOf({ primeiraInscricaoAno: bad }), bad).toEqual({ primeiraInscricaoAno: FIRST_YEAR_MESSAGES.format });
  });

  test('closed vocabularies and lengths refuse anything else with a Portuguese message', () => {
    expect(messagesOf({ titulo: 'doutora' })).toEqual({ titulo: 'Escolha Advogada ou Advogado' });
    expect(messagesOf({ idiomas: ['klingon'] })).toEqual({ idiomas: 'Escolha idiomas da lista' });
    expect(messagesOf({ escritorioCidade: 'xx_atlantida' })).toEqual({ escritorioCidade: 'Escolha uma cidade da lista' });
    expect(messagesOf({ formacao: 'x'.repeat(201) })).toEqual({ formacao: 'Formação deve ter no máximo 200 caracteres' });
    expect(messagesOf({ escritorioBairro: 'x'.repeat(81) })).toEqual({ escritorioBairro: 'Bairro deve ter no máximo 80 caracteres' });
    // One line: a line break or a tab typed into the education is a space.
    expect(parseEdit({ formacao: ' Direito pela USP;\r\n\tmestrado  em Direito civil ' }).data?.formacao).toBe('Direito pela USP; mestrado em Direito civil');
  });

  test('saved with the profile, shown back in the form; left out by a caller, each stays as it was', async () => {
    const bia = await createLawyer({ nome: 'Beatriz Moura Lima' });
    const details = parseEdit({
      titulo: 'advogada',
      primeiraInscricaoAno: String(THIS_YEAR - 12),
      formacao: 'Direito pela PUC-SP; pós-graduação em Direito de família',
      idiomas: ['ingles', 'portugues', 'ingles'],
      atendeOnline: 'on',
      escritorioBairro: 'Pinheiros',
      escritorioCidade: 'sp_sao_paulo',
    }).data!;
    await updateOwnLawyerProfile(await editorOf(bia.id), details);
    const saved = {
      titulo: 'advogada',
      primeiraInscricaoAno: THIS_YEAR - 12,
      formacao: 'Direito pela PUC-SP; pós-graduação em Direito de família',
      idiomas: ['ingles', 'portugues'],
      atendeOnline: true,
      escritorioBairro: 'Pinheiros',
      escritorioCidade: 'sp_sao_paulo',
    };
    expect(await getEditableProfile(bia.id)).toMatchObject(saved);

    const { titulo: _t, primeiraInscricaoAno: _y, formacao: _f, idiomas: _i, atendeOnline: _o, escritorioBairro: _b, escritorioCidade: _c, ...withoutDetails } = details;
    await updateOwnLawyerProfile(await editorOf(bia.id), { ...withoutDetails, nome: 'Beatriz Moura' });
    expect(await getEditableProfile(bia.id)).toMatchObject({ ...saved, nome: 'Beatriz Moura' });
  });

  test('a neighbourhood without its city is refused on the city field, nothing saved', async () => {
    const bia = await createLawyer();
    const error = await updateOwnLawyerProfile(await editorOf(bia.id), parseEdit({ escritorioBairro: 'Centro' }).data!).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ message: 'Escolha a cidade do escritório', status: 400, field: 'escritorioCidade' });
    expect((await getEditableProfile(bia.id))?.escritorioBairro).toBeNull();
  });

  test('the database refuses what the form would: a year before 1930, an unknown language', async () => {
    const bia = await createLawyer();
    await expect(db.update(lawyerProfiles).set({ primeiraInscricaoAno: 1900 }).where(eq(lawyerProfiles.id, bia.id))).rejects.toThrow();
    await expect(db.update(lawyerProfiles).set({ idiomas: ['klingon'] }).where(eq(lawyerProfiles.id, bia.id))).rejects.toThrow();
  });
});

describe('profiles and cards', () => {
  test("the profile says 'Advogada', the years of practice, education, languages, service, office and every city served", async () => {
    const bia = await createLawyer({
      nome: 'Beatriz Moura Lima',
      numeroOab: '214599',
      cities: ['sp_sao_paulo', 'sp_campinas'],
      titulo: 'advogada',
      primeiraInscricaoAno: THIS_YEAR - 12,
      formacao: 'Direito pela USP',
      idiomas: ['portugues', 'espanhol'],
      atendeOnline: true,
      escritorioBairro: 'Pinheiros',
      escritorioCidade: 'sp_sao_paulo',
    });
    const result = (await profileRoute.loader(routeArgs(`http://localhost:3000/advogado/${bia.slug}`, { params: { slug: bia.slug } }))) as { data: unknown };
    const text = textOf(render('/advogado/:slug', profileRoute.default, result.data));
    expect(text).toContain('Advogada OAB/SP 214599');
    expect(text).toContain('12 anos de advocacia · Atende online');
    expect(text).toContain(`12 anos de advocacia (inscrição na OAB desde ${THIS_YEAR - 12})`);
    expect(text).toContain('Direito pela USP');
    expect(text).toContain('Português, Espanhol');
    expect(text).toContain('Escritório em Pinheiros, São Paulo - SP');
    expect(text).toContain('Campinas - SP, São Paulo - SP');
    expect(text).not.toContain('Múltiplas cidades');
    // Informative only (Provimento 205/2021): no prices, ratings or testimonials.
    expect(text).not.toMatch(/R\$|avalia[çc][õo]es|depoimento|estrelas/i);
  });

  test("without details the title stays 'Advogado' and no practice card is shown", async () => {
    const caio = await createLawyer({ nome: 'Caio Nunes', numeroOab: '300100' });
    const result = (await profileRoute.loader(routeArgs(`http://localhost:3000/advogado/${caio.slug}`, { params: { slug: caio.slug } }))) as { data: unknown };
    const text = textOf(render('/advogado/:slug', profileRoute.default, result.data));
    expect(text).toContain('Advogado OAB/SP 300100');
    expect(text).not.toContain('Formação e atendimento');
    expect(text).not.toContain('anos de advocacia');
  });

  test('search cards carry the title, the years and online service', async () => {
    await createLawyer({ nome: 'Beatriz Moura', areas: ['arbitragem'], titulo: 'advogada', primeiraInscricaoAno: THIS_YEAR - 1, atendeOnline: true });
    await createLawyer({ nome: 'Caio Nunes', areas: ['arbitragem'] });
    const page = await findApprovedLawyers({ area: 'arbitragem', cidade: undefined, pagina: 1 });
    expect(page.lawyers.map((l) => [l.nome, l.titulo, l.primeiraInscricaoAno, l.atendeOnline]).sort()).toEqual([
      ['Beatriz Moura', 'advogada', THIS_YEAR - 1, true],
      ['Caio Nunes', null, null, false],
    ]);
    expect((await getPublicLawyerProfile('beatrizmoura'))?.profile).toMatchObject({ titulo: 'advogada', atendeOnline: true });
  });
});

describe('the home page', () => {
  test('counts approved lawyers, the areas and the cities they serve; pending ones do not count', async () => {
    await createLawyer({ areas: ['familia', 'civil'], cities: ['sp_sao_paulo'] });
    await createLawyer({ areas: ['familia'], cities: ['pr_curitiba', 'sp_santos'] });
    await createLawyer({ status: 'pending', areas: ['penal'], cities: ['ba_salvador'] });
    expect(await getDirectoryCounts()).toEqual({ lawyers: 2, areas: 2, cities: 3 });
  });

  test('shows approved lawyers with a photo only, at most four, in the daily rotation', async () => {
    const withPhoto = await Promise.all([1, 2, 3, 4, 5].map((n) => createLawyer({ nome: `Advogada Foto ${n}`, fotoUrl: `/fotos/${String(n).repeat(64)}.webp` })));
    await createLawyer({ nome: 'Sem Foto' });
    await createLawyer({ nome: 'Pendente Foto', status: 'pending', fotoUrl: `/fotos/${'9'.repeat(64)}.webp` });
    const day = new Date('2026-11-27T12:00:00-03:00');
    const featured = await findFeaturedLawyers(4, day);
    expect(featured).toHaveLength(4);
    expect(featured.every((l) => l.fotoUrl?.startsWith('/fotos/') && l.nome.startsWith('Advogada Foto'))).toBe(true);
    // Stable within the day; another day starts elsewhere in the circle, so over the days everyone shows.
    expect(await findFeaturedLawyers(4, day)).toEqual(featured);
    const seen = new Set<string>();
    for (let d = 0; d < 30; d++) for (const l of await findFeaturedLawyers(4, new Date(day.getTime() + d * 86_400_000))) seen.add(l.slug);
    expect([...seen].sort()).toEqual(withPhoto.map((l) => l.slug).sort());
  });

  test("the hero's search is a GET form to /busca with the search page's field names, and the figures are on the page", async () => {
    await createLawyer({ nome: 'Ana Foto', fotoUrl: `/fotos/${'a'.repeat(64)}.webp`, areas: ['familia'], cities: ['sp_sao_paulo'] });
    const loaderData = await homeRoute.loader();
    const html = render('/', homeRoute.default, loaderData);
    const heroForm = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(heroForm).toContain('action="/busca"');
    expect(heroForm).toContain('method="get"');
    expect(html).toContain('name="area"');
    expect(html).toContain('name="cidade"');
    const text = textOf(html);
    expect(text).toContain('1 advogado verificado');
    expect(text).toContain('1 área de atuação');
    expect(text).toContain('1 cidade');
    expect(html).toContain('alt="Foto de Ana Foto"');
  });
});

describe('the completeness meter and the under-review page', () => {
  const PASSWORD = 'senha-certa-123';
  async function underReview(email: string, overrides: Parameters<typeof createLawyer>[0] = {}) {
    await createLawyer({ status: 'pending', email, password: PASSWORD, ...overrides });
    const signedIn = await signInWithPassword({ email, password: PASSWORD }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.7' }));
    const cookie = signedIn.setCookies.map((c) => c.split(';')[0]).join('; ');
    return underReviewRoute.loader(routeArgs('http://localhost:3000/perfil-em-analise', { headers: { cookie } }));
  }

  test("a pending lawyer without a photo is asked for it first ('Enquanto isso, adicione sua foto'), and led to /editar-perfil, not to a sales page", async () => {
    const loaderData = await underReview('pendente@exemplo.adv.br');
    expect(loaderData.completeness.missing[0]).toEqual({ id: 'foto', label: 'Adicione sua foto' });
    expect(loaderData.completeness.percent).toBeLessThan(100);
    const html = render('/perfil-em-analise', underReviewRoute.default, loaderData);
    expect(textOf(html)).toContain('Enquanto isso, adicione sua foto');
    expect(html).toContain('href="/editar-perfil"');
    expect(html).not.toContain('/por-que-se-registrar');
    expect(html).not.toContain('/planos');
  });

  test('with a photo the meter asks for the rest; a complete profile shows no meter', async () => {
    const partly = await underReview('parcial@exemplo.adv.br', { fotoUrl: `/fotos/${'b'.repeat(64)}.webp` });
    expect(partly.completeness.missing.map((m) => m.id)).toEqual(['primeiraInscricaoAno', 'formacao', 'idiomas', 'atendimento', 'biografia']);
    expect(textOf(render('/perfil-em-analise', underReviewRoute.default, partly))).toContain('Enquanto isso, complete seu perfil');

    const complete = await underReview('completo@exemplo.adv.br', {
      fotoUrl: `/fotos/${'c'.repeat(64)}.webp`,
      biografia: 'Advogada com doze anos de prática em direito de família e sucessões, com atendimento próximo, linguagem clara e acompanhamento de cada etapa do processo até a decisão.',
      primeiraInscricaoAno: 2014,
      formacao: 'Direito pela USP',
      idiomas: ['portugues'],
      atendeOnline: true,
    });
    expect(complete.completeness).toEqual({ percent: 100, done: 6, total: 6, missing: [] });
    const html = render('/perfil-em-analise', underReviewRoute.default, complete);
    expect(textOf(html)).not.toContain('Enquanto isso');
    expect(html).toContain('href="/editar-perfil"');
  });
});

describe("a rejected lawyer's support contact", () => {
  test("/login?conta=rejeitada shows the support e-mail (default suporte@ the site's host); any other query shows nothing", async () => {
    const rejected = await loginRoute.loader(routeArgs('http://localhost:3000/login?conta=rejeitada'));
    expect(rejected).toEqual({ rejectedSupport: { email: 'suporte@localhost', whatsapp: null } });
    const text = textOf(render('/login', loginRoute.default, rejected));
    expect(text).toContain('Sua conta foi rejeitada');
    expect(text).toContain('suporte@localhost');
    for (const query of ['', '?conta=outra', '?conta=rejeitada&conta=x', '?conta[]=rejeitada']) {
      expect(await loginRoute.loader(routeArgs(`http://localhost:3000/login${query}`)), query).toEqual({ rejectedSupport: null });
    }
  });
});

describe('the demo portraits', () => {
  test('a 400 px WebP drawn locally, the same for the same name', async () => {
    const portrait = await drawDemoPortrait('Ana Beatriz Carvalho');
    expect(await sharp(portrait).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect((await drawDemoPortrait('Ana Beatriz Carvalho')).equals(portrait)).toBe(true);
    expect(initialsOf('Ana Beatriz Carvalho')).toBe('AC');
    expect(initialsOf('Élida')).toBe('É');
  });
});

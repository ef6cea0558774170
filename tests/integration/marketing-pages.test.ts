import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, type MetaDescriptor } from 'react-router';
import { describe, expect, test } from 'vitest';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { loadConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { registrationEmailCookie } from '~/modules/accounts/registration-cookie.server';
import { signInWithPassword } from '~/modules/accounts/login.server';
import { SITE_COOKIES, privacyPolicySections } from '~/modules/content/privacy-policy';
import { getSiteDetails, supportWhatsAppHref } from '~/modules/content/site-details.server';
import { termsOfUseSections, TERMS_VERSION } from '~/modules/content/terms-of-use';
import { leadRequestOutcomeCookie } from '~/modules/leads/lead-request-cookie.server';
import { publicPageCacheKey } from '~/page-cache-key.server';
import * as aboutRoute from '~/routes/public/about';
import * as practiceAreasRoute from '~/routes/public/practice-areas';
import * as privacyRoute from '~/routes/public/privacy-policy';
import * as termsRoute from '~/routes/public/terms-of-use';
import * as whyRegisterRoute from '~/routes/public/why-register';
import { createLawyer } from '../factories/lawyers';

// The marketing and legal pages (docs/decisions/0025): their loaders, meta and markup, called as React
// Router calls them, with the company details of a configuration of the test's own.

const site = { brandName: 'JusConecta', appUrl: 'https://jusconecta.example' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-marketing-'));
const configured = loadConfig({
  DATA_DIR: dataDir,
  COMPANY_NAME: 'JusConecta Tecnologia Ltda.',
  COMPANY_CNPJ: '11222333000181',
  SUPPORT_EMAIL: 'contato@jusconecta.com.br',
  SUPPORT_WHATSAPP: '(11) 98765-4321',
});
const bare = loadConfig({ DATA_DIR: dataDir });

type PageRoute = { default: unknown; meta: unknown; headers: unknown };
const PAGES: Record<string, PageRoute> = {
  '/quem-somos': aboutRoute,
  '/por-que-se-registrar': whyRegisterRoute,
  '/areas-de-atuacao': practiceAreasRoute,
  '/termos-de-uso': termsRoute,
  '/politica-de-privacidade': privacyRoute,
};

/* eslint-disable @typescript-eslint/no-explicit-any -- the route functions take React Router's full argument objects */
function metaOf(route: PageRoute, loaderData: unknown, pathname: string): MetaDescriptor[] {
  const matches = [
    { id: 'root', pathname: '/', params: {}, loaderData: { site }, data: { site }, meta: [] },
    { id: 'page', pathname, params: {}, loaderData, data: loaderData, meta: [] },
  ];
  return (route.meta as any)({ loaderData, data: loaderData, matches, params: {}, location: new URL(pathname, site.appUrl), error: undefined });
}

function render(route: PageRoute, loaderData: unknown, pathname: string): string {
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => ({ site }), children: [{ id: 'page', path: pathname.slice(1), Component: route.default as any }] },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [pathname], hydrationData: { loaderData: { root: { site }, page: loaderData } } }));
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const loaderDataOf = (pathname: string, config = configured) =>
  pathname === '/areas-de-atuacao' ? { ...practiceAreasRoute.loader(), whatsappHref: supportWhatsAppHref(config) } : pathname === '/termos-de-uso' || pathname === '/politica-de-privacidade' ? { site: getSiteDetails(config), dateLabel: '25 de novembro de 2026' } : undefined;

const jsonLdBlocks = (tags: MetaDescriptor[]) => tags.filter((t) => 'script:ld+json' in t).map((t) => (t as Record<string, unknown>)['script:ld+json'] as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
const headings = (html: string) => [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map((m) => ({ level: Number(m[1]), text: m[2]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '') }));

describe.each(Object.keys(PAGES))('%s', (pathname) => {
  const route = PAGES[pathname]!;

  test('has its title, description, canonical URL, and the page cache may keep it', () => {
    const tags = metaOf(route, loaderDataOf(pathname), pathname);
    expect(tags.find((t) => 'title' in t)).toMatchObject({ title: expect.stringMatching(/\| JusConecta$|JusConecta/) });
    const description = (tags.find((t) => (t as Record<string, string>).name === 'description') as { content: string }).content;
    expect(description.length).toBeGreaterThan(70);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${site.appUrl}${pathname}` });
    expect((route.headers as () => Record<string, string>)()).toEqual({ 'X-Page-Cache': '30' });
    expect(publicPageCacheKey(`${pathname}?cb=123`)).toBe(pathname);
  });

  test('renders one h1 and headings that never skip a level', () => {
    const levels = headings(render(route, loaderDataOf(pathname), pathname)).map((h) => h.level);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
  });

  test('the FAQPage structured data, when the page has one, holds exactly the questions it shows', () => {
    const html = render(route, loaderDataOf(pathname), pathname);
    const faq = jsonLdBlocks(metaOf(route, loaderDataOf(pathname), pathname)).find((b) => b['@type'] === 'FAQPage');
    const hasQuestions = html.includes('Perguntas frequentes');
    expect(Boolean(faq)).toBe(hasQuestions);
    if (!faq) return;
    const faqSection = html.slice(html.indexOf('Perguntas frequentes'), html.indexOf('</section>', html.indexOf('Perguntas frequentes')));
    const shown = headings(faqSection).filter((h) => h.level === 3).map((h) => h.text.replace(/&#x27;/g, "'"));
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(shown);
    for (const q of faq.mainEntity) expect(q.acceptedAnswer.text).not.toMatch(/\]\(|\[/);
  });
});

describe('the loaders, with the test environment’s configuration (no company details, no WhatsApp)', () => {
  test('the legal pages get the site details and their date written out; the legal-areas page no WhatsApp link', () => {
    const expected = { site: { brandName: 'JusConecta', company: null, supportEmail: null, privacyOfficer: { name: null, email: null } }, dateLabel: '25 de novembro de 2026' };
    expect(termsRoute.loader()).toEqual(expected);
    expect(privacyRoute.loader()).toEqual(expected);
    expect(practiceAreasRoute.loader()).toMatchObject({ whatsappHref: null, searchLinks: { familia: '/busca?area=familia' } });
  });
});

describe('/areas-de-atuacao', () => {
  test('the eight areas of the specification, each linking to its search', () => {
    const html = render(practiceAreasRoute, loaderDataOf('/areas-de-atuacao'), '/areas-de-atuacao');
    for (const [title, area] of [
      ['Direito Civil', 'civil'],
      ['Direito Trabalhista', 'trabalho'],
      ['Direito de Família', 'familia'],
      ['Direito Penal', 'penal'],
      ['Direito Empresarial', 'empresarial'],
      ['Direito do Consumidor', 'consumidor'],
      ['Direito Previdenciário', 'previdenciario'],
      ['Direito Imobiliário', 'imobiliario'],
    ]) {
      expect(html).toContain(`<h3 class="text-lg font-semibold text-slate-900">${title}</h3>`);
      expect(html).toContain(`href="/busca?area=${area}"`);
    }
  });

  test('with SUPPORT_WHATSAPP the button opens a chat with that number and a greeting asking for help to find a lawyer', () => {
    const href = supportWhatsAppHref(configured)!;
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://wa.me/5511987654321');
    expect(url.searchParams.get('text')).toBe('Olá! Vim pelo site do JusConecta e gostaria de uma orientação para encontrar o advogado certo para o meu caso.');
    const html = render(practiceAreasRoute, { ...practiceAreasRoute.loader(), whatsappHref: href }, '/areas-de-atuacao');
    expect(html).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Falar no WhatsApp');
  });

  test('without it there is no WhatsApp button: the same place leads to the request form', () => {
    expect(supportWhatsAppHref(bare)).toBeNull();
    const html = render(practiceAreasRoute, { ...practiceAreasRoute.loader(), whatsappHref: null }, '/areas-de-atuacao');
    expect(html).not.toContain('wa.me');
    expect(html).not.toContain('WhatsApp');
    expect(html).toMatch(/<a[^>]*href="\/solicitar-atendimento"[^>]*>.*Solicitar Atendimento<\/a>/);
  });
});

describe('/por-que-se-registrar', () => {
  test('calls lawyers to register and to log in with "Já sou cadastrado", quoting the catalogue’s prices', () => {
    const html = render(whyRegisterRoute, undefined, '/por-que-se-registrar');
    expect(html).toMatch(/<a[^>]*href="\/registro-advogado"[^>]*>Cadastrar-me gratuitamente<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Já sou cadastrado<\/a>/);
    expect(html).toContain('R$\u00a0297');
    expect(html).toContain('7 dias');
  });
});

describe('/quem-somos', () => {
  test('shows the brand, the mission, the six steps and the ethics statement, and promises no result', () => {
    const html = render(aboutRoute, undefined, '/quem-somos');
    const h = headings(html);
    expect(h[0]).toEqual({ level: 1, text: 'JusConecta' });
    expect(h.map((x) => x.text)).toEqual(expect.arrayContaining(['Nossa missão', 'Como trabalhamos, em seis passos', 'Nosso compromisso ético']));
    expect(html.match(/Passo (?:<!-- -->)?\d(?:<!-- -->)?: /g)).toHaveLength(6);
    expect(html).toContain('nenhum advogado pode garantir o resultado');
  });
});

describe('the legal texts', () => {
  test('the terms have 15 sections, version 2.0, and name the company when it is configured', () => {
    const sections = termsOfUseSections(getSiteDetails(configured));
    expect(sections).toHaveLength(15);
    expect(new Set(sections.map((s) => s.id)).size).toBe(15);
    expect(TERMS_VERSION).toBe('2.0');
    const html = render(termsRoute, loaderDataOf('/termos-de-uso'), '/termos-de-uso');
    expect(html).toContain('Versão <!-- -->2.0');
    expect(html).toContain('JusConecta Tecnologia Ltda., inscrita no CNPJ sob o nº 11.222.333/0001-81');
    expect(html).toContain('href="mailto:contato@jusconecta.com.br"');
  });

  test('without company details they say who runs the site without inventing a name, CNPJ or e-mail', () => {
    const details = getSiteDetails(bare);
    expect(details).toEqual({ brandName: 'JusConecta', company: null, supportEmail: null, privacyOfficer: { name: null, email: null } });
    const text = JSON.stringify([termsOfUseSections(details), privacyPolicySections(details)]);
    expect(text).toContain('pela empresa responsável pelo JusConecta');
    expect(text).not.toMatch(/CNPJ sob|mailto:|@/);
  });

  test('the privacy policy covers what LGPD art. 9 asks and links to the self-service tools', () => {
    const sections = privacyPolicySections(getSiteDetails(configured));
    const titles = sections.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Quem trata os seus dados',
        'Dados que coletamos',
        'Para que usamos os dados e com que base legal',
        'Com quem compartilhamos',
        'Por quanto tempo guardamos',
        'Seus direitos e como exercê-los',
        'Cookies',
        'Encarregado pelo tratamento de dados',
      ]),
    );
    const text = JSON.stringify(sections);
    for (const link of ['](/area-advogado/meus-dados)', '](/area-advogado/excluir-conta)', '](/editar-perfil)', 'Remover minha solicitação', '(mailto:contato@jusconecta.com.br)']) {
      expect(text).toContain(link);
    }
  });

  test('the encarregado is named, with their own address, when DPO_NAME and DPO_EMAIL are set', () => {
    const details = getSiteDetails(loadConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: 'contato@exemplo.com.br', DPO_NAME: 'Marina Souza', DPO_EMAIL: 'privacidade@exemplo.com.br' }));
    const officer = privacyPolicySections(details).find((s) => s.id === 'encarregado')!;
    expect(JSON.stringify(officer.blocks)).toContain('Marina Souza, que pode ser contatado(a) pelo e-mail [privacidade@exemplo.com.br](mailto:privacidade@exemplo.com.br)');
  });

  test('the cookie list is every cookie the site sets, the session’s included', async () => {
    const names = (cookies: string[]) => cookies.map((c) => c.slice(0, c.indexOf('=')));
    const lawyer = await createLawyer({ password: 'senha-certa-123' });
    const [account] = await db.query.user.findMany({ where: (u, { eq }) => eq(u.id, lawyer.id), columns: { email: true } });
    const signedIn = await signInWithPassword({ email: account!.email, password: 'senha-certa-123' }, new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9' }));
    const set = new Set([
      ...names(signedIn.setCookies),
      ...names([flashToastCookie('Perfil atualizado com sucesso!'), leadRequestOutcomeCookie('matched'), registrationEmailCookie('ana@exemplo.com.br')]),
    ]);
    expect([...set].sort()).toEqual(SITE_COOKIES.map((c) => c.name).sort());
  });
});

/**
 * schema.org descriptions of the public pages, as JSON-LD (docs/decisions/0027-structured-data-and-og-images.md).
 * Only what the page itself shows and the product knows to be true: an Attorney is a name, an OAB
 * registration, areas and cities served, never a rating or an address we do not have. React Router's
 * <Meta> writes them in `<script type="application/ld+json">` with `<`, `>`, `&`, U+2028 and U+2029
 * escaped, so no value can close the element; a data block is not run, so the CSP needs no nonce for it.
 * Browser-safe (route meta functions call these).
 */
import { findCity, practiceAreaLabel, cityLabel, STATES } from '~/modules/catalog/catalog';
import { formatOab, internationalWhatsApp } from '~/modules/lawyers/contact';

const CONTEXT = 'https://schema.org';

export function breadcrumbList(appUrl: string, crumbs: ReadonlyArray<{ name: string; path: string }>) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${appUrl}${crumb.path}` })),
  };
}

export function faqPage(questions: ReadonlyArray<{ question: string; answer: string }>) {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
  };
}

interface AttorneyInput {
  nome: string;
  slug: string;
  biografia: string;
  whatsapp: string;
  oabUf: string;
  numeroOab: string;
  areas: readonly string[];
  cidades: readonly string[];
  fotoUrl: string | null;
}

export function attorney(appUrl: string, profile: AttorneyInput, imagePath: string) {
  const url = `${appUrl}/advogado/${profile.slug}`;
  return {
    '@context': CONTEXT,
    '@type': 'Attorney',
    '@id': url,
    name: profile.nome,
    url,
    description: profile.biografia,
    image: profile.fotoUrl ? absolute(appUrl, profile.fotoUrl) : `${appUrl}${imagePath}`,
    telephone: `+${internationalWhatsApp(profile.whatsapp)}`,
    identifier: { '@type': 'PropertyValue', propertyID: 'OAB', name: 'Inscrição na OAB', value: formatOab(profile.oabUf, profile.numeroOab) },
    knowsAbout: profile.areas.map(practiceAreaLabel),
    areaServed: profile.cidades.map((id) => {
      const city = findCity(id);
      return city
        ? { '@type': 'City', name: city.name, containedInPlace: { '@type': 'State', name: STATES[city.state] } }
        : { '@type': 'City', name: cityLabel(id) };
    }),
  };
}

interface ArticleInput {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  author: string;
}

export function blogPosting(appUrl: string, brandName: string, post: ArticleInput, imagePath: string) {
  const url = `${appUrl}/blog/${post.slug}`;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: url,
    headline: post.title,
    description: post.excerpt,
    image: [`${appUrl}${imagePath}`],
    datePublished: post.date,
    dateModified: post.date,
    inLanguage: 'pt-BR',
    author: { '@type': 'Organization', name: post.author, url: appUrl },
    publisher: { '@type': 'Organization', name: brandName, url: appUrl },
  };
}

function absolute(appUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${appUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * schema.org descriptions of the public pages, as JSON-LD (docs/decisions/0027-structured-data-and-og-images.md).
 * Only what the page itself shows and the product knows to be true: an Attorney is a name, an OAB
 * registration, areas and cities served, never a rating or an address we do not have. React Router's
 * <Meta> writes them in `<script type="application/ld+json">` with `<`, `>`, `&`, U+2028 and U+2029
 * escaped, so no value can close the element; a data block is not run, so the CSP needs no nonce for it.
 * Browser-safe (route meta functions call these).
 */
// No imports: route meta functions run in the browser too, and this module is in their bundles.
// The Attorney of a profile, which needs the catalogue, is attorney-data.ts.

export const SCHEMA_CONTEXT = 'https://schema.org';
const CONTEXT = SCHEMA_CONTEXT;

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


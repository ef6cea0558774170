import type { MetaDescriptor } from 'react-router';
import { escapeHtml } from './html';

export interface SiteInfo {
  brandName: string;
  appUrl: string;
}

interface PageMetaInput {
  site: SiteInfo | undefined;
  title: string;
  description: string;
  /** The canonical path, e.g. '/advogado/joaosilva'. */
  path: string;
  type?: 'website' | 'profile' | 'article';
  noindex?: boolean;
  /** The page's Open Graph image (a path on the site, 1200×630 PNG) and its description: a large card when shared. */
  image?: { path: string; alt: string };
}

/** Title, description, canonical URL and Open Graph / Twitter tags of a page. */
export function pageMeta({ site, title, description, path, type = 'website', noindex, image }: PageMetaInput): MetaDescriptor[] {
  const brand = site?.brandName ?? 'JusConecta';
  const url = `${site?.appUrl ?? ''}${path}`;
  const fullTitle = title.includes(brand) ? title : `${title} | ${brand}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    const imageUrl = `${site?.appUrl ?? ''}${image.path}`;
    tags.push(
      { property: 'og:image', content: imageUrl },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image', content: imageUrl },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** A JSON-LD block, escaped so that no value can close the script element. */
export function jsonLd(value: unknown): MetaDescriptor {
  return { 'script:ld+json': value } as MetaDescriptor;
}

/** The tags of pageMeta without the canonical link and og:url: for pages that do not exist, never a URL built from the request. */
export function withoutCanonical(tags: MetaDescriptor[]): MetaDescriptor[] {
  return tags.filter((tag) => !('rel' in tag && tag.rel === 'canonical') && !('property' in tag && tag.property === 'og:url'));
}

/**
 * A page's meta descriptors as HTML, as React Router's <Meta> writes them (title, meta by name or
 * property, link tags, JSON-LD): for a page written as a string (the search, docs/decisions/0066).
 */
export function metaTagsHtml(tags: MetaDescriptor[]): string {
  let html = '';
  for (const tag of tags) {
    if ('title' in tag) {
      html += `<title>${escapeHtml(String(tag.title))}</title>`;
    } else if ('script:ld+json' in tag) {
      html += `<script type="application/ld+json">${jsonForScript(tag['script:ld+json'])}</script>`;
    } else {
      const { tagName = 'meta', ...attributes } = tag as Record<string, unknown>;
      if (tagName !== 'meta' && tagName !== 'link') throw new Error(`metaTagsHtml: no <${String(tagName)}> tags`);
      const written = Object.entries(attributes)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([name, value]) => ` ${name === 'charSet' ? 'charset' : name}="${escapeHtml(String(value))}"`)
        .join('');
      html += `<${String(tagName)}${written}/>`;
    }
  }
  return html;
}

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The shape of the long texts of the marketing and legal pages (browser-safe, static): sections of
 * paragraphs and lists, written as plain strings. A string may hold links written `[label](/path)`,
 * `[label](mailto:…)` or `[label](https://…)`; components/page-text.tsx renders them. Text that is
 * not written like that is never turned into markup.
 */

export type TextBlock = string | { list: readonly string[] };

export interface TextSection {
  /** The section's anchor (`#dados-coletados`) and heading id. */
  id: string;
  title: string;
  blocks: readonly TextBlock[];
}

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * Who runs the site and how to reach them, from the environment (app/config.server.ts): the legal
 * texts name only what is configured.
 */
export interface SiteDetails {
  brandName: string;
  /** The company's name and its CNPJ printed with punctuation; null when not configured. */
  company: { name: string; cnpj: string } | null;
  supportEmail: string | null;
  privacyOfficer: { name: string | null; email: string | null };
}

const LINK = /\[([^\]]+)\]\(((?:\/|mailto:|https:\/\/)[^)\s]*)\)/g;

export type TextPiece = { text: string } | { text: string; href: string };

/** A string cut into plain text and links. */
export function textPieces(value: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of value.matchAll(LINK)) {
    if (match.index > at) pieces.push({ text: value.slice(at, match.index) });
    pieces.push({ text: match[1]!, href: match[2]! });
    at = match.index + match[0].length;
  }
  if (at < value.length) pieces.push({ text: value.slice(at) });
  return pieces;
}

/** The string as it reads, links reduced to their label (for meta tags and structured data). */
export function plainText(value: string): string {
  return textPieces(value)
    .map((piece) => piece.text)
    .join('');
}

/** schema.org FAQPage of the questions a page shows, answers as plain text. */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: 'pt-BR',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: plainText(item.answer) },
    })),
  };
}

/** A `mailto:` link in the text syntax, or the fallback when there is no address. */
export function emailLink(address: string | null, fallback: string): string {
  return address ? `[${address}](mailto:${address})` : fallback;
}

/** 'por <empresa>, inscrita no CNPJ …' when the company is configured, otherwise 'pela empresa responsável pelo <marca>'. */
export function offeredBy(site: SiteDetails): string {
  return site.company ? `por ${site.company.name}, inscrita no CNPJ sob o nº ${site.company.cnpj}` : `pela empresa responsável pelo ${site.brandName}`;
}

import type { WhatsAppClickSource } from '~/domain/catalog/catalog';
import { oabLine } from '~/domain/trust';
import { escapeHtml } from '~/lib/html';
import { initialOf, whatsappChatUrl, whatsappGreeting } from '../contact';
import type { LawyerCardView } from '../lawyer-card-view';

/**
 * A lawyer's card of the search and landing pages as an HTML string (docs/decisions/0066): React rendered
 * these 24 cards, about 450 elements, on every uncached search, and their render was most of the page's
 * CPU. The markup is the React components' own (LawyerAvatar, AreaChips, CityChips, WhatsAppButton):
 * lawyer-card-html.test.ts renders both and compares them, so the two cannot drift apart.
 */

const AVATAR_SIZES = { sm: 'size-10 text-lg', md: 'size-16 text-2xl', lg: 'size-28 text-5xl md:size-32' } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Tailwind classes of an avatar size (LawyerAvatar uses the same table). */
export function avatarSizeClass(size: AvatarSize): string {
  return AVATAR_SIZES[size];
}

export function avatarHtml(nome: string, fotoUrl: string | null, size: AvatarSize = 'md'): string {
  const sizeClass = AVATAR_SIZES[size];
  if (fotoUrl) {
    return `<img src="${escapeHtml(fotoUrl)}" alt="Foto de ${escapeHtml(nome)}" width="128" height="128" loading="lazy" class="${sizeClass} shrink-0 rounded-full object-cover"/>`;
  }
  return `<span aria-hidden="true" class="${sizeClass} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">${escapeHtml(initialOf(nome))}</span>`;
}

/** Chip classes by size (app/styles/site.css). */
export const CHIP_SIZES = { sm: 'chip', md: 'chip chip-md' } as const;
export type ChipSize = keyof typeof CHIP_SIZES;
/** What tells an area chip from a city chip (the city's pin is a mask icon). */
export const CHIP_KINDS = { area: 'chip-area', city: 'chip-city mask-icon mask-icon-pin' } as const;

export function chipsHtml(kind: keyof typeof CHIP_KINDS, labels: readonly string[], size: ChipSize, label: string | undefined, className: string): string {
  const item = `<li class="${CHIP_SIZES[size]} ${CHIP_KINDS[kind]}">`;
  const ariaLabel = label === undefined ? '' : ` aria-label="${escapeHtml(label)}"`;
  return `<ul${ariaLabel} class="flex flex-wrap gap-2 ${className}">${labels.map((text) => `${item}${escapeHtml(text)}</li>`).join('')}</ul>`;
}

/** The WhatsApp link's own classes (WhatsAppButton): a caller adds its size and width. */
export const WHATSAPP_LINK_CLASS = 'inline-flex items-center justify-center gap-2 rounded-md bg-whatsapp px-4 py-2.5 font-semibold text-white transition-colors hover:bg-whatsapp-hover';
export const WHATSAPP_ICON_CLASS = 'mask-icon mask-icon-whatsapp inline-flex [--mask-icon-size:1.25rem]';

interface WhatsAppLink {
  lawyerSlug: string;
  nome: string;
  whatsapp: string;
  brandName: string;
  source: WhatsAppClickSource;
  className: string;
}

/** A wa.me link with the greeting; the public pages' script counts its click from the data attributes. */
export function whatsappLinkHtml({ lawyerSlug, nome, whatsapp, brandName, source, className }: WhatsAppLink): string {
  const href = escapeHtml(whatsappChatUrl(whatsapp, whatsappGreeting(nome, brandName)));
  return (
    `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow" data-whatsapp-click="" data-advogado="${escapeHtml(lawyerSlug)}" data-origem="${source}" class="${WHATSAPP_LINK_CLASS} ${className}">` +
    `<span aria-hidden="true" class="${WHATSAPP_ICON_CLASS}"></span>WhatsApp<span class="sr-only"> (abre em nova aba)</span></a>`
  );
}

/** One card: photo, name (to the profile), OAB line, practice line, areas, cities, the two actions. */
export function lawyerCardHtml(lawyer: LawyerCardView, brandName: string): string {
  const profileHref = `/advogado/${escapeHtml(lawyer.slug)}`;
  const nome = escapeHtml(lawyer.nome);
  return (
    '<article class="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"><div class="flex items-center gap-4">' +
    avatarHtml(lawyer.nome, lawyer.fotoUrl) +
    `<div class="min-w-0"><h2 class="text-lg leading-snug font-semibold text-slate-900"><a href="${profileHref}" class="hover:text-brand-700 hover:underline">${nome}</a></h2>` +
    `<p class="text-sm text-slate-600">${escapeHtml(oabLine(lawyer.oabUf, lawyer.numeroOab, lawyer.oabCheckedAt))}</p></div></div>` +
    `<p class="mt-3 text-sm text-slate-700">${escapeHtml(lawyer.practiceLine)}</p>` +
    chipsHtml('area', lawyer.areaLabels, 'sm', 'Áreas de atuação', 'mt-4') +
    chipsHtml('city', lawyer.cityLabels, 'sm', 'Cidades atendidas', 'mt-3') +
    '<div class="mt-auto flex flex-col gap-2 pt-5 sm:flex-row">' +
    `<a href="${profileHref}" aria-label="Ver perfil completo de ${nome}" class="inline-flex flex-1 items-center justify-center rounded-md border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50">Ver perfil completo</a>` +
    whatsappLinkHtml({ lawyerSlug: lawyer.slug, nome: lawyer.nome, whatsapp: lawyer.whatsapp, brandName, source: 'busca', className: 'flex-1 text-sm' }) +
    '</div></article>'
  );
}

/** The cards of a result page, in one grid. */
export function lawyerCardsHtml(lawyers: readonly LawyerCardView[], brandName: string): string {
  let html = '';
  for (const lawyer of lawyers) html += lawyerCardHtml(lawyer, brandName);
  return html;
}

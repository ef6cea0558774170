import type { WhatsAppClickSource } from '~/domain/catalog/catalog';
import { oabLine } from '~/domain/trust';
import { escapeHtml } from '~/lib/html';
import { initialOf, whatsappChatUrl, whatsappGreeting } from '../contact';
import type { LawyerCardView } from '../lawyer-card-view';
import { avatarClass, CHIP_KINDS, CHIP_LIST_CLASS, CHIP_SIZES, WHATSAPP_ICON_CLASS, WHATSAPP_LINK_CLASS, withClass, type AvatarSize, type ChipSize } from './lawyer-markup';

/**
 * A lawyer's card of the search and landing pages as an HTML string (docs/decisions/0066): React rendered
 * these 24 cards, about 450 elements, on every uncached search, and their render was most of the page's
 * CPU. The markup is the React components' own (LawyerAvatar, AreaChips, CityChips, WhatsAppButton):
 * lawyer-card-html.test.ts renders both and compares them, so the two cannot drift apart.
 */

export function avatarHtml(nome: string, fotoUrl: string | null, size: AvatarSize = 'md'): string {
  if (fotoUrl) {
    return `<img src="${escapeHtml(fotoUrl)}" alt="Foto de ${escapeHtml(nome)}" width="128" height="128" loading="lazy" class="${avatarClass(size, true)}"/>`;
  }
  return `<span aria-hidden="true" class="${avatarClass(size, false)}">${escapeHtml(initialOf(nome))}</span>`;
}

export function chipsHtml(kind: keyof typeof CHIP_KINDS, labels: readonly string[], size: ChipSize, label: string | undefined, className?: string): string {
  const item = `<li class="${CHIP_SIZES[size]} ${CHIP_KINDS[kind]}">`;
  const ariaLabel = label === undefined ? '' : ` aria-label="${escapeHtml(label)}"`;
  return `<ul${ariaLabel} class="${withClass(CHIP_LIST_CLASS, className)}">${labels.map((text) => `${item}${escapeHtml(text)}</li>`).join('')}</ul>`;
}

interface WhatsAppLink {
  lawyerSlug: string;
  nome: string;
  whatsapp: string;
  brandName: string;
  source: WhatsAppClickSource;
  className?: string;
}

/** A wa.me link with the greeting; the public pages' script counts its click from the data attributes. */
export function whatsappLinkHtml({ lawyerSlug, nome, whatsapp, brandName, source, className }: WhatsAppLink): string {
  const href = escapeHtml(whatsappChatUrl(whatsapp, whatsappGreeting(nome, brandName)));
  return (
    `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow" data-whatsapp-click="" data-advogado="${escapeHtml(lawyerSlug)}" data-origem="${source}" class="${withClass(WHATSAPP_LINK_CLASS, className)}">` +
    `<span aria-hidden="true" class="${WHATSAPP_ICON_CLASS}"></span>WhatsApp<span class="sr-only"> (abre em nova aba)</span></a>`
  );
}

/** One card: photo, name (to the profile), OAB line, practice line, areas, cities, the two actions. */
export function lawyerCardHtml(lawyer: LawyerCardView, brandName: string): string {
  const profileHref = `/advogado/${escapeHtml(lawyer.slug)}`;
  const nome = escapeHtml(lawyer.nome);
  return (
    '<article class="lawyer-card"><div class="lawyer-card-head">' +
    avatarHtml(lawyer.nome, lawyer.fotoUrl) +
    `<div class="min-w-0"><h2 class="lawyer-card-name"><a href="${profileHref}">${nome}</a></h2>` +
    `<p class="lawyer-card-oab">${escapeHtml(oabLine(lawyer.oabUf, lawyer.numeroOab, lawyer.oabCheckedAt))}</p></div></div>` +
    `<p class="lawyer-card-practice">${escapeHtml(lawyer.practiceLine)}</p>` +
    chipsHtml('area', lawyer.areaLabels, 'sm', 'Áreas de atuação', 'mt-4') +
    chipsHtml('city', lawyer.cityLabels, 'sm', 'Cidades atendidas', 'mt-3') +
    '<div class="lawyer-card-actions">' +
    `<a href="${profileHref}" aria-label="Ver perfil completo de ${nome}" class="btn-outline flex-1">Ver perfil completo</a>` +
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

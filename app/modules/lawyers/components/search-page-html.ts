import { CITIES_BY_LABEL, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import { escapeHtml } from '~/lib/html';
import type { LawyerCardView } from '../lawyer-card-view';
import type { SearchFilters } from '../lawyers.schemas';
import { searchHref } from '../search-links';
import { lawyerCardsHtml } from './lawyer-card-html';

/**
 * The search page's content (inside <main>) as an HTML string (docs/decisions/0066): a GET form, the
 * count, 24 cards and the pagination. The page has no React in the browser (decision 0060), and on the
 * server React's render of it was most of an uncached search's CPU.
 */

export interface SearchPageView {
  /** '/busca' or '/advogado': the form's action and every link come from the route, never from the request. */
  pathname: '/busca' | '/advogado';
  filters: SearchFilters;
  lawyers: readonly LawyerCardView[];
  total: number;
  page: number;
  pageCount: number;
  countText: string | null;
  brandName: string;
}

const SELECT_CLASS =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';
const PAGE_LINK_CLASS =
  'inline-flex min-w-11 items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100';

// The catalogue's options, written once; a request only marks its filter's option as selected.
let areaOptions: string | undefined;
let cityOptions: string | undefined;

function options(first: string, items: ReadonlyArray<{ id: string; label: string }>): string {
  return `<option value="">${first}</option>${items.map((item) => `<option value="${escapeHtml(item.id)}">${escapeHtml(item.label)}</option>`).join('')}`;
}

/** The options with `selected` on the filter's value (a catalogue id, checked by the schema) or on 'all'. */
function selectedIn(html: string, value: string | undefined): string {
  const option = `<option value="${value ? escapeHtml(value) : ''}">`;
  return html.replace(option, `${option.slice(0, -1)} selected="">`);
}

function select(id: 'area' | 'cidade', label: string, optionsHtml: string, value: string | undefined): string {
  return (
    `<div><label for="${id}" class="text-sm font-medium text-slate-800">${label}</label>` +
    `<select id="${id}" name="${id}" class="${SELECT_CLASS}">${selectedIn(optionsHtml, value)}</select></div>`
  );
}

/** Whether the page is past the last one (with no result at all, page 1 still exists and says so). */
export function isPastLastPage({ page, lawyers }: { page: number; lawyers: readonly unknown[] }): boolean {
  return page > 1 && lawyers.length === 0;
}

export function searchPageHtml(view: SearchPageView): string {
  const { filters, pathname } = view;
  areaOptions ??= options('Todas as áreas', PRACTICE_AREAS_BY_LABEL);
  cityOptions ??= options('Todas as cidades', CITIES_BY_LABEL);
  return (
    '<div class="mx-auto max-w-6xl px-4 py-10"><h1 class="text-3xl font-bold text-slate-900">Encontre um advogado</h1>' +
    '<p class="mt-2 text-slate-700">Filtre por área de atuação e cidade. Todos os perfis são de advogados aprovados.</p>' +
    // A GET form: every search is a link. The page's script shows 'Buscando...' once it is sent.
    `<form data-busy="Buscando..." class="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[1fr_1fr_auto] md:items-end" action="${pathname}" method="get">` +
    select('area', 'Área de atuação', areaOptions, filters.area) +
    select('cidade', 'Cidade', cityOptions, filters.cidade) +
    '<button type="submit" class="rounded-md bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-80">Buscar Advogados</button></form>' +
    '<section aria-labelledby="resultados" class="mt-8">' +
    `<h2 id="resultados" class="text-lg font-semibold text-slate-800" aria-live="polite">${escapeHtml(view.countText ?? 'Nenhum advogado encontrado')}</h2>` +
    results(view) +
    '</section>' +
    (view.pageCount > 1 && view.lawyers.length > 0 ? pagination(view) : '') +
    '</div>'
  );
}

function results(view: SearchPageView): string {
  if (isPastLastPage(view)) {
    const first = escapeHtml(searchHref({ ...view.filters, pagina: 1 }, view.pathname));
    return `<p class="mt-2 text-slate-700">Esta página não existe. <a class="font-medium text-brand-700 underline" href="${first}">Voltar para a primeira página</a></p>`;
  }
  if (view.total === 0) {
    return (
      '<p class="mt-2 text-slate-700">Tente outra cidade ou área, ou ' +
      '<a class="font-medium text-brand-700 underline" href="/solicitar-atendimento">descreva o seu caso</a> para ser contatado por um advogado.</p>'
    );
  }
  return `<div class="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">${lawyerCardsHtml(view.lawyers, view.brandName)}</div>`;
}

/** First, previous, current, next and last page, with '…' over the gaps. */
function pagination({ filters, page, pageCount, pathname }: SearchPageView): string {
  const href = (p: number) => escapeHtml(searchHref({ ...filters, pagina: p }, pathname));
  const pages = Array.from(new Set([1, page - 1, page, page + 1, pageCount]))
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b);
  let html = '<nav aria-label="Paginação" class="mt-10 flex flex-wrap items-center justify-center gap-2">';
  if (page > 1) html += `<a class="${PAGE_LINK_CLASS}" rel="prev" href="${href(page - 1)}">Anterior</a>`;
  pages.forEach((p, i) => {
    html += '<span class="contents">';
    if (i > 0 && p - (pages[i - 1] ?? p) > 1) html += '<span aria-hidden="true" class="px-1 text-slate-600">…</span>';
    html +=
      p === page
        ? `<span aria-current="page" class="${PAGE_LINK_CLASS} border-brand-700 bg-brand-700 text-white hover:bg-brand-700">${p}</span>`
        : `<a class="${PAGE_LINK_CLASS}" aria-label="Página ${p}" href="${href(p)}">${p}</a>`;
    html += '</span>';
  });
  if (page < pageCount) html += `<a class="${PAGE_LINK_CLASS}" rel="next" href="${href(page + 1)}">Próxima</a>`;
  return `${html}</nav>`;
}

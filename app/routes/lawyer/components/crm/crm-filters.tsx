import { Search, X } from 'lucide-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { BOARD_SEARCH_MAX, boardFilterQuery, FOLLOW_UP_FILTER_LABELS, FOLLOW_UP_FILTERS, type BoardFilters } from '~/modules/leads/crm.shared';
import { formatCount } from '~/lib/format-number';
import { secondaryButton } from '~/routes/lawyer/components/area-styles';

interface CrmFiltersProps {
  filters: BoardFilters;
  /** The areas and cities of the lawyer's leads (ids). */
  options: { areas: string[]; cities: string[] };
  /** Leads matching the filters. */
  matching: number;
}

/** What a typed search waits before the board follows it (with JavaScript). */
const SEARCH_DEBOUNCE_MS = 400;

const byLabel = (ids: string[], label: (id: string) => string) => ids.map((id) => ({ id, label: label(id) })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

/**
 * The board's search and filters ('Buscar', 'Área', 'Cidade', 'Próximo contato'): a GET form, so the URL
 * is the state and it works without JavaScript ('Filtrar'). With it, a choice applies at once and a
 * typed search after a pause, replacing the URL (the empty fields left out).
 */
export function CrmFilters({ filters, options, matching }: CrmFiltersProps) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const active = boardFilterQuery(filters) !== '';

  // The fields follow the URL (back, 'Limpar filtros'), except the one being typed in.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const name of ['q', 'area', 'cidade', 'retorno'] as const) {
      const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (field && field !== document.activeElement) field.value = filters[name] ?? '';
    }
  }, [filters]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams({ section: 'crm' });
    for (const [name, value] of new FormData(form)) if (name !== 'section' && typeof value === 'string' && value.trim()) params.set(name, value.trim());
    const next = `/area-advogado?${params.toString()}`;
    if (next !== `${window.location.pathname}${window.location.search}`) void navigate(next, { replace: true, preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };

  const areas = byLabel(options.areas, practiceAreaLabel);
  const cities = byLabel(options.cities, cityLabel);
  const fieldClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';
  const labelClass = 'text-sm font-medium text-slate-800';

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Form ref={formRef} method="get" action="/area-advogado" preventScrollReset onSubmit={onSubmit} role="search" aria-label="Buscar e filtrar leads" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end">
        <input type="hidden" name="section" value="crm" />
        <div>
          <label htmlFor="crm-busca" className={labelClass}>
            Buscar
          </label>
          <div className="relative mt-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id="crm-busca"
              type="search"
              name="q"
              defaultValue={filters.q ?? ''}
              maxLength={BOARD_SEARCH_MAX}
              placeholder="Nome, e-mail, telefone ou descrição"
              autoComplete="off"
              onChange={() => {
                clearTimeout(timer.current);
                timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
              }}
              className={`${fieldClass} mt-0! pl-9`}
            />
          </div>
        </div>
        <div>
          <label htmlFor="crm-filtro-area" className={labelClass}>
            Área
          </label>
          <select id="crm-filtro-area" name="area" defaultValue={filters.area ?? ''} onChange={apply} className={fieldClass}>
            <option value="">Todas as áreas</option>
            {areas.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="crm-filtro-cidade" className={labelClass}>
            Cidade
          </label>
          <select id="crm-filtro-cidade" name="cidade" defaultValue={filters.cidade ?? ''} onChange={apply} className={fieldClass}>
            <option value="">Todas as cidades</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="crm-filtro-retorno" className={labelClass}>
            Próximo contato
          </label>
          <select id="crm-filtro-retorno" name="retorno" defaultValue={filters.retorno ?? ''} onChange={apply} className={fieldClass}>
            <option value="">Todos</option>
            {FOLLOW_UP_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FOLLOW_UP_FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          <Search aria-hidden="true" className="size-4" />
          Filtrar
        </button>
      </Form>
      {active ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <p role="status" className={matching === 0 ? 'font-semibold text-slate-900' : 'text-slate-700'}>
            {matching === 0 ? 'Nenhum lead encontrado com estes filtros.' : matching === 1 ? '1 lead encontrado' : `${formatCount(matching)} leads encontrados`}
          </p>
          <Link to="/area-advogado?section=crm" replace preventScrollReset className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
            <X aria-hidden="true" className="size-4" />
            Limpar filtros
          </Link>
        </div>
      ) : null}
    </div>
  );
}

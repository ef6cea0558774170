import type { RefObject } from 'react';
import { Link } from 'react-router';
import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import type { LeadCandidateList } from '../lead-candidates.server';

/**
 * The list of lawyers of the request form (/solicitar-atendimento, docs/decisions/0043): the matching
 * approved lawyers of the area and city, the first `cap` ticked, a box beyond the cap disabled while
 * the cap is reached. The page shows ChoicePlaceholder until a list is there.
 */

export default function LawyerChoice({
  list,
  ticked,
  onToggle,
  error,
  notice,
  fieldsetRef,
}: {
  list: LeadCandidateList;
  ticked: string[];
  onToggle: (slug: string, on: boolean) => void;
  error: string | undefined;
  notice: string | null;
  fieldsetRef: RefObject<HTMLFieldSetElement | null>;
}) {
  const full = ticked.length >= list.cap;
  const describedBy = ['advogados-dica', error ? 'advogados-erro' : null].filter(Boolean).join(' ');
  return (
    <fieldset ref={fieldsetRef} tabIndex={-1} aria-describedby={describedBy} className="min-w-0 rounded-lg border border-slate-200 p-4 focus:outline-none">
      <legend className="px-1 text-sm font-medium text-slate-800">Advogados que vão receber sua solicitação</legend>
      {notice ? (
        <p role="status" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {notice}
        </p>
      ) : null}
      <input type="hidden" name="escolha" value={list.shownFor} />
      {list.lawyers.length === 0 ? (
        <p id="advogados-dica" className="text-sm text-slate-700">
          {list.profileLawyerOutside ? `${list.profileLawyerOutside} não atende ${list.areaLabel} em ${list.cityLabel}. ` : ''}
          Nenhum advogado aprovado atende {list.areaLabel} em {list.cityLabel} ainda. Se você enviar, sua solicitação vai para a equipe da plataforma, que a passa
          a um advogado aprovado e avisa você por e-mail.
        </p>
      ) : (
        <>
          <p id="advogados-dica" className="text-sm text-slate-700">
            {list.profileLawyerOutside ? `${list.profileLawyerOutside} não atende ${list.areaLabel} em ${list.cityLabel}: escolha outra área ou cidade, ou marque outros advogados. ` : ''}
            Advogados aprovados que atendem {list.areaLabel} em {list.cityLabel}, na ordem da busca. Marque até {list.cap}: só os marcados recebem sua solicitação.
          </p>
          <p className="mt-2 text-sm font-medium text-slate-800" aria-live="polite">
            {ticked.length === 1 ? '1 advogado marcado' : `${ticked.length} advogados marcados`} de no máximo {list.cap}
            {full && list.lawyers.length > ticked.length ? '. Desmarque um para escolher outro.' : ''}
          </p>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {list.lawyers.map((candidate, index) => {
              const checked = ticked.includes(candidate.slug);
              return (
                <li key={candidate.slug}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70">
                    <input
                      type="checkbox"
                      // A checkbox list's first box carries the list's name (the error summary links to it).
                      id={index === 0 ? 'advogados' : `advogado-${candidate.slug}`}
                      name="advogados"
                      value={candidate.slug}
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => onToggle(candidate.slug, event.target.checked)}
                      aria-invalid={error ? true : undefined}
                      className="size-5 shrink-0 accent-brand-700"
                    />
                    <LawyerAvatar nome={candidate.nome} fotoUrl={candidate.fotoUrl} size="sm" />
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900">{candidate.nome}</span>
                      {/* One line of text: the page's own 'OAB/UF número' (the chosen lawyer's card) stays unique. */}
                      <span className="block text-sm text-slate-700">{`${candidate.oab} · ${candidate.areaLabels.join(', ')}`}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {list.more ? (
            <p className="mt-3 text-sm">
              <Link to={`/busca?${new URLSearchParams({ area: list.areaAtuacao, cidade: list.cidade })}`} className="font-medium text-brand-700 underline">
                Ver todos os advogados de {list.areaLabel} em {list.cityLabel}
              </Link>
            </p>
          ) : null}
        </>
      )}
      {error ? (
        <p id="advogados-erro" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

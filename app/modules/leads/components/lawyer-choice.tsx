import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import type { LeadCandidateList } from '../lead-candidates.server';
import { choiceCountText } from '../lead-requests';

/**
 * The list of lawyers of the request form (/solicitar-atendimento, docs/decisions/0043): the matching
 * approved lawyers of the area and city, the first `cap` ticked, a box beyond the cap disabled while
 * the cap is reached. The page shows ChoicePlaceholder until a list is there. Rendered on the server only
 * (the page, and /api/advogados-solicitacao/lista for the page's script, app/browser/lead-request-form.ts,
 * which keeps the count and the disabled boxes as the client ticks: docs/decisions/0060).
 */

export default function LawyerChoice({
  list,
  ticked,
  error,
  notice,
}: {
  list: LeadCandidateList;
  ticked: readonly string[];
  error: string | undefined;
  /** Shown above the list when the client must look at it before sending: the list then takes the focus. */
  notice: string | null;
}) {
  const full = ticked.length >= list.cap;
  const describedBy = ['advogados-dica', error ? 'advogados-erro' : null].filter(Boolean).join(' ');
  return (
    <fieldset
      tabIndex={-1}
      aria-describedby={describedBy}
      data-shown-for={list.shownFor}
      data-cap={list.cap}
      data-focus-on-load={notice ? '' : undefined}
      className="min-w-0 rounded-lg border border-slate-200 p-4 focus:outline-none">
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
          <p className="mt-2 text-sm font-medium text-slate-800" aria-live="polite" data-choice-count="">
            {choiceCountText(ticked.length, list.cap, list.lawyers.length)}
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
                      defaultChecked={checked}
                      disabled={!checked && full}
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
              <a href={`/busca?${new URLSearchParams({ area: list.areaAtuacao, cidade: list.cidade })}`} className="font-medium text-brand-700 underline">
                Ver todos os advogados de {list.areaLabel} em {list.cityLabel}
              </a>
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

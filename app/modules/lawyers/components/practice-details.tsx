import { cityLabel } from '~/domain/catalog/catalog';
import { type DeclaredPractice, languageLabels, yearsOfPracticeText } from '~/domain/catalog/profile-details';

export type PracticeDetailsData = Omit<DeclaredPractice, 'titulo'>;

/** 'Pinheiros, São Paulo - SP', 'São Paulo - SP', 'Pinheiros', or null without an office. */
export function officeText({ escritorioBairro, escritorioCidade }: Pick<PracticeDetailsData, 'escritorioBairro' | 'escritorioCidade'>): string | null {
  return [escritorioBairro, escritorioCidade && cityLabel(escritorioCidade)].filter(Boolean).join(', ') || null;
}

/**
 * What the lawyer declared about their practice, as a list of terms (only those given): years of
 * practice, education, languages, how they serve. Informative only (docs/decisions/0063: no prices,
 * ratings or testimonials).
 */
export function practiceDetailRows(details: PracticeDetailsData, currentYear: number): Array<{ term: string; value: string }> {
  const office = officeText(details);
  const service = [details.atendeOnline ? 'Atende online' : null, office ? `Escritório em ${office}` : null].filter(Boolean).join(' · ');
  const rows = [
    details.primeiraInscricaoAno === null
      ? null
      : { term: 'Experiência', value: `${yearsOfPracticeText(details.primeiraInscricaoAno, currentYear)} (inscrição na OAB desde ${details.primeiraInscricaoAno})` },
    details.formacao ? { term: 'Formação', value: details.formacao } : null,
    details.idiomas.length > 0 ? { term: 'Idiomas', value: languageLabels(details.idiomas).join(', ') } : null,
    service ? { term: 'Atendimento', value: service } : null,
  ];
  return rows.filter((row) => row !== null);
}

/** The profile's 'Formação e atendimento' card; nothing when the lawyer declared none of it. */
export function PracticeDetails({ details, currentYear }: { details: PracticeDetailsData; currentYear: number }) {
  const rows = practiceDetailRows(details, currentYear);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="formacao-atendimento" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="formacao-atendimento" className="text-xl font-bold text-slate-900">Formação e atendimento</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.term}>
            <dt className="text-sm font-semibold text-slate-600">{row.term}</dt>
            <dd className="mt-1 text-slate-800">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import { CheckboxList } from '~/components/forms/checkbox-list';
import { fieldErrorClass, fieldHintClass, formControlClass, formLabelClass, formLegendClass, formSectionClass } from '~/components/forms/form-styles';
import { TextField } from '~/components/ui/text-field';
import { CITIES_BY_LABEL } from '~/domain/catalog/catalog';
import { LAWYER_TITLES, PROFILE_DETAIL_LIMITS, SERVICE_LANGUAGES } from '~/domain/catalog/profile-details';

/** The values the fields start from: the saved profile, or what a refused submission sent (as text). */
export interface PracticeDetailsValues {
  titulo: string;
  primeiraInscricaoAno: string;
  formacao: string;
  idiomas: ReadonlySet<string>;
  atendeOnline: boolean;
  escritorioBairro: string;
  escritorioCidade: string;
}

/** The fields' names and labels in their order, for the form's error summary. */
export const PRACTICE_DETAIL_FIELDS = [
  ['titulo', 'Como você aparece no perfil'],
  ['primeiraInscricaoAno', 'Ano da primeira inscrição na OAB'],
  ['formacao', 'Formação'],
  ['idiomas', 'Idiomas de atendimento'],
  ['atendeOnline', 'Atende online'],
  ['escritorioBairro', 'Bairro do escritório'],
  ['escritorioCidade', 'Cidade do escritório'],
] as const;

/**
 * /editar-perfil's 'Formação e atendimento' sections: what the lawyer declares about their practice
 * (docs/decisions/0063). All optional; plain form fields, so the form works without JavaScript.
 */
export function PracticeDetailsFields({ values, errors }: { values: PracticeDetailsValues; errors: Record<string, string | undefined> }) {
  return (
    <>
      <fieldset className={formSectionClass}>
        <legend className={formLegendClass}>Formação e atendimento</legend>
        <fieldset aria-describedby={errors.titulo ? 'titulo-erro' : undefined}>
          <legend className={formLabelClass}>Como você aparece no perfil</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {LAWYER_TITLES.map((title, index) => (
              <label key={title.id} className="flex items-center gap-2 text-slate-800">
                <input id={index === 0 ? 'titulo' : undefined} type="radio" name="titulo" value={title.id} defaultChecked={values.titulo === title.id} className="size-4 accent-brand-700" />
                {title.label}
              </label>
            ))}
          </div>
          {errors.titulo ? (
            <p id="titulo-erro" className={fieldErrorClass}>
              {errors.titulo}
            </p>
          ) : null}
        </fieldset>
        <TextField
          name="primeiraInscricaoAno"
          label="Ano da primeira inscrição na OAB (opcional)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          className="max-w-xs"
          hint="Aparece no perfil como anos de advocacia."
          defaultValue={values.primeiraInscricaoAno}
          error={errors.primeiraInscricaoAno}
        />
        <TextField
          name="formacao"
          label="Formação (opcional)"
          maxLength={PROFILE_DETAIL_LIMITS.formacao}
          hint="Por exemplo: Direito pela USP; pós-graduação em Direito de Família."
          defaultValue={values.formacao}
          error={errors.formacao}
        />
        <div>
          <label className="flex items-center gap-2 text-slate-800">
            <input id="atendeOnline" type="checkbox" name="atendeOnline" value="on" defaultChecked={values.atendeOnline} className="size-4 accent-brand-700" />
            Atende online (por videochamada)
          </label>
          {errors.atendeOnline ? <p className={fieldErrorClass}>{errors.atendeOnline}</p> : null}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="escritorioBairro"
            label="Bairro do escritório (opcional)"
            maxLength={PROFILE_DETAIL_LIMITS.escritorioBairro}
            defaultValue={values.escritorioBairro}
            error={errors.escritorioBairro}
          />
          <div>
            <label htmlFor="escritorioCidade" className={formLabelClass}>
              Cidade do escritório (opcional)
            </label>
            <select
              id="escritorioCidade"
              name="escritorioCidade"
              defaultValue={values.escritorioCidade}
              aria-invalid={errors.escritorioCidade ? true : undefined}
              aria-describedby={errors.escritorioCidade ? 'escritorioCidade-erro' : undefined}
              className={formControlClass}
            >
              <option value="">Sem escritório informado</option>
              {CITIES_BY_LABEL.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.label}
                </option>
              ))}
            </select>
            {errors.escritorioCidade ? (
              <p id="escritorioCidade-erro" className={fieldErrorClass}>
                {errors.escritorioCidade}
              </p>
            ) : null}
          </div>
        </div>
        <p className={fieldHintClass}>
          O perfil mostra apenas informações objetivas sobre a sua atuação: pelas regras de publicidade da OAB (Provimento 205/2021), não há preços, avaliações nem depoimentos.
        </p>
      </fieldset>
      <CheckboxList legend="Idiomas de atendimento" name="idiomas" options={SERVICE_LANGUAGES} chosen={values.idiomas} error={errors.idiomas} />
    </>
  );
}

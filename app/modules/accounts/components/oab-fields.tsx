import { fieldErrorClass, formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { TextField } from '~/components/ui/text-field';
import { STATE_CODES, STATES } from '~/domain/catalog/catalog';
import { REGISTRATION_LIMITS } from '../accounts.limits';

/** The OAB registration: its number and the UF of its Seccional (registration and /completar-perfil). */
export function OabFields({ numero, uf, errors }: { numero?: string; uf?: string; errors: { numeroOAB?: string; oabUf?: string } }) {
  return (
    <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
      <TextField
        name="numeroOAB"
        label="Número da OAB"
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={REGISTRATION_LIMITS.numeroOab.max}
        defaultValue={numero}
        error={errors.numeroOAB}
      />
      <div>
        <label htmlFor="oabUf" className={formLabelClass}>
          Seccional (UF)
        </label>
        <select
          id="oabUf"
          name="oabUf"
          required
          defaultValue={uf ?? ''}
          aria-invalid={errors.oabUf ? true : undefined}
          aria-describedby={errors.oabUf ? 'oabUf-erro' : undefined}
          className={formControlClass}
        >
          <option value="">UF</option>
          {STATE_CODES.map((code) => (
            <option key={code} value={code}>
              {code} — {STATES[code]}
            </option>
          ))}
        </select>
        {errors.oabUf ? (
          <p id="oabUf-erro" className={fieldErrorClass}>
            {errors.oabUf}
          </p>
        ) : null}
      </div>
    </div>
  );
}

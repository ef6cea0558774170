import { useState } from 'react';
import { fieldErrorClass, formControlClass, formLabelClass } from './form-styles';

/**
 * The biography textarea with its live counter 'n/min' (the spec's 'n/50' on registration): the
 * characters written, not counting spaces at the ends, turning green once the minimum is reached.
 * Without JavaScript the counter shows the length the page was rendered with.
 */
export function BiographyField({
  min,
  max,
  defaultValue,
  error,
  label = 'Biografia',
  name = 'biografia',
}: {
  min: number;
  max: number;
  defaultValue?: string;
  error?: string;
  label?: string;
  name?: string;
}) {
  const [length, setLength] = useState((defaultValue ?? '').trim().length);
  const counterId = `${name}-contador`;
  const errorId = `${name}-erro`;
  return (
    <div>
      <label htmlFor={name} className={formLabelClass}>
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        rows={6}
        required
        maxLength={max}
        defaultValue={defaultValue}
        onChange={(event) => setLength(event.currentTarget.value.trim().length)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
        className={formControlClass}
      />
      <p id={counterId} className={`mt-1 text-sm ${length >= min ? 'text-green-800' : 'text-slate-600'}`}>
        {length}/{min}
      </p>
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

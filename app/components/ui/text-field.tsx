import type { InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  name: string;
  label: string;
  /** A short help text under the field, read with it. */
  hint?: string;
  /** The server's (or browser's) message for this field, shown under it and announced with it. */
  error?: string;
}

/** A labelled input whose hint and error are tied to it (aria-invalid, aria-describedby). */
export function TextField({ name, label, hint, error, className = '', ...input }: TextFieldProps) {
  const hintId = `${name}-dica`;
  const errorId = `${name}-erro`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={name} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

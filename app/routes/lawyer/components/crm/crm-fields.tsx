import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { ErrorSummary, refusalForSummary } from '~/components/forms/error-summary';

// Labelled fields of the CRM's dialogs. Several forms share field names (nome, email…), so each field's
// id carries its form's prefix; the error is tied to the field (aria-invalid, aria-describedby).

const controlClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-100 disabled:text-slate-700';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, required, error, hint, className = '', children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-dica`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erro`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type Common = { idPrefix: string; name: string; label: string; error?: string; hint?: ReactNode; className?: string };

export function CrmInput({ idPrefix, name, label, error, hint, className, required, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  const id = `${idPrefix}-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass}
        {...input}
      />
    </FieldFrame>
  );
}

export function CrmSelect({ idPrefix, name, label, error, hint, className, required, children, ...select }: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'>) {
  const id = `${idPrefix}-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <select id={id} name={name} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={controlClass} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}

export function CrmTextarea({ idPrefix, name, label, error, hint, className, required, ...textarea }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  const id = `${idPrefix}-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${controlClass} min-h-28`}
        {...textarea}
      />
    </FieldFrame>
  );
}

/**
 * The error summary at the top of a CRM form (decision 0042): the server's message about the whole form
 * and a link per refused field, named by its label, focusing the field (whose id carries the form's
 * prefix); each field's message stays beside the field. It takes the focus with each `answer` of the
 * server, inside the dialog that holds it.
 */
export function CrmErrorSummary({
  idPrefix,
  fields,
  refusal,
  answer,
  className,
}: {
  idPrefix: string;
  fields: ReadonlyArray<readonly [name: string, label: string]>;
  refusal: { errors?: Partial<Record<string, string>>; message?: string | null } | null | undefined;
  answer: unknown;
  className?: string;
}) {
  const withIds = fields.map(([name, label]) => [name, label, `${idPrefix}-${name}`] as const);
  const { errors, message } = refusalForSummary(refusal, withIds);
  return <ErrorSummary errors={errors} message={message} fields={withIds} answer={answer} className={className} />;
}

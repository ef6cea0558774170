import { type MouseEvent, useEffect, useRef } from 'react';

export interface ErrorSummaryProps {
  /** The form's field errors from the server (the first message of each field), by field name. */
  errors?: Partial<Record<string, string | undefined>> | null;
  /** A message about the whole form (wrong password, too many attempts, e-mail already registered). */
  message?: string | null;
  /**
   * The form's fields in the order they appear, with the label each link names: an error of a field not
   * listed here is still shown, after these, under its bare message.
   */
  fields: ReadonlyArray<readonly [name: string, label: string]>;
  /** Changes with every answer of the server (the action's data): focus moves to the summary again. */
  answer?: unknown;
  className?: string;
}

const FIX_FIELDS = 'Corrija os campos indicados:';

/**
 * With JavaScript a link focuses its field itself: a hash navigation would be a navigation for the
 * router, which forgets the action's answer (and with it every error on the page). Without JavaScript
 * the plain `#field` link does it.
 */
const focusField = (name: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  const field = document.getElementById(name);
  if (!field) return;
  event.preventDefault();
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
};

/** The summary's lines: the server's message about the whole form, then the fields with an error. */
export function summaryLines({ errors, message, fields }: Pick<ErrorSummaryProps, 'errors' | 'message' | 'fields'>) {
  const byField = Object.entries(errors ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const order = new Map(fields.map(([name], index) => [name, index]));
  const labels = new Map(fields);
  byField.sort(([a], [b]) => (order.get(a) ?? fields.length) - (order.get(b) ?? fields.length));
  const fieldLines = byField.map(([name, text]) => ({ name, label: labels.get(name), text }));
  const general = message || null;
  return { general, fieldLines };
}

/**
 * The error summary at the top of a form (docs/product-rules.md, "Forms"): after a refused submit it
 * takes the focus, so that on a phone the browser scrolls it into view wherever the submit button was,
 * and it shows the server's message and a link to each field with an error, named by the field's label
 * (the message itself is shown once, under its field; the link focuses the field: a text input's id is
 * its name, a checkbox list's first box carries the list's name as id).
 * Without JavaScript the page comes back with the summary above the form's first field.
 */
export function ErrorSummary({ errors, message, fields, answer, className = '' }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { general, fieldLines } = summaryLines({ errors, message, fields });
  const shown = Boolean(general) || fieldLines.length > 0;

  useEffect(() => {
    if (shown) ref.current?.focus();
    // Each answer of the server moves the focus again, even with the same messages.
  }, [answer, shown]);

  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={`scroll-mt-24 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 focus:ring-2 focus:ring-red-700 focus:outline-none ${className}`}
    >
      {/* No accessible name from this title: getByLabel('Email') must keep finding the field only. */}
      <p className="font-semibold">
        {general ?? FIX_FIELDS}
      </p>
      {fieldLines.length > 0 ? (
        <>
          {general ? <p className="mt-2">{FIX_FIELDS}</p> : null}
          {/* Each link names its field; the message itself stays once, beside the field. */}
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {fieldLines.map(({ name, label, text }) => (
              <li key={name}>
                <a href={`#${name}`} onClick={focusField(name)} className="underline underline-offset-2 hover:text-red-950">
                  {label ?? text}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

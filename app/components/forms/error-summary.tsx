import { type MouseEvent, useEffect, useRef } from 'react';

export interface ErrorSummaryProps {
  /** The form's field errors from the server (the first message of each field), by field name. */
  errors?: Partial<Record<string, string | undefined>> | null;
  /** A message about the whole form (wrong password, too many attempts, e-mail already registered). */
  message?: string | null;
  /**
   * The form's fields in the order they appear, with the label each link names and, when it is not the
   * field's name, the id of the control the link focuses (the CRM's dialogs prefix their ids): an error
   * of a field not listed here is still shown, after these, under its bare message.
   */
  fields: ReadonlyArray<readonly [name: string, label: string, id?: string]>;
  /**
   * Changes with every refusal (the action's data, or the page's own check before sending): focus
   * moves to the summary again. Without one (null or undefined) the summary is shown without taking the
   * focus (the page drawn again with the refusal it already announced).
   */
  answer?: unknown;
  className?: string;
}

const FIX_FIELDS = 'Corrija os campos indicados:';

/**
 * With JavaScript a link focuses its field itself: a hash navigation would be a navigation for the
 * router, which forgets the action's answer (and with it every error on the page). Without JavaScript
 * the plain `#field` link does it.
 */
const focusField = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
};

/** The summary's lines: the server's message about the whole form, then the fields with an error. */
export function summaryLines({ errors, message, fields }: Pick<ErrorSummaryProps, 'errors' | 'message' | 'fields'>) {
  const byField = Object.entries(errors ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const order = new Map(fields.map(([name], index) => [name, index]));
  const labels = new Map(fields.map(([name, label]) => [name, label]));
  byField.sort(([a], [b]) => (order.get(a) ?? fields.length) - (order.get(b) ?? fields.length));
  const fieldLines = byField.map(([name, text]) => ({ name, label: labels.get(name), text }));
  const general = message || null;
  return { general, fieldLines };
}

/**
 * What a summary shows of a refusal whose message may be a field's own (a module's refusal that names
 * its field: the duplicate process number, a file the summariser cannot read): that message is said
 * beside its field only, the summary linking to the field, so that each message is on the page once.
 * An error of no field of the form (`form`, a hidden id) is the whole form's message instead.
 */
export function refusalForSummary(
  refusal: { errors?: Partial<Record<string, string | undefined>> | null; message?: string | null } | null | undefined,
  fields: ErrorSummaryProps['fields'],
): { errors: Record<string, string>; message: string | null } {
  const known = new Set(fields.map(([name]) => name));
  const errors: Record<string, string> = {};
  const others: string[] = [];
  for (const [name, text] of Object.entries(refusal?.errors ?? {})) {
    if (!text) continue;
    if (known.has(name)) errors[name] = text;
    else others.push(text);
  }
  const own = refusal?.message && !Object.values(errors).includes(refusal.message) ? refusal.message : null;
  return { errors, message: own ?? (refusal?.message ? null : (others[0] ?? null)) };
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
  const ids = new Map(fields.map(([name, , id]) => [name, id ?? name]));
  const hasAnswer = answer !== undefined && answer !== null;

  useEffect(() => {
    if (shown && hasAnswer) ref.current?.focus();
    // Each answer of the server moves the focus again, even with the same messages.
  }, [answer, shown, hasAnswer]);

  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      // A page rendered on the server only focuses it with its own script (app/browser/public-pages.ts).
      data-focus-on-load={hasAnswer ? '' : undefined}
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
                <a href={`#${ids.get(name) ?? name}`} onClick={focusField(ids.get(name) ?? name)} className="underline underline-offset-2 hover:text-red-950">
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

import { formLegendClass, formSectionClass } from './form-styles';

/**
 * A section of checkboxes sent once per checked box under `name` (practice areas, cities): the options
 * in the order given (the catalogue's alphabetical order), in a box that scrolls past 15rem
 * (docs/product-rules.md, Registration), with the field's error tied to the group.
 */
export function CheckboxList({
  legend,
  name,
  options,
  chosen,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { id: string; label: string }[];
  chosen: ReadonlySet<string>;
  error?: string;
}) {
  const errorId = `${name}-erro`;
  return (
    <fieldset className={formSectionClass} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={formLegendClass}>{legend}</legend>
      <div className="grid max-h-60 gap-2 overflow-y-auto rounded-md border border-slate-200 p-3 sm:grid-cols-2">
        {options.map((option, index) => (
          <label key={option.id} className="flex items-center gap-2 text-slate-800">
            {/* The first box carries the list's name as id: an error summary's link lands there. */}
            <input id={index === 0 ? name : undefined} type="checkbox" name={name} value={option.id} defaultChecked={chosen.has(option.id)} className="size-4 accent-brand-700" />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

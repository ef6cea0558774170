/** The look of the long forms (registration, complete and edit profile): one card per section. */
export const formSectionClass = 'space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
export const formLegendClass = 'text-lg font-semibold text-slate-900';
/** A select or textarea styled like TextField's input. */
export const formControlClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700';
export const formLabelClass = 'text-sm font-medium text-slate-800';
export const fieldErrorClass = 'mt-1 text-sm text-red-700';
export const fieldHintClass = 'mt-1 text-sm text-slate-600';

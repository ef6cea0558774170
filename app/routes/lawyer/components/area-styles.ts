/** The lawyer area's button and label styles, shared by its sections and cards. */
export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';
export const termClass = 'text-sm font-semibold text-slate-600';

/**
 * The figure of a back-office card: bold, digits of one width, and wrapping rather than overflowing when
 * a count reaches the whole bar's size (1.550.000) on a phone. The caller adds its size on phones
 * (text-2xl, or text-xl where two cards share a row); from `sm` up every figure is text-3xl.
 */
export const FIGURE_VALUE = 'font-bold text-slate-900 tabular-nums [overflow-wrap:anywhere] sm:text-3xl';

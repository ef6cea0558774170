/**
 * The constants and texts of /admin/leads 'Gerenciar Leads' (docs/product-rules.md,
 * "Back office"). Browser-safe.
 */

/** The longest search text of the list (`?q=`). */
export const ADMIN_LEADS_QUERY_MAX_LENGTH = 100;
/** The message is cut at 50 characters in the list (docs/product-rules.md, "Back office"). */
export const ADMIN_LEAD_MESSAGE_LENGTH = 50;
/** More than this many assigned lawyers collapse behind '+N mais' (docs/product-rules.md, "Back office"). */
export const ADMIN_LEAD_VISIBLE_LAWYERS = 2;

const number = /* @__PURE__ */ new Intl.NumberFormat('pt-BR');

export const ADMIN_LEAD_TEXTS = {
  loaded: (unique: number, total: number) => `${number.format(unique)} leads únicos carregados (${number.format(total)} total)`,
  empty: 'Nenhum lead encontrado',
  retry: 'Tentar novamente',
  loadError: (message: string) => `Erro ao carregar leads: ${message}`,
  more: (hidden: number) => `+${hidden} mais`,
} as const;

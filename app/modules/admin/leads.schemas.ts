import { z } from 'zod';

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

/**
 * The 'Sem advogado' view of /admin/leads (docs/decisions/0044): the client requests no approved lawyer
 * took, oldest first, each with a form that assigns it to an approved lawyer.
 */
export const ADMIN_LEAD_VIEWS = { all: 'todos', waiting: 'sem-advogado' } as const;
export type AdminLeadView = 'all' | 'waiting';

/** The longest lawyer search of a waiting lead (`?busca=`). */
export const WAITING_LEAD_SEARCH_MAX_LENGTH = 100;

export const WAITING_LEAD_TEXTS = {
  tab: 'Sem advogado',
  allTab: 'Todos os leads',
  heading: 'Leads sem advogado',
  intro: 'Pedidos de clientes que nenhum advogado aprovado recebeu, dos que esperam há mais tempo para os mais recentes.',
  count: (n: number) => (n === 1 ? '1 pedido aguardando um advogado' : `${number.format(n)} pedidos aguardando um advogado`),
  empty: 'Nenhum pedido aguardando advogado.',
  assign: 'Atribuir',
  assigned: (nome: string) => `Lead atribuído a ${nome}.`,
  alreadyAssigned: 'Este lead já foi atribuído a um advogado.',
  notApproved: 'Escolha um advogado aprovado.',
  notFound: 'Lead não encontrado. Ele pode ter sido removido pelo cliente.',
  invalidIntent: 'Ação inválida.',
  notAllowed: 'Apenas superadministradores podem atribuir leads.',
} as const;

/** 'Atribuir' posts the intent, the lead and the lawyer chosen; who assigns is the session's superadmin, never a field. */
export const assignLeadSchema = z.object({
  intent: z.literal('atribuir', { message: WAITING_LEAD_TEXTS.invalidIntent }),
  leadId: z.uuid({ message: WAITING_LEAD_TEXTS.notFound }),
  // A user id's shape (better-auth's: letters, digits, '-' and '_'); anything else names no lawyer.
  lawyerId: z.string({ message: WAITING_LEAD_TEXTS.notApproved }).regex(/^[A-Za-z0-9_-]{1,64}$/, { message: WAITING_LEAD_TEXTS.notApproved }),
});
export type AssignLeadInput = z.output<typeof assignLeadSchema>;

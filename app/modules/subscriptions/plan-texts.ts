import { SUBSCRIPTION_PERIOD_MS, type Plan } from '~/domain/catalog/catalog';
import { formatBrl, formatCount } from '~/lib/format-number';

// The plans page's texts (docs/product-rules.md, Plans). Browser-safe and
// without zod: the page's JavaScript needs them, its form's schema stays on the server (subscribe-form.server.ts).

export const PLAN_TEXTS = {
  /** The spec's failure toast; a refusal adds its reason after a colon. */
  failed: 'Erro ao atualizar plano',
  invalidPlan: 'Escolha um dos planos disponíveis.',
  alreadyActive: 'Este já é o seu plano atual.',
  pending: 'Seu perfil ainda está em análise. Você poderá escolher um plano assim que ele for aprovado.',
  rejected: 'Sua conta foi rejeitada e não pode assinar planos. Entre em contato com o suporte para mais informações.',
  suspended: 'Seu perfil está suspenso e não pode assinar planos. Entre em contato com o suporte para reativá-lo.',
  superadmin: 'Superadministradores não assinam planos: esta conta não tem perfil de advogado.',
  noProfile: 'Complete seu perfil de advogado para escolher um plano.',
  signIn: 'Faça login como advogado para assinar um plano.',
} as const;

/** 'Plano {tipo} ativado com sucesso!' (docs/product-rules.md, Plans: subscribing), e.g. 'Plano Premium ativado com sucesso!'. */
export function planActivatedMessage(plan: Pick<Plan, 'tipo'>): string {
  return `Plano ${plan.tipo} ativado com sucesso!`;
}

/**
 * The one sentence about money, said the same way on /planos, in its confirmation, in the lawyer area's
 * Financeiro and beside the back office's expected revenue: nothing is charged yet (docs/product-rules.md,
 * Plans; decision 0045).
 */
export const NO_CHARGE_YET = 'Nenhuma cobrança é feita por enquanto: escolher um plano apenas o ativa, sem pagamento.';

/** The back office's monthly sum of the plans em dia: revenue expected, not money received (nothing is charged yet). */
export const EXPECTED_REVENUE_LABEL = 'Receita prevista';

/** The confirmation before a plan change (decision 0045). */
export const PLAN_CHANGE_TEXTS = {
  title: 'Confirmar mudança de plano',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  /** The form field a confirmed post carries, and its value; a post without it changes nothing. */
  field: 'confirmado',
  value: 'sim',
} as const;

/** 'R$ 997,00/mês'. */
export function planPricePerMonth(plan: Pick<Plan, 'priceBrl'>): string {
  return `${formatBrl(plan.priceBrl)}/mês`;
}

/**
 * What changing from `from` (the plan in effect) to `to` adds or removes, read from the catalogue:
 * the monitored processes and the WhatsApp notifications. Neither changes: one sentence that says so.
 */
export function planChangeLines(from: Plan, to: Plan): string[] {
  const lines: string[] = [];
  if (from.monitoredProcesses !== to.monitoredProcesses) {
    lines.push(`Processos monitorados: de ${formatCount(from.monitoredProcesses)} para ${formatCount(to.monitoredProcesses)}.`);
  }
  if (from.whatsappNotifications !== to.whatsappNotifications) {
    lines.push(
      to.whatsappNotifications
        ? 'Passa a receber notificações por WhatsApp de novos leads e das movimentações dos processos.'
        : 'Deixa de receber notificações por WhatsApp; os avisos de novos leads continuam por e-mail.',
    );
  }
  if (lines.length === 0) lines.push('O monitoramento de processos e as notificações por WhatsApp não mudam.');
  return lines;
}

const SUBSCRIPTION_DAYS = Math.round(SUBSCRIPTION_PERIOD_MS / 86_400_000);

/** How long the new plan runs once confirmed (a subscription: 30 days; gratuito does not end). */
export function planPeriodSentence(plan: Pick<Plan, 'priceBrl' | 'name'>): string {
  return plan.priceBrl > 0 ? `O ${plan.name} vale por ${SUBSCRIPTION_DAYS} dias a partir da confirmação.` : 'O Plano Gratuito não vence.';
}

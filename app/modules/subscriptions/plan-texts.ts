import type { Plan } from '~/domain/catalog/catalog';

// The plans page's texts (docs/product-rules.md, Plans). Browser-safe and
// without zod: the page's JavaScript needs them, its form's schema stays on the server (subscribe-form.server.ts).

export const PLAN_TEXTS = {
  /** The spec's failure toast; a refusal adds its reason after a colon. */
  failed: 'Erro ao atualizar plano',
  invalidPlan: 'Escolha um dos planos disponíveis.',
  alreadyActive: 'Este já é o seu plano atual.',
  pending: 'Seu perfil ainda está em análise. Você poderá escolher um plano assim que ele for aprovado.',
  rejected: 'Sua conta foi rejeitada e não pode assinar planos. Entre em contato com o suporte para mais informações.',
  superadmin: 'Superadministradores não assinam planos: esta conta não tem perfil de advogado.',
  noProfile: 'Complete seu perfil de advogado para escolher um plano.',
  signIn: 'Faça login como advogado para assinar um plano.',
} as const;

/** 'Plano {tipo} ativado com sucesso!' (docs/product-rules.md, Plans: subscribing), e.g. 'Plano Premium ativado com sucesso!'. */
export function planActivatedMessage(plan: Pick<Plan, 'tipo'>): string {
  return `Plano ${plan.tipo} ativado com sucesso!`;
}

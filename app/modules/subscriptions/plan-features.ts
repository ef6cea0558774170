import { PLANS, planAllows, type Plan } from '~/domain/catalog/catalog';
import { formatCount } from '~/lib/format-number';

// What a plan card lists, read from the catalogue and planAllows (docs/product-rules.md, Plans). Browser-safe.

export interface PlanFeature {
  text: string;
  included: boolean;
}

const TOP_LEVEL = Math.max(...PLANS.map((p) => p.level));

export function planFeatures(plan: Plan): PlanFeature[] {
  const allows = planAllows(plan.level);
  return [
    { text: `Até ${formatCount(plan.leadsPerMonth)} leads por mês`, included: true },
    { text: 'Perfil público com WhatsApp e OAB verificada', included: true },
    {
      // Search lists higher plan levels first (docs/product-rules.md, Search).
      text: plan.level === TOP_LEVEL ? 'Máximo destaque na busca' : 'Destaque na busca',
      included: plan.level > 0,
    },
    { text: 'CRM de leads', included: allows.crm },
    { text: allows.monitoring ? `Monitoramento de até ${allows.monitoredProcessesCap} processos` : 'Monitoramento de processos', included: allows.monitoring },
    // Every plan is told of a new lead by e-mail; WhatsApp only where the catalogue says (docs/product-rules.md, Leads).
    { text: 'Aviso de cada novo lead por e-mail', included: true },
    { text: allows.monitoring ? 'Notificações por WhatsApp: novos leads e processos' : 'Notificações por WhatsApp de novos leads', included: allows.whatsappNotifications },
  ];
}

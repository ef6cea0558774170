// Part of the catalogue (catalog.ts re-exports it): browser-safe, no server imports.
// Plans: the one catalogue, used by every screen and the server (docs/product-rules.md, "Plans").
// The database keeps a copy of the levels for search (the trigger of drizzle/0002_search_triggers.sql);
// app/domain/catalog/plan-levels.server.test.ts checks that it agrees with PLANS.

export interface Plan {
  id: 'gratuito' | 'basico' | 'intermediario' | 'premium';
  name: string;
  /** The plan's name without 'Plano ', the spec's {tipo} ('Plano {tipo} ativado com sucesso!'). */
  tipo: string;
  level: 0 | 1 | 2 | 3;
  priceBrl: number;
  leadsPerMonth: number;
  monitoredProcesses: number;
  /**
   * WhatsApp notifications: a message per new lead and per movement of a monitored process, and the
   * messaging settings. Every plan gets an e-mail per new lead (docs/product-rules.md, Leads).
   */
  whatsappNotifications: boolean;
  popular: boolean;
  /** Badge colour of the plan in the lawyer area (Tailwind-free hex, checked for contrast on white text). */
  color: string;
}

export const PLANS: readonly Plan[] = [
  { id: 'gratuito', name: 'Plano Gratuito', tipo: 'Gratuito', level: 0, priceBrl: 0, leadsPerMonth: 5, monitoredProcesses: 0, whatsappNotifications: false, popular: false, color: '#4b5563' },
  { id: 'basico', name: 'Plano Básico', tipo: 'Básico', level: 1, priceBrl: 297, leadsPerMonth: 20, monitoredProcesses: 0, whatsappNotifications: false, popular: false, color: '#1d4ed8' },
  { id: 'intermediario', name: 'Plano Intermediário', tipo: 'Intermediário', level: 2, priceBrl: 497, leadsPerMonth: 50, monitoredProcesses: 5, whatsappNotifications: true, popular: true, color: '#6d28d9' },
  { id: 'premium', name: 'Plano Premium', tipo: 'Premium', level: 3, priceBrl: 997, leadsPerMonth: 150, monitoredProcesses: 20, whatsappNotifications: true, popular: false, color: '#b45309' },
];
export type PlanId = Plan['id'];
export const PLAN_IDS = /* @__PURE__ */ PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/**
 * The lowest plan level with the CRM: every plan has it (docs/product-rules.md, CRM). The placeholder
 * 'Recurso não disponível' is for a level below this one, which no plan has today.
 */
export const CRM_MIN_PLAN_LEVEL = 0;

/** What a plan level gives the lawyer: the one answer every screen and every server check reads. */
export interface PlanAllowance {
  /** The CRM board (every plan). */
  crm: boolean;
  /** Process monitoring: from intermediario (docs/product-rules.md, Plans). */
  monitoring: boolean;
  /** How many processes the lawyer may monitor at once: 0, 0, 5, 20. */
  monitoredProcessesCap: number;
  /** WhatsApp notifications (the messaging settings and their test send). */
  whatsappNotifications: boolean;
}

const NOTHING: PlanAllowance = { crm: false, monitoring: false, monitoredProcessesCap: 0, whatsappNotifications: false };

/**
 * What a plan level allows, read from the catalogue: the level of the lawyer's effective plan
 * (`effectivePlan`: an ended plan is level 0). A level no plan has allows nothing.
 */
export function planAllows(level: number): PlanAllowance {
  const plan = PLANS.find((p) => p.level === level);
  if (!plan) return NOTHING;
  return {
    crm: level >= CRM_MIN_PLAN_LEVEL,
    monitoring: plan.monitoredProcesses > 0,
    monitoredProcessesCap: plan.monitoredProcesses,
    whatsappNotifications: plan.whatsappNotifications,
  };
}

/**
 * The plan levels whose lawyers are told of a new lead by WhatsApp: the one rule that lead routing (in
 * SQL), the messaging card and /planos read (docs/product-rules.md, Leads).
 */
export const WHATSAPP_NOTIFICATION_PLAN_LEVELS: readonly number[] = /* @__PURE__ */ PLANS.filter((p) => p.whatsappNotifications).map((p) => p.level);

/** The plans that include WhatsApp notifications, by name ('Plano Intermediário e Plano Premium'). */
export function plansWithWhatsAppNotifications(): readonly Plan[] {
  return PLANS.filter((p) => p.whatsappNotifications);
}

export function planIncludesCrm(level: number): boolean {
  return planAllows(level).crm;
}

/** A paid plan chosen at registration runs for 7 days; a subscription runs for 30 (docs/product-rules.md). */
export const REGISTRATION_TRIAL_MS = 7 * 24 * 60 * 60 * 1000;
export const SUBSCRIPTION_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

/** Plan level: none or gratuito = 0, basico = 1, intermediario = 2, premium = 3. */
export function planLevel(id: string | null | undefined): Plan['level'] {
  return findPlan(id)?.level ?? 0;
}

/**
 * Whether a plan with this end date has ended by `now`. A paid plan runs until its end date, exclusive:
 * from that instant on it has ended (the lawyer is overdue and search no longer lifts them). A plan with
 * no end date (gratuito) never ends. Search applies the same rule in SQL (`plan_level_until > now()`).
 */
export function planHasEnded(endsAt: Date | null, now: Date = new Date()): boolean {
  return endsAt !== null && endsAt.getTime() <= now.getTime();
}

/** The lawyer's active plan row as stored (lawyer_plans: plan_type, end_date), or none. */
export interface ActivePlanRow {
  planType: string;
  endDate: Date | null;
}

/**
 * The plan a lawyer has in effect: the active plan until its end date, then gratuito, as with no active
 * plan at all. An ended paid plan counts as gratuito everywhere: gates, search order, the plans page
 * (docs/product-rules.md, Plans). Search applies the same rule in SQL.
 */
export function effectivePlan(active: ActivePlanRow | null | undefined, now: Date = new Date()): Plan {
  const plan = active && !planHasEnded(active.endDate, now) ? findPlan(active.planType) : undefined;
  return plan ?? findPlan('gratuito')!;
}

/** The plan a `?plano=` link preselects (gratuito unless it names a known paid plan). */
export function planFromQuery(value: string | null): PlanId {
  return PLAN_IDS.find((plan) => plan === value) ?? 'gratuito';
}

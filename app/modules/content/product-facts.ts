import { formatCount } from '~/lib/format-number';
import { PLANS, REGISTRATION_TRIAL_MS } from '~/domain/catalog/catalog';

// Figures the marketing and legal texts quote, read from the catalogue and the product rules so that
// the texts stay true when those change (docs/decisions/0025).

/** 'R$ 297', as Intl's pt-BR currency without cents writes it, but without Intl (docs/decisions/0028). */
const wholeReais = (reais: number) => `R$\u00a0${formatCount(reais)}`;

/** 'R$ 297': the cheapest paid plan of the catalogue. */
export const LOWEST_PAID_PRICE = wholeReais(Math.min(...PLANS.filter((p) => p.priceBrl > 0).map((p) => p.priceBrl)));
/** 7: the free days of a paid plan chosen at registration, counted from the approval. */
export const TRIAL_DAYS = Math.round(REGISTRATION_TRIAL_MS / 86_400_000);
/** How long the review of a registration usually takes (docs/product-rules.md, Review). */
export const REVIEW_TIME = '24 a 48 horas úteis';
/** 'Gratuito (sem custo), Básico (R$ 297 por mês), …' */
export const PLAN_PRICES = PLANS.map((p) => `${p.tipo} (${p.priceBrl === 0 ? 'sem custo' : `${wholeReais(p.priceBrl)} por mês`})`).join(', ');

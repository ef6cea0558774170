import { z } from 'zod';
import { PLAN_IDS } from '~/domain/catalog/catalog';
import { PLAN_CHANGE_TEXTS, PLAN_TEXTS } from './plan-texts';

// The plans page's subscribe form, checked on the server (docs/product-rules.md, Plans).

/** The longest plan id, the most characters of `plano` echoed back. */
export const PLAN_ID_MAX_LENGTH = Math.max(...PLAN_IDS.map((id) => id.length));

/**
 * The subscribe form: one plan id of the catalogue, and whether the lawyer confirmed the change
 * (`confirmado=sim`, sent by the confirmation's 'Confirmar'). Anything else is not a confirmation: the
 * post then changes nothing and the page asks first (decision 0045).
 */
export const subscribeSchema = z.object({
  plano: z.enum(PLAN_IDS, { message: PLAN_TEXTS.invalidPlan }),
  confirmado: z
    .string()
    .optional()
    .transform((value) => value === PLAN_CHANGE_TEXTS.value),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

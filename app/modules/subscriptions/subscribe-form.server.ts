import { z } from 'zod';
import { PLAN_IDS } from '~/domain/catalog/catalog';
import { PLAN_TEXTS } from './plan-texts';

// The plans page's subscribe form, checked on the server (docs/product-rules.md, Plans).

/** The longest plan id, the most characters of `plano` echoed back. */
export const PLAN_ID_MAX_LENGTH = Math.max(...PLAN_IDS.map((id) => id.length));

/** The subscribe form: one plan id of the catalogue. */
export const subscribeSchema = z.object({
  plano: z.enum(PLAN_IDS, { message: PLAN_TEXTS.invalidPlan }),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

import { describe, expect, test } from 'vitest';
import { findPlan, planAllows, PLANS, WHATSAPP_NOTIFICATION_PLAN_LEVELS } from '~/domain/catalog/catalog';
import { MESSAGING_TEXTS } from '~/modules/messaging/messaging.texts';
import { planFeatures } from './plan-features';

// One rule for who is told of a new lead by WhatsApp: the catalogue's, as /planos, the messaging card
// and lead routing read it (docs/product-rules.md, Leads).

const listed = (id: string, text: string) => planFeatures(findPlan(id)!).find((f) => f.text.startsWith(text));

describe('new-lead notifications by plan', () => {
  test('WhatsApp for Intermediário and Premium only, the levels routing reads', () => {
    expect(WHATSAPP_NOTIFICATION_PLAN_LEVELS).toEqual([2, 3]);
    expect(PLANS.filter((p) => planAllows(p.level).whatsappNotifications).map((p) => p.id)).toEqual(['intermediario', 'premium']);
  });

  test('/planos sells WhatsApp with the same two plans, and the e-mail with every plan', () => {
    for (const plan of PLANS) {
      expect(listed(plan.id, 'Aviso de cada novo lead por e-mail')).toEqual({ text: 'Aviso de cada novo lead por e-mail', included: true });
      expect(listed(plan.id, 'Notificações por WhatsApp')?.included).toBe(WHATSAPP_NOTIFICATION_PLAN_LEVELS.includes(plan.level));
    }
    expect(listed('premium', 'Notificações por WhatsApp')?.text).toBe('Notificações por WhatsApp: novos leads e processos');
  });

  test('the messaging card names the plans from the catalogue', () => {
    expect(MESSAGING_TEXTS.notInPlan).toBe('As notificações por WhatsApp fazem parte dos planos Intermediário e Premium.');
  });
});

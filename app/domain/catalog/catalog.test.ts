import { describe, expect, test } from 'vitest';
import { CITIES, CITIES_BY_LABEL, cityLabel, effectivePlan, findPlan, PLANS, planAllows, planHasEnded, planLevel, PRACTICE_AREAS, PRACTICE_AREAS_BY_LABEL, practiceAreaLabel, sortByLabel } from './catalog';
import { STATES } from './states';

describe('catalogue', () => {
  test('16 practice areas with Direito labels, except Propriedade Intelectual and Arbitragem e Mediação', () => {
    expect(PRACTICE_AREAS).toHaveLength(16);
    const notDireito = PRACTICE_AREAS.filter((a) => !a.label.startsWith('Direito ')).map((a) => a.label);
    expect(notDireito.sort()).toEqual(['Arbitragem e Mediação', 'Propriedade Intelectual']);
  });

  test('44 cities: the 27 capitals and 17 large cities, ids like sp_sao_paulo, labels like São Paulo - SP', () => {
    expect(CITIES).toHaveLength(44);
    expect(new Set(CITIES.map((c) => c.state)).size).toBe(27);
    const saoPaulo = CITIES.find((c) => c.id === 'sp_sao_paulo');
    expect(saoPaulo?.label).toBe('São Paulo - SP');
    for (const id of ['rj_rio_de_janeiro', 'df_brasilia', 'mg_belo_horizonte', 'sp_campinas', 'sp_santos', 'sc_joinville', 'pr_londrina', 'rs_caxias_do_sul']) {
      expect(CITIES.some((c) => c.id === id), id).toBe(true);
    }
  });

  test('lists are sorted alphabetically by label, accents ignored', () => {
    const labels = CITIES_BY_LABEL.map((c) => c.label);
    expect(labels[0]).toBe('Aracaju - SE');
    expect(labels.indexOf('Belém - PA')).toBeLessThan(labels.indexOf('Belo Horizonte - MG'));
    expect(PRACTICE_AREAS_BY_LABEL[0]?.label).toBe('Arbitragem e Mediação');
    expect(PRACTICE_AREAS_BY_LABEL.at(-1)?.label).toBe('Propriedade Intelectual');
  });

  test('the order without Intl is the pt-BR collator’s for every catalogue list', () => {
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
    const byCollator = <T extends { label: string }>(items: readonly T[]) => [...items].sort((a, b) => collator.compare(a.label, b.label)).map((x) => x.label);
    expect(CITIES_BY_LABEL.map((c) => c.label)).toEqual(byCollator(CITIES));
    expect(PRACTICE_AREAS_BY_LABEL.map((a) => a.label)).toEqual(byCollator(PRACTICE_AREAS));
    const states = Object.values(STATES).map((label) => ({ label }));
    expect(sortByLabel(states).map((s) => s.label)).toEqual(byCollator(states));
  });

  test('unknown codes are prettified instead of hidden', () => {
    expect(practiceAreaLabel('familia')).toBe('Direito de Família');
    expect(practiceAreaLabel('direito_esportivo')).toBe('Direito Esportivo');
    expect(cityLabel('sp_sao_paulo')).toBe('São Paulo - SP');
    expect(cityLabel('ba_vitoria_da_conquista')).toBe('Vitoria Da Conquista - BA');
  });

  test('plans follow docs/product-rules.md: prices, levels, quotas and monitoring caps', () => {
    expect(PLANS.map((p) => [p.id, p.level, p.priceBrl, p.leadsPerMonth, p.monitoredProcesses])).toEqual([
      ['gratuito', 0, 0, 5, 0],
      ['basico', 1, 297, 20, 0],
      ['intermediario', 2, 497, 50, 5],
      ['premium', 3, 997, 150, 20],
    ]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['intermediario']);
    expect(planLevel(undefined)).toBe(0);
    expect(planLevel('premium')).toBe(3);
  });

  test('a plan has ended from its end date on; a plan without one never ends', () => {
    const endsAt = new Date('2025-03-10T12:00:00Z');
    expect(planHasEnded(endsAt, new Date('2025-03-10T11:59:59.999Z'))).toBe(false);
    expect(planHasEnded(endsAt, endsAt)).toBe(true);
    expect(planHasEnded(endsAt, new Date('2025-04-01T00:00:00Z'))).toBe(true);
    expect(planHasEnded(null, new Date('2100-01-01T00:00:00Z'))).toBe(false);
  });

  test('what each plan level allows: the CRM on every plan, monitoring 0/0/5/20, notifications from intermediario', () => {
    expect([0, 1, 2, 3].map(planAllows)).toEqual([
      { crm: true, monitoring: false, monitoredProcessesCap: 0, whatsappNotifications: false },
      { crm: true, monitoring: false, monitoredProcessesCap: 0, whatsappNotifications: false },
      { crm: true, monitoring: true, monitoredProcessesCap: 5, whatsappNotifications: true },
      { crm: true, monitoring: true, monitoredProcessesCap: 20, whatsappNotifications: true },
    ]);
    // A level no plan has allows nothing.
    expect(planAllows(-1)).toEqual({ crm: false, monitoring: false, monitoredProcessesCap: 0, whatsappNotifications: false });
    expect(planAllows(7).crm).toBe(false);
  });

  test('the plan in effect: the active plan until it ends, then gratuito, as with no plan', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    const gratuito = findPlan('gratuito');
    expect(effectivePlan({ planType: 'premium', endDate: new Date('2025-03-11T00:00:00Z') }, now)).toBe(findPlan('premium'));
    expect(effectivePlan({ planType: 'premium', endDate: now }, now)).toBe(gratuito);
    expect(effectivePlan({ planType: 'basico', endDate: new Date('2025-01-01T00:00:00Z') }, now)).toBe(gratuito);
    expect(effectivePlan({ planType: 'gratuito', endDate: null }, now)).toBe(gratuito);
    expect(effectivePlan(null, now)).toBe(gratuito);
    expect(effectivePlan({ planType: 'ouro', endDate: null }, now)).toBe(gratuito);
    expect(PLANS.map((p) => p.tipo)).toEqual(['Gratuito', 'Básico', 'Intermediário', 'Premium']);
  });
});

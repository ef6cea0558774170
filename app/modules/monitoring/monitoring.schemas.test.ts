import { describe, expect, test } from 'vitest';
import { createMonitoringSchema, MONITORING_TEXTS } from './monitoring.schemas';

const firstMessage = (input: Record<string, unknown>) => {
  const result = createMonitoringSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the monitoring form', () => {
  test('a valid number, with the court and frequency chosen or left to their defaults', () => {
    expect(createMonitoringSchema.parse({ numero: ' 0018063-19.2013.8.26.0002 ', tribunal: 'TJSP', frequencia: 'SEMANAL' })).toEqual({
      numero: '0018063-19.2013.8.26.0002',
      tribunal: 'TJSP',
      frequencia: 'SEMANAL',
    });
    expect(createMonitoringSchema.parse({ numero: '0018063-19.2013.8.26.0002', tribunal: 'todos' })).toEqual({ numero: '0018063-19.2013.8.26.0002', tribunal: null, frequencia: 'DIARIA' });
    expect(createMonitoringSchema.parse({ numero: '0018063-19.2013.8.26.0002' }).tribunal).toBeNull();
  });

  test('the spec’s messages: too short, too long, off the pattern, wrong check digits', () => {
    expect(firstMessage({ numero: '0018063-19.2013' })).toBe(MONITORING_TEXTS.invalidNumber);
    expect(firstMessage({})).toBe(MONITORING_TEXTS.invalidNumber);
    expect(firstMessage({ numero: '0018063-19.2013.8.26.00021' })).toBe(MONITORING_TEXTS.numberTooLong);
    expect(firstMessage({ numero: '00180631920138260002' })).toBe('Número do processo fora do padrão CNJ.');
    expect(firstMessage({ numero: '0018063-18.2013.8.26.0002' })).toBe('Dígito verificador não confere: confira o número.');
  });

  test('a court outside the list and a frequency outside the two are refused', () => {
    expect(firstMessage({ numero: '0018063-19.2013.8.26.0002', tribunal: 'TJXX' })).toBe('Escolha um tribunal da lista');
    expect(firstMessage({ numero: '0018063-19.2013.8.26.0002', frequencia: 'MENSAL' })).toBe('Escolha a frequência: diária ou semanal');
  });
});

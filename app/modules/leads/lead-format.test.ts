import { describe, expect, test } from 'vitest';
import { formatReceivedAt, groupLeadsByStage, leadMailtoUrl, leadPreview, leadWhatsAppUrl, relativeTimePtBr } from './lead-format';

describe('how a lead card reads', () => {
  test('the preview is cut at 100 characters with an ellipsis, and only when longer', () => {
    const long = 'a'.repeat(99) + ' bcdef';
    expect(leadPreview(long)).toBe('a'.repeat(99) + '...');
    expect(leadPreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(leadPreview('  curta  ')).toBe('curta');
    expect(leadPreview(null)).toBe('');
  });

  test('how long ago, in Portuguese, in whole units', () => {
    const now = new Date('2025-03-10T15:00:00Z');
    const ago = (ms: number) => relativeTimePtBr(new Date(now.getTime() - ms), now);
    expect(ago(20_000)).toBe('agora mesmo');
    expect(ago(60_000)).toBe('há 1 minuto');
    expect(ago(5 * 60_000)).toBe('há 5 minutos');
    expect(ago(2 * 3_600_000 + 59 * 60_000)).toBe('há 2 horas');
    expect(ago(26 * 3_600_000)).toBe('ontem');
    expect(ago(3 * 86_400_000)).toBe('há 3 dias');
    expect(ago(45 * 86_400_000)).toBe('mês passado');
    expect(ago(800 * 86_400_000)).toBe('há 2 anos');
    // A clock a little behind the server never says 'em 1 minuto'.
    expect(relativeTimePtBr(new Date(now.getTime() + 90_000), now)).toBe('agora mesmo');
  });

  test('the words are Intl.RelativeTimeFormat’s, for every count of every unit', () => {
    const intl = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });
    const now = new Date('2025-03-10T15:00:00Z');
    const units = [
      ['minute', 60, 59],
      ['hour', 3_600, 23],
      ['day', 86_400, 29],
      ['month', 30 * 86_400, 12],
      ['year', 365 * 86_400, 30],
    ] as const;
    for (const [unit, seconds, max] of units) {
      for (let n = 1; n <= max; n++) {
        expect(relativeTimePtBr(new Date(now.getTime() - n * seconds * 1000), now), `${n} ${unit}`).toBe(intl.format(-n, unit));
      }
    }
  });

  test('the received date is São Paulo time with two-digit fields', () => {
    expect(formatReceivedAt(new Date('2025-03-05T12:07:00Z'))).toBe('05/03/2025 às 09:07');
    expect(formatReceivedAt(new Date('2025-01-01T02:30:00Z'))).toBe('31/12/2024 às 23:30');
  });

  test('WhatsApp opens a chat with the digits of the phone, Email a mail link', () => {
    expect(leadWhatsAppUrl('5511987654321')).toBe('https://wa.me/5511987654321');
    expect(leadWhatsAppUrl('11987654321')).toBe('https://wa.me/5511987654321');
    expect(leadMailtoUrl('maria@exemplo.com.br')).toBe('mailto:maria@exemplo.com.br');
  });
});

describe('the columns of the board', () => {
  test('each lead in its stage, in the given order; without a stage (or one gone), in the first', () => {
    const leads = [
      { id: 'a', stageId: 's2' },
      { id: 'b', stageId: null },
      { id: 'c', stageId: 's1' },
      { id: 'd', stageId: 'apagada' },
    ];
    const columns = groupLeadsByStage(['s1', 's2', 's3'], leads);
    expect([...columns].map(([stage, list]) => [stage, list.map((l) => l.id)])).toEqual([
      ['s1', ['b', 'c', 'd']],
      ['s2', ['a']],
      ['s3', []],
    ]);
    expect(groupLeadsByStage([], leads).size).toBe(0);
  });
});

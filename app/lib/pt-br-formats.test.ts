import { describe, expect, test } from 'vitest';
import { formatCalendarDate, formatDateTimeSaoPaulo, formatLongDateSaoPaulo } from './format-date';
import { formatBrl, formatCount } from './format-number';

// The hand-written pt-BR formats the browser uses while it hydrates must read exactly as Intl's.

describe('pt-BR formats without Intl', () => {
  const counts = [0, 1, 7, 42, 999, 1_000, 1_234, 9_999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 1_234_567, 123_456_789, -1, -1_500, -1_234_567];
  const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
  const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

  test.each(counts)('formatCount(%d) is Intl’s', (n) => expect(formatCount(n)).toBe(count.format(n)));
  test('formatCount rounds like Intl', () => {
    for (const n of [0.4, 0.5, 1.5, 2.5, 1234.49, 1234.5, -0.4]) expect(formatCount(n), String(n)).toBe(count.format(n).replace(/^-0$/, '0'));
  });
  test.each([0, 0.5, 1, 29.9, 197, 297, 497, 997, 1_234.5, 12_345.67, 1_000_000, -297.5])('formatBrl(%d) is Intl’s', (n) => expect(formatBrl(n)).toBe(brl.format(n)));

  test('formatCalendarDate is Intl’s long date for every month and both ends of a month', () => {
    const long = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(formatCalendarDate(iso)).toBe(long.format(new Date(`${iso}T00:00:00Z`)));
        expect(formatCalendarDate(`${iso}T23:59:59-03:00`)).toBe(long.format(new Date(`${iso}T00:00:00Z`)));
      }
    }
  });

  test('formatLongDateSaoPaulo names the São Paulo day of an instant', () => {
    expect(formatLongDateSaoPaulo(new Date('2026-03-01T02:00:00Z'))).toBe('28 de fevereiro de 2026');
    expect(formatLongDateSaoPaulo('2026-03-01T03:00:00Z')).toBe('1 de março de 2026');
  });

  test('formatDateTimeSaoPaulo writes dd/MM/yyyy HH:mm in São Paulo time', () => {
    expect(formatDateTimeSaoPaulo(new Date('2025-03-05T12:07:00Z'))).toBe('05/03/2025 09:07');
    expect(formatDateTimeSaoPaulo('2025-01-01T02:30:00Z')).toBe('31/12/2024 23:30');
    expect(formatDateTimeSaoPaulo('2025-06-01T03:00:00Z')).toBe('01/06/2025 00:00');
  });
});

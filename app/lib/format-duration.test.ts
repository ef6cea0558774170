import { expect, test } from 'vitest';
import { formatDurationPtBr } from './format-duration';

test('durations read as a Brazilian writes them', () => {
  expect(formatDurationPtBr(20)).toBe('menos de 1 min');
  expect(formatDurationPtBr(45 * 60)).toBe('45 min');
  expect(formatDurationPtBr(2 * 3600 + 5)).toBe('2 h');
  expect(formatDurationPtBr(2 * 3600 + 15 * 60)).toBe('2 h 15 min');
  expect(formatDurationPtBr(28 * 3600)).toBe('1 dia 4 h');
  expect(formatDurationPtBr(48 * 3600)).toBe('2 dias');
  expect(formatDurationPtBr(3 * 86400 + 3600)).toBe('3 dias');
});

import { describe, expect, test } from 'vitest';
import { languageLabels, lawyerTitle, saoPauloYear, yearsOfPracticeText } from './profile-details';

describe('practice details as the profile says them', () => {
  test("the title is 'Advogada' only when chosen; anything else reads 'Advogado'", () => {
    expect(lawyerTitle('advogada')).toBe('Advogada');
    expect(lawyerTitle('advogado')).toBe('Advogado');
    expect(lawyerTitle(null)).toBe('Advogado');
  });

  test('years of practice from the year of first inscription', () => {
    expect(yearsOfPracticeText(2014, 2026)).toBe('12 anos de advocacia');
    expect(yearsOfPracticeText(2025, 2026)).toBe('1 ano de advocacia');
    expect(yearsOfPracticeText(2026, 2026)).toBe('Menos de 1 ano de advocacia');
    // A year ahead of the clock (a server behind by a day at New Year) is never negative.
    expect(yearsOfPracticeText(2027, 2026)).toBe('Menos de 1 ano de advocacia');
  });

  test("languages in the catalogue's order, unknown ones left out", () => {
    expect(languageLabels(['ingles', 'klingon', 'portugues'])).toEqual(['Português', 'Inglês']);
  });

  test("the year is São Paulo's: 02:00 UTC on 1 January is still the old year there", () => {
    expect(saoPauloYear(new Date('2027-01-01T02:00:00Z'))).toBe(2026);
    expect(saoPauloYear(new Date('2027-01-01T03:00:00Z'))).toBe(2027);
  });
});

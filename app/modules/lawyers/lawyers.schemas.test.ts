import { describe, expect, test } from 'vitest';
import { lawyerSlugOrIdSchema, lawyerSlugSchema, parseSearchFilters, searchHref as searchHrefFromSchemas } from './lawyers.schemas';
import { resultCountText, searchHref } from './search-links';
import { rotationStart, saoPauloDayNumber } from './search-order';

describe('search filters in the URL', () => {
  test('known filters are kept', () => {
    expect(parseSearchFilters(new URLSearchParams('area=familia&cidade=pr_curitiba&pagina=2'))).toEqual({ area: 'familia', cidade: 'pr_curitiba', pagina: 2 });
  });

  test('unknown values and the all option are ignored, never an error', () => {
    expect(parseSearchFilters(new URLSearchParams('area=astrologia&cidade=xx_atlantida&pagina=-3'))).toEqual({ area: undefined, cidade: undefined, pagina: 1 });
    expect(parseSearchFilters(new URLSearchParams('area=&cidade=&pagina=abc'))).toEqual({ area: undefined, cidade: undefined, pagina: 1 });
    expect(parseSearchFilters(new URLSearchParams('area=__proto__&pagina=1e9'))).toMatchObject({ area: undefined, pagina: 1 });
  });

  test('only plain decimal digits are a page number; anything else is page 1', () => {
    const page = (value: string) => parseSearchFilters(new URLSearchParams({ pagina: value })).pagina;
    expect(page('2')).toBe(2);
    expect(page('10000')).toBe(10_000);
    expect(parseSearchFilters(new URLSearchParams('pagina=%202')).pagina).toBe(1);
    for (const value of ['0x10', '1e1', ' 2', '2 ', '-1', '+2', '0', '02', '2.0', '2.5', '', '10001', '99999', '100000', '١٢', 'Infinity', '2\n']) {
      expect(page(value), JSON.stringify(value)).toBe(1);
    }
    expect(parseSearchFilters(new URLSearchParams('area=familia')).pagina).toBe(1);
  });

  test('a search is a link with only the filters that are set', () => {
    expect(searchHref({ area: 'familia', pagina: 1 })).toBe('/busca?area=familia');
    expect(searchHref({ cidade: 'sp_santos', pagina: 3 }, '/advogado')).toBe('/advogado?cidade=sp_santos&pagina=3');
    expect(searchHref({})).toBe('/busca');
    expect(searchHrefFromSchemas).toBe(searchHref);
  });

  test('count text is singular for one and plural otherwise', () => {
    expect(resultCountText(1)).toBe('1 advogado encontrado');
    expect(resultCountText(2)).toBe('2 advogados encontrados');
    expect(resultCountText(1234)).toBe('1.234 advogados encontrados');
  });
});

describe('profile slugs and ids in URLs', () => {
  test('a slug is lowercase letters, digits and hyphens, at most 100 characters', () => {
    for (const ok of ['analuciaprado', 'carloseduardolima1', 'joao-silva', 'a'.repeat(100)]) expect(lawyerSlugSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', '\u0000', 'a%00', 'Ana Silva', 'AnaSilva', 'ana_silva', 'joão', 'ana\n', '../etc', 'a'.repeat(101), 'a'.repeat(200)]) {
      expect(lawyerSlugSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  test('a slug or id also accepts better-auth ids (mixed case and underscores)', () => {
    for (const ok of ['analuciaprado', 'Xk3_9aZ-Qp0rT7', 'a1b2c3d4e5f60718293a4b5c6d7e8f90']) expect(lawyerSlugOrIdSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', '\u0000', 'a%00', 'Ana Silva', 'ana.silva', 'x'.repeat(101)]) {
      expect(lawyerSlugOrIdSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('daily rotation', () => {
  test('the day follows São Paulo time, not UTC', () => {
    // 01:30 UTC on the 2nd is still 22:30 on the 1st in São Paulo.
    expect(saoPauloDayNumber(new Date('2025-06-02T01:30:00Z'))).toBe(saoPauloDayNumber(new Date('2025-06-01T12:00:00Z')));
    expect(saoPauloDayNumber(new Date('2025-06-02T04:00:00Z'))).toBe(saoPauloDayNumber(new Date('2025-06-01T12:00:00Z')) + 1);
  });

  test('the start is stable within a day and moves every day, spread over the whole circle', () => {
    expect(rotationStart(new Date('2025-06-01T10:00:00-03:00'))).toBe(rotationStart(new Date('2025-06-01T23:59:00-03:00')));
    const starts = Array.from({ length: 30 }, (_, d) => rotationStart(new Date(Date.UTC(2025, 5, 1 + d, 15))));
    expect(new Set(starts).size).toBe(30);
    // Every tenth of the circle is visited within 30 days.
    const tenths = new Set(starts.map((s) => Math.floor((s / 2147483647) * 10)));
    expect(tenths.size).toBe(10);
  });
});

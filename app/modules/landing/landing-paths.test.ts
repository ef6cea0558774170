import { describe, expect, test } from 'vitest';
import { CITIES, PRACTICE_AREAS } from '~/domain/catalog/catalog';
import { areaIdFromSlug, areaSlug, cityFromSlug, citySlug, landingPath } from './landing-paths';

describe('landing page URLs', () => {
  test('every area and city has its own slug, and no area slug is a city slug', () => {
    const areaSlugs = PRACTICE_AREAS.map((a) => areaSlug(a.id));
    const citySlugs = CITIES.map(citySlug);
    expect(new Set(areaSlugs).size).toBe(PRACTICE_AREAS.length);
    expect(new Set(citySlugs).size).toBe(CITIES.length);
    expect(areaSlugs.filter((s) => citySlugs.includes(s))).toEqual([]);
    for (const slug of [...areaSlugs, ...citySlugs]) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    // A city slug ends in its state; no area slug ends in a two-letter word.
    for (const slug of citySlugs) expect(slug).toMatch(/-[a-z]{2}$/);
    for (const slug of areaSlugs) expect(slug).not.toMatch(/-[a-z]{2}$/);
  });

  test('slugs read back to the catalogue', () => {
    expect(areaSlug('familia')).toBe('direito-de-familia');
    expect(areaSlug('arbitragem')).toBe('arbitragem-e-mediacao');
    expect(areaSlug('propriedade_intelectual')).toBe('propriedade-intelectual');
    expect(areaIdFromSlug('direito-do-trabalho')).toBe('trabalho');
    expect(cityFromSlug('sao-jose-dos-campos-sp')?.id).toBe('sp_sao_jose_dos_campos');
    expect(cityFromSlug('curitiba')).toBeUndefined();
    expect(areaIdFromSlug('familia')).toBeUndefined();
    for (const area of PRACTICE_AREAS) expect(areaIdFromSlug(areaSlug(area.id))).toBe(area.id);
    for (const city of CITIES) expect(cityFromSlug(citySlug(city))).toBe(city);
  });

  test('paths', () => {
    expect(landingPath({ area: 'familia', cidade: 'pr_curitiba' })).toBe('/advogados/direito-de-familia/curitiba-pr');
    expect(landingPath({ area: 'penal' })).toBe('/advogados/direito-penal');
    expect(landingPath({ cidade: 'df_brasilia' })).toBe('/advogados/brasilia-df');
    expect(() => landingPath({})).toThrow();
  });
});

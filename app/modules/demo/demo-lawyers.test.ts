import { describe, expect, test } from 'vitest';
import {
  CITIES,
  findCity,
  isCityId,
  isPracticeAreaId,
  LAWYER_STATUSES,
  PLAN_IDS,
  PRACTICE_AREAS,
  STATE_CODES,
} from '~/domain/catalog/catalog';
import { generateDemoLawyers } from './demo-lawyers';

/** How a bio names an area: 'Direito de família', 'propriedade intelectual'. */
function areaPhrase(id: string): string {
  const label = PRACTICE_AREAS.find((a) => a.id === id)?.label ?? '';
  return label.startsWith('Direito ') ? `Direito ${label.slice('Direito '.length).toLowerCase()}` : label.toLowerCase();
}

describe('generateDemoLawyers', () => {
  test('is deterministic for a seed; another seed gives another list', () => {
    expect(generateDemoLawyers(120, 42)).toEqual(generateDemoLawyers(120, 42));
    expect(generateDemoLawyers(50)).toEqual(generateDemoLawyers(50));
    const a = generateDemoLawyers(120, 1);
    const b = generateDemoLawyers(120, 2);
    expect(a).not.toEqual(b);
    expect(a.filter((l, i) => l.nome === b[i]?.nome).length).toBeLessThan(10);
  });

  test('small counts are all approved; 0 gives an empty list', () => {
    expect(generateDemoLawyers(0)).toEqual([]);
    for (const count of [1, 5, 19]) {
      const lawyers = generateDemoLawyers(count);
      expect(lawyers).toHaveLength(count);
      expect(lawyers.every((l) => l.status === 'approved')).toBe(true);
    }
    const twenty = generateDemoLawyers(20);
    expect(twenty.filter((l) => l.status === 'pending')).toHaveLength(4);
    expect(twenty.filter((l) => l.status === 'rejected')).toHaveLength(3);
  });

  describe('120 demo lawyers', () => {
    const lawyers = generateDemoLawyers(120);

    test('4 pending and 3 rejected, spread over the list; the rest approved', () => {
      expect(lawyers).toHaveLength(120);
      expect(lawyers.filter((l) => l.status === 'pending')).toHaveLength(4);
      expect(lawyers.filter((l) => l.status === 'rejected')).toHaveLength(3);
      expect(lawyers.filter((l) => l.status === 'approved')).toHaveLength(113);
      const special = lawyers.flatMap((l, i) => (l.status === 'approved' ? [] : [i]));
      expect(special[0]).toBeLessThan(40);
      expect(special.at(-1)).toBeGreaterThan(80);
    });

    test('every city of the catalogue has an approved lawyer based there', () => {
      const covered = new Set(lawyers.filter((l) => l.status === 'approved').map((l) => l.cities[0]));
      expect(CITIES.filter((c) => !covered.has(c.id)).map((c) => c.id)).toEqual([]);
    });

    test('every id is in the catalogue; areas and cities are 1-3 distinct entries', () => {
      for (const l of lawyers) {
        expect(l.areas.length, l.email).toBeGreaterThanOrEqual(1);
        expect(l.areas.length, l.email).toBeLessThanOrEqual(3);
        expect(new Set(l.areas).size, l.email).toBe(l.areas.length);
        expect(l.areas.every(isPracticeAreaId), l.email).toBe(true);
        expect(l.cities.length, l.email).toBeGreaterThanOrEqual(1);
        expect(l.cities.length, l.email).toBeLessThanOrEqual(3);
        expect(new Set(l.cities).size, l.email).toBe(l.cities.length);
        expect(l.cities.every(isCityId), l.email).toBe(true);
        expect(STATE_CODES).toContain(l.oabUf);
        expect(PLAN_IDS).toContain(l.plan);
        expect(LAWYER_STATUSES).toContain(l.status);
        expect(Number.isInteger(l.yearsOfPractice) && l.yearsOfPractice >= 2 && l.yearsOfPractice <= 35, l.email).toBe(true);
        expect(Number.isInteger(l.createdDaysAgo) && l.createdDaysAgo >= 0 && l.createdDaysAgo <= 400, l.email).toBe(true);
      }
    });

    test('the OAB state and the WhatsApp DDD follow the first city', () => {
      for (const l of lawyers) {
        const city = findCity(l.cities[0] ?? '');
        expect(city, l.email).toBeDefined();
        expect(l.oabUf, l.email).toBe(city?.state);
        expect(l.whatsapp, l.email).toMatch(/^\d{13}$/);
        expect(l.whatsapp.startsWith(`55${city?.ddd}9`), l.email).toBe(true);
        expect(l.numeroOab, l.email).toMatch(/^\d{5,6}$/);
      }
      expect(new Set(lawyers.map((l) => `${l.oabUf}:${l.numeroOab}`)).size).toBe(120);
    });

    test('bios: 180-600 characters, 2-4 sentences, naming the areas and the years of practice, all different', () => {
      for (const l of lawyers) {
        expect(l.biografia.length, l.biografia).toBeGreaterThanOrEqual(180);
        expect(l.biografia.length, l.biografia).toBeLessThanOrEqual(600);
        const sentences = l.biografia.split(/(?<=\.) (?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ])/);
        expect(sentences.length, l.biografia).toBeGreaterThanOrEqual(2);
        expect(sentences.length, l.biografia).toBeLessThanOrEqual(4);
        expect(l.biografia, l.biografia).toContain(`${l.yearsOfPractice} anos`);
        for (const area of l.areas) expect(l.biografia, l.biografia).toContain(areaPhrase(area));
      }
      expect(new Set(lawyers.map((l) => l.biografia)).size).toBe(120);
      // The opening sentences come from several templates, not one.
      expect(new Set(lawyers.map((l) => l.biografia.split(' ').slice(0, 2).join(' '))).size).toBeGreaterThanOrEqual(5);
    });

    test('names are realistic and varied; emails are unique lowercase ASCII at exemplo.adv.br', () => {
      expect(new Set(lawyers.map((l) => l.nome)).size).toBeGreaterThanOrEqual(110);
      for (const l of lawyers) {
        expect(l.nome, l.nome).toMatch(/^\p{Lu}\p{Ll}+( \p{Lu}\p{Ll}+){1,2}$/u);
        expect(l.nome).not.toMatch(/^Dra?\.?\s/);
        expect(l.email).toMatch(/^[a-z0-9.]+@exemplo\.adv\.br$/);
      }
      expect(new Set(lawyers.map((l) => l.email)).size).toBe(120);
    });
  });

  // How fast 100,000 are generated is measured by `npm run bench` (seed time), not asserted here: a
  // timing assertion in the test suite fails on a busy machine.
  test('100,000 lawyers with unique emails and unique OAB registrations', () => {
    const lawyers = generateDemoLawyers(100_000);
    expect(lawyers).toHaveLength(100_000);

    expect(new Set(lawyers.map((l) => l.email)).size).toBe(100_000);
    expect(new Set(lawyers.map((l) => `${l.oabUf}:${l.numeroOab}`)).size).toBe(100_000);
    expect(lawyers.every((l) => /^\d{5,6}$/.test(l.numeroOab))).toBe(true);
    expect(lawyers.filter((l) => l.status === 'pending')).toHaveLength(4);
    expect(lawyers.filter((l) => l.status === 'rejected')).toHaveLength(3);

    // Mostly free plans, and the big cities lead.
    const free = lawyers.filter((l) => l.plan === 'gratuito').length / lawyers.length;
    expect(free).toBeGreaterThan(0.5);
    expect(free).toBeLessThan(0.6);
    const perCity = new Map<string, number>();
    for (const l of lawyers) perCity.set(l.cities[0] ?? '', (perCity.get(l.cities[0] ?? '') ?? 0) + 1);
    const top = [...perCity].sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(top).toBe('sp_sao_paulo');
  }, 20_000);

  test("practice details: every woman 'advogada', Portuguese for everyone, an office in the first city, education as the biography tells it", () => {
    const lawyers = generateDemoLawyers(120);
    for (const l of lawyers) {
      expect(l.idiomas[0]).toBe('portugues');
      if (l.escritorioCidade) expect(l.escritorioCidade).toBe(l.cities[0]);
      expect(Boolean(l.escritorioBairro)).toBe(Boolean(l.escritorioCidade));
      if (l.formacao) expect(l.biografia).toContain(/^Direito (?:pela|pelo) ([^;]+)/.exec(l.formacao)![1]!);
    }
    expect(lawyers.filter((l) => l.titulo === 'advogada').length).toBeGreaterThan(30);
    expect(lawyers.some((l) => l.idiomas.includes('ingles'))).toBe(true);
    expect(lawyers.some((l) => l.atendeOnline) && lawyers.some((l) => !l.atendeOnline)).toBe(true);
  });
});

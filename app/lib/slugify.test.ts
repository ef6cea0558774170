import { describe, expect, test } from 'vitest';
import { assignFreeSlugs, pickFreeSlug, slugBase } from './slugify';

describe('profile slugs', () => {
  test('strip accents, punctuation and spaces, and lowercase', () => {
    expect(slugBase('João da Silva')).toBe('joaodasilva');
    expect(slugBase("Maria D'Ávila-Ramos Jr.")).toBe('mariadavilaramosjr');
    expect(slugBase('  Conceição  Brandão ')).toBe('conceicaobrandao');
  });

  test('a name with no letters or digits still gets a usable slug', () => {
    expect(slugBase('— ——')).toBe('advogado');
  });

  test('a taken slug gets the smallest free positive integer', () => {
    expect(pickFreeSlug('anasilva', [])).toBe('anasilva');
    expect(pickFreeSlug('anasilva', ['anasilva'])).toBe('anasilva1');
    expect(pickFreeSlug('anasilva', ['anasilva', 'anasilva1', 'anasilva3'])).toBe('anasilva2');
    expect(pickFreeSlug('anasilva', ['anasilvafreitas'])).toBe('anasilva');
  });

  test('many names at once: the same rule, names of the batch included', () => {
    expect(assignFreeSlugs(['Ana Silva', 'Ana Silva', 'Bruno Reis', 'Ana Silva'], ['anasilva', 'anasilva2'])).toEqual(['anasilva1', 'anasilva3', 'brunoreis', 'anasilva4']);
    const names = Array.from({ length: 5_000 }, (_, i) => (i % 2 ? 'João Souza' : 'Maria Lima'));
    const slugs = assignFreeSlugs(names, []);
    expect(new Set(slugs).size).toBe(5_000);
    expect(slugs.slice(0, 4)).toEqual(['marialima', 'joaosouza', 'marialima1', 'joaosouza1']);
  });
});

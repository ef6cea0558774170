import { describe, expect, test } from 'vitest';
import { pickFreeSlug, slugBase } from './slugify';

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
});

/**
 * The profile slug rule (docs/product-rules.md, Lawyers): lowercase, accents stripped, anything but letters,
 * digits and spaces dropped, spaces removed. 'João da Silva' -> 'joaodasilva'.
 */
export function slugBase(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/ +/g, '');
  return slug || 'advogado';
}

/**
 * The base slug if free, else the base followed by the smallest free positive integer among the
 * slugs already taken with that prefix ('joaosilva', 'joaosilva1', 'joaosilva2', ...).
 */
export function pickFreeSlug(base: string, takenWithPrefix: Iterable<string>): string {
  const taken = new Set(takenWithPrefix);
  if (!taken.has(base)) return base;
  for (let n = 1; ; n++) {
    if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  }
}

/**
 * Free slugs for several names at once, in order, each by pickFreeSlug's rule against what is taken
 * and the slugs given to the names before it. One pass: for each base the search for a free suffix
 * resumes where it stopped (the taken set only grows).
 */
export function assignFreeSlugs(names: readonly string[], taken: Iterable<string>): string[] {
  return slugAssigner(taken)(names);
}

/**
 * assignFreeSlugs over several calls: each call's names also avoid the slugs the earlier calls gave
 * (the bench gives 1.55 million slugs in batches, without copying the taken set for each).
 */
export function slugAssigner(taken: Iterable<string> = []): (names: readonly string[]) => string[] {
  const used = new Set(taken);
  const nextSuffix = new Map<string, number>();
  return (names) =>
    names.map((name) => {
      const base = slugBase(name);
      let slug = base;
      if (used.has(base)) {
        let n = nextSuffix.get(base) ?? 1;
        while (used.has(`${base}${n}`)) n++;
        slug = `${base}${n}`;
        nextSuffix.set(base, n + 1);
      }
      used.add(slug);
      return slug;
    });
}

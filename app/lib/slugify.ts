/**
 * The profile slug rule of the specification: lowercase, accents stripped, anything but letters,
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

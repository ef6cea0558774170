/**
 * The generation of the public content the page cache keeps (server/public-page-cache.ts): home,
 * search, profiles. A write that changes what those pages show (a lawyer approved, rejected, edited or
 * deleted, a plan that changes the search order) calls `publicContentChanged()` after its transaction
 * commits, and every page this process rendered before is stale at once. Other processes see the change
 * when their entries expire (PAGE_CACHE_SECONDS, 30 s by default).
 */
const holder = globalThis as typeof globalThis & { __jusconectaPublicContentGeneration?: number };

export function publicContentChanged(): void {
  holder.__jusconectaPublicContentGeneration = publicContentGeneration() + 1;
}

export function publicContentGeneration(): number {
  return holder.__jusconectaPublicContentGeneration ?? 0;
}

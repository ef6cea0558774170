/**
 * The generation of the public content the page cache keeps (server/public-page-cache.ts): home,
 * search, profiles. A write that changes what those pages show (a lawyer approved, rejected, edited or
 * deleted, a plan that changes the search order) calls `publicContentChanged()` after its transaction
 * commits, and every page this process rendered before is stale at once. On PostgreSQL the change is
 * also broadcast (NOTIFY, public-content-sync.server.ts) and every other process of the site bumps its
 * own generation when the notification arrives; a notification missed is bounded by PAGE_CACHE_SECONDS
 * (docs/decisions/0057).
 */
const holder = globalThis as typeof globalThis & {
  __jusconectaPublicContentGeneration?: number;
  __jusconectaPublicContentBroadcast?: () => void;
};

export function publicContentChanged(): void {
  bumpPublicContentGeneration();
  holder.__jusconectaPublicContentBroadcast?.();
}

/** Makes every page rendered before stale in this process only (a notification from another process). */
export function bumpPublicContentGeneration(): void {
  holder.__jusconectaPublicContentGeneration = publicContentGeneration() + 1;
}

export function publicContentGeneration(): number {
  return holder.__jusconectaPublicContentGeneration ?? 0;
}

/** Installs (or, with undefined, removes) what tells the other processes; set at start on PostgreSQL. */
export function setPublicContentBroadcast(broadcast: (() => void) | undefined): void {
  holder.__jusconectaPublicContentBroadcast = broadcast;
}

import { useSyncExternalStore } from 'react';

// The board's clock for 'há 2 horas': the server's time while the page hydrates (so the text matches
// what the server wrote), then the browser's, read again every minute (the same value in between, as
// useSyncExternalStore needs).

const MINUTE_MS = 60_000;
let current: number | undefined;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  current = Date.now();
  for (const listener of listeners) listener();
}

function snapshot(): number {
  current ??= Date.now();
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    tick();
    timer = setInterval(tick, MINUTE_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Now, in milliseconds: `serverNow` on the server and during hydration, then the browser's clock. */
export function useMinuteClock(serverNow: number): number {
  return useSyncExternalStore(
    subscribe,
    snapshot,
    () => serverNow,
  );
}

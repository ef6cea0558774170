/** A pass run now and then every `intervalMs` in this process, never two at once; `stop` waits for a running one. */
export interface IntervalPass<T> {
  /** One pass now (tests; the timer calls it too): the running one when one is under way. */
  tick(): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts `pass` at once and every `intervalMs` (the in-process dispatchers: monitoring, the morning
 * digest). A tick while a pass runs joins it; the timer does not keep the process alive.
 */
export function startIntervalPass<T>(pass: () => Promise<T>, intervalMs: number): IntervalPass<T> {
  let running: Promise<T> | undefined;
  const tick = () => (running ??= pass().finally(() => (running = undefined)));
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Works through the items with `concurrency` of them in flight at once. */
export async function runConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Keeps `concurrency` calls of `work` in flight for `seconds` (each worker starts a new one when its last
 * ends); answers how many ended and the seconds they took.
 */
export async function runFor(seconds: number, concurrency: number, work: () => Promise<void>): Promise<{ done: number; elapsed: number }> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await work();
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { done, elapsed: (performance.now() - started) / 1000 };
}

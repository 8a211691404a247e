/**
 * Runs `callback` once the browser has painted the current frame (a task queued from the next animation frame),
 * and answers a cancel. For work that must not hold back what was just committed: in a task queued straight
 * after the commit it still ran before the paint.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Settles in a task of its own, after the current one: long work split at it leaves the browser a turn between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

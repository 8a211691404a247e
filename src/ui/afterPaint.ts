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

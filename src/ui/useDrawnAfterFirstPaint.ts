import { useDeferredValue } from 'react';

/**
 * `value`, drawn in a render of its own after the screen around it: the first render answers undefined (the
 * caller shows a skeleton, or a part of the value: SystemTable its first six rows) and React draws the value in
 * a background render straight after, and later changes of it in slices, as `useDeferredValue` does. A page whose answer was already there when it
 * mounted (asked ahead at start, src/api/earlyAnswers.ts) otherwise drew its frame and all its rows or figures
 * in one commit of some 250-330 ms on a cold load; in two, the frame paints first and neither blocks input as
 * long (Lighthouse total blocking time and largest contentful paint).
 */
export function useDrawnAfterFirstPaint<T>(value: T | undefined): T | undefined {
  // React's initial value must differ from undefined for it to defer the first render: null stands for "not yet".
  return useDeferredValue<T | undefined | null>(value, null) ?? undefined;
}

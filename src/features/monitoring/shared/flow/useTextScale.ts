import { useEffect, useRef, useState } from 'react';

/**
 * The diagram is an SVG drawn `viewBoxWidth` units wide and scaled to its card: on a phone a 12-unit label
 * would shrink to 9 px. This answers how much to enlarge the text (never below 1) so that it stays at least
 * its size in pixels, measured on the element the ref is given to and kept up to date as it resizes.
 * Answers [the ref for that element, the scale].
 */
export function useTextScale<T extends HTMLElement>(viewBoxWidth: number) {
  const ref = useRef<T>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer reports the size once right after the first layout and on every change; measuring here
    // with getBoundingClientRect would force a layout of the whole page while it is still being built.
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setScale(Math.max(1, Math.round((viewBoxWidth / width) * 100) / 100));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [viewBoxWidth]);
  return [ref, scale] as const;
}

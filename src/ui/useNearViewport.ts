import { useEffect, useState } from 'react';

/**
 * Whether the element given the ref has come within `margin` px below the viewport (or into it). Work for what
 * lies further down the page (drawing a chart, rendering a card of tables) waits until the user scrolls towards
 * it, so it does not compete with what the user is looking at. Once near, it stays near. Without
 * IntersectionObserver (jsdom) everything counts as near.
 */
export function useNearViewport(margin = 200): [boolean, (element: HTMLElement | null) => void] {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: `0px 0px ${margin}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return [near, setElement];
}

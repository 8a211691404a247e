import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { finishProgress, startProgress } from './progressBar';

/** Screens still loading their chunk: the bar stays until the last one is there. */
let loadingScreens = 0;

function finishUnlessLoading() {
  if (loadingScreens === 0) finishProgress();
}

/** Suspense fallback while a route's chunk loads: the thin top progress bar, no spinner (spec §2). */
export function RouteProgress() {
  useEffect(() => {
    loadingScreens += 1;
    startProgress();
    return () => {
      loadingScreens -= 1;
      finishUnlessLoading();
    };
  }, []);
  return null;
}

/**
 * The same bar on every route change (spec §2), not only on the first visit of a screen whose chunk must
 * load: it starts before the new route paints and ends after its first frame, or when its chunk arrived.
 */
export function RouteChangeProgress() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    startProgress();
    const frame = requestAnimationFrame(finishUnlessLoading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}

import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';

NProgress.configure({ showSpinner: false, trickleSpeed: 150, minimum: 0.15 });

/** Suspense fallback while a route's chunk loads: the thin top progress bar, no spinner (spec §2). */
export function RouteProgress() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return null;
}

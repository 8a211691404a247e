import useResponsiveObserver, { type Breakpoint } from 'antd/es/_util/responsiveObserver';
import { useSyncExternalStore } from 'react';

/** Each breakpoint, matched or not: unlike antd's ScreenMap, never an unknown (undefined) one. */
export type Screens = Record<Breakpoint, boolean>;

interface ScreensStore {
  subscribe: (onChange: () => void) => () => void;
  /** The same object while no breakpoint changes: useSyncExternalStore re-renders only when one does. */
  current: () => Screens;
}

/** One store per set of media queries (the theme's breakpoints; the portal has one theme). */
const stores = new Map<string, ScreensStore>();

function storeOf(responsiveMap: Record<Breakpoint, string>): ScreensStore {
  const queries = Object.entries(responsiveMap) as [Breakpoint, string][];
  const id = queries.map(([, query]) => query).join();
  let store = stores.get(id);
  if (!store) {
    let snapshot: { key: string; screens: Screens } | undefined;
    store = {
      subscribe(onChange) {
        const lists = queries.map(([, query]) => window.matchMedia(query));
        for (const list of lists) list.addEventListener('change', onChange);
        return () => lists.forEach((list) => list.removeEventListener('change', onChange));
      },
      current() {
        const matched = queries.map(([screen, query]) => [screen, window.matchMedia(query).matches] as const);
        const key = matched.map(([, matches]) => (matches ? 1 : 0)).join('');
        if (snapshot?.key !== key) snapshot = { key, screens: Object.fromEntries(matched) as Screens };
        return snapshot.screens;
      },
    };
    stores.set(id, store);
  }
  return store;
}

/**
 * Which of antd's breakpoints the window is at, as antd's Grid.useBreakpoint answers, but right from the first
 * render. antd's hook answers {} first and re-renders its component with the real screens from a layout effect:
 * for the layout that was a second render of the whole page inside the first one's task, and
 * a list on a phone was first drawn as a desktop table. The media queries are antd's own, from the theme's tokens.
 */
export function useScreens(): Screens {
  const { responsiveMap } = useResponsiveObserver();
  const store = storeOf(responsiveMap);
  return useSyncExternalStore(store.subscribe, store.current);
}

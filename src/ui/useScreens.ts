import { theme as antdTheme } from 'antd';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { useSyncExternalStore } from 'react';
import { theme } from './theme';

let queries: [Breakpoint, string][] | undefined;

/** antd's media queries for the portal's theme (its Grid's breakpoints), made on first use. */
function mediaQueries(): [Breakpoint, string][] {
  if (!queries) {
    const token = antdTheme.getDesignToken(theme);
    const conditions: Record<Breakpoint, string> = {
      xs: `(max-width: ${token.screenXSMax}px)`,
      sm: `(min-width: ${token.screenSM}px)`,
      md: `(min-width: ${token.screenMD}px)`,
      lg: `(min-width: ${token.screenLG}px)`,
      xl: `(min-width: ${token.screenXL}px)`,
      xxl: `(min-width: ${token.screenXXL}px)`,
    };
    queries = Object.entries(conditions) as [Breakpoint, string][];
  }
  return queries;
}

/** Each breakpoint, matched or not: unlike antd's ScreenMap, never an unknown (undefined) one. */
export type Screens = Record<Breakpoint, boolean>;

let snapshot: { key: string; screens: Screens } | undefined;

/** The same object while no breakpoint changes: useSyncExternalStore re-renders only when it does. */
function currentScreens(): Screens {
  const matched = mediaQueries().map(([screen, query]) => [screen, window.matchMedia(query).matches] as const);
  const key = matched.map(([, matches]) => (matches ? 1 : 0)).join('');
  if (snapshot?.key !== key) snapshot = { key, screens: Object.fromEntries(matched) as Screens };
  return snapshot.screens;
}

function subscribe(onChange: () => void): () => void {
  const lists = mediaQueries().map(([, query]) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/**
 * Which of antd's breakpoints the window is at, as antd's Grid.useBreakpoint answers, but right from the first
 * render. antd's hook answers {} first and re-renders its component with the real screens from a layout effect:
 * for the layout that was a second render of the whole page inside the first one's task (issue 11, point 4), and
 * a list on a phone was first drawn as a desktop table.
 */
export function useScreens(): Screens {
  return useSyncExternalStore(subscribe, currentScreens);
}

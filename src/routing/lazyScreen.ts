import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen loaded on its first visit, which can also be fetched ahead of it (`preload`). */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/**
 * React.lazy that also offers its loader as `preload`: on a cold start the page's own screen is fetched
 * beside the portal's other chunks instead of after them (src/main.tsx, issue 11, point 4). The browser
 * runs a module once, so preloading and rendering share one download.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen & { preload: () => Promise<unknown> } {
  return Object.assign(lazy(load), { preload: load });
}

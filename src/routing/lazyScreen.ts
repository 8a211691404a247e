import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any screen's props, as React.lazy's own signature
type ScreenModule = { default: ComponentType<any> };

/** A screen loaded on its first visit, which can also be fetched ahead of it (`preload`, answering its module). */
export type LazyScreen<Module extends ScreenModule = { default: ComponentType }> = LazyExoticComponent<Module['default']> & {
  preload: () => Promise<Module>;
};

/**
 * React.lazy that also offers its loader as `preload`: on a cold start the page's own screen is fetched
 * beside the portal's other chunks instead of after them (src/main.tsx, issue 11, point 4). One download
 * serves both.
 *
 * A screen whose module has arrived is handed to React at once, through a thenable that calls back in the
 * same pass (React.lazy accepts any thenable), instead of a promise, which settles a microtask later: React
 * would suspend on it, show the fallback and then hold the reveal back until 300 ms after the last fallback
 * was shown (its throttle of Suspense reveals). On a cold start the layout, the screen and the dashboard's
 * variant each waited so, one inside the other: about a second before the first figure, with every chunk
 * already there.
 */
export function lazyScreen<Module extends ScreenModule>(load: () => Promise<Module>): LazyScreen<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download is tried again on the next render or preload.
        loading = undefined;
        throw error;
      },
    ));
  const arrived = (module: Module) => ({ then: (resolve: (value: Module) => void) => resolve(module) }) as unknown as Promise<Module>;
  return Object.assign(
    lazy(() => (loaded ? arrived(loaded) : preload())),
    { preload },
  );
}

import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any screen's props, as React.lazy's own signature
type ScreenModule = { default: ComponentType<any> };

/** A screen loaded on its first visit, which can also be fetched ahead of it (`preload`, answering its module). */
export type LazyScreen<Module extends ScreenModule = { default: ComponentType }> = ComponentType<ComponentProps<Module['default']>> & {
  preload: () => Promise<Module>;
};

/**
 * A component loaded on its first render, which can also be fetched ahead of it (`preload`): on a cold start
 * the page's own screen is fetched beside the portal's other chunks instead of after them (src/main.tsx).
 * One download serves both, and the module is asked for once (a failed download is asked
 * for again), so a generated screen is one component type for the whole visit.
 *
 * Once the module has arrived it is rendered directly. Through React.lazy it would suspend all the same (the
 * import's promise settles a microtask later): React shows the fallback, then holds the reveal back until
 * 300 ms after the last fallback was shown (its throttle of Suspense reveals). On a cold start the portal, the
 * layout, the screen and the dashboard's variant each waited so, one inside the other, with every chunk there.
 */
export function lazyScreen<Module extends ScreenModule>(load: () => Promise<Module>): LazyScreen<Module> {
  let loaded: Module['default'] | undefined;
  let pending: Promise<Module> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function LazyScreen(props: ComponentProps<Module['default']>) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(LazyScreen, { preload });
}

import { RESOURCES } from '../../resources';
import { hasOwnRoute, type ResourceDeclaration } from '../../resources/types';
import { CUSTOM_SCREENS } from './customScreens';
import { lazyScreen, type LazyScreen } from './lazyScreen';

/** The generated screen of a declaration (src/resources/), loaded with the engine on its first visit. */
function generatedScreen(declaration: ResourceDeclaration): LazyScreen {
  return lazyScreen(() => import('../resources/ResourceScreen').then(({ resourceScreen }) => ({ default: resourceScreen(declaration) })));
}

/**
 * Route key → its screen. Every declared resource with a route and a list of its own (resources/index.ts)
 * gets the generated screen unless a custom one is registered above. A route appears in the menu and gets
 * a URL only when it has a screen here (no dead or placeholder entries).
 */
export const SCREENS: Readonly<Record<string, LazyScreen>> = {
  ...Object.fromEntries(RESOURCES.filter((d) => hasOwnRoute(d) && d.endpoints.list).map((d) => [d.name, generatedScreen(d)])),
  ...CUSTOM_SCREENS,
};

export function hasScreen(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(SCREENS, key);
}

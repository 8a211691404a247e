import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Route key (permissions/routes.ts) → its screen, loaded on first visit. A route appears in the menu and
 * gets a URL only when its screen is registered here (no dead or placeholder entries).
 *
 * To add a screen: create src/screens/<area>/<Screen>.tsx with a default export and add one line here,
 * plus the menu title `menu:<key>` if it is new (every route key already has one).
 */
export const SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('./dashboard/Dashboard')),
};

export function hasScreen(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(SCREENS, key);
}

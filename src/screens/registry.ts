import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { RESOURCES } from '../../resources';
import { hasOwnRoute, type ResourceDeclaration } from '../../resources/types';

type Screen = LazyExoticComponent<ComponentType>;

/**
 * Screens written by hand, by route key (permissions/routes.ts), each loaded on its first visit. A declared
 * resource needs a line here only to replace or extend its generated screen.
 */
const CUSTOM_SCREENS: Readonly<Record<string, Screen>> = {
  dashboard: lazy(() => import('./dashboard/Dashboard')),
  energyStorageList: lazy(() => import('./storage/StorageList')),
  elecPriceSetting: lazy(() => import('./settings/ElecPriceSetting')),
  systemSettings: lazy(() => import('./settings/SystemSettings')),
  // Administration (issue 3): declared resources with extra cells, buttons or tabs, and pages of their own.
  licenseManagement: lazy(() => import('./admin/LicenseManagement')),
  snManagement: lazy(() => import('./admin/SnManagement')),
  userManagement: lazy(() => import('./admin/UserManagement')),
  roleManagement: lazy(() => import('./admin/RoleManagement')),
  menuManagement: lazy(() => import('./admin/MenuManagement')),
  langTransManagement: lazy(() => import('./admin/LangTransManagement')),
  userLog: lazy(() => import('./admin/UserLog')),
  emailDeliveringRules: lazy(() => import('./admin/EmailDeliveringRules')),
  userInfoSettings: lazy(() => import('./admin/UserInfoSettings')),
  changePwd: lazy(() => import('./admin/ChangePwd')),
};

/** The generated screen of a declaration (src/resources/), loaded with the engine on its first visit. */
function generatedScreen(declaration: ResourceDeclaration): Screen {
  return lazy(() => import('../resources/ResourceScreen').then(({ resourceScreen }) => ({ default: resourceScreen(declaration) })));
}

/**
 * Route key → its screen. Every declared resource with a route and a list of its own (resources/index.ts)
 * gets the generated screen unless a custom one is registered above. A route appears in the menu and gets
 * a URL only when it has a screen here (no dead or placeholder entries).
 */
export const SCREENS: Readonly<Record<string, Screen>> = {
  ...Object.fromEntries(RESOURCES.filter((d) => hasOwnRoute(d) && d.endpoints.list).map((d) => [d.name, generatedScreen(d)])),
  ...CUSTOM_SCREENS,
};

export function hasScreen(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(SCREENS, key);
}

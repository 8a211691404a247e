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
  energyStorageList: lazy(() => import('./storage/StorageList')),
  elecPriceSetting: lazy(() => import('./settings/ElecPriceSetting')),
  systemSettings: lazy(() => import('./settings/SystemSettings')),
  // Administration (issue 3): generated from resources/ declarations, or custom pages of the engine.
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

export function hasScreen(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(SCREENS, key);
}

import { findRoute } from '../../../permissions/routes';
import { canAccessKey } from '../../auth/ability';

/** The page of a system the user may open: the storage list's system page for staff and installers, else the dashboard with it selected. */
export function systemPath(sn: string): string | undefined {
  for (const key of ['energyStorageList', 'dashboard']) {
    const route = findRoute(key);
    if (route && canAccessKey(key)) return `${route.path}?sn=${encodeURIComponent(sn)}`;
  }
  return undefined;
}

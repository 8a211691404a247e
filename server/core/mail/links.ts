import { findRoute } from '../../../permissions/routes';

/** Where the portal is when PORTAL_URL is not set (npm start's default port). */
export const DEFAULT_PORTAL_URL = 'http://localhost:8080';

const STORAGE_LIST = findRoute('energyStorageList')!;
const DASHBOARD = findRoute('dashboard')!;

/**
 * The page of one system that the recipient can open (both read `?sn=`): the storage list's system page for
 * those who may open the storage list, and for a plain address (a ticket system, a hotline); the dashboard
 * for everyone else (owners, sharers and suppliers see their systems there).
 */
export function systemPageUrl(portalUrl: string, sn: string, roles: readonly string[] | undefined): string {
  const storageRoles = STORAGE_LIST.roles ?? [];
  const page = !roles || roles.some((role) => (storageRoles as readonly string[]).includes(role)) ? STORAGE_LIST : DASHBOARD;
  return `${portalUrl.replace(/\/$/, '')}${page.path}?sn=${encodeURIComponent(sn)}`;
}

import { findRoute, rolesFor } from '../../../permissions/routes';
import { session } from '../../api/session';
import { currentAbility } from '../../auth/ability';
import { settingsApi } from './api';

/**
 * A staff member's preferences applied at login (OtherRoleUserSetting): the rows per page of the generated lists
 * are kept for this browser, and the page they chose to open after login is answered as a path. Undefined for roles
 * without staff preferences, for the dashboard, for a page their roles no longer open, and when the preferences
 * cannot be read (the login then goes on to the root as before). Only the login asks: the root itself always goes
 * on to the dashboard (spec §2).
 */
export async function applyStaffPreferencesAtLogin(): Promise<string | undefined> {
  session.setListPageSize(null);
  if (!currentAbility().can('read', 'staffPreferences')) return undefined;
  try {
    const { landingPage, pageSize } = await settingsApi.staffQuietly();
    session.setListPageSize(pageSize);
    const route = findRoute(landingPage);
    const roles = session.getUserInfo()?.roles ?? [];
    const allowed = rolesFor(landingPage);
    const opens = !allowed || allowed.some((role) => roles.includes(role));
    if (!route?.path || landingPage === 'dashboard' || !opens || !currentAbility().can('access', landingPage)) return undefined;
    return route.path;
  } catch {
    return undefined;
  }
}

import type { StaffSettings } from '../../../contract/account-settings';
import { findRoute, rolesFor } from '../../../permissions/routes';
import { getData } from '../../api/call';
import { session } from '../../api/session';
import { currentAbility } from '../../auth/ability';

/**
 * The page a staff member chose to open after login (OtherRoleUserSetting `landingPage`), as a path; undefined for
 * roles without staff preferences, for the dashboard, for a page their roles no longer open, and when the preference
 * cannot be read (the login then goes on to the root as before). Only the login asks: the root itself always goes
 * on to the dashboard (spec §2).
 */
export async function landingPathAfterLogin(): Promise<string | undefined> {
  if (!currentAbility().can('read', 'staffPreferences')) return undefined;
  try {
    const { landingPage } = await getData<StaffSettings>('/Account/GetOtherRoleUserSetting', undefined, { quiet: true });
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

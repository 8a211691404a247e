import { inArray } from 'drizzle-orm';
import { leafRoutes } from '../../permissions/routes';
import type { Database } from '../core/db';
import { rolePermissions } from '../core/db/schema';

/** The menu entries (route keys, hidden routes left out) the role table opens to any of `roles`. */
export function routesOfRoles(roles: readonly string[]): string[] {
  return leafRoutes()
    .filter((r) => !r.hidden && (!r.roles || r.roles.some((role) => roles.includes(role))))
    .map((r) => r.key);
}

/**
 * The `menuDenied` claim of an access token: the user's own denials, plus every entry that each of the
 * user's roles opening it has hidden in role permissions (an entry stays when any role still grants it).
 * Called when a token is signed, so a change shows at the user's next login.
 */
export async function menuDeniedAtLogin(db: Database, roles: readonly string[], userDenied: readonly string[]): Promise<string[]> {
  const denied = new Set(userDenied);
  if (roles.length > 0) {
    const stored = await db
      .select()
      .from(rolePermissions)
      .where(inArray(rolePermissions.role, [...roles]));
    const deniedBy = new Map(stored.map((r) => [r.role, new Set(r.menu_denied)]));
    for (const route of leafRoutes()) {
      const granting = roles.filter((role) => !route.roles || (route.roles as readonly string[]).includes(role));
      if (granting.length > 0 && granting.every((role) => deniedBy.get(role)?.has(route.key))) denied.add(route.key);
    }
  }
  return [...denied].sort();
}

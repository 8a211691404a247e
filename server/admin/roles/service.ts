import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '../../../permissions/roles';
import type * as c from '../../../contract/admin/roles';
import { Code } from '../../../contract/codes';
import type { Actor } from '../../core/auth/actor';
import { writeAudit } from '../../core/crud/audit';
import type { Database } from '../../core/db';
import { rolePermissions } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { ADMIN_ROLE, assertMayActOnAdmin } from '../admin-protection';
import { routesOfRoles } from '../menu-permissions';

/** roleManagement: the 14 roles (fixed by spec §6) and which menu entries each one's users see (91: none selected). */

export async function roleList(db: Database): Promise<c.RolePageAnswer> {
  const stored = new Map((await db.select().from(rolePermissions)).map((r) => [r.role, r]));
  const data = ROLES.map((role) => {
    const available = routesOfRoles([role]);
    const denied = new Set(stored.get(role)?.menu_denied ?? []);
    return { role, description: stored.get(role)?.description ?? '', available, menus: available.filter((k) => !denied.has(k)) };
  });
  return { data, dataCount: data.length };
}

/** 2 naming `role` for a role that is none of the 14 of permissions/roles.ts (before anything else is asked). */
function knownRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new ApiError(Code.PARAM_ERROR, `Parameter error: role (one of ${ROLES.join(', ')})`, { data: { field: 'role' } });
  }
  return role as Role;
}

/** The menu entries a role's users see (effective at their next login); the others of its routes are denied. */
export async function saveRolePermissions(
  db: Database,
  actor: Actor,
  body: c.SaveRolePermissionsBody,
  now: Date,
): Promise<c.SaveRolePermissionsAnswer> {
  const role = knownRole(body.role);
  // What the admin role's users see only an admin decides (DESIGN §10); asked first, so nothing else answers.
  await assertMayActOnAdmin(db, actor, role === ADMIN_ROLE);
  if (body.menus.length === 0) throw new ApiError(Code.NO_MENU_SELECTED, undefined, { data: { field: 'menus' } });
  const available = routesOfRoles([role]);
  const unknown = body.menus.find((k) => !available.includes(k));
  if (unknown) throw new ApiError(Code.PARAM_ERROR, `Parameter error: menus (${unknown})`, { data: { field: 'menus' } });
  const denied = available.filter((k) => !body.menus.includes(k));
  const [before] = await db.select().from(rolePermissions).where(eq(rolePermissions.role, role));
  await db.transaction(async (tx) => {
    const description = body.description ?? before?.description ?? '';
    await tx
      .insert(rolePermissions)
      .values({ role, description, menu_denied: denied, updated_at: now })
      .onConflictDoUpdate({ target: rolePermissions.role, set: { description, menu_denied: denied, updated_at: now } });
    await writeAudit(tx, actor, now, {
      action: 'roleManagement.update',
      target: `roleManagement:${role}`,
      before: { menu_denied: before?.menu_denied ?? [], description: before?.description ?? '' },
      after: { menu_denied: denied, description },
    });
  });
  return { role, menus: body.menus };
}

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../../permissions/roles';
import type * as c from '../../../contract/admin/roles';
import { Code } from '../../../contract/codes';
import type { Clock } from '../../config';
import { writeAudit } from '../../core/crud/audit';
import type { Database } from '../../core/db';
import { rolePermissions } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { ADMIN_ROLE, assertMayActOnAdmin } from '../admin-protection';
import { routesOfRoles } from '../menu-permissions';

/** roleManagement: the 14 roles (fixed by spec §6) and which menu entries each one's users see (91: none selected). */
export class RoleAdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<c.RoleRow[]> {
    const stored = new Map((await this.db.select().from(rolePermissions)).map((r) => [r.role, r]));
    return ROLES.map((role) => {
      const available = routesOfRoles([role]);
      const denied = new Set(stored.get(role)?.menu_denied ?? []);
      return { role, description: stored.get(role)?.description ?? '', available, menus: available.filter((k) => !denied.has(k)) };
    });
  }

  /** The menu entries a role's users see (effective at their next login); the others of its routes are denied. */
  async savePermissions(
    request: FastifyRequest,
    body: { role: Role; description?: string; menus: string[] },
  ): Promise<c.SaveRolePermissionsAnswer> {
    // What the admin role's users see only an admin decides (DESIGN §10); asked first, so nothing else answers.
    await assertMayActOnAdmin(this.db, request, body.role === ADMIN_ROLE);
    if (body.menus.length === 0) throw new ApiError(Code.NO_MENU_SELECTED, undefined, { data: { field: 'menus' } });
    const available = routesOfRoles([body.role]);
    const unknown = body.menus.find((k) => !available.includes(k));
    if (unknown) throw new ApiError(Code.PARAM_ERROR, `Parameter error: menus (${unknown})`, { data: { field: 'menus' } });
    const denied = available.filter((k) => !body.menus.includes(k));
    const now = this.clock();
    const [before] = await this.db.select().from(rolePermissions).where(eq(rolePermissions.role, body.role));
    await this.db.transaction(async (tx) => {
      const description = body.description ?? before?.description ?? '';
      await tx
        .insert(rolePermissions)
        .values({ role: body.role, description, menu_denied: denied, updated_at: now })
        .onConflictDoUpdate({ target: rolePermissions.role, set: { description, menu_denied: denied, updated_at: now } });
      await writeAudit(tx, request, now, {
        action: 'roleManagement.update',
        target: `roleManagement:${body.role}`,
        before: { menu_denied: before?.menu_denied ?? [], description: before?.description ?? '' },
        after: { menu_denied: denied, description },
      });
    });
    return { role: body.role, menus: body.menus };
  }
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../permissions/roles';
import * as c from '../../contract/admin/roles';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { writeAudit } from '../core/crud/audit';
import { rolePermissions } from '../core/db/schema';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import { ADMIN_ROLE, assertMayActOnAdmin } from './admin-protection';
import { routesOfRoles } from './menu-permissions';

/** The contract's body with the role narrowed to the 14 roles of permissions/ (2 naming `role` for any other). */
const saveBody = c.saveRolePermissionsBody.extend({ role: z.enum(ROLES) });

/** roleManagement: the 14 roles (fixed by spec §6) and which menu entries each one's users see (91: none selected). */
export function registerRoles(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/Role/GetRolePageList', {
    config: { permission: { subject: 'role', action: 'read' } },
    schema: { tags: ['roleManagement'], summary: 'The roles with the menu entries each one sees', response: { 200: envelopeOf(c.rolePageAnswer) } },
    handler: async () => {
      const stored = new Map((await deps.db.select().from(rolePermissions)).map((r) => [r.role, r]));
      const data: c.RoleRow[] = ROLES.map((role) => {
        const available = routesOfRoles([role]);
        const denied = new Set(stored.get(role)?.menu_denied ?? []);
        return { role, description: stored.get(role)?.description ?? '', available, menus: available.filter((k) => !denied.has(k)) };
      });
      return ok({ data, dataCount: data.length });
    },
  });

  app.post('/Role/SaveRolePermissions', {
    config: { permission: { subject: 'role', action: 'update' } },
    schema: {
      tags: ['roleManagement'],
      summary: "Set the menu entries a role's users see (effective at their next login)",
      body: saveBody,
      response: { 200: envelopeOf(c.saveRolePermissionsAnswer) },
    },
    handler: async (request) => {
      const body = request.body;
      // What the admin role's users see only an admin decides (DESIGN §10); asked first, so nothing else answers.
      await assertMayActOnAdmin(deps.db, request, body.role === ADMIN_ROLE);
      if (body.menus.length === 0) throw new ApiError(Code.NO_MENU_SELECTED, undefined, { data: { field: 'menus' } });
      const available = routesOfRoles([body.role]);
      const unknown = body.menus.find((k) => !available.includes(k));
      if (unknown) throw new ApiError(Code.PARAM_ERROR, `Parameter error: menus (${unknown})`, { data: { field: 'menus' } });
      const denied = available.filter((k) => !body.menus.includes(k));
      const now = deps.clock();
      const [before] = await deps.db.select().from(rolePermissions).where(eq(rolePermissions.role, body.role));
      await deps.db.transaction(async (tx) => {
        const db = tx;
        const description = body.description ?? before?.description ?? '';
        await db
          .insert(rolePermissions)
          .values({ role: body.role, description, menu_denied: denied, updated_at: now })
          .onConflictDoUpdate({ target: rolePermissions.role, set: { description, menu_denied: denied, updated_at: now } });
        await writeAudit(db, request, now, {
          action: 'roleManagement.update',
          target: `roleManagement:${body.role}`,
          before: { menu_denied: before?.menu_denied ?? [], description: before?.description ?? '' },
          after: { menu_denied: denied, description },
        });
      });
      return ok({ role: body.role, menus: body.menus });
    },
  });
}

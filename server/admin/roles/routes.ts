import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as c from '../../../contract/admin/roles';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { saveRoleBody } from './schemas';
import { RoleAdminService } from './service';

const tags = ['roleManagement'];

/** roleManagement: the 14 roles and which menu entries each one's users see. */
export function registerRoles(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new RoleAdminService(deps.db, deps.clock);

  app.post('/Role/GetRolePageList', {
    config: { permission: { subject: 'role', action: 'read' } },
    schema: { tags, summary: 'The roles with the menu entries each one sees', response: { 200: envelopeOf(c.rolePageAnswer) } },
    handler: async () => {
      const data = await service.list();
      return ok({ data, dataCount: data.length });
    },
  });

  app.post('/Role/SaveRolePermissions', {
    config: { permission: { subject: 'role', action: 'update' } },
    schema: {
      tags,
      summary: "Set the menu entries a role's users see (effective at their next login)",
      body: saveRoleBody,
      response: { 200: envelopeOf(c.saveRolePermissionsAnswer) },
    },
    handler: async (request) => ok(await service.savePermissions(request, request.body)),
  });
}

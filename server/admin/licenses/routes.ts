import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as c from '../../../contract/admin/licenses';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { LicenseAdminService } from './service';

const tags = ['licenseManagement'];

/** licenseManagement's own calls beside the generated ones (resources/licenseManagement.ts). */
export function registerLicenses(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new LicenseAdminService(deps.db, deps.clock);

  app.post('/License/GetLicenseUserOptions', {
    config: { permission: { subject: 'license', action: 'read' } },
    schema: {
      tags,
      summary: 'The users a license can be assigned to (installers and service partners): user name and name',
      body: c.licenseUserOptionsBody,
      response: { 200: envelopeOf(c.licenseUserOptionsAnswer) },
    },
    handler: async (request) => ok(await service.userOptions(request.body)),
  });

  app.post('/License/UnassignLicense', {
    config: { permission: { subject: 'license', action: 'update' } },
    schema: {
      tags,
      summary: 'Free a license from its user (10 unknown; 2 when it is not assigned)',
      body: c.unassignLicenseBody,
      response: { 200: envelopeOf(c.unassignLicenseAnswer) },
    },
    handler: async (request) => ok(await service.unassign(request, request.body.id)),
  });
}

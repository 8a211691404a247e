import type { FastifyPluginAsync } from 'fastify';
import { licenseCalls as calls } from '../../../contract/admin/licenses-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { licenseUserOptions, unassignLicense } from './service';

/** licenseManagement's own calls beside the generated ones (resources/licenseManagement.ts): contract/admin/licenses-calls.ts. */
export const licenseRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps: { db, clock } }) => {
  await registerEndpoint(app, calls.userOptions, (_actor, body) => licenseUserOptions(db, body));
  await registerEndpoint(app, calls.unassign, (actor, { id }) => unassignLicense(db, actor, id, clock()));
};

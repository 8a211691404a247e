import type { FastifyPluginAsync } from 'fastify';
import { companyCalls as calls } from '../../../contract/companies-calls';
import { companyManagement, companyOrganizations } from '../../../resources/companyManagement';
import type { AppDeps } from '../../config';
import { registerResources } from '../../core/crud/register';
import { registerEndpoint } from '../../core/http/endpoint';
import { installerCompanyHooks, organizationHooks, servicePartnerList } from './service';

/**
 * Company management: the generated calls of resources/companyManagement.ts with their checks and link counts, and
 * the service partner list (contract/companies-calls.ts).
 */
export const companyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  await registerResources(app, deps, {
    resources: [companyManagement, companyOrganizations],
    hooks: { companyManagement: installerCompanyHooks(db), companyOrganizations: organizationHooks(db) },
  });
  await registerEndpoint(app, calls.servicePartners, (_actor, body) => servicePartnerList(db, body));
};

import { defineEndpoint, schemasFrom } from '../endpoint';

/**
 * licenseManagement's own calls beside its generated ones (resources/licenseManagement.ts), registered by
 * server/admin/licenses/routes.ts. Their schemas are in contract/admin/licenses.ts.
 */

const schemasOf = schemasFrom(() => import('./licenses'));
const tag = 'licenseManagement';

export const licenseCalls = {
  userOptions: defineEndpoint({
    path: '/License/GetLicenseUserOptions',
    tag,
    permission: { subject: 'license', action: 'read' },
    summary: 'The users a license can be assigned to (installers and service partners): user name and name',
    schemas: schemasOf((s) => ({ body: s.licenseUserOptionsBody, answer: s.licenseUserOptionsAnswer })),
  }),
  unassign: defineEndpoint({
    path: '/License/UnassignLicense',
    tag,
    permission: { subject: 'license', action: 'update' },
    summary: 'Free a license from its user (10 unknown; 2 when it is not assigned)',
    schemas: schemasOf((s) => ({ body: s.unassignLicenseBody, answer: s.unassignLicenseAnswer })),
  }),
};

import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../permissions/roles';
import { FILTER_TEXT_MAX } from './rules';
import { defineResource } from './types';

/**
 * The companies a partner user is linked to in user management (DESIGN §6, §10): the options of the user
 * form's link selects, read by the staff who manage users (part of userManagement's screen). The companies' files
 * are kept on their own screen, company management (resources/companyManagement.ts).
 */
export const installerCompanyOptions = defineResource({
  name: 'installerCompanyOptions',
  entity: 'installerCompany',
  subject: 'userManagement',
  route: '/BasicSettings/userManagement/installerCompanies',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'installerCompanies',
  endpoints: { list: '/Company/GetInstallerCompanyPageList' },
  defaultSort: { field: 'name', order: 'asc' },
  titleField: 'name',
  fields: () => ({
    name: { schema: z.string().max(FILTER_TEXT_MAX), list: true, filter: 'text', sortable: true },
    country: { schema: z.string().max(64), list: true, sortable: true },
  }),
});

/** Resellers, service partners and suppliers (an organization's kind is the role of its users). */
export const organizationOptions = defineResource({
  name: 'organizationOptions',
  entity: 'organization',
  subject: 'userManagement',
  route: '/BasicSettings/userManagement/organizations',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'organizations',
  endpoints: { list: '/Company/GetOrganizationPageList' },
  defaultSort: { field: 'name', order: 'asc' },
  titleField: 'name',
  fields: () => ({
    kind: {
      schema: z.enum(ORGANIZATION_ROLES),
      widget: 'select',
      options: ORGANIZATION_ROLES,
      list: true,
      filter: 'select',
      sortable: true,
    },
    name: { schema: z.string().max(FILTER_TEXT_MAX), list: true, filter: 'text', sortable: true },
  }),
});

import { z } from 'zod';
import { COUNTRY_CODES } from '../contract/countryCodes';
import { ORGANIZATION_ROLES } from '../permissions/roles';
import { rules } from './rules';
import { defineResource, type FieldDeclaration } from './types';

/**
 * Company management (spec §2 'company management', DESIGN §6, §10): the files of the companies scope hangs off, kept
 * by the staff who manage users and roles. Installer companies, with the reseller they buy from and the service
 * partner assigned to them, on the screen's first tab; resellers, service partners and suppliers (an organization's
 * kind is the role of its users) on the second. The user form's pickers (resources/scopeCompanies.ts) read the same
 * rows. A company users, systems, components or installer companies still point at is not deleted (400, naming what
 * points at it: server/admin/companies/service.ts); the list carries those counts, so the screen says so first.
 */

/** A company's country: an ISO 3166-1 alpha-2 code (the mail rules and the service partner list compare codes). */
const countryField = () =>
  ({
    schema: z.enum(COUNTRY_CODES, { error: 'admin:validation.required' }),
    widget: 'country',
    options: COUNTRY_CODES,
    list: true,
    filter: 'select',
    sortable: true,
    form: true,
    width: 150,
  }) as const satisfies FieldDeclaration;

/** An address to write to, or none; code 14 (invalid e-mail) as on every other e-mail field. */
const emailField = () =>
  ({
    schema: z
      .string()
      .trim()
      .max(254, 'admin:validation.tooLong')
      .regex(/^$|^[^\s@]+@[^\s@]+\.[A-Za-z]{2,8}$/, 'admin:validation.email')
      .optional()
      .default(''),
    widget: 'email',
    codes: { invalid: 14 },
    list: true,
    // An address does not wrap: offered by the column chooser and on the show page, so the table fits 1366 px.
    columnHidden: true,
    form: true,
  }) as const satisfies FieldDeclaration;

/** What points at a company, counted by the list and `one` (never saved): the delete is refused while any is not 0. */
const countField = () => ({ schema: z.number().int(), widget: 'number', show: true, card: 'hidden' }) as const satisfies FieldDeclaration;

/** The file every company has: who to call, where, which area it covers. */
const fileFields = () =>
  ({
    name: { schema: rules.requiredText(100), list: true, filter: 'text', sortable: true, form: true, unique: 2 },
    country: countryField(),
    contact: { schema: rules.optionalText(100), list: true, form: true },
    phone: { schema: rules.optionalText(30), list: true, form: true, width: 150 },
    email: emailField(),
    address: { schema: rules.optionalText(200), form: true, show: true },
    // The countries and regions served, as staff write them ('DE: Bavaria, Baden-Württemberg; AT').
    areas: { schema: rules.optionalText(500), widget: 'textarea', list: true, filter: 'text', form: true },
    remark: { schema: rules.optionalText(1000), widget: 'textarea', form: true, show: true },
  }) as const satisfies Record<string, FieldDeclaration>;

/** The organizations' list call, which the installer company's reseller and service partner pickers read. */
const ORGANIZATION_LIST = '/Company/GetOrganizationList';

const organizationPicker = (kind: 'reseller' | 'servicepartner', column: string) =>
  ({
    column,
    schema: rules.id().nullable().optional(),
    relation: { listPath: ORGANIZATION_LIST, valueField: 'id', labelField: 'name', where: { rowField: 'kind', anyOf: [kind] } },
    widget: 'select',
    list: true,
    filter: 'select',
    form: true,
  }) as const satisfies FieldDeclaration;

export const companyManagement = defineResource({
  name: 'companyManagement',
  entity: 'installerCompany',
  route: '/BasicSettings/companyManagement',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'installerCompanies',
  endpoints: {
    list: '/Company/GetInstallerCompanyList',
    one: '/Company/GetInstallerCompany',
    save: '/Company/SaveInstallerCompany',
    delete: '/Company/DeleteInstallerCompany',
  },
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: () => ({
    ...fileFields(),
    reseller_id: organizationPicker('reseller', 'resellerId'),
    service_partner_id: organizationPicker('servicepartner', 'servicePartnerId'),
    user_count: countField(),
    system_count: countField(),
  }),
});

export const companyOrganizations = defineResource({
  name: 'companyOrganizations',
  entity: 'organization',
  subject: 'companyManagement',
  route: '/BasicSettings/companyManagement/organizations',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'organizations',
  endpoints: {
    list: ORGANIZATION_LIST,
    one: '/Company/GetOrganization',
    save: '/Company/SaveOrganization',
    delete: '/Company/DeleteOrganization',
  },
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: () => ({
    // Its users hold this role: set when the company is created, never changed under them.
    kind: {
      schema: z.enum(ORGANIZATION_ROLES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: ORGANIZATION_ROLES,
      colors: { reseller: 'blue', servicepartner: 'purple', supplier: 'gold' },
      list: true,
      filter: 'select',
      sortable: true,
      form: 'create',
      show: true,
      defaultValue: 'servicepartner',
      width: 150,
    },
    ...fileFields(),
    user_count: countField(),
    company_count: countField(),
    system_count: countField(),
  }),
});

import { z } from 'zod';
import { licenseCalls } from '../contract/admin/licenses-calls';
import { rules } from './rules';
import { defineResource } from './types';

export const LICENSE_TYPES = ['installer', 'servicepartner'] as const;

/** Licenses for installers and service providers (spec §2 BasicSettings, codes 10/39, 13/31, 17, 38, 48, 89, 90). */
export const licenseManagement = defineResource({
  name: 'licenseManagement',
  entity: 'license',
  route: '/BasicSettings/licenseManagement',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'licenses',
  endpoints: {
    list: '/License/GetLicensePageList',
    one: '/License/GetLicense',
    save: '/License/SaveLicense',
    delete: '/License/DeleteLicense',
  },
  notFoundCode: 10,
  titleField: 'license_key',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: () => ({
    license_key: {
      schema: rules.requiredText(40).regex(/^[A-Za-z0-9-]{6,40}$/, 'admin:validation.licenseKey'),
      list: true,
      filter: 'text',
      sortable: true,
      form: true,
      unique: 90,
      width: 200,
    },
    company: { schema: rules.requiredText(120), list: true, filter: 'text', sortable: true, form: true },
    license_type: {
      schema: z.enum(LICENSE_TYPES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: LICENSE_TYPES,
      list: true,
      filter: 'select',
      form: true,
      defaultValue: 'installer',
      width: 140,
      colors: { installer: 'blue', servicepartner: 'purple' },
    },
    expires_at: { schema: rules.date(), widget: 'date', list: true, sortable: true, form: true, width: 210 },
    assigned_user: {
      schema: z
        .string()
        .trim()
        .max(64)
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
      // Options from the license screen's own call: every role of this screen may make it (the user list is userManagement's).
      relation: { listPath: licenseCalls.userOptions.path, valueField: 'username', labelField: 'username' },
      widget: 'select',
      list: true,
      filter: 'text',
      form: true,
      width: 150,
    },
    remark: { schema: rules.optionalText(500), widget: 'textarea', form: true, show: true },
    created_by: { schema: z.string().max(64).optional(), show: true },
    created_at: { schema: z.string().max(40).optional(), widget: 'datetime', list: true, sortable: true, width: 170 },
  }),
});

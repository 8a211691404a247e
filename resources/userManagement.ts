import { z } from 'zod';
import { isStrongPassword } from '../contract/password';
import { ORGANIZATION_ROLES, ROLES } from '../permissions/roles';
import { COUNTRY_CODES } from '../contract/countryCodes';
import { rules } from './rules';
import { installerCompanyOptions, organizationOptions } from './scopeCompanies';
import { defineResource } from './types';

export const LANGUAGE_CODES = ['en-US', 'zh-CN', 'de-DE', 'ja-JP'] as const;
/** Roles whose users must hold a license (code 48). */
export const LICENSED_ROLES = ['installer', 'servicepartner'] as const;
/** The one password rule (contract/password.ts), at most 128 characters. */
export const passwordRule = () =>
  z
    .string({ error: 'admin:validation.required' })
    .min(1, 'admin:validation.required')
    .max(128, 'admin:validation.password')
    .refine(isStrongPassword, 'admin:validation.password');

/**
 * A user's country: an ISO 3166-1 alpha-2 code, or '' for none. Anything else is a parameter error (2): the mail
 * rules by country (server/core/mail/recipients.ts) compare codes, so free text would silently match nobody.
 */
export const countryRule = () =>
  z
    .union([z.literal(''), z.enum(COUNTRY_CODES)], { error: 'admin:validation.invalid' })
    .optional()
    .default('');

/** Users (codes 4, 14, 37/50, 48, 49); lock / unlock, password reset and menu permissions are extra calls. */
export const userManagement = defineResource({
  name: 'userManagement',
  entity: 'user',
  route: '/BasicSettings/userManagement',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'users',
  endpoints: {
    list: '/User/GetUserPageList',
    one: '/User/GetUser',
    save: '/User/SaveUser',
  },
  notFoundCode: 4,
  titleField: 'username',
  defaultSort: { field: 'username', order: 'asc' },
  fields: () => ({
    username: {
      schema: rules.requiredText(64).regex(/^[A-Za-z0-9._@-]{3,64}$/, 'admin:validation.username'),
      list: true,
      filter: 'text',
      sortable: true,
      form: 'create',
      show: true,
      unique: 50,
      width: 150,
    },
    display_name: { column: 'displayName', schema: rules.requiredText(120), list: true, filter: 'text', sortable: true, form: true },
    email: { schema: rules.email(), widget: 'email', codes: { invalid: 14 }, unique: 37, list: true, filter: 'text', form: true },
    roles: {
      schema: z
        .array(z.enum(ROLES), { error: 'admin:validation.roles' })
        .min(1, 'admin:validation.roles')
        .max(ROLES.length, 'admin:validation.roles'),
      codes: { required: 49 },
      widget: 'multiselect',
      options: ROLES,
      list: true,
      filter: 'select',
      form: true,
      width: 180,
    },
    country: {
      schema: countryRule(),
      widget: 'country',
      options: COUNTRY_CODES,
      list: true,
      filter: 'select',
      sortable: true,
      form: true,
      width: 140,
    },
    company: { schema: rules.optionalText(120), form: true, show: true },
    // Scope links (DESIGN §6, §10): what partner users see follows these, set only here, never the company text.
    installer_company_id: {
      column: 'installerCompanyId',
      schema: rules.id().nullable().optional(),
      relation: { listPath: installerCompanyOptions.endpoints.list!, valueField: 'id', labelField: 'name' },
      widget: 'select',
      form: true,
      show: true,
      shownWhen: { field: 'roles', anyOf: ['installer'] },
    },
    organization_id: {
      column: 'organizationId',
      schema: rules.id().nullable().optional(),
      relation: {
        listPath: organizationOptions.endpoints.list!,
        valueField: 'id',
        labelField: 'name',
        matching: { rowField: 'kind', formField: 'roles' },
      },
      widget: 'select',
      form: true,
      show: true,
      shownWhen: { field: 'roles', anyOf: ORGANIZATION_ROLES },
    },
    phone: { schema: rules.optionalText(40), form: true, show: true },
    language_code: {
      column: 'languageCode',
      schema: z.enum(LANGUAGE_CODES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: LANGUAGE_CODES,
      form: true,
      show: true,
      defaultValue: 'en-US',
    },
    locked: { schema: z.boolean().optional().default(false), widget: 'switch', list: true, filter: 'select', width: 100 },
    password: { schema: passwordRule(), widget: 'password', form: 'create', secret: true },
    // In the form on edit too: giving the installer or service-partner role may need a license (48, 39, 38,
    // 89, 17, 13 are shown on this field). Blank on edit keeps the license the user holds; not a users column.
    license_key: {
      schema: z.string().trim().max(40).optional().default(''),
      form: true,
      secret: true,
    },
    // Set by /User/DeactivateUser (a user with history is deactivated, never deleted); shown, never saved here.
    deactivated_at: { column: 'deactivatedAt', schema: z.string().max(40).nullable().optional(), widget: 'datetime', show: true },
    created_at: {
      column: 'createdAt',
      schema: z.string().max(40).optional(),
      widget: 'datetime',
      list: true,
      sortable: true,
      width: 170,
      columnHidden: true,
      card: 'hidden',
    },
  }),
});

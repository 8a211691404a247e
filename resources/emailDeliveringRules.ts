import { z } from 'zod';
import { COUNTRY_CODES } from '../contract/countryCodes';
import { rules } from './rules';
import { defineResource } from './types';
import { countryRule } from './userManagement';

export const RECIPIENT_KINDS = ['role', 'country', 'address'] as const;
/** The i18n keys naming the shipped notification categories, by code (`<key>.system_fault`), and describing them. */
export const CATEGORY_NAMES = 'admin:emailNotificationCategories.names';
export const CATEGORY_DESCRIPTIONS = 'admin:emailNotificationCategories.descriptions';

/** E-mail notification categories: the events mails are sent for (code 83 when the code exists). */
export const notificationCategories = defineResource({
  name: 'emailNotificationCategories',
  entity: 'emailRule',
  subject: 'emailDeliveringRules',
  route: '/OtherInformation/emailDeliveringRules/categories',
  group: 'OtherInformation',
  namespace: 'admin',
  table: 'notificationCategories',
  endpoints: {
    list: '/EmailRule/GetCategoryPageList',
    one: '/EmailRule/GetCategory',
    save: '/EmailRule/SaveCategory',
    delete: '/EmailRule/DeleteCategory',
  },
  titleField: 'name',
  defaultSort: { field: 'category_code', order: 'asc' },
  fields: () => ({
    category_code: {
      schema: rules.requiredText(40).regex(/^[a-z][a-z0-9_]{1,39}$/, 'admin:validation.code'),
      list: true,
      filter: 'text',
      sortable: true,
      form: true,
      unique: 83,
      width: 200,
    },
    name: { schema: rules.requiredText(120), list: true, filter: 'text', sortable: true, form: true },
    description: { schema: rules.optionalText(500), widget: 'textarea', list: true, form: true },
  }),
});

/** Who receives which category of e-mail: by role, by country or one address. */
export const emailDeliveringRules = defineResource({
  name: 'emailDeliveringRules',
  entity: 'emailRule',
  route: '/OtherInformation/emailDeliveringRules',
  group: 'OtherInformation',
  namespace: 'admin',
  table: 'emailRules',
  endpoints: {
    list: '/EmailRule/GetEmailRulePageList',
    one: '/EmailRule/GetEmailRule',
    save: '/EmailRule/SaveEmailRule',
    delete: '/EmailRule/DeleteEmailRule',
  },
  titleField: 'recipient_value',
  defaultSort: { field: 'category_code', order: 'asc' },
  fields: () => ({
    category_code: {
      schema: rules.requiredText(40),
      widget: 'select',
      relation: {
        listPath: notificationCategories.endpoints.list!,
        valueField: 'category_code',
        labelField: 'name',
        labelKey: CATEGORY_NAMES,
      },
      list: true,
      filter: 'select',
      sortable: true,
      form: true,
      width: 200,
    },
    recipient_kind: {
      schema: z.enum(RECIPIENT_KINDS, { error: 'admin:validation.required' }),
      widget: 'select',
      options: RECIPIENT_KINDS,
      list: true,
      filter: 'select',
      form: true,
      defaultValue: 'role',
      width: 140,
    },
    /**
     * A role, an e-mail address, or for a 'country' rule an ISO 3166-1 alpha-2 code (the server checks which by the
     * kind), picked by country name in the reader's language with the user form's picker.
     */
    recipient_value: {
      schema: rules.requiredText(200),
      widgetWhen: { field: 'recipient_kind', widgets: { country: 'country' } },
      list: true,
      filter: 'text',
      form: true,
    },
    /** The systems the rule applies to: an ISO 3166-1 alpha-2 code, or '' for every country (the picker of the user form). */
    country: { schema: countryRule(), widget: 'country', options: COUNTRY_CODES, list: true, filter: 'select', form: true, width: 130 },
    enabled: {
      schema: z.boolean().optional().default(true),
      widget: 'switch',
      list: true,
      filter: 'select',
      form: true,
      defaultValue: true,
      width: 100,
    },
    remark: { schema: rules.optionalText(500), widget: 'textarea', form: true, show: true },
  }),
});

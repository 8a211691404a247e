import { z } from 'zod';
import { COUNTRY_CODES } from '../contract/countryCodes';
import { rules } from './rules';
import { defineResource } from './types';
import { countryRule, LANGUAGE_CODES } from './userManagement';

/** The caller's own profile (every role). One record, no list: the web app shows the edit form only. */
export const userInfoSettings = defineResource({
  name: 'userInfoSettings',
  entity: 'profile',
  route: '/BasicSettings/userInfoSettings',
  group: 'BasicSettings',
  namespace: 'admin',
  endpoints: { one: '/UserInfo/GetMyUserInfo', save: '/UserInfo/SaveMyUserInfo' },
  fields: () => ({
    username: { schema: z.string().max(64).optional(), form: 'readonly' },
    display_name: { schema: rules.requiredText(120), form: true },
    email: { schema: rules.email(), widget: 'email', codes: { invalid: 14 }, form: true },
    phone: { schema: rules.optionalText(40), form: true },
    country: { schema: countryRule(), widget: 'country', options: COUNTRY_CODES, form: true },
    company: { schema: rules.optionalText(120), form: true },
    language_code: {
      schema: z.enum(LANGUAGE_CODES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: LANGUAGE_CODES,
      form: true,
    },
    time_zone: { schema: rules.requiredText(64), widget: 'select', form: true },
  }),
});

import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { SHARE_EMAIL_PATTERN } from '../../monitoring/shared/share/rules';
import { isStrongPassword } from '../../../../contract/password';

/** The form rules of the public account pages, with the texts of locales/<lng>/login.json. */
const v = (t: TFunction, key: string) => t(`login:account.validation.${key}`);

export const emailRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: v(t, 'email') },
  { pattern: SHARE_EMAIL_PATTERN, message: v(t, 'emailFormat') },
];

/** The server's rule (contract/password.ts), checked before sending so the person sees it at once. */
export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: v(t, 'password') },
  {
    validator: async (_rule, value?: string) => {
      if (value && !isStrongPassword(value)) throw new Error(v(t, 'passwordRule'));
    },
  },
];

/** The second entry of the password must equal the first (field `password`). */
export const confirmRules = (t: TFunction, passwordField: string): FormRule[] => [
  { required: true, message: v(t, 'confirm') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value?: string) => {
      if (value && value !== getFieldValue(passwordField)) throw new Error(v(t, 'mismatch'));
    },
  }),
];

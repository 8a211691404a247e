import { z } from 'zod';
import { CATEGORY_NAMES, notificationCategories } from './emailDeliveringRules';
import { defineResource } from './types';

/** The categories of the mails every account may get (reset link, user name, invitation); no rule sends them. */
export const ACCOUNT_MAIL_CATEGORIES = [
  'password_reset',
  'user_name',
  'share_invitation',
  'registration_code',
  'system_invitation',
] as const;

/**
 * The notification e-mails the portal sent or tried to send (server/core/mail): to whom, about what, when, and
 * why one is still waiting. Read-only; shown beside the delivery rules that produce the mails.
 */
export const mailOutbox = defineResource({
  name: 'mailOutbox',
  entity: 'mailOutbox',
  subject: 'emailDeliveringRules',
  route: '/OtherInformation/emailDeliveringRules/outbox',
  group: 'OtherInformation',
  namespace: 'admin',
  table: 'mailOutbox',
  endpoints: { list: '/EmailRule/GetMailOutboxPageList', one: '/EmailRule/GetMailOutbox' },
  defaultSort: { field: 'created_at', order: 'desc' },
  titleField: 'subject',
  fields: () => ({
    created_at: {
      column: 'createdAt',
      schema: z.string().max(40),
      widget: 'datetime',
      list: true,
      sortable: true,
      filter: 'dateRange',
      width: 170,
    },
    category: {
      schema: z.string().max(40),
      widget: 'select',
      relation: {
        listPath: notificationCategories.endpoints.list!,
        valueField: 'category_code',
        labelField: 'name',
        labelKey: CATEGORY_NAMES,
      },
      // The account mails (server/core/mail/account-mails.ts) have categories of their own, outside the delivery rules.
      options: ACCOUNT_MAIL_CATEGORIES,
      list: true,
      filter: 'select',
      sortable: true,
      width: 160,
    },
    recipient: { schema: z.string().max(254), list: true, filter: 'text', sortable: true, width: 240 },
    language: { schema: z.string().max(10), list: true, width: 90 },
    subject: { schema: z.string().max(500), list: true, filter: 'text' },
    sent_at: { column: 'sentAt', schema: z.string().max(40).nullable(), widget: 'datetime', list: true, sortable: true, width: 170 },
    attempts: { schema: z.number(), list: true, width: 100 },
    last_error: { column: 'lastError', schema: z.string().max(2000).nullable(), list: true, width: 260 },
    body: { schema: z.string().max(100_000), widget: 'textarea', show: true },
  }),
});

import { z } from 'zod';
import { COUNTRY_CODES } from './countryCodes';
import { ALL, DELIVERY_STATES, SUBSCRIPTION_LEVELS } from './faultmail-constants';
import { rules } from './rules';

/**
 * Fault mail subscriptions (sysErrorEmailNotification, servicer only): which faults reach a service engineer by
 * e-mail, and the log of the fault mails that went to them (server/faultmail). 'all' in a filter matches every value.
 */

/** How many filters one engineer keeps (more is a mistake of the form, never a need). */
export const MAX_SUBSCRIPTIONS = 100;

const filterText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'faultmail:validation.required')
    .max(max, 'faultmail:validation.tooLong')
    .regex(/^[A-Za-z0-9 ._/+-]+$/, 'faultmail:validation.characters')
    // 'ALL' typed by hand is the 'all' of the pickers.
    .transform((value) => (value.toLowerCase() === ALL ? ALL : value));

export const subscriptionBody = z.object({
  /** Given: change that subscription of the caller's; absent: add one. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  country: z.union([z.literal(ALL), z.enum(COUNTRY_CODES)], { error: 'faultmail:validation.country' }),
  model: z.union([z.literal(ALL), filterText(64)]),
  level: z.enum([ALL, ...SUBSCRIPTION_LEVELS], { error: 'faultmail:validation.level' }),
  fault_code: z.union([z.literal(ALL), filterText(32)]),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export const subscriptionIdBody = z.object({ id: z.number().int().positive().max(2_147_483_647) });

export const noBody = rules.noBody();

/** A saved subscription: its id (new or the one changed). */
export const subscriptionSaved = z.object({ id: z.number() });
export const subscriptionDeleted = z.null();

export const subscriptionRow = z.object({
  id: z.number(),
  country: z.string(),
  model: z.string(),
  level: z.string(),
  fault_code: z.string(),
  created_at: z.string(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;
export const subscriptionListAnswer = z.array(subscriptionRow);

/** What the form offers: the countries and models of the fleet, the fault codes systems have reported. */
export const subscriptionOptionsAnswer = z.object({
  countries: z.array(z.string()),
  models: z.array(z.string()),
  fault_codes: z.array(z.object({ code: z.string(), level: z.string(), description: z.string() })),
});

export const deliveryLogBody = z.object({
  pageIndex: z.number().int().min(1).max(1_000_000),
  pageSize: z.number().int().min(1).max(200),
  state: z.enum(DELIVERY_STATES).optional(),
});
export type DeliveryLogBody = z.infer<typeof deliveryLogBody>;

export const deliveryRow = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  sys_sn: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  attempts: z.number(),
  /** When an unsent mail is tried next (a customer's quiet hours or a retry after a failure). */
  next_attempt_at: z.string().nullable(),
  /** sent: handed to the mail server; waiting: due again (after a failure, or until a mail server is set); failed: given up. */
  state: z.enum(DELIVERY_STATES),
  /** Why it is not sent (the last error), null once sent. */
  reason: z.string().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;
export const deliveryLogAnswer = z.object({ data: z.array(deliveryRow), dataCount: z.number() });

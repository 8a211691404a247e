/**
 * The fixed values of the fault-mail contract that the web app reads at run time. Free of zod: a module's schemas
 * are built when it is evaluated (see contract/monitoring-constants.ts). contract/faultmail.ts imports them.
 */

/** 'all' in a filter matches every value (and 'ALL' typed by hand). */
export const ALL = 'all';

export const SUBSCRIPTION_LEVELS = ['warning', 'fault', 'protection'] as const;

export const DELIVERY_STATES = ['sent', 'waiting', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

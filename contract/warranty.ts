import { z } from 'zod';
import { sn } from './monitoring-requests';
import { rules } from './rules';
import {
  WARRANTY_COMPONENTS,
  WARRANTY_KEY_FILTERS,
  WARRANTY_KEY_STATES,
  WARRANTY_LIMITS,
  WARRANTY_SORT_KEYS,
  WARRANTY_START_BASES,
  WARRANTY_STATES,
} from './warranty-constants';

/**
 * The warranty's request and answer shapes (contract/warranty-calls.ts names them). Dates are YYYY-MM-DD; an end is
 * the first day no longer covered. A battery's throughput counts (charge + discharge) / 2 of the system's daily
 * energy since the start (one full cycle = one capacity charged and discharged), in MWh.
 */

const text = (max: number) => z.string().trim().max(max).optional();

export const warrantySnBody = z.object({ sys_sn: sn });

const fileAnswer = z.object({ id: z.number().int(), name: z.string(), size: z.number(), mime: z.string() });

export const warrantyComponentAnswer = z.object({
  kind: z.enum(WARRANTY_COMPONENTS),
  sn: z.string().describe('the component (system_components); empty for the terms of a kind the system lists no part of'),
  model: z.string(),
  years: z.number().int().describe('the term in years, extensions included'),
  extra_years: z.number().int().describe('of which added by keys'),
  allowed_mwh: z.number().nullable().describe('battery: the throughput allowed, extensions included; null for an inverter'),
  extra_mwh: z.number().nullable(),
  used_mwh: z.number().nullable().describe('battery: the throughput since the start ((charge + discharge) / 2)'),
  end_on: z.string().describe('the first day not covered: the end of the years, or (battery) the day the throughput was reached'),
  ended_by: z.enum(WARRANTY_LIMITS).describe('which limit ends it first'),
  state: z.enum(WARRANTY_STATES),
});

export const warrantyAnswer = z.object({
  sys_sn: z.string(),
  start_basis: z.enum(WARRANTY_START_BASES),
  delivered_on: z.string().nullable(),
  commissioned_on: z.string().nullable(),
  start_on: z.string(),
  battery_extendable: z.boolean(),
  end_on: z.string().describe("the system's end: the earliest of its components' ends (fully covered until then)"),
  state: z.enum(WARRANTY_STATES),
  components: z.array(warrantyComponentAnswer),
  extensions: z.array(
    z.object({
      component: z.enum(WARRANTY_COMPONENTS),
      years: z.number().int(),
      mwh: z.number(),
      at: z.string(),
      by: z.string().nullable(),
    }),
  ),
  delivery_note: z.array(fileAnswer).describe('the delivery note (its file through /Warranty/GetDelivery)'),
});
export type WarrantyAnswer = z.infer<typeof warrantyAnswer>;

export const warrantyListBody = z.object({
  pageIndex: rules.integer(1, 1_000_000),
  pageSize: rules.integer(1, 500),
  /** A part of the S/N or of the name. */
  q: text(64),
  model: text(64),
  /** A part of the installer company's name. */
  installer: text(200),
  /** 'expired': ended on or before today; 'expiring': ending within the window; 'under': ending after it. */
  state: z.enum(WARRANTY_STATES).optional(),
  /** The window of 'expiring', days (90 by default). */
  withinDays: rules.integer(1, 3650).optional(),
  sort: z
    .array(z.object({ field: z.enum(WARRANTY_SORT_KEYS), order: z.enum(['asc', 'desc']) }))
    .max(1, 'one column at a time')
    .optional(),
});
export type WarrantyListBody = z.infer<typeof warrantyListBody>;

export const warrantyRowAnswer = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  minv: z.string(),
  installer: z.string().nullable(),
  start_on: z.string(),
  inverter_end: z.string(),
  battery_end: z.string(),
  warranty_end: z.string(),
  used_mwh: z.number(),
  allowed_mwh: z.number(),
  extensions: z.number().int(),
  state: z.enum(WARRANTY_STATES),
});
export type WarrantyRow = z.infer<typeof warrantyRowAnswer>;
export const warrantyPage = rules.pageOf(warrantyRowAnswer);

export const saveSystemWarrantyBody = z.object({
  sys_sn: sn,
  start_basis: z.enum(WARRANTY_START_BASES),
  /** Required when the warranty starts at delivery. */
  delivered_on: rules.date().nullish(),
  inverter_years: rules.integer(1, 30),
  battery_years: rules.integer(1, 30),
  battery_mwh: z.number().min(0.1).max(100_000),
  battery_extendable: z.boolean(),
  /** The delivery note: at most one upload id (the attachments mechanism, /Warranty/UploadDelivery); [] removes it. */
  delivery_note: z.array(rules.id()).max(1).optional(),
});
export type SaveSystemWarrantyBody = z.infer<typeof saveSystemWarrantyBody>;

export const redeemKeyBody = z.object({
  sys_sn: sn,
  component: z.enum(WARRANTY_COMPONENTS),
  cdkey: z.string().trim().min(1).max(40),
});

export const warrantyDataBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('issue'),
    kind: z.enum(WARRANTY_COMPONENTS),
    years: rules.integer(0, 20),
    /** Battery keys: MWh added to the throughput (0 for an inverter key). */
    mwh: z.number().min(0).max(100_000).default(0),
    count: rules.integer(1, 100),
    expires_on: rules.date(),
    note: text(200),
  }),
  z.object({ action: z.literal('void'), cdkey: z.string().trim().min(1).max(40) }),
]);
export type WarrantyDataBody = z.infer<typeof warrantyDataBody>;

export const warrantyKeyAnswer = z.object({
  code: z.string(),
  kind: z.enum(WARRANTY_COMPONENTS),
  years: z.number().int(),
  mwh: z.number(),
  state: z.enum(WARRANTY_KEY_STATES),
  expires_on: z.string(),
});
export const warrantyKeysAnswer = z.object({ keys: z.array(warrantyKeyAnswer) });

/** The issued keys, newest first: by a part of the code or the note, kind and state ('expired': unused past its day). */
export const warrantyKeyListBody = z.object({
  pageIndex: rules.integer(1, 1_000_000),
  pageSize: rules.integer(1, 500),
  q: text(40),
  kind: z.enum(WARRANTY_COMPONENTS).optional(),
  state: z.enum(WARRANTY_KEY_FILTERS).optional(),
});
export type WarrantyKeyListBody = z.infer<typeof warrantyKeyListBody>;
export const warrantyKeyRow = warrantyKeyAnswer.extend({
  id: z.number().int(),
  expired: z.boolean().describe('unused and past its last day to redeem'),
  note: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  used_sn: z.string().nullable().describe('the system it extended'),
  used_at: z.string().nullable(),
});
export type WarrantyKeyRow = z.infer<typeof warrantyKeyRow>;
export const warrantyKeyPage = rules.pageOf(warrantyKeyRow);

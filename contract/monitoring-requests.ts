import { z } from 'zod';
import { PERIODS } from './monitoring';
import { DASHBOARD_CARDS, EMS_STATUSES, SHARE_DAYS, SYSTEM_SORT_KEYS } from './monitoring-constants';
import { isRealDate, rules } from './rules';
import { WORK_MODES } from './device-commands';

/**
 * Request shapes of the monitoring calls (contract/monitoring-calls.ts names them: the server validates with them,
 * the OpenAPI document shows them, the web app's calls are typed by them). Strings are trimmed (spec §5: all outgoing
 * strings are trimmed).
 */

export const sn = z.string().trim().min(1).max(64);
// Date.parse rolls 2026-02-31 over into March, so a real date is one that reads back the same.
export const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(isRealDate, 'not a date');
const hhmm = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
const paging = { pageIndex: rules.integer(1, 1_000_000), pageSize: rules.integer(1, 500) };
/**
 * The one list protocol's order (DESIGN §4, as the generated lists of server/core/crud): `sort: [{ field, order }]`.
 * The storage list sorts by one column at a time (its table's sorter), so it takes at most one.
 */
const sortBy = <const Fields extends readonly [string, ...string[]]>(fields: Fields) =>
  z.array(z.object({ field: z.enum(fields), order: z.enum(['asc', 'desc']) })).max(1, 'one column at a time');

export const snBody = z.object({ sn });
export const snQuery = z.object({ sn });

export const noBody = rules.noBody();

/** The staff home: how many systems and events each of its lists shows (8 unless given). */
export const fleetOverviewBody = z.object({ limit: rules.integer(1, 50).optional() }).optional();

/** An export that may be made in the background instead (a generated report, server/reports/background.ts). */
const backgroundFlag = { background: z.boolean().optional() };

export const systemsBody = z.object({
  ...paging,
  sn: z.string().trim().max(64).optional(),
  name: z.string().trim().max(200).optional(),
  status: z.enum([...EMS_STATUSES, 'unknown']).optional(),
  countryCode: z.string().trim().length(2).optional(),
  installer: z.string().trim().max(200).optional(),
  sort: sortBy(SYSTEM_SORT_KEYS).optional(),
});

/** The storage list's search without paging, sorting and status: what its status counts are counted over. */
export const statusCountBody = systemsBody.pick({ sn: true, name: true, countryCode: true, installer: true });

export const dayBody = z.object({ sn, date: day.optional() });
export const periodBody = z.object({ sn, period: z.enum(PERIODS), date: day.optional() });
export const rangeBody = z.object({ sn, beginDate: day, endDate: day });
export const rangeExportBody = rangeBody.extend(backgroundFlag);
export const lifetimeExportBody = snBody.extend(backgroundFlag);
export const pagedSnBody = z.object({ sn, ...paging, state: z.enum(['open', 'closed']).optional() });

export const weatherBody = z.object({ sn, nowTime: z.iso.datetime({ offset: true }).max(40).optional() });
export const remarkBody = z.object({ sn, remark: z.string().trim().max(1000) });
export const systemCostBody = z.object({
  sn,
  systemCost: z.number().min(0).max(1e9),
  currency: z
    .string()
    .trim()
    .max(3)
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

/** Spec §5: a standard address shape whose top-level part has 2-8 letters. */
export const shareEmail = z
  .string()
  .trim()
  .max(254)
  .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,8}$/, 'E-mail format incorrect');
/** Spec §5: whole days, as a number or a string of digits ('30'); '1e2', '0x10', 1.5, true and 0 are refused. */
const daysRange = `whole days from ${SHARE_DAYS.min} to ${SHARE_DAYS.max}`;
const shareDays = z
  .union([z.number(), z.string().trim().max(6).regex(/^\d+$/, 'digits only')])
  .pipe(z.transform(Number))
  .pipe(z.number().int(daysRange).min(SHARE_DAYS.min, daysRange).max(SHARE_DAYS.max, daysRange));
export const shareBody = z.object({ email: shareEmail, days: shareDays, sn });
const shareId = z.number().int().positive().max(2_147_483_647);
export const shareOfSystemBody = z.object({ sn, id: shareId });
export const extendShareBody = z.object({ sn, id: shareId, days: shareDays });
export const invitationBody = z.object({ token: z.string().trim().min(1).max(200) });
export const registerSharerBody = z.object({
  token: z.string().trim().min(1).max(200),
  username: z.string().trim().min(3).max(64),
  password: z.string().min(1).max(200),
});

/**
 * The customer dashboard's cards: which are shown, in this order; each known card once, at least one (an empty
 * dashboard is no choice anyone means to keep).
 */
export const dashboardCards = z
  .array(z.enum(DASHBOARD_CARDS))
  .min(1)
  .max(DASHBOARD_CARDS.length)
  .refine((cards) => new Set(cards).size === cards.length, 'each card at most once');

/** Dashboard preferences: any JSON object, of which `cards` is read by the dashboard and so checked. */
export const indexSettingsBody = z
  .object({ settings: z.record(z.string().max(200), z.unknown()).pipe(z.looseObject({ cards: dashboardCards.optional() })) })
  .refine((v) => JSON.stringify(v).length <= 20_000, { message: 'too large (at most 20 kB)', path: ['settings'] });

/**
 * A price per kWh. Negative prices are refused, feed-in included: dynamic tariffs (DE, NL) do have negative hours,
 * but these are fixed prices for whole periods or days, and a feed-in price below zero all day is no real contract
 * (the form says so). Income is summed from daily rollups at these prices (income/tariffs.ts).
 */
const price = z.number().min(0, 'a price cannot be negative').max(100000);
const period = z.object({ start: hhmm, end: hhmm, price });
export const tariffBody = z.object({
  sn: sn.optional(),
  currency: z
    .string()
    .trim()
    .max(3)
    .regex(/^[A-Z]{3}$/),
  basePrice: price,
  feedInPrice: price,
  periods: z.array(period).max(12),
});
export const tariffQuery = z.object({ sn: sn.optional() });

export const systemSettingsBody = z.object({
  sn,
  backupReserveSoc: z.number().int().min(10).max(100),
  gridCharge: z.boolean(),
  feedInLimitPercent: z.number().int().min(0).max(100),
  chargeWindows: z.array(z.object({ start: hhmm, end: hhmm })).max(6),
  workMode: z.enum(WORK_MODES).default('selfConsumption'),
});
export const systemSettingsQuery = z.object({ system_id: rules.id() });

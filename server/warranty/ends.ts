import { sql, type SQL } from 'drizzle-orm';
import type { WarrantyComponent, WarrantyLimit, WarrantyState } from '../../contract/warranty-constants';
import { energyDaily } from '../core/db/schema/monitoring';
import { systemWarranties, warrantyExtensions } from '../core/db/schema/warranty';

/**
 * A warranty's ends as SQL over a row of system_warranties (joined by the query that uses them), so that one system's
 * warranty (GetWarranty), the staff list (GetWarrantyPageList) and the system summary's column compute the same dates
 * in the same statement shape. An end is the first day no longer covered.
 *
 * - A component's years: its terms plus the years its redeemed keys added, counted from the start.
 * - A battery's throughput: (charge + discharge) / 2 of the system's daily energy (energy_daily, kept by ingest) from
 *   the start on, i.e. energy through the battery counted once per full cycle, in MWh. Its warranty ends the day after
 *   the day the allowed throughput (terms plus keys) was reached, if that comes before the end of its years.
 * - The system's end: the earliest of its inverter's and its battery's (fully covered until then).
 */

const extensionsOf = (component: WarrantyComponent, column: 'years' | 'mwh') =>
  sql`COALESCE((SELECT sum(${warrantyExtensions[column]}) FROM ${warrantyExtensions}
    WHERE ${warrantyExtensions.systemId} = ${systemWarranties.systemId} AND ${warrantyExtensions.component} = ${component}), 0)`;

const yearsEnd = (years: SQL) => sql`(${systemWarranties.startOn} + make_interval(years => (${years})::int))::date`;

export const extraYears = {
  inverter: sql<number>`${extensionsOf('inverter', 'years')}`.mapWith(Number),
  battery: sql<number>`${extensionsOf('battery', 'years')}`.mapWith(Number),
};
export const extraMwh = sql<number>`${extensionsOf('battery', 'mwh')}`.mapWith(Number);

const inverterYears = sql`${systemWarranties.inverterYears} + ${extensionsOf('inverter', 'years')}`;
const batteryYears = sql`${systemWarranties.batteryYears} + ${extensionsOf('battery', 'years')}`;
const allowedMwh = sql`(${systemWarranties.batteryMwh} + ${extensionsOf('battery', 'mwh')})`;
const cycleKwh = sql`(${energyDaily.chargeKwh} + ${energyDaily.dischargeKwh}) / 2`;
const sinceStart = sql`${energyDaily.systemId} = ${systemWarranties.systemId} AND ${energyDaily.day} >= ${systemWarranties.startOn}`;

/** The battery's throughput since the start, MWh. */
export const usedMwh = sql<number>`COALESCE((SELECT sum(${cycleKwh}) FROM ${energyDaily} WHERE ${sinceStart}), 0) / 1000`.mapWith(Number);
export const allowedMwhSql = sql<number>`${allowedMwh}`.mapWith(Number);

/** The day after the one on which the running throughput reached the allowed one; null while it has not. */
const throughputEnd = sql`((SELECT min(run.day) FROM (
    SELECT ${energyDaily.day} AS day, sum(${cycleKwh}) OVER (ORDER BY ${energyDaily.day}) AS kwh FROM ${energyDaily} WHERE ${sinceStart}
  ) AS run WHERE run.kwh >= ${allowedMwh} * 1000) + 1)`;

const inverterEnd = yearsEnd(inverterYears);
const batteryYearsEnd = yearsEnd(batteryYears);
// LEAST ignores a null: a throughput not reached leaves the years' end.
const batteryEnd = sql`LEAST(${batteryYearsEnd}, ${throughputEnd})`;

const asText = (date: SQL) => sql<string>`to_char(${date}, 'YYYY-MM-DD')`;

export const ends = {
  inverter: asText(inverterEnd),
  battery: asText(batteryEnd),
  system: asText(sql`LEAST(${inverterEnd}, ${batteryEnd})`),
  batteryEndedBy: sql<WarrantyLimit>`CASE WHEN ${throughputEnd} < ${batteryYearsEnd} THEN 'throughput' ELSE 'years' END`,
};

/** The system's end as a date (sorting and filtering: the summary's column, the list's state). */
export const systemEndDate = sql`LEAST(${inverterEnd}, ${batteryEnd})`;

/** The condition of a state on the system's end (today and the window as parameters). */
export function stateCondition(state: 'under' | 'expiring' | 'expired', today: string, withinDays: number): SQL {
  const horizon = addDays(today, withinDays);
  if (state === 'expired') return sql`${systemEndDate} <= ${today}::date`;
  if (state === 'expiring') return sql`(${systemEndDate} > ${today}::date AND ${systemEndDate} <= ${horizon}::date)`;
  return sql`${systemEndDate} > ${horizon}::date`;
}

/** A state from an end and today (both YYYY-MM-DD): ended on or before today, ending within `withinDays`, or covered. */
export function stateOf(end: string, today: string, withinDays: number): WarrantyState {
  if (end <= today) return 'expired';
  return end <= addDays(today, withinDays) ? 'expiring' : 'under';
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today as the warranty counts it: the UTC calendar day of `now`. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

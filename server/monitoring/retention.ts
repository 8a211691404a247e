import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../core/db';
import { systems } from '../core/db/schema/monitoring';
import { localClock, localMidnight } from '../core/time/local-clock';

/**
 * Retention of raw telemetry: the 5-minute samples of the last RAW_RETENTION_DAYS local days
 * of each system are kept for the day curve and its export; everything longer (month, year, lifetime, income)
 * reads the daily and monthly rollups, which are kept for good. The window is whole local days of the system's
 * zone, so a day's curve is either all there or gone, never cut at some hour.
 */
export const DEFAULT_RAW_RETENTION_DAYS = 60;

/** RAW_RETENTION_DAYS of README's configuration: a whole number of days ≥ 1 (a typo stops the start, never purges all). */
export function parseRawRetentionDays(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_RAW_RETENTION_DAYS;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1) throw new Error(`RAW_RETENTION_DAYS must be a whole number of days ≥ 1, not '${text}'`);
  return days;
}

/** The first instant whose raw samples are kept: local midnight `days` days before the system's today. */
export function rawWindowStart(timeZone: string, now: Date, days: number): number {
  return localMidnight(timeZone, localClock(timeZone)(now.getTime()).day - days);
}

/**
 * Deletes the raw samples older than the window, system by system (each a range of the (system_id, ts) key, a
 * short statement however large the fleet); the rollups are untouched. The daily job of ./jobs.ts runs it.
 */
export async function purgeRawSamples(db: Database, now: Date, days: number = DEFAULT_RAW_RETENTION_DAYS): Promise<{ deleted: number }> {
  const fleet = await db.select({ id: systems.id, timeZone: systems.timeZone }).from(systems);
  let deleted = 0;
  for (const system of fleet) {
    const before = new Date(rawWindowStart(system.timeZone, now, days));
    const [gone] = await queryRows<{ n: number }>(
      db,
      sql`WITH gone AS (DELETE FROM telemetry WHERE system_id = ${system.id} AND ts < ${before.toISOString()}::timestamptz RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    deleted += Number(gone?.n ?? 0);
  }
  return { deleted };
}

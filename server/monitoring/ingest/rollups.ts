import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { pgArray } from '../sql-arrays';

/**
 * Energy per system and local day (energy_daily), and per local month (energy_monthly), in the system's
 * own time zone. Energy per sample = power × reporting interval. Every figure is a sum over samples
 * (self-consumption too: per sample the PV not exported), so days add up to months exactly.
 *
 * Ingest keeps both current incrementally: the samples a batch really stored (those the telemetry key did
 * not already hold) are summed per local day and added to that day's row and to its month's row, in the
 * statement that stores them. Whatever arrives twice, late or out of order is therefore counted exactly
 * once, and two batches of the same day committed at the same time both count (a row lock orders the two
 * additions, where re-reading the day's raw rows would let each miss the other's uncommitted samples).
 * recomputeDailyRollups rebuilds days (and their months) from the raw rows (repairs, back-fills).
 */
const SUMMED = [
  'pv_kwh',
  'load_kwh',
  'charge_kwh',
  'discharge_kwh',
  'import_kwh',
  'export_kwh',
  'self_consumption_kwh',
  'samples',
] as const;
const SUMMED_LIST = sql.raw(SUMMED.join(', '));

function sampleSums(alias: string, intervalSeconds: number): SQL {
  const kwhPerW = sql`${intervalSeconds / 3600 / 1000}::float8`;
  const t = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`sum(${t('pv_w')}) * ${kwhPerW} AS pv_kwh,
           sum(${t('load_w')}) * ${kwhPerW} AS load_kwh,
           sum(greatest(${t('battery_w')}, 0)) * ${kwhPerW} AS charge_kwh,
           sum(greatest(-${t('battery_w')}, 0)) * ${kwhPerW} AS discharge_kwh,
           sum(greatest(${t('grid_w')}, 0)) * ${kwhPerW} AS import_kwh,
           sum(greatest(-${t('grid_w')}, 0)) * ${kwhPerW} AS export_kwh,
           sum(greatest(${t('pv_w')} - greatest(-${t('grid_w')}, 0), 0)) * ${kwhPerW} AS self_consumption_kwh,
           count(*)::int AS samples`;
}

/** The rows' sums summed again (days into months). */
const RESUMMED = sql.raw(SUMMED.map((c) => (c === 'samples' ? `sum(${c})::int` : `sum(${c})`)).join(', '));

function onConflict(table: string, key: string, mode: 'add' | 'replace'): SQL {
  const set = SUMMED.map((c) => (mode === 'add' ? `${c} = ${table}.${c} + excluded.${c}` : `${c} = excluded.${c}`)).join(', ');
  return sql.raw(`ON CONFLICT (system_id, ${key}) DO UPDATE SET ${set}`);
}

const MONTH_OF_DAY = sql.raw(`date_trunc('month', day::timestamp)::date`);

export interface RollupSystem {
  id: number;
  timeZone: string;
  /** Reporting interval in seconds. */
  transFrequency: number;
}

/**
 * The CTEs (for a WITH clause, after `source`) that add the telemetry rows of `source` (a CTE of the rows
 * just stored: ts, pv_w, load_w, battery_w, grid_w) to the rollups of their local days and months.
 * `rolled_up` answers the days changed.
 */
export function addToRollups(system: RollupSystem, source: string): SQL {
  return sql`day_sums AS (
          SELECT (s.ts AT TIME ZONE ${system.timeZone})::date AS day, ${sampleSums('s', system.transFrequency)}
            FROM ${sql.raw(source)} s GROUP BY 1
        ), rolled_up AS (
          INSERT INTO energy_daily (system_id, day, ${SUMMED_LIST})
          SELECT ${system.id}, day, ${SUMMED_LIST} FROM day_sums
          ${onConflict('energy_daily', 'day', 'add')}
          RETURNING day
        ), rolled_up_months AS (
          INSERT INTO energy_monthly (system_id, month, ${SUMMED_LIST})
          SELECT ${system.id}, ${MONTH_OF_DAY}, ${RESUMMED} FROM day_sums GROUP BY 2
          ${onConflict('energy_monthly', 'month', 'add')}
        )`;
}

/**
 * Rebuilds the rollups of the given local days from the raw rows (a day is at most 288 rows at 5
 * minutes, so this is cheap), then their months from the days: for repairs and back-fills that bypass ingest.
 */
export async function recomputeDailyRollups(
  db: Database,
  systemId: number,
  timeZone: string,
  intervalSeconds: number,
  days: string[],
): Promise<void> {
  if (days.length === 0) return;
  // A plain range on the key lets the planner read just these days' rows instead of the system's history;
  // a local day lies within 14 hours either side of its UTC date.
  const sorted = [...days].sort();
  const lower = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - 14 * 3_600_000);
  const upper = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 38 * 3_600_000);
  await db.execute(sql`
    INSERT INTO energy_daily (system_id, day, ${SUMMED_LIST})
    SELECT ${systemId}, d.day, ${sampleSums('t', intervalSeconds)}
      FROM unnest(${pgArray(days)}::date[]) AS d(day)
      JOIN telemetry t
        ON t.system_id = ${systemId}
       AND t.ts >= ${lower.toISOString()}::timestamptz AND t.ts < ${upper.toISOString()}::timestamptz
       AND t.ts >= (d.day::timestamp AT TIME ZONE ${timeZone})
       AND t.ts < ((d.day + 1)::timestamp AT TIME ZONE ${timeZone})
     GROUP BY d.day
    ${onConflict('energy_daily', 'day', 'replace')}`);
  const months = [...new Set(days.map((day) => `${day.slice(0, 7)}-01`))];
  await recomputeMonthlyRollups(db, sql`system_id = ${systemId} AND ${MONTH_OF_DAY} = ANY(${pgArray(months)}::date[])`);
}

/** Rebuilds the months of the daily rows matching `where` (all of them without it) from those days. */
export async function recomputeMonthlyRollups(db: Database, where: SQL = sql`true`): Promise<void> {
  await db.execute(sql`
    INSERT INTO energy_monthly (system_id, month, ${SUMMED_LIST})
    SELECT system_id, ${MONTH_OF_DAY}, ${RESUMMED} FROM energy_daily WHERE ${where} GROUP BY 1, 2
    ${onConflict('energy_monthly', 'month', 'replace')}`);
}

/** One day's energy as the daily rollup stores it. */
export type DailyRollup = { day: string; samples: number } & Record<Exclude<(typeof SUMMED)[number], 'samples'>, number>;

/**
 * Stores days whose raw samples are gone or were never kept (a system's years before the raw history a
 * fleet retains, the demo's early years): one multi-row statement for the days, then the system's months
 * rebuilt from all its days. A day already rolled up from raw samples is kept as it is.
 */
export async function insertDailyRollups(db: Database, systemId: number, days: readonly DailyRollup[]): Promise<void> {
  if (days.length === 0) return;
  const column = (name: (typeof SUMMED)[number]) => pgArray(days.map((d) => d[name]));
  await db.execute(sql`
    INSERT INTO energy_daily (system_id, day, ${SUMMED_LIST})
    SELECT ${systemId}, u.day, ${SUMMED_LIST}
      FROM unnest(${pgArray(days.map((d) => d.day))}::date[], ${column('pv_kwh')}::float8[], ${column('load_kwh')}::float8[],
                  ${column('charge_kwh')}::float8[], ${column('discharge_kwh')}::float8[], ${column('import_kwh')}::float8[],
                  ${column('export_kwh')}::float8[], ${column('self_consumption_kwh')}::float8[], ${column('samples')}::int[])
           AS u(day, ${SUMMED_LIST})
    ON CONFLICT (system_id, day) DO NOTHING`);
  await recomputeMonthlyRollups(db, sql`system_id = ${systemId}`);
}

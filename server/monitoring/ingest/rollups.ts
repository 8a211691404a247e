import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db';
import { pgArray } from '../sql-arrays';

/**
 * Daily energy per system in its own time zone. Energy per sample = power × reporting interval.
 *
 * Ingest keeps the rollups current incrementally: the samples a batch really stored (those the telemetry
 * key did not already hold) are summed per local day and added to that day's row, in the statement that
 * stores them. Whatever arrives twice, late or out of order is therefore counted exactly once, and two
 * batches of the same day committed at the same time both count (a row lock orders the two additions,
 * where re-reading the day's raw rows would let each miss the other's uncommitted samples).
 * recomputeDailyRollups rebuilds days from the raw rows (repairs, back-fills).
 */
function dailySums(alias: string, intervalSeconds: number): SQL {
  const kwhPerW = sql`${intervalSeconds / 3600 / 1000}::float8`;
  const t = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`sum(${t('pv_w')}) * ${kwhPerW},
           sum(${t('load_w')}) * ${kwhPerW},
           sum(greatest(${t('battery_w')}, 0)) * ${kwhPerW},
           sum(greatest(-${t('battery_w')}, 0)) * ${kwhPerW},
           sum(greatest(${t('grid_w')}, 0)) * ${kwhPerW},
           sum(greatest(-${t('grid_w')}, 0)) * ${kwhPerW},
           greatest(sum(${t('pv_w')}) - sum(greatest(-${t('grid_w')}, 0)), 0) * ${kwhPerW},
           count(*)::int`;
}

const ROLLUP_COLUMNS = sql.raw('system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples');

export interface RollupSystem {
  id: number;
  timeZone: string;
  /** Reporting interval in seconds. */
  transFrequency: number;
}

/**
 * The statement (for a WITH clause) that adds the telemetry rows of `source` (a CTE of the rows just
 * stored: ts, pv_w, load_w, battery_w, grid_w) to the rollups of their local days.
 */
export function addToDailyRollups(system: RollupSystem, source: string): SQL {
  return sql`INSERT INTO energy_daily (${ROLLUP_COLUMNS})
          SELECT ${system.id}, (s.ts AT TIME ZONE ${system.timeZone})::date, ${dailySums('s', system.transFrequency)}
            FROM ${sql.raw(source)} s GROUP BY 2
          ON CONFLICT (system_id, day) DO UPDATE SET
            pv_kwh = energy_daily.pv_kwh + excluded.pv_kwh,
            load_kwh = energy_daily.load_kwh + excluded.load_kwh,
            charge_kwh = energy_daily.charge_kwh + excluded.charge_kwh,
            discharge_kwh = energy_daily.discharge_kwh + excluded.discharge_kwh,
            import_kwh = energy_daily.import_kwh + excluded.import_kwh,
            export_kwh = energy_daily.export_kwh + excluded.export_kwh,
            -- PV used on site is PV − export of the whole day, which the two sums above now hold.
            self_consumption_kwh = greatest(energy_daily.pv_kwh + excluded.pv_kwh - energy_daily.export_kwh - excluded.export_kwh, 0),
            samples = energy_daily.samples + excluded.samples`;
}

/**
 * Rebuilds the rollups of the given local days from the raw rows (a day is at most 288 rows at 5
 * minutes, so this is cheap): for repairs and back-fills that bypass ingest.
 */
export async function recomputeDailyRollups(db: Database, systemId: number, timeZone: string, intervalSeconds: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  // A plain range on the key lets the planner read just these days' rows instead of the system's history;
  // a local day lies within 14 hours either side of its UTC date.
  const sorted = [...days].sort();
  const lower = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - 14 * 3_600_000);
  const upper = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 38 * 3_600_000);
  await db.execute(sql`
    INSERT INTO energy_daily (${ROLLUP_COLUMNS})
    SELECT ${systemId}, d.day, ${dailySums('t', intervalSeconds)}
      FROM unnest(${pgArray(days)}::date[]) AS d(day)
      JOIN telemetry t
        ON t.system_id = ${systemId}
       AND t.ts >= ${lower.toISOString()}::timestamptz AND t.ts < ${upper.toISOString()}::timestamptz
       AND t.ts >= (d.day::timestamp AT TIME ZONE ${timeZone})
       AND t.ts < ((d.day + 1)::timestamp AT TIME ZONE ${timeZone})
     GROUP BY d.day
    ON CONFLICT (system_id, day) DO UPDATE SET
      pv_kwh = excluded.pv_kwh, load_kwh = excluded.load_kwh, charge_kwh = excluded.charge_kwh,
      discharge_kwh = excluded.discharge_kwh, import_kwh = excluded.import_kwh, export_kwh = excluded.export_kwh,
      self_consumption_kwh = excluded.self_consumption_kwh, samples = excluded.samples`);
}

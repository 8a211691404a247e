import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db';
import { pgArray } from '../sql-arrays';

/**
 * Daily energy per system in its own time zone. Ingest recomputes every day a batch touched from the raw
 * rows of that day: a day is at most 288 rows, so this is cheap and always right, whatever arrived twice,
 * late or out of order. Energy per sample = power × reporting interval.
 */
export async function recomputeDailyRollups(db: Database, systemId: number, timeZone: string, intervalSeconds: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  const kwhPerW = intervalSeconds / 3600 / 1000;
  // A plain range on the key lets the planner read just these days' rows instead of the system's history;
  // a local day lies within 14 hours either side of its UTC date.
  const sorted = [...days].sort();
  const lower = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - 14 * 3_600_000);
  const upper = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 38 * 3_600_000);
  await db.execute(sql`
    INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples)
    SELECT ${systemId}, d.day,
           sum(t.pv_w) * ${kwhPerW}::float8,
           sum(t.load_w) * ${kwhPerW}::float8,
           sum(greatest(t.battery_w, 0)) * ${kwhPerW}::float8,
           sum(greatest(-t.battery_w, 0)) * ${kwhPerW}::float8,
           sum(greatest(t.grid_w, 0)) * ${kwhPerW}::float8,
           sum(greatest(-t.grid_w, 0)) * ${kwhPerW}::float8,
           greatest(sum(t.pv_w) - sum(greatest(-t.grid_w, 0)), 0) * ${kwhPerW}::float8,
           count(*)::int
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

/** The local calendar days (YYYY-MM-DD) that the given instants fall on in a time zone. */
export async function localDaysOf(db: Database, timestamps: string[], timeZone: string): Promise<string[]> {
  if (timestamps.length === 0) return [];
  const rows = await queryRows<{ day: string }>(
    db,
    sql`SELECT DISTINCT ((ts AT TIME ZONE ${timeZone})::date)::text AS day FROM unnest(${pgArray(timestamps)}::timestamptz[]) AS u(ts) ORDER BY 1`,
  );
  return rows.map((r) => r.day);
}

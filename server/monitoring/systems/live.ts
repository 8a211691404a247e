import { and, desc, eq, isNull, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { energyDaily, systemFaults, systems, telemetry } from '../../core/db/schema/monitoring';
import type { ActiveAlarm } from '../../../contract/monitoring';
import { SEVERITY } from '../status';

/**
 * The storage list's live figures of a system, each read through an index, never a scan of telemetry:
 * - the newest sample: one descent of telemetry's primary key (system_id, ts) per system (a lateral LIMIT 1);
 * - today's yield: the energy_daily row of the system's local today (primary key (system_id, day));
 * - the active alarm: the system's open faults (system_faults' (system_id, code, started_at) index), the
 *   worst first, the newest among equals.
 *
 * A sample is current while it is younger than three reporting intervals (the rule that turns a silent
 * system offline); an older one gives no power or state of charge, so an offline system never shows the
 * power it had when it fell silent.
 *
 * `now` is an instant, or a placeholder filled with one (an ISO text) when the statement is prepared.
 */
export function liveJoins(db: Database, now: Date | Placeholder) {
  const at = now instanceof Date ? now.toISOString() : now;
  const latest = db
    .select({ ts: telemetry.ts, pvW: telemetry.pvW, batteryW: telemetry.batteryW, gridW: telemetry.gridW, soc: telemetry.soc })
    .from(telemetry)
    .where(eq(telemetry.systemId, systems.id))
    .orderBy(desc(telemetry.ts))
    .limit(1)
    .as('latest');
  const severity = sql<number>`CASE ${systemFaults.level} ${sql.join(
    Object.entries(SEVERITY).map(([level, rank]) => sql`WHEN ${level} THEN ${sql.raw(String(rank))}`),
    sql` `,
  )} END`;
  const alarm = db
    .select({
      code: sql<string>`${systemFaults.code}`.as('alarm_code'),
      level: sql<ActiveAlarm['level']>`${systemFaults.level}`.as('alarm_level'),
      description: sql<string>`${systemFaults.description}`.as('alarm_description'),
      startedAt: sql<Date>`${systemFaults.startedAt}`.as('alarm_started_at'),
      rank: severity.as('alarm_rank'),
    })
    .from(systemFaults)
    .where(and(eq(systemFaults.systemId, systems.id), isNull(systemFaults.endedAt)))
    .orderBy(desc(severity), desc(systemFaults.startedAt))
    .limit(1)
    .as('alarm');
  const today = sql`${energyDaily.systemId} = ${systems.id} AND ${energyDaily.day} = (${at}::timestamptz AT TIME ZONE ${systems.timeZone})::date`;
  const current = sql`${latest.ts} >= ${at}::timestamptz - make_interval(secs => ${systems.transFrequency} * 3)`;
  const whenCurrent = <T>(value: SQLWrapper) => sql<T | null>`CASE WHEN ${current} THEN ${value} END`;

  /** The sortable live values, by the list's sort key. */
  const sortable = {
    pv_w: whenCurrent<number>(latest.pvW),
    battery_w: whenCurrent<number>(latest.batteryW),
    grid_w: whenCurrent<number>(latest.gridW),
    soc: whenCurrent<number>(latest.soc),
    today_pv_kwh: sql<number | null>`${energyDaily.pvKwh}`,
    alarm: sql<number | null>`${alarm.rank}`,
  } as const;

  return {
    latest,
    alarm,
    today,
    sortable,
    /** Sorting by the alarm: by its severity, then the newest first (or last). */
    orderBy(key: keyof typeof sortable, direction: 'ASC' | 'DESC'): SQL {
      const dir = sql.raw(direction);
      return key === 'alarm'
        ? sql`${alarm.rank} ${dir} NULLS LAST, ${alarm.startedAt} ${dir} NULLS LAST`
        : sql`${sortable[key]} ${dir} NULLS LAST`;
    },
  };
}

export type LiveSortKey = keyof ReturnType<typeof liveJoins>['sortable'];
export const LIVE_SORT_KEYS: readonly LiveSortKey[] = ['pv_w', 'battery_w', 'grid_w', 'soc', 'today_pv_kwh', 'alarm'];

export function isLiveSortKey(key: string): key is LiveSortKey {
  return (LIVE_SORT_KEYS as readonly string[]).includes(key);
}

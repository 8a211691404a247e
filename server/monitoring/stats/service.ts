import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type Database } from '../../core/db';
import { PreparedStatement } from '../../core/db/prepared';
import { pgArray } from '../sql-arrays';
import type { SystemRow, Viewer } from '../../core/system-scope';
import type { Target } from '../target';
import { localDate, resolveTargetDay, round2 } from '../target';
import {
  CO2_KG_PER_KWH,
  CO2_KG_PER_TREE,
  ENERGY_COLUMNS,
  ENERGY_SUMS,
  energyOf,
  energySums,
  ratesOf,
  type EnergyRates,
  type EnergyTotals,
} from './energy';
import type { CurvePoint, DailyStatisticRow, Period, PeriodBar, PowerFlow, Summary } from '../../../contract/monitoring';

export type { CurvePoint, DailyStatisticRow, Period, PeriodBar, PowerFlow, Summary };

/**
 * Statistics of one system or a customer's 'All'. Everything longer than a day comes from the daily
 * and monthly rollups (DESIGN §7); only the day curve and the current power flow read raw telemetry.
 */
const idsOf = (target: Target) => pgArray(target.systems.map((s) => s.id));

/** The summary panel in one statement: the sums over the daily rollups (one row), and beside them each
 * system's newest sample (one row per system that has one; a single row without a sample when none has). */
const SUMMARY = new PreparedStatement<Record<string, unknown> & Partial<SampleRow>>(
  'stats_summary',
  sql`SELECT sums.*, f.system_id, f.ts, f.pv_w, f.load_w, f.battery_w, f.grid_w, f.soc
        FROM (SELECT ${energySums(sql`d.day = ${sql.placeholder('today')}::date`, 'today_')},
                     ${energySums(sql`date_trunc('month', d.day) = date_trunc('month', ${sql.placeholder('today')}::date)`, 'month_')},
                     ${energySums(sql`date_trunc('year', d.day) = date_trunc('year', ${sql.placeholder('today')}::date)`, 'year_')},
                     ${energySums(undefined, 'total_')}
                FROM energy_daily d WHERE d.system_id = ANY(${sql.placeholder('ids')}::int[])) sums
        LEFT JOIN (${newestSamples(sql.placeholder('ids'), sql.placeholder('now'))}) f ON true
       ORDER BY f.system_id`,
);

export async function summary(db: Database, target: Target, now: Date): Promise<Summary> {
  const today = localDate(now, target.timeZone);
  const rows = await SUMMARY.rows(db, { today, ids: idsOf(target), now: now.toISOString() });
  const row = rows[0];
  const pick = (prefix: string) => energyOf(Object.fromEntries(ENERGY_COLUMNS.map((column) => [column, row?.[`${prefix}_${column}`]])));
  const total = pick('total');
  const todayTotals = pick('today');
  const co2 = total.pv_kwh * CO2_KG_PER_KWH;
  return {
    today: { ...todayTotals, ...ratesOf(todayTotals) },
    month: pick('month'),
    year: pick('year'),
    total,
    ...ratesOf(total),
    flow: flowOf(
      target,
      rows.filter((r): r is typeof r & SampleRow => r.system_id != null),
      now,
    ),
    co2_saved_kg: round2(co2),
    trees_equivalent: Math.round(co2 / CO2_KG_PER_TREE),
    popv: round2(target.systems.reduce((s, x) => s + x.popv, 0)),
    cobat: round2(target.systems.reduce((s, x) => s + x.cobat, 0)),
    time_zone: target.timeZone,
  };
}

interface SampleRow {
  system_id: number;
  ts: string;
  pv_w: number;
  load_w: number;
  battery_w: number;
  grid_w: number;
  soc: number;
}

/**
 * The newest sample of each system (`ids`, an int[] literal) at `now`, by one backward step on the (system_id, ts)
 * key each (DISTINCT ON over the systems' rows sorted every sample of their whole history, 17,000 rows for 60 days,
 * on every call).
 */
function newestSamples(ids: SQLWrapper, now: SQLWrapper): SQL {
  return sql`SELECT t.system_id, t.ts, t.pv_w, t.load_w, t.battery_w, t.grid_w, t.soc
               FROM unnest(${ids}::int[]) AS s(id)
               CROSS JOIN LATERAL (SELECT system_id, ts, pv_w, load_w, battery_w, grid_w, soc FROM telemetry
                                    WHERE system_id = s.id AND ts <= ${now}::timestamptz
                                    ORDER BY ts DESC LIMIT 1) t`;
}

export async function currentFlow(db: Database, target: Target, now: Date): Promise<PowerFlow> {
  const rows = await queryRows<SampleRow & Record<string, unknown>>(
    db,
    sql`${newestSamples(sql`${idsOf(target)}`, sql`${now.toISOString()}`)} ORDER BY t.system_id`,
  );
  return flowOf(target, rows, now);
}

/**
 * The power flow from the systems' newest samples (by system id): the powers of those reporting now (within
 * three intervals), the SoC weighted by usable capacity over all of them.
 */
function flowOf(target: Target, rows: readonly SampleRow[], now: Date): PowerFlow {
  const fresh = rows.filter((r) => {
    const system = target.systems.find((s) => s.id === Number(r.system_id))!;
    return now.getTime() - new Date(r.ts).getTime() <= 3 * system.transFrequency * 1000;
  });
  const sum = (key: 'pv_w' | 'load_w' | 'battery_w' | 'grid_w') => fresh.reduce((s, r) => s + Number(r[key]), 0);
  const capacity = (id: number) => target.systems.find((s) => s.id === id)!.surpluscobat;
  const weight = rows.reduce((s, r) => s + capacity(Number(r.system_id)), 0);
  const newest = rows.reduce<string | null>(
    (latest, r) => (latest === null || new Date(r.ts) > new Date(latest) ? new Date(r.ts).toISOString() : latest),
    null,
  );
  return {
    ts: newest,
    pv_w: sum('pv_w'),
    load_w: sum('load_w'),
    battery_w: sum('battery_w'),
    grid_w: sum('grid_w'),
    soc: weight > 0 ? Math.round((rows.reduce((s, r) => s + Number(r.soc) * capacity(Number(r.system_id)), 0) / weight) * 10) / 10 : null,
    online: fresh.length > 0,
  };
}

/**
 * The 5-minute curve of one local day (`day` in `tz`), summed over the systems `ids`, with its rows already as the
 * answer's points (the instant as ISO text, nothing missing): node passes 288 rows on without touching each.
 */
const DAY_CURVE = new PreparedStatement<CurvePoint & Record<string, unknown>>(
  'stats_day_curve',
  sql`SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts, to_char(ts AT TIME ZONE ${sql.placeholder('tz')}, 'HH24:MI') AS time,
             coalesce(sum(pv_w), 0)::int AS pv_w, coalesce(sum(load_w), 0)::int AS load_w, coalesce(sum(battery_w), 0)::int AS battery_w,
             coalesce(sum(grid_w), 0)::int AS grid_w, coalesce(round(avg(soc)::numeric, 1), 0)::float8 AS soc
        FROM telemetry
       WHERE system_id = ANY(${sql.placeholder('ids')}::int[])
         AND ts >= (${sql.placeholder('day')}::date::timestamp AT TIME ZONE ${sql.placeholder('tz')})
         AND ts < ((${sql.placeholder('day')}::date + 1)::timestamp AT TIME ZONE ${sql.placeholder('tz')})
       GROUP BY telemetry.ts ORDER BY telemetry.ts`,
);

/** A system's newest sample (the real-time view): only that, the day and period sums of the summary would be wasted. */
export async function newestSample(db: Database, system: SystemRow, now: Date) {
  const flow = await currentFlow(db, { systems: [system], timeZone: system.timeZone, currency: system.currency }, now);
  return { sn: system.sysSn, ems_status: system.emsStatus, ...flow };
}

/** The day curve of a system or 'All' in the viewer's scope: the local day asked for, or the target's today. */
export async function dayCurveOf(db: Database, viewer: Viewer, body: { sn: string; date?: string | undefined }, now: Date) {
  const { target, date } = await resolveTargetDay(db, viewer, body.sn, body.date, now);
  return { date, time_zone: target.timeZone, ...(await dayCurve(db, target, date)) };
}

/** The 5-minute curve of one local day (summed over 'All'). */
export async function dayCurve(
  db: Database,
  target: Target,
  day: string,
): Promise<{ points: CurvePoint[]; totals: EnergyTotals & EnergyRates }> {
  const points = await DAY_CURVE.rows(db, { tz: target.timeZone, ids: idsOf(target), day });
  const totals = await energyOfDays(db, target, day, day);
  return { points, totals: { ...totals, ...ratesOf(totals) } };
}

const ENERGY_OF_DAYS = new PreparedStatement(
  'stats_energy_of_days',
  sql`SELECT ${ENERGY_SUMS} FROM energy_daily d
       WHERE d.system_id = ANY(${sql.placeholder('ids')}::int[]) AND d.day BETWEEN ${sql.placeholder('from')}::date AND ${sql.placeholder('to')}::date`,
);

async function energyOfDays(db: Database, target: Target, from: string, to: string): Promise<EnergyTotals> {
  const [row] = await ENERGY_OF_DAYS.rows(db, { ids: idsOf(target), from, to });
  return energyOf(row ?? {});
}

/**
 * Where the bars of each period come from: a month's days from the daily rollups, a year's months and
 * the lifetime's years from the monthly ones (twelve rows a year). Each reads by a plain range on the
 * key, so the index reads just that month or year of the system's rollups, not its whole life. Rows are
 * grouped by a timestamp without time zone and labelled once per bar.
 */
const BAR_SOURCES: Record<Period, { from: SQL; bucket: SQL; label: string; range: (date: string) => SQL }> = {
  month: {
    from: sql`energy_daily d`,
    bucket: sql`d.day::timestamp`,
    label: 'YYYY-MM-DD',
    range: (date) =>
      sql`AND d.day >= date_trunc('month', ${date}::date)::date AND d.day < (date_trunc('month', ${date}::date) + interval '1 month')::date`,
  },
  year: {
    from: sql`energy_monthly d`,
    bucket: sql`d.month::timestamp`,
    label: 'YYYY-MM',
    range: (date) =>
      sql`AND d.month >= date_trunc('year', ${date}::date)::date AND d.month < (date_trunc('year', ${date}::date) + interval '1 year')::date`,
  },
  lifetime: { from: sql`energy_monthly d`, bucket: sql`date_trunc('year', d.month::timestamp)`, label: 'YYYY', range: () => sql`` },
};

/** Bars from the rollups: the days of a month, the months of a year, or the years of the system's life. */
export async function periodBars(
  db: Database,
  target: Target,
  period: Period,
  date: string,
): Promise<{ bars: PeriodBar[]; totals: EnergyTotals & EnergyRates }> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT to_char(b.bucket, ${BAR_SOURCES[period].label}) AS label, b.*
          FROM (SELECT ${BAR_SOURCES[period].bucket} AS bucket, ${ENERGY_SUMS}
                  FROM ${BAR_SOURCES[period].from} WHERE d.system_id = ANY(${idsOf(target)}::int[]) ${BAR_SOURCES[period].range(date)}
                 GROUP BY 1) b
         ORDER BY b.bucket`,
  );
  const bars = rows.map((r) => ({ label: String(r.label), ...energyOf(r) }));
  const totals = energyOf(Object.fromEntries(ENERGY_COLUMNS.map((k) => [k, bars.reduce((s, b) => s + b[k], 0)])));
  return { bars, totals: { ...totals, ...ratesOf(totals) } };
}

/** The period bars of a system or 'All' in the viewer's scope, of the period around the day asked for (or today). */
export async function periodBarsOf(
  db: Database,
  viewer: Viewer,
  body: { sn: string; period: Period; date?: string | undefined },
  now: Date,
) {
  const { target, date } = await resolveTargetDay(db, viewer, body.sn, body.date, now);
  return { period: body.period, date, ...(await periodBars(db, target, body.period, date)) };
}

/** One row per system per day over a date range (the statistics table and its export). */
export async function dailyStatistics(db: Database, target: Target, from: string, to: string): Promise<DailyStatisticRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT d.day::text AS day, s.sys_sn, ${ENERGY_SUMS}
          FROM energy_daily d JOIN systems s ON s.id = d.system_id
         WHERE d.system_id = ANY(${idsOf(target)}::int[]) AND d.day BETWEEN ${from}::date AND ${to}::date
         GROUP BY d.day, s.sys_sn ORDER BY d.day, s.sys_sn`,
  );
  return rows.map((r) => {
    const e = energyOf(r);
    return { day: String(r.day), sys_sn: String(r.sys_sn), ...e, ...ratesOf(e) };
  });
}

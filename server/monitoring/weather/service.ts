import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { systemWeather } from '../../core/db/schema/monitoring';
import { sunPosition } from '../../core/solar/sun';
import { weatherAt } from '../../core/weather/weather';
import type { Weather, WeatherCondition } from '../../../contract/monitoring';
import type { SystemRow } from '../../core/system-scope';
import { pgArray } from '../sql-arrays';

/**
 * Hourly weather per system. There is no external weather service at run time: the weather model of
 * server/core/weather is the provider (the same weather the simulated systems produced their PV under), and this table
 * keeps what was asked for, history and forecast alike.
 */
const HOUR_MS = 3_600_000;

/** A stored hour; its condition is one the weather model gives (the only writer of the table, below). */
export type WeatherRow = Omit<typeof systemWeather.$inferSelect, 'condition'> & { condition: WeatherCondition };

/** Makes sure every hour in [from, to) is stored, then answers those hours. */
export async function weatherHours(db: Database, system: SystemRow, from: Date, to: Date): Promise<WeatherRow[]> {
  const first = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS;
  const hours: number[] = [];
  for (let h = first; h < to.getTime(); h += HOUR_MS) hours.push(h);
  if (hours.length === 0) return [];
  const site = { sn: system.sysSn, latitude: system.latitude, longitude: system.longitude };
  // Weather of the middle of the hour stands for the hour.
  const points = hours.map((h) => weatherAt(site, new Date(h + HOUR_MS / 2)));
  await db.execute(sql`
    INSERT INTO system_weather (system_id, hour, temperature_c, cloud_cover, condition)
    SELECT ${system.id}, to_timestamp(u.ms / 1000.0), u.t, u.c, u.cond
      FROM unnest(${pgArray(hours)}::bigint[], ${pgArray(points.map((p) => Math.round(p.temperatureC * 10) / 10))}::real[],
                  ${pgArray(points.map((p) => Math.round(p.cloudCover * 100) / 100))}::real[], ${pgArray(points.map((p) => p.condition))}::text[])
           AS u(ms, t, c, cond)
    ON CONFLICT (system_id, hour) DO NOTHING`);
  const rows = await db
    .select()
    .from(systemWeather)
    .where(and(eq(systemWeather.systemId, system.id), gte(systemWeather.hour, new Date(first)), lt(systemWeather.hour, to)))
    .orderBy(systemWeather.hour);
  return rows as WeatherRow[];
}

/** Whether the sun stands above the horizon at the system at this instant: the weather's icons are night ones otherwise. */
export function sunUp(system: Pick<SystemRow, 'latitude' | 'longitude'>, at: Date): boolean {
  return sunPosition(at, system.latitude, system.longitude).elevation > 0;
}

/** The weather at the system at `at` (the time asked for, or now) and for the 24 hours from it. */
export async function weatherOf(db: Database, system: SystemRow, at: Date): Promise<Weather> {
  const hours = await weatherHours(db, system, at, new Date(at.getTime() + 24 * HOUR_MS));
  // An hour is shown by its start; the current weather is the time asked for.
  const toJson = (w: WeatherRow, shownAt = w.hour) => ({
    hour: w.hour.toISOString(),
    temperature_c: w.temperatureC,
    cloud_cover: w.cloudCover,
    condition: w.condition,
    sun_up: sunUp(system, shownAt),
  });
  return {
    sn: system.sysSn,
    time_zone: system.timeZone,
    current: hours[0] ? toJson(hours[0], at) : null,
    hours: hours.map((w) => toJson(w)),
  };
}

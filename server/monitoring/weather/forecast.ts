import type { Forecast } from '../../../contract/monitoring';
import type { Database } from '../../core/db';
import { planeOfArrayIrradiance } from '../../core/solar/irradiance';
import { pvPowerW } from '../../core/solar/pv';
import { sunPosition } from '../../core/solar/sun';
import { utcOffsetMinutes } from '../../core/time/local-clock';
import type { SystemRow } from '../../core/system-scope';
import { localDate } from '../target';
import { sunUp, weatherHours } from './service';

/** Expected PV per hour of a local day, from the stored (forecast) weather and the system's ratings. */
type ForecastHour = Forecast['hours'][number];

const HOUR_MS = 3_600_000;

export async function pvForecast(
  db: Database,
  system: SystemRow,
  dayStart: Date,
  hours = 24,
): Promise<{ hours: ForecastHour[]; total_kwh: number }> {
  const weather = await weatherHours(db, system, dayStart, new Date(dayStart.getTime() + hours * HOUR_MS));
  const result = weather.map((w) => {
    const mid = new Date(w.hour.getTime() + HOUR_MS / 2);
    const irradiance = planeOfArrayIrradiance(sunPosition(mid, system.latitude, system.longitude), system.latitude, w.cloudCover);
    const pvKw = pvPowerW(system.popv, system.poinv, irradiance, w.temperatureC) / 1000;
    return {
      hour: w.hour.toISOString(),
      pv_kw: Math.round(pvKw * 100) / 100,
      cloud_cover: w.cloudCover,
      temperature_c: w.temperatureC,
      condition: w.condition,
      sun_up: sunUp(system, w.hour),
    };
  });
  return { hours: result, total_kwh: Math.round(result.reduce((s, h) => s + h.pv_kw, 0) * 100) / 100 };
}

/** UTC instant of local midnight of a day in a zone. */
function localMidnight(day: string, timeZone: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes(timeZone, noonUtc) * 60_000);
}

/** The expected PV per hour of a local day of the system (the day asked for, or its today). */
export async function forecastOf(db: Database, system: SystemRow, day: string | undefined, now: Date) {
  const date = day ?? localDate(now, system.timeZone);
  return { date, time_zone: system.timeZone, ...(await pvForecast(db, system, localMidnight(date, system.timeZone))) };
}

import type { Database } from '../../core/db';
// The demo plays its fleet's devices with the simulator: this folder is the simulator's one production user.
import { simulateDailyEnergy } from '../../simulator/daily-energy';
import { localClock, localMidnight } from '../../core/time/local-clock';
import { SiteSimulator } from '../../simulator/simulate';
import { insertDailyRollups } from '../../monitoring/ingest/rollups';
import type { SystemRow } from '../../core/system-scope';
import { siteOfSystem } from './site';

/**
 * A demo system's whole life, as a real fleet keeps it: daily and monthly rollups from the commissioning
 * day, raw 5-minute samples only for the recent weeks. The early years are simulated hourly (the same
 * physics, weather, seasons, faults and outages as the 5-minute simulation) and written straight to the
 * rollups in bulk; the raw weeks then go through device ingest, which rolls them up as it does for any
 * device. The two meet at a local midnight: the rollups stop the day before the raw history's first day.
 */
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The local midnight where a system's raw history begins: `days` local days before today's. */
export function rawHistoryStart(system: Pick<SystemRow, 'timeZone'>, now: Date, days: number): number {
  return localMidnight(system.timeZone, localClock(system.timeZone)(now.getTime()).day - days);
}

/**
 * Rolls up the days from the system's commissioning up to `end` (a local midnight) and answers the
 * battery's state of charge at `end`, for the raw simulation to carry on from (undefined when the system
 * was commissioned after `end`).
 */
export async function seedEarlyYears(
  db: Database,
  system: SystemRow,
  annualLoadKwh: number,
  end: number,
  initialSoc: number,
): Promise<number | undefined> {
  if (!system.commissionedOn) return undefined;
  const start = localMidnight(system.timeZone, Date.parse(`${system.commissionedOn}T00:00:00Z`) / DAY_MS);
  if (start >= end) return undefined;
  const simulator = new SiteSimulator(siteOfSystem(system, annualLoadKwh), start, HOUR_MS, initialSoc);
  // A rollup counts the samples the device sent: an hour's step stands for its reporting intervals.
  const samplesPerStep = HOUR_MS / (system.transFrequency * 1000);
  const days = simulateDailyEnergy(simulator, end).map((d) => ({
    day: new Date(d.day * DAY_MS).toISOString().slice(0, 10),
    pv_kwh: d.pvKwh,
    load_kwh: d.loadKwh,
    charge_kwh: d.chargeKwh,
    discharge_kwh: d.dischargeKwh,
    import_kwh: d.importKwh,
    export_kwh: d.exportKwh,
    self_consumption_kwh: d.selfConsumptionKwh,
    samples: Math.round(d.steps * samplesPerStep),
  }));
  await insertDailyRollups(db, system.id, days);
  return simulator.soc;
}

import { localClock } from '../core/time/local-clock';
import type { SiteSimulator } from './simulate';

/**
 * A simulated system's energy per local day, summed from its steps exactly as the daily rollups sum
 * samples (server/monitoring/ingest/rollups.ts): energy = power × step, charge and discharge, import and
 * export apart, self-consumption per step the PV not exported. For the years a real fleet keeps only as
 * rollups: run at a coarse step (an hour) the simulation is the same physics, weather, seasons, faults and
 * outages at a twelfth of the 5-minute cost.
 */
export interface DayEnergy {
  /** The local date, as days since 1970-01-01. */
  day: number;
  pvKwh: number;
  loadKwh: number;
  chargeKwh: number;
  dischargeKwh: number;
  importKwh: number;
  exportKwh: number;
  selfConsumptionKwh: number;
  /** Steps reported (offline steps report nothing). */
  steps: number;
}

/** Runs the simulator up to `end` (exclusive) and answers the days it reported on, in order. */
export function simulateDailyEnergy(simulator: SiteSimulator, end: number): DayEnergy[] {
  const clock = localClock(simulator.site.timeZone);
  const kwhPerW = simulator.stepMs / 3_600_000 / 1000;
  const days: DayEnergy[] = [];
  while (simulator.time < end) {
    const ms = simulator.time;
    const { sample } = simulator.step();
    if (!sample) continue;
    const day = clock(ms).day;
    let current = days[days.length - 1];
    if (current?.day !== day) {
      current = { day, pvKwh: 0, loadKwh: 0, chargeKwh: 0, dischargeKwh: 0, importKwh: 0, exportKwh: 0, selfConsumptionKwh: 0, steps: 0 };
      days.push(current);
    }
    const exportW = Math.max(0, -sample.gridW);
    current.pvKwh += sample.pvW * kwhPerW;
    current.loadKwh += sample.loadW * kwhPerW;
    current.chargeKwh += Math.max(0, sample.batteryW) * kwhPerW;
    current.dischargeKwh += Math.max(0, -sample.batteryW) * kwhPerW;
    current.importKwh += Math.max(0, sample.gridW) * kwhPerW;
    current.exportKwh += exportW * kwhPerW;
    current.selfConsumptionKwh += Math.max(0, sample.pvW - exportW) * kwhPerW;
    current.steps++;
  }
  return days;
}

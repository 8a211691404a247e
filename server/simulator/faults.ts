import { hashString, noise } from '../core/weather/random';

/**
 * What goes wrong with real systems, and how often. Rates are per system per day; a fleet of 60 sees a
 * handful of faults a week, most systems run for weeks without one, as in the field.
 */
export type FaultLevel = 'warning' | 'fault' | 'protection';
/**
 * What the fault does to the energy flows while it lasts: 'inverter_trip' disconnects the inverter (no PV, no battery,
 * the load comes from the grid), 'battery_idle' holds the battery.
 */
export type FaultEffect = 'none' | 'battery_idle' | 'inverter_trip';

export interface FaultType {
  code: string;
  level: FaultLevel;
  description: string;
  effect: FaultEffect;
  dailyRate: number;
  minMinutes: number;
  maxMinutes: number;
}

export const FAULT_TYPES: readonly FaultType[] = [
  {
    code: 'W101',
    level: 'warning',
    description: 'Battery over-temperature',
    effect: 'battery_idle',
    dailyRate: 0.006,
    minMinutes: 30,
    maxMinutes: 180,
  },
  {
    code: 'W102',
    level: 'warning',
    description: 'Battery cell voltage imbalance',
    effect: 'none',
    dailyRate: 0.004,
    minMinutes: 60,
    maxMinutes: 600,
  },
  {
    code: 'W201',
    level: 'warning',
    description: 'Meter communication lost',
    effect: 'none',
    dailyRate: 0.004,
    minMinutes: 15,
    maxMinutes: 240,
  },
  {
    code: 'P301',
    level: 'protection',
    description: 'Grid overvoltage, inverter disconnected',
    effect: 'inverter_trip',
    dailyRate: 0.006,
    minMinutes: 10,
    maxMinutes: 60,
  },
  {
    code: 'P302',
    level: 'protection',
    description: 'Grid frequency out of range',
    effect: 'inverter_trip',
    dailyRate: 0.002,
    minMinutes: 5,
    maxMinutes: 30,
  },
  {
    code: 'F401',
    level: 'fault',
    description: 'Inverter isolation fault (low insulation resistance)',
    // The inverter refuses to connect while its PV side leaks to earth: neither PV nor the battery's AC output.
    effect: 'inverter_trip',
    dailyRate: 0.004,
    minMinutes: 60,
    maxMinutes: 360,
  },
  {
    code: 'F402',
    level: 'fault',
    description: 'Battery management system fault',
    effect: 'battery_idle',
    dailyRate: 0.002,
    minMinutes: 120,
    maxMinutes: 720,
  },
];

export const FAULT_TYPES_BY_CODE = new Map(FAULT_TYPES.map((f) => [f.code, f]));

/** Communication loss: the system reports nothing for a while (router down, power cut, firmware update). */
const OFFLINE_DAILY_RATE = 0.01;

export interface FaultEvent {
  type: FaultType;
  start: number;
  end: number;
}

export interface TimeWindow {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;

/** The faults that start on a given UTC day (index = ms / day) at a site. */
export function faultsStartingOnDay(sn: string, day: number): FaultEvent[] {
  const seed = hashString(sn);
  const events: FaultEvent[] = [];
  FAULT_TYPES.forEach((type, i) => {
    if (noise(seed, day, 100 + i) >= type.dailyRate) return;
    const start = day * DAY_MS + Math.floor(noise(seed, day, 200 + i) * 288) * 300_000;
    const minutes = type.minMinutes + (type.maxMinutes - type.minMinutes) * noise(seed, day, 300 + i);
    events.push({ type, start, end: start + Math.round(minutes / 5) * 300_000 });
  });
  return events;
}

export function offlineWindowStartingOnDay(sn: string, day: number): TimeWindow | null {
  const seed = hashString(sn);
  if (noise(seed, day, 400) >= OFFLINE_DAILY_RATE) return null;
  const start = day * DAY_MS + Math.floor(noise(seed, day, 401) * 24) * 3_600_000;
  return { start, end: start + (1 + Math.floor(noise(seed, day, 402) * 10)) * 3_600_000 };
}

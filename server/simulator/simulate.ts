import { stepBattery, type BatteryState } from './battery';
import { faultsStartingOnDay, offlineWindowStartingOnDay, type FaultEvent, type TimeWindow } from './faults';
import { planeOfArrayIrradiance } from '../core/solar/irradiance';
import { loadPowerW } from './load';
import { localClock, type LocalTime } from '../core/time/local-clock';
import { pvPowerW } from '../core/solar/pv';
import { hashString } from '../core/weather/random';
import type { Sample, Site } from './site';
import { sunPosition } from '../core/solar/sun';
import { weatherAt } from '../core/weather/weather';

/**
 * One simulated system run forward in time, one step per reporting interval. The battery's state of
 * charge carries from step to step; everything else is a pure function of (site, time), so two runs from
 * the same start produce the same samples.
 */
export interface StepResult {
  /** Null while the system is offline: nothing is reported. */
  sample: Sample | null;
  /** Faults active at this step (with their full start/end). */
  activeFaults: FaultEvent[];
}

const DAY_MS = 86_400_000;
/** Faults and outages can last into the next day, so look a day back for ones still running. */
const LOOKBACK_DAYS = 1;

export class SiteSimulator {
  private battery: BatteryState;
  private readonly seed: number;
  private readonly clock: (ms: number) => LocalTime;
  private readonly eventsByDay = new Map<number, { faults: FaultEvent[]; offline: TimeWindow | null }>();

  /**
   * `standing`: faults known from outside the simulator's own draw (a fault the system reported and nobody has closed
   * yet; end Infinity while open): they act on the flows like any other while they run.
   */
  constructor(
    readonly site: Site,
    private now: number,
    readonly stepMs = 300_000,
    initialSoc = 50,
    private readonly standing: readonly FaultEvent[] = [],
  ) {
    this.seed = hashString(site.sn);
    this.clock = localClock(site.timeZone);
    // A hybrid inverter's battery port is typically rated like the inverter, and a cell pack runs at 1C at most.
    this.battery = { capacityKwh: site.batteryKwh, maxPowerW: Math.min(site.inverterKw, site.batteryKwh) * 1000, soc: initialSoc };
  }

  get time(): number {
    return this.now;
  }

  get soc(): number {
    return this.battery.soc;
  }

  private eventsOf(day: number) {
    let events = this.eventsByDay.get(day);
    if (!events) {
      events = { faults: faultsStartingOnDay(this.site.sn, day), offline: offlineWindowStartingOnDay(this.site.sn, day) };
      this.eventsByDay.set(day, events);
      this.eventsByDay.delete(day - LOOKBACK_DAYS - 2);
    }
    return events;
  }

  private stateAt(ms: number): { faults: FaultEvent[]; offline: boolean } {
    const today = Math.floor(ms / DAY_MS);
    const faults: FaultEvent[] = [];
    let offline = false;
    for (let day = today - LOOKBACK_DAYS; day <= today; day++) {
      const events = this.eventsOf(day);
      for (const f of events.faults) if (f.start <= ms && ms < f.end) faults.push(f);
      if (events.offline && events.offline.start <= ms && ms < events.offline.end) offline = true;
    }
    // A standing fault the simulator drew itself is that one (which knows its end).
    const drawn = (f: FaultEvent) => faults.some((d) => d.type.code === f.type.code && d.start === f.start);
    for (const f of this.standing) if (f.start <= ms && ms < f.end && !drawn(f)) faults.push(f);
    return { faults, offline };
  }

  /** Simulates the step at the current time and moves the clock one interval on. */
  step(): StepResult {
    const ms = this.now;
    this.now += this.stepMs;
    const time = new Date(ms);
    const { faults, offline } = this.stateAt(ms);
    const effects = new Set(faults.map((f) => f.type.effect));
    const weather = weatherAt(this.site, time);
    const irradiance = planeOfArrayIrradiance(
      sunPosition(time, this.site.latitude, this.site.longitude),
      this.site.latitude,
      weather.cloudCover,
    );
    const inverterDown = effects.has('inverter_trip');
    const pvW = inverterDown ? 0 : Math.round(pvPowerW(this.site.pvKwp, this.site.inverterKw, irradiance, weather.temperatureC));
    const loadW = Math.round(
      loadPowerW(this.site.load, this.site.annualLoadKwh, this.clock(ms), weather.temperatureC, this.seed, ms / this.stepMs),
    );
    // The battery keeps running while the portal cannot hear from the system.
    const { powerW, next } = stepBattery(this.battery, pvW - loadW, this.stepMs / 3_600_000, inverterDown || effects.has('battery_idle'));
    this.battery = next;
    if (offline) return { sample: null, activeFaults: faults };
    return {
      sample: { ts: ms, pvW, loadW, batteryW: powerW, gridW: loadW + powerW - pvW, soc: Math.round(next.soc * 10) / 10 },
      activeFaults: faults,
    };
  }

  /** Steps until `end` (exclusive). */
  run(end: number): StepResult[] {
    const results: StepResult[] = [];
    while (this.now < end) results.push(this.step());
    return results;
  }
}

/** The first step time at or after `ms` on the interval grid. */
export function alignToStep(ms: number, stepMs = 300_000): number {
  return Math.ceil(ms / stepMs) * stepMs;
}

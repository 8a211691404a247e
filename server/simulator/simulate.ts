import { moveBattery, SOC_MAX, SOC_MIN, type BatteryLimits, type BatteryState } from './battery';
import type { DeviceSettings } from '../../contract/device-commands';
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
  /** What the device measured, reported or not (a device keeps what it could not send: a re-collection sends it). */
  measured: Sample;
  /** Set on the step a cycle test ended: the cycles it ran. */
  cycleTestEnded?: { cycles: number };
}

/** A running battery cycle test: charge to the window's top, discharge to its bottom, `count` times. */
export interface CycleTest {
  count: number;
  durationMinutes: number;
  /** Cycles finished so far. */
  done: number;
  phase: 'charge' | 'discharge';
}

/** Below this distance from the window's edge (%) the battery counts as full or empty: whole watts leave a crumb. */
const SOC_EDGE = 0.05;

const DAY_MS = 86_400_000;
/** Faults and outages can last into the next day, so look a day back for ones still running. */
const LOOKBACK_DAYS = 1;

export class SiteSimulator {
  private battery: BatteryState;
  /** The device's settings (what it reports): none set means its factory behaviour, self-consumption. */
  settings: DeviceSettings = {};
  private test: CycleTest | null = null;
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

  get cycleTest(): Readonly<CycleTest> | null {
    return this.test;
  }

  /** Starts a cycle test at the next step: it charges first unless the battery is already full. */
  startCycleTest(count: number, durationMinutes: number): void {
    const full = this.battery.soc >= this.limits().maxSoc - SOC_EDGE;
    this.test = { count, durationMinutes, done: 0, phase: full ? 'discharge' : 'charge' };
  }

  /** Whether a fault holds the battery idle (or the inverter off) now. */
  batteryIdleAt(ms: number): boolean {
    return this.stateAt(ms).faults.some((f) => f.type.effect === 'battery_idle' || f.type.effect === 'inverter_trip');
  }

  /** The battery's window and power limits under the settings; the backup reserve raises the window's bottom. */
  limits(): BatteryLimits {
    const { socWindow, backupReserve, powerLimits } = this.settings;
    const hardware = this.battery.maxPowerW;
    return {
      minSoc: Math.max(socWindow?.minSoc ?? SOC_MIN, backupReserve?.reserveSoc ?? 0),
      maxSoc: socWindow?.maxSoc ?? SOC_MAX,
      chargeW: Math.min(hardware, powerLimits?.chargeW ?? hardware),
      dischargeW: Math.min(hardware, powerLimits?.dischargeW ?? hardware),
    };
  }

  /** The most the site may export (W): nothing with feed-in off, else the export limit (none: no cap). */
  exportCapW(): number {
    if (this.settings.feedIn?.enabled === false) return 0;
    return this.settings.exportLimit ? Math.max(0, Math.floor(this.settings.exportLimit.limitW)) : Infinity;
  }

  private inChargeWindow(ms: number): boolean {
    const schedule = this.settings.chargeSchedule;
    if (!schedule?.gridCharge) return false;
    const hour = this.clock(ms).hour;
    return schedule.windows.some(({ start, end }) => {
      const from = hourOf(start);
      const to = hourOf(end);
      return from <= to ? hour >= from && hour < to : hour >= from || hour < to;
    });
  }

  /**
   * What the controller asks of the battery (W, + charge): the cycle test's power while one runs, else the work
   * mode's rule. Self-consumption: the PV surplus. Backup: keeps the battery full, charging from PV surplus and
   * never discharging (the simulator has no grid outages, when a real one would). Feed-in priority: PV goes to the
   * load and the grid first; the battery charges with what exceeds the export cap and covers the load at night.
   * Time of use: in a charge window with grid charging on, full charge power from wherever; otherwise self-consumption.
   */
  private request(ms: number, surplusW: number, limits: BatteryLimits): number {
    if (this.test) {
      const capacityWh = this.battery.capacityKwh * 1000;
      const powerW = capacityWh / (this.test.durationMinutes / 120);
      return this.test.phase === 'charge' ? Math.min(powerW, limits.chargeW) : -Math.min(powerW, limits.dischargeW);
    }
    switch (this.settings.workMode?.mode) {
      case 'backup':
        return Math.max(0, surplusW);
      case 'feedInPriority':
        return surplusW > 0 ? Math.max(0, surplusW - this.exportCapW()) : surplusW;
      case 'timeOfUse':
        return this.inChargeWindow(ms) ? limits.chargeW : surplusW;
      default:
        return surplusW;
    }
  }

  /** Moves a running cycle test on after a step: a full battery turns to discharge, an empty one ends a cycle. */
  private advanceTest(limits: BatteryLimits): { cycles: number } | undefined {
    const test = this.test;
    if (!test) return undefined;
    const soc = this.battery.soc;
    if (test.phase === 'charge' && soc >= limits.maxSoc - SOC_EDGE) test.phase = 'discharge';
    else if (test.phase === 'discharge' && soc <= limits.minSoc + SOC_EDGE) {
      test.done++;
      test.phase = 'charge';
      if (test.done >= test.count) {
        this.test = null;
        return { cycles: test.done };
      }
    }
    return undefined;
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
    const availablePvW = inverterDown ? 0 : Math.round(pvPowerW(this.site.pvKwp, this.site.inverterKw, irradiance, weather.temperatureC));
    const loadW = Math.round(
      loadPowerW(this.site.load, this.site.annualLoadKwh, this.clock(ms), weather.temperatureC, this.seed, ms / this.stepMs),
    );
    const limits = this.limits();
    const exportCapW = this.exportCapW();
    let requestW = this.request(ms, availablePvW - loadW, limits);
    // The battery never exports on its own beyond the cap: what it discharges goes to the load and the allowed export.
    requestW = Math.max(requestW, -(loadW + exportCapW));
    // The battery keeps running while the portal cannot hear from the system.
    const idle = inverterDown || effects.has('battery_idle');
    const { powerW, next } = idle
      ? { powerW: 0, next: this.battery }
      : moveBattery(this.battery, requestW, this.stepMs / 3_600_000, limits);
    this.battery = next;
    // PV is curtailed so that the export stays within the cap; the load is never cut.
    const pvW = Math.min(availablePvW, loadW + powerW + exportCapW);
    const cycleTestEnded = idle ? undefined : this.advanceTest(limits);
    const measured: Sample = { ts: ms, pvW, loadW, batteryW: powerW, gridW: loadW + powerW - pvW, soc: Math.round(next.soc * 10) / 10 };
    return {
      sample: offline ? null : measured,
      activeFaults: faults,
      measured,
      ...(cycleTestEnded ? { cycleTestEnded } : {}),
    };
  }

  /** Steps until `end` (exclusive). */
  run(end: number): StepResult[] {
    const results: StepResult[] = [];
    while (this.now < end) results.push(this.step());
    return results;
  }
}

function hourOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) + (m ?? 0) / 60;
}

/** The first step time at or after `ms` on the interval grid. */
export function alignToStep(ms: number, stepMs = 300_000): number {
  return Math.ceil(ms / stepMs) * stepMs;
}

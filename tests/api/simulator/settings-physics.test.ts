import { describe, expect, it } from 'vitest';
import type { DeviceSettings } from '../../../contract/device-commands';
import { SiteSimulator, type StepResult } from '../../../server/simulator/simulate';
import type { Sample, Site } from '../../../server/simulator/site';

/**
 * The simulator is a device that obeys (DESIGN §12): under each setting its physics keep what the setting promises,
 * over a simulated hour or day at 5-minute steps, and every sample still balances (pv − load − battery + grid = 0).
 * Each check also runs the same site without the setting, which breaks the promise: the setting is what keeps it.
 */
const STEP = 300_000;
const HOUR = 3_600_000;
const SYDNEY: Site = {
  sn: 'T-AU',
  latitude: -33.87,
  longitude: 151.21,
  timeZone: 'Australia/Sydney',
  pvKwp: 6.6,
  inverterKw: 5,
  batteryKwh: 13.3,
  load: 'household',
  annualLoadKwh: 6000,
};
/** A clear summer noon in Sydney (12:00 local): PV well above the load for the whole hour. */
const SUNNY_NOON = Date.UTC(2026, 0, 15, 1, 0);
/** Local midnight of a summer day in Sydney (UTC+11). */
const MIDNIGHT = Date.UTC(2026, 0, 14, 13, 0);

function run(settings: DeviceSettings, start: number, ms: number, soc = 50): Sample[] {
  const sim = new SiteSimulator(SYDNEY, start, STEP, soc);
  sim.settings = settings;
  return sim.run(start + ms).map((r: StepResult) => r.measured);
}

function balanced(samples: Sample[]) {
  for (const s of samples) expect(s.pvW - s.loadW - s.batteryW + s.gridW).toBe(0);
}

const exportOf = (s: Sample) => Math.max(0, -s.gridW);

describe('a simulated device under its settings', () => {
  it('holds the grid export within 2 % of the export limit over a sunny hour, curtailing PV and never the load', () => {
    const free = run({}, SUNNY_NOON, HOUR, 95);
    expect(Math.min(...free.map(exportOf))).toBeGreaterThan(3000);
    const limited = run({ exportLimit: { limitW: 2500 } }, SUNNY_NOON, HOUR, 95);
    expect(limited).toHaveLength(12);
    for (const s of limited) {
      expect(exportOf(s)).toBeLessThanOrEqual(2500);
      expect(exportOf(s)).toBeGreaterThanOrEqual(2450);
    }
    // Same load, less PV: the load is served in full.
    expect(limited.map((s) => s.loadW)).toEqual(free.map((s) => s.loadW));
    expect(limited.every((s, i) => s.pvW < free[i]!.pvW)).toBe(true);
    balanced(limited);
  });

  it('keeps the battery inside its SoC window over a day', () => {
    const day = 24 * HOUR;
    const free = run({}, MIDNIGHT, day);
    expect(Math.min(...free.map((s) => s.soc))).toBeLessThan(30);
    expect(Math.max(...free.map((s) => s.soc))).toBeGreaterThan(70);
    const windowed = run({ socWindow: { minSoc: 30, maxSoc: 70 } }, MIDNIGHT, day);
    for (const s of windowed) {
      expect(s.soc).toBeGreaterThanOrEqual(30);
      expect(s.soc).toBeLessThanOrEqual(70);
    }
    // The window is used, not just avoided.
    expect(Math.min(...windowed.map((s) => s.soc))).toBeLessThan(31);
    expect(Math.max(...windowed.map((s) => s.soc))).toBeGreaterThan(69);
    balanced(windowed);
  });

  it('keeps the backup reserve when it is above the window bottom', () => {
    const held = run({ socWindow: { minSoc: 10, maxSoc: 95 }, backupReserve: { reserveSoc: 45 } }, MIDNIGHT, 24 * HOUR);
    expect(Math.min(...held.map((s) => s.soc))).toBeGreaterThanOrEqual(45);
    expect(Math.min(...run({}, MIDNIGHT, 24 * HOUR).map((s) => s.soc))).toBeLessThan(45);
  });

  it('never charges or discharges above the power limits', () => {
    const free = run({}, MIDNIGHT, 24 * HOUR);
    expect(Math.max(...free.map((s) => s.batteryW))).toBeGreaterThan(1500);
    expect(Math.min(...free.map((s) => s.batteryW))).toBeLessThan(-800);
    const limited = run({ powerLimits: { chargeW: 1500, dischargeW: 800 } }, MIDNIGHT, 24 * HOUR);
    expect(Math.max(...limited.map((s) => s.batteryW))).toBe(1500);
    expect(Math.min(...limited.map((s) => s.batteryW))).toBe(-800);
    balanced(limited);
  });

  it('exports nothing with feed-in off', () => {
    expect(Math.max(...run({}, MIDNIGHT, 24 * HOUR).map(exportOf))).toBeGreaterThan(1000);
    const off = run({ feedIn: { enabled: false } }, MIDNIGHT, 24 * HOUR);
    expect(off.every((s) => s.gridW >= 0)).toBe(true);
    // The battery still takes what it can of the PV.
    expect(Math.max(...off.map((s) => s.batteryW))).toBeGreaterThan(1000);
    balanced(off);
  });

  it('in backup mode charges from PV and never discharges', () => {
    const backup = run({ workMode: { mode: 'backup' } }, MIDNIGHT, 24 * HOUR);
    expect(backup.every((s) => s.batteryW >= 0)).toBe(true);
    expect(backup.at(-1)!.soc).toBe(95);
    balanced(backup);
  });

  it('in feed-in priority exports up to the limit first and charges with what exceeds it', () => {
    const settings: DeviceSettings = { workMode: { mode: 'feedInPriority' }, exportLimit: { limitW: 2000 } };
    const hour = run(settings, SUNNY_NOON, HOUR, 50);
    for (const s of hour) {
      expect(exportOf(s)).toBe(2000);
      expect(s.batteryW).toBe(s.pvW - s.loadW - 2000);
    }
    balanced(hour);
  });

  it('in time-of-use charges from the grid in its charge windows when grid charging is on', () => {
    const settings: DeviceSettings = {
      workMode: { mode: 'timeOfUse' },
      chargeSchedule: { gridCharge: true, windows: [{ start: '01:00', end: '03:00' }] },
      powerLimits: { chargeW: 2000, dischargeW: 5000 },
    };
    const night = run(settings, MIDNIGHT, 4 * HOUR, 20);
    const inWindow = night.filter((s) => s.ts >= MIDNIGHT + HOUR && s.ts < MIDNIGHT + 3 * HOUR);
    expect(inWindow).toHaveLength(24);
    for (const s of inWindow) {
      expect(s.batteryW).toBe(2000);
      expect(s.gridW).toBe(s.loadW + 2000);
    }
    // Outside the window it discharges to cover the load, as in self-consumption.
    expect(night.filter((s) => s.ts < MIDNIGHT + HOUR).every((s) => s.batteryW < 0)).toBe(true);
    const off = run(
      { ...settings, chargeSchedule: { gridCharge: false, windows: [{ start: '01:00', end: '03:00' }] } },
      MIDNIGHT,
      4 * HOUR,
      20,
    );
    expect(off.every((s) => s.batteryW <= 0)).toBe(true);
    balanced(night);
  });

  it('runs a cycle test: charges fully and discharges to the window bottom, count times, then reports its end', () => {
    const sim = new SiteSimulator(SYDNEY, MIDNIGHT, STEP, 50);
    sim.settings = { socWindow: { minSoc: 20, maxSoc: 90 }, powerLimits: { chargeW: 3000, dischargeW: 5000 } };
    sim.startCycleTest(3, 480);
    const results: StepResult[] = [];
    while (!results.some((r) => r.cycleTestEnded) && results.length < 48 * 12) results.push(sim.step());
    const ended = results.at(-1)!.cycleTestEnded;
    expect(ended).toEqual({ cycles: 3 });
    expect(sim.cycleTest).toBeNull();
    // Count the swings: the SoC touches the top, then the bottom, three times each.
    const socs = results.map((r) => r.measured.soc);
    let tops = 0;
    let bottoms = 0;
    let heading: 'up' | 'down' = 'up';
    for (const soc of socs) {
      if (heading === 'up' && soc >= 89.9) [tops, heading] = [tops + 1, 'down'];
      else if (heading === 'down' && soc <= 20.1) [bottoms, heading] = [bottoms + 1, 'up'];
    }
    expect([tops, bottoms]).toEqual([3, 3]);
    // Each cycle within its 480 minutes: the power is the capacity over half the duration (13.3 kWh / 4 h), held
    // under the charge limit.
    expect(results.length * 5).toBeLessThanOrEqual(3 * 480);
    expect(Math.max(...results.map((r) => r.measured.batteryW))).toBe(3000);
    expect(Math.min(...results.map((r) => r.measured.batteryW))).toBe(-3325);
    for (const r of results) {
      expect(r.measured.soc).toBeGreaterThanOrEqual(20);
      expect(r.measured.soc).toBeLessThanOrEqual(90);
    }
    balanced(results.map((r) => r.measured));
    // Then back to self-consumption: the battery follows the PV surplus (charges from it, covers the load).
    const after = sim.run(sim.time + HOUR).map((r) => r.measured);
    expect(after.some((s) => s.batteryW !== 0)).toBe(true);
    for (const s of after) if (s.batteryW !== 0) expect(Math.sign(s.batteryW)).toBe(Math.sign(s.pvW - s.loadW));
  });
});

import { describe, expect, it } from 'vitest';
import { storedEnergyKwh } from '../../../server/simulator/battery';
import { SiteSimulator } from '../../../server/simulator/simulate';
import type { Site } from '../../../server/simulator/site';

const DAY_MS = 86_400_000;
const STEP_H = 5 / 60;

const SITES: Site[] = [
  {
    sn: 'T-DE',
    latitude: 48.14,
    longitude: 11.58,
    timeZone: 'Europe/Berlin',
    pvKwp: 9.8,
    inverterKw: 8,
    batteryKwh: 10.1,
    load: 'household',
    annualLoadKwh: 4500,
  },
  {
    sn: 'T-AU',
    latitude: -33.87,
    longitude: 151.21,
    timeZone: 'Australia/Sydney',
    pvKwp: 6.6,
    inverterKw: 5,
    batteryKwh: 13.3,
    load: 'household',
    annualLoadKwh: 6000,
  },
  {
    sn: 'T-JP',
    latitude: 35.68,
    longitude: 139.69,
    timeZone: 'Asia/Tokyo',
    pvKwp: 5.5,
    inverterKw: 5,
    batteryKwh: 7.7,
    load: 'household',
    annualLoadKwh: 4200,
  },
  {
    sn: 'T-ZA',
    latitude: -33.92,
    longitude: 18.42,
    timeZone: 'Africa/Johannesburg',
    pvKwp: 60,
    inverterKw: 50,
    batteryKwh: 100,
    load: 'commercial',
    annualLoadKwh: 180000,
  },
  {
    sn: 'T-US',
    latitude: 37.77,
    longitude: -122.42,
    timeZone: 'America/Los_Angeles',
    pvKwp: 8,
    inverterKw: 7.6,
    batteryKwh: 13.5,
    load: 'household',
    annualLoadKwh: 6500,
  },
];

interface DayTotals {
  pv: number;
  load: number;
  charge: number;
  discharge: number;
  import: number;
  export: number;
}

function simulateDays(site: Site, startMs: number, days: number) {
  const sim = new SiteSimulator(site, startMs);
  const result: { totals: DayTotals; socStart: number; socEnd: number; complete: boolean }[] = [];
  for (let d = 0; d < days; d++) {
    const socStart = sim.soc;
    const t: DayTotals = { pv: 0, load: 0, charge: 0, discharge: 0, import: 0, export: 0 };
    let reported = 0;
    for (const { sample } of sim.run(startMs + (d + 1) * DAY_MS)) {
      if (!sample) continue;
      reported++;
      t.pv += (sample.pvW * STEP_H) / 1000;
      t.load += (sample.loadW * STEP_H) / 1000;
      t.charge += (Math.max(0, sample.batteryW) * STEP_H) / 1000;
      t.discharge += (Math.max(0, -sample.batteryW) * STEP_H) / 1000;
      t.import += (Math.max(0, sample.gridW) * STEP_H) / 1000;
      t.export += (Math.max(0, -sample.gridW) * STEP_H) / 1000;
    }
    result.push({ totals: t, socStart, socEnd: sim.soc, complete: reported === 288 });
  }
  return result;
}

describe('simulator energy balance', () => {
  for (const site of SITES) {
    for (const month of [0, 3, 6, 9]) {
      it(`${site.sn}, month ${month + 1}: PV + import + discharge = load + export + charge, and the battery books add up`, () => {
        const days = simulateDays(site, Date.UTC(2025, month, 1), 10);
        for (const { totals: t, socStart, socEnd, complete } of days) {
          const sources = t.pv + t.import + t.discharge;
          const sinks = t.load + t.export + t.charge;
          expect(Math.abs(sources - sinks)).toBeLessThanOrEqual(0.01 * sinks);
          // The battery keeps working while the system is offline, unseen: only whole days can be booked.
          if (!complete) continue;
          // What the battery gained equals what went in minus the conversion losses.
          const storedBySoc = ((socEnd - socStart) / 100) * site.batteryKwh;
          expect(Math.abs(storedBySoc - storedEnergyKwh(t.charge, t.discharge))).toBeLessThanOrEqual(
            0.01 * Math.max(1, t.charge + t.discharge),
          );
        }
      });
    }
  }
});

describe('simulator physics', () => {
  const munich = SITES[0]!;

  it('produces no PV at night and keeps SoC within 10-95 %', () => {
    const sim = new SiteSimulator(munich, Date.UTC(2025, 5, 1));
    for (const { sample } of sim.run(Date.UTC(2025, 5, 8))) {
      if (!sample) continue;
      const utcHour = new Date(sample.ts).getUTCHours();
      if (utcHour >= 21 || utcHour < 2) expect(sample.pvW).toBe(0);
      expect(sample.soc).toBeGreaterThanOrEqual(10);
      expect(sample.soc).toBeLessThanOrEqual(95);
      expect(sample.pvW).toBeLessThanOrEqual(munich.inverterKw * 1000);
    }
  });

  it('yields a believable specific yield: more in summer than in winter', () => {
    const perKwp = (month: number) => {
      const days = simulateDays(munich, Date.UTC(2025, month, 1), 28);
      return days.reduce((s, d) => s + d.totals.pv, 0) / 28 / munich.pvKwp;
    };
    const june = perKwp(5);
    const december = perKwp(11);
    expect(june).toBeGreaterThan(2.5);
    expect(june).toBeLessThan(7);
    expect(december).toBeGreaterThan(0.2);
    expect(december).toBeLessThan(2);
  });

  it('is reproducible: the same site and start give the same samples', () => {
    const a = new SiteSimulator(munich, Date.UTC(2025, 2, 1)).run(Date.UTC(2025, 2, 2));
    const b = new SiteSimulator(munich, Date.UTC(2025, 2, 1)).run(Date.UTC(2025, 2, 2));
    expect(a).toEqual(b);
  });
});

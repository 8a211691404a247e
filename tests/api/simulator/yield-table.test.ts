import { PLACES } from '../../../server/demo/monitoring/places';
import { simulateDailyEnergy } from '../../../server/simulator/daily-energy';
import { localMidnight } from '../../../server/core/time/local-clock';
import { REFERENCE_YIELDS, referenceYieldNear, type ReferenceYield } from '../../../server/core/weather/reference-yields';
import { SiteSimulator } from '../../../server/simulator/simulate';

/**
 * The simulator against published yields: at every demo town, each month's simulated
 * PV per kWp, averaged over eight years of its random weather, lies within ±25 % of the PVGIS table
 * (server/core/weather/reference-yields.ts). A single month may stray further, as real months do; the table
 * is a long-term average. Simulated as the demo's early years are (hourly, simulateDailyEnergy), with a
 * household system's usual sizing (more modules than inverter, so summer noons clip a little).
 */
const YEARS = 8;
const FIRST_YEAR = 2017;
const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Town {
  city: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

const SYDNEY: Town = { city: 'Sydney', latitude: -33.869, longitude: 151.209, timeZone: 'Australia/Sydney' };
const TOWNS: Town[] = [...PLACES, SYDNEY];

/** kWh per kWp per calendar month (average over the years) and per year-and-month. */
function simulatedYields(town: Town): { average: number[]; byYear: number[][] } {
  const pvKwp = 6;
  const site = {
    sn: `YIELD-${town.city}`,
    latitude: town.latitude,
    longitude: town.longitude,
    timeZone: town.timeZone,
    pvKwp,
    inverterKw: 5,
    batteryKwh: 9,
    load: 'household' as const,
    annualLoadKwh: 4500,
  };
  const start = localMidnight(town.timeZone, Date.UTC(FIRST_YEAR, 0, 1) / DAY_MS);
  const end = localMidnight(town.timeZone, Date.UTC(FIRST_YEAR + YEARS, 0, 1) / DAY_MS);
  const byYear = Array.from({ length: YEARS }, () => new Array<number>(12).fill(0));
  for (const day of simulateDailyEnergy(new SiteSimulator(site, start, 3_600_000), end)) {
    const date = new Date(day.day * DAY_MS);
    byYear[date.getUTCFullYear() - FIRST_YEAR]![date.getUTCMonth()]! += day.pvKwh / pvKwp;
  }
  const average = MONTHS.map((_, m) => byYear.reduce((sum, year) => sum + year[m]!, 0) / YEARS);
  return { average, byYear };
}

const results = new Map<string, ReturnType<typeof simulatedYields>>();
const resultOf = (town: Town) => {
  let result = results.get(town.city);
  if (!result) {
    result = simulatedYields(town);
    results.set(town.city, result);
  }
  return result;
};

describe('every demo town has its row in the PVGIS table', () => {
  test.each(TOWNS.map((t) => [t.city, t] as const))('%s', (_city, town) => {
    const reference = referenceYieldNear(town.latitude, town.longitude);
    expect(reference?.place).toBe(town.city);
    expect(reference?.kwhPerKwp).toHaveLength(12);
  });
});

describe('simulated monthly yield per kWp within ±25 % of PVGIS', () => {
  test.each(TOWNS.map((t) => [t.city, t] as const))('%s', (_city, town) => {
    const reference = referenceYieldNear(town.latitude, town.longitude) as ReferenceYield;
    const { average } = resultOf(town);
    const outside = MONTHS.flatMap((month, m) => {
      const ratio = average[m]! / reference.kwhPerKwp[m]!;
      return ratio < 0.75 || ratio > 1.25
        ? [`${month}: ${average[m]!.toFixed(0)} kWh/kWp simulated, ${reference.kwhPerKwp[m]} in the table`]
        : [];
    });
    expect(outside).toEqual([]);
  });
});

describe('seasons', () => {
  const town = (city: string) => TOWNS.find((t) => t.city === city)!;

  test('a northern town: June well above December, every year', () => {
    for (const year of resultOf(town('Hamburg')).byYear) expect(year[5]!).toBeGreaterThan(3 * year[11]!);
    for (const year of resultOf(town('München')).byYear) expect(year[5]!).toBeGreaterThan(2 * year[11]!);
  });

  test('a southern town: December well above June, every year', () => {
    for (const year of resultOf(town('Adelaide')).byYear) expect(year[11]!).toBeGreaterThan(1.6 * year[5]!);
    for (const year of resultOf(town('Perth')).byYear) expect(year[11]!).toBeGreaterThan(1.6 * year[5]!);
    // Sydney's summer is its rainy season: the difference is smaller, a single year may nearly even it out.
    const sydney = resultOf(SYDNEY).average;
    expect(sydney[11]!).toBeGreaterThan(1.3 * sydney[5]!);
  });

  test('a German November: about what PVGIS says, not twice it', () => {
    const november = REFERENCE_YIELDS.find((r) => r.place === 'München')!.kwhPerKwp[10]!;
    for (const year of resultOf(town('München')).byYear) expect(year[10]!).toBeLessThan(1.6 * november);
  });
});

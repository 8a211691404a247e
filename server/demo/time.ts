import { hashString, noise } from '../core/weather/random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * When something of the demo happened, `daysAgo` days before `now` (negative: still to come): on that day at a time
 * drawn for `key` between `hours[0]` and `hours[1]` o'clock UTC (people file, call and take notes during the day), to
 * the second. The same key gives the same moment at every start; different keys spread over the day instead of all
 * sharing the minute the demo was seeded at. A past moment drawn later than `now` on today's date is moved before it.
 */
export function demoMoment(now: Date, daysAgo: number, key: string, hours: readonly [number, number] = [7, 18]): Date {
  const seed = hashString(key);
  const day = Math.floor((now.getTime() - daysAgo * DAY_MS) / DAY_MS) * DAY_MS;
  const at = day + Math.floor(((hours[0] + noise(seed, 1) * (hours[1] - hours[0])) * HOUR_MS) / 1000) * 1000;
  if (daysAgo < 0 || at <= now.getTime()) return new Date(at);
  return new Date(now.getTime() - Math.max(0, daysAgo) * DAY_MS - Math.floor(1 + noise(seed, 2) * 90) * 60_000);
}

/** A few minutes (up to `maxMinutes`, to the second) drawn for `key`: the time a step took beyond its planned hour. */
export function demoMinutes(key: string, maxMinutes = 25): number {
  return Math.floor(noise(hashString(key), 3) * maxMinutes * 60) * 1000;
}

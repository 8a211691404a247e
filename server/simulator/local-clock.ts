/**
 * Clock time of a time zone (hour of day, weekday), for load profiles. Intl is slow per call, so the UTC
 * offset is looked up once per UTC hour and cached: offsets only ever change on whole hours... or half
 * hours, which a per-hour cache of a 5-minute simulation can be 30 minutes late for twice a year.
 */
export interface LocalTime {
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const HOUR_MS = 3_600_000;

export function utcOffsetMinutes(timeZone: string, time: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(time);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(time.getTime() / 60_000) * 60_000) / 60_000);
}

export function localClock(timeZone: string): (ms: number) => LocalTime {
  const offsets = new Map<number, number>();
  return (ms) => {
    const hourIndex = Math.floor(ms / HOUR_MS);
    let offset = offsets.get(hourIndex);
    if (offset === undefined) {
      offset = utcOffsetMinutes(timeZone, new Date(hourIndex * HOUR_MS));
      offsets.set(hourIndex, offset);
    }
    const local = new Date(ms + offset * 60_000);
    return { hour: local.getUTCHours() + local.getUTCMinutes() / 60, weekday: local.getUTCDay() };
  };
}

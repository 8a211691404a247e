/**
 * Clock time of a time zone (hour of day, weekday, date), for load profiles and daily sums. Intl is slow
 * per call, so offsets are looked up per UTC day (see localClock); a change inside a day is looked up per
 * UTC hour, which can be 30 minutes late for the zones that change on a half hour.
 */
export interface LocalTime {
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** The local date as days since 1970-01-01 (what a daily rollup is keyed by). */
  day: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Building a formatter costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function utcOffsetMinutes(timeZone: string, time: Date): number {
  const parts = formatterOf(timeZone).formatToParts(time);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(time.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The clock of a zone for a simulation. Offsets change at most a few times a year, so a UTC day whose start
 * and end have the same offset takes it from those two look-ups; only a day with a change looks up its hours.
 */
export function localClock(timeZone: string): (ms: number) => LocalTime {
  const days = new Map<number, number | Map<number, number>>();
  const offsetOfDay = (dayIndex: number, hourIndex: number): number => {
    let known = days.get(dayIndex);
    if (known === undefined) {
      const first = utcOffsetMinutes(timeZone, new Date(dayIndex * DAY_MS));
      known = first === utcOffsetMinutes(timeZone, new Date((dayIndex + 1) * DAY_MS)) ? first : new Map<number, number>();
      days.set(dayIndex, known);
    }
    if (typeof known === 'number') return known;
    let offset = known.get(hourIndex);
    if (offset === undefined) {
      offset = utcOffsetMinutes(timeZone, new Date(hourIndex * HOUR_MS));
      known.set(hourIndex, offset);
    }
    return offset;
  };
  return (ms) => {
    const hourIndex = Math.floor(ms / HOUR_MS);
    const localMs = ms + offsetOfDay(Math.floor(ms / DAY_MS), hourIndex) * 60_000;
    const local = new Date(localMs);
    return { hour: local.getUTCHours() + local.getUTCMinutes() / 60, weekday: local.getUTCDay(), day: Math.floor(localMs / DAY_MS) };
  };
}

/** When the local date `day` (days since 1970-01-01) begins in a zone, as epoch ms. */
export function localMidnight(timeZone: string, day: number): number {
  const guess = day * DAY_MS - utcOffsetMinutes(timeZone, new Date(day * DAY_MS)) * 60_000;
  // The offset at the guess is the one in force at that midnight (unless a change falls within hours of it).
  return day * DAY_MS - utcOffsetMinutes(timeZone, new Date(guess)) * 60_000;
}

/**
 * The time-of-use periods of a tariff, as the price form and the server both read them:
 * which two periods overlap (named by their row numbers), and where a new period goes.
 * A period runs from `start` to `end` (HH:mm, end exclusive); an end at or before the start wraps midnight.
 */
export interface PeriodTimes {
  start: string;
  end: string;
}

const DAY_MINUTES = 1440;
/** A new period lasts this long unless the next period or midnight-wrapped periods leave less room. */
const NEW_PERIOD_MINUTES = 240;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) => {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The minutes of the day a period covers. */
function coveredMinutes(period: PeriodTimes): number[] {
  const start = minutesOf(period.start);
  const length = (minutesOf(period.end) - start + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  return Array.from({ length }, (_, i) => (start + i) % DAY_MINUTES);
}

/** The first two periods covering the same minute, as 0-based row indexes (first < second); null when none. */
export function firstOverlap(periods: readonly PeriodTimes[]): { first: number; second: number } | null {
  const owner = new Int16Array(DAY_MINUTES).fill(-1);
  for (const [index, period] of periods.entries()) {
    for (const minute of coveredMinutes(period)) {
      if (owner[minute]! >= 0) return { first: owner[minute]!, second: index };
      owner[minute] = index;
    }
  }
  return null;
}

/** '17:00–21:00': a period's times as the overlap message names them. */
export const periodRange = (period: PeriodTimes) => `${period.start}–${period.end}`;

/** The English text of an overlap (the server's info); the form says it in the reader's language. */
export function overlapText(periods: readonly PeriodTimes[], overlap: { first: number; second: number }): string {
  const a = periods[overlap.first]!;
  const b = periods[overlap.second]!;
  return `Period ${overlap.first + 1} (${periodRange(a)}) overlaps period ${overlap.second + 1} (${periodRange(b)})`;
}

/**
 * Where 'Add a period' puts a new period: from the end of the last one (17:00 when there is none), up to four
 * hours, cut short where another period begins; if the last end is taken, from the next free minute.
 * Null when the periods already cover the whole day.
 */
export function nextPeriod(periods: readonly PeriodTimes[]): PeriodTimes | null {
  const taken = new Uint8Array(DAY_MINUTES);
  for (const period of periods) for (const minute of coveredMinutes(period)) taken[minute] = 1;
  const last = periods.at(-1);
  const from = last ? minutesOf(last.end) : minutesOf('17:00');
  let start = -1;
  for (let i = 0; i < DAY_MINUTES; i++) {
    if (!taken[(from + i) % DAY_MINUTES]) {
      start = from + i;
      break;
    }
  }
  if (start < 0) return null;
  let length = 0;
  while (length < NEW_PERIOD_MINUTES && !taken[(start + length) % DAY_MINUTES]) length++;
  return { start: hhmmOf(start), end: hhmmOf(start + length) };
}

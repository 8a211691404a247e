/**
 * The engineer's week at a glance: the seven days from a Monday with their entries and the hours
 * of each day, and the week's total. Summed in quarter hours, as the server sums its totals, so 0.1 + 0.2 never shows.
 */

export interface WeekEntry {
  id: number;
  work_date: string;
  hours: number;
  kind: string;
  complaint_id: number | null;
  project: string;
  note?: string;
}

export interface WeekDay<E extends WeekEntry = WeekEntry> {
  /** 'YYYY-MM-DD'. */
  day: string;
  entries: E[];
  hours: number;
}

/** The days of the week starting on `monday` ('YYYY-MM-DD'), as 'YYYY-MM-DD' (calendar days, no time zone involved). */
export function weekDays(monday: string): string[] {
  const start = Date.parse(`${monday}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** The Monday of the week holding `day` ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The week's days with their entries (entries of other days left out) and hours, and the week's total. */
export function weekTotals<E extends WeekEntry>(entries: readonly E[], monday: string): { days: WeekDay<E>[]; total: number } {
  const days = weekDays(monday).map((day) => {
    const ofDay = entries.filter((e) => e.work_date === day);
    return { day, entries: ofDay, hours: ofDay.reduce((q, e) => q + Math.round(e.hours * 4), 0) / 4 };
  });
  return { days, total: days.reduce((q, d) => q + Math.round(d.hours * 4), 0) / 4 };
}

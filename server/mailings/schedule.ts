import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { MailJobKind } from '../../contract/mailings-constants';

dayjs.extend(utc);
dayjs.extend(timezone);

/** When a mail job is due: a day of the month (monthly) or a weekday (weekly), at an hour, in a time zone. */
export interface MailSchedule {
  kind: MailJobKind;
  dayOfMonth: number | null;
  weekday: number | null;
  hour: number;
  timeZone: string;
}

/** The first due time strictly after `after` (walking the local calendar of the job's zone, so DST is its own). */
export function nextRunAfter(schedule: MailSchedule, after: Date): Date {
  let day = dayjs(after).tz(schedule.timeZone).startOf('day');
  for (let i = 0; i < 400; i++, day = day.add(1, 'day')) {
    const matches = schedule.kind === 'monthly_energy_report' ? day.date() === schedule.dayOfMonth : day.day() === schedule.weekday;
    if (!matches) continue;
    // The local hour on that day (dayjs.tz reads the wall clock in the zone).
    const at = dayjs.tz(`${day.format('YYYY-MM-DD')}T${String(schedule.hour).padStart(2, '0')}:00:00`, schedule.timeZone);
    if (at.valueOf() > after.getTime()) return at.toDate();
  }
  throw new Error('no due time within 400 days');
}

/**
 * What a run at `at` covers, in the job's zone: the monthly report the calendar month before, the weekly digest
 * the seven days before the run's day. Answers the label kept with the run and the first and last day.
 */
export function periodOf(kind: MailJobKind, at: Date, timeZone: string): { label: string; from: string; to: string } {
  const local = dayjs(at).tz(timeZone);
  if (kind === 'monthly_energy_report') {
    const month = local.startOf('month').subtract(1, 'month');
    return { label: month.format('YYYY-MM'), from: month.format('YYYY-MM-DD'), to: month.endOf('month').format('YYYY-MM-DD') };
  }
  const last = local.startOf('day').subtract(1, 'day');
  const first = last.subtract(6, 'day');
  return {
    label: `${first.format('YYYY-MM-DD')}/${last.format('YYYY-MM-DD')}`,
    from: first.format('YYYY-MM-DD'),
    to: last.format('YYYY-MM-DD'),
  };
}

/** The instant a local day starts in a zone (the digest counts faults from the first day's midnight). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return dayjs.tz(`${date}T00:00:00`, timeZone).toDate();
}

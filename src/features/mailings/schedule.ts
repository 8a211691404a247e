import type { TFunction } from 'i18next';
import type { MailJob } from '../../../contract/mailings';
import { SHIPPED_JOB_NAMES } from '../../../contract/mailings-constants';

/** A job's name as the reader sees it: a shipped job still under its seeded name in the reader's language. */
export function jobName(t: TFunction, job: Pick<MailJob, 'kind' | 'name'>): string {
  return job.name === SHIPPED_JOB_NAMES[job.kind] ? t(`mailings:kind.${job.kind}`) : job.name;
}

/** A job's schedule in words: 'Monthly on day 3, 08:00 (Europe/Berlin)'. */
export function scheduleText(t: TFunction, job: Pick<MailJob, 'kind' | 'day_of_month' | 'weekday' | 'hour' | 'time_zone'>): string {
  const time = `${String(job.hour).padStart(2, '0')}:00`;
  return job.kind === 'monthly_energy_report'
    ? t('mailings:mailTiming.monthlyAt', { day: job.day_of_month, time, zone: job.time_zone })
    : t('mailings:mailTiming.weeklyAt', { weekday: t(`mailings:weekday.${job.weekday}`), time, zone: job.time_zone });
}

/** The IANA zones the browser knows (the server checks the same way), the user's own first. */
export function timeZoneOptions(): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const all = zones.includes('UTC') ? zones : ['UTC', ...zones];
  return all.map((zone) => ({ value: zone, label: zone }));
}

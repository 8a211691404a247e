import dayjs from 'dayjs';
import type { Formatter } from '../../../../i18n/format';
import type { Period } from '../../../../../contract/monitoring';

/** A bar's label in the chosen language: the day of the month, the month's short name, or the year. */
export function periodLabel(label: string, period: Period, format: Formatter): string {
  if (period === 'month') return format.dayOfMonth(label);
  if (period === 'year') return format.month(label, { short: true, withYear: false });
  return label;
}

/** The first and last day a period view covers (for the statistics export, at most a year). */
export function periodRange(period: Period, date: string): { beginDate: string; endDate: string } | null {
  if (period === 'lifetime') return null;
  const d = dayjs(date);
  return { beginDate: d.startOf(period).format('YYYY-MM-DD'), endDate: d.endOf(period).format('YYYY-MM-DD') };
}

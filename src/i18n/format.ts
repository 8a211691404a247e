/**
 * The one formatting layer: every number, power, energy, percentage, amount of money, date and time a user reads
 * goes through here, with the conventions of the current language (Intl), so a German page never shows '45.62 kW'
 * beside '0,7 kWh'. React code calls `useFormat()`; code outside React calls `formatFor(language)`.
 * A missing value (null, undefined, NaN, an unreadable date) is shown as '–'.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage, type Language } from '../../contract/languages';

/** The Intl locale of each of our languages (spec §1). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', de: 'de-DE', ja: 'ja-JP' };

export const MISSING = '–';
/** A no-break space keeps a figure and its unit on one line. */
const NBSP = '\u00a0';

type Maybe<T> = T | null | undefined;
/** A moment: a Date, epoch milliseconds, an ISO timestamp, or a calendar day 'YYYY-MM-DD'. */
export type Moment = Date | number | string;

export interface NumberOptions {
  /** Decimals shown (fixed); default 2. */
  digits?: number;
  /** Show at most `digits` decimals, dropping trailing zeros (1,5 instead of 1,50). */
  trim?: boolean;
}

export interface Formatter {
  /** The Intl locale in use (en-US, zh-CN, de-DE, ja-JP). */
  locale: string;
  number(value: Maybe<number>, digits?: number | NumberOptions): string;
  /** A power given in W, shown in kW: 1234 → '1,23 kW' (de). `abs` shows its magnitude (the direction is shown apart). */
  power(watts: Maybe<number>, options?: NumberOptions & { abs?: boolean }): string;
  /** A power already in kW (rated power of a system). */
  kilowatts(kw: Maybe<number>, options?: NumberOptions): string;
  /** An energy in kWh: '0,7 kWh' (de). */
  energy(kwh: Maybe<number>, options?: NumberOptions): string;
  /** A percentage given as 0…100: 45.6 → '45,6 %' (de), one decimal at most. */
  percent(value: Maybe<number>, digits?: number): string;
  /** An amount in a currency (ISO 4217), with the currency's own decimals (JPY none). */
  money(amount: Maybe<number>, currency: string): string;
  /** A calendar date ('24.11.2026'); a 'YYYY-MM-DD' day is shown as that day, whatever the time zone. */
  date(value: Maybe<Moment>, options?: { timeZone?: string; style?: 'short' | 'medium' | 'long' }): string;
  /**
   * Two calendar days ('YYYY-MM-DD') as one range in the language's own way (Intl's formatRange): 'Nov 23 – 29, 2026',
   * '23.–29.11.2026', '2026/11/23 – 2026/11/29' (Chinese ranges are written with slashes), '2026/11/23～2026/11/29'.
   */
  dayRange(from: Maybe<Moment>, to: Maybe<Moment>): string;
  /** Date and time ('24.11.2026, 09:05'), optionally in a given IANA time zone. */
  dateTime(value: Maybe<Moment>, options?: { timeZone?: string; seconds?: boolean }): string;
  /** Time of day ('09:05'), optionally in a given IANA time zone. */
  time(value: Maybe<Moment>, options?: { timeZone?: string; seconds?: boolean }): string;
  /** The time, with the date in front when the moment is not today in that time zone ('09:05' / '23.11.2026, 09:05'). */
  timeOrDateTime(value: Maybe<Moment>, options?: { timeZone?: string; now?: Date }): string;
  /** A month of a year ('2024-03' or a day in it): 'März 2024'; `short` for axis labels ('März'). */
  month(value: Maybe<Moment>, options?: { short?: boolean; withYear?: boolean }): string;
  /** The day of the month (axis labels of a month's bars): '5.' (de), '5日' (zh, ja), '5' (en). */
  dayOfMonth(value: Maybe<Moment>): string;
  /** How long ago or ahead, in the largest fitting unit ('vor 5 Minuten', '3 天前'). */
  relative(value: Maybe<Moment>, now?: Date): string;
  /**
   * A file's size in the unit it needs: '722 B', '13,7 kB' (de), '1.5 MB', '80 MB'; one decimal below 100 of a unit
   * (none when it is whole), none from 100 on.
   */
  fileSize(bytes: Maybe<number>): string;
}

/**
 * File sizes count in steps of 1024, as the upload limits do (80 MB = 80 × 1024² bytes, resources/attachments.ts, and
 * the server's 'larger than 80 MB'), so a limit and a file at it read the same; the symbols are the same in our four
 * languages, as kW is.
 */
const FILE_SIZE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

const DAY_ONLY = /^\d{4}-\d{2}(-\d{2})?$/;

/** Reads a moment; a bare day or month is read as that calendar day at UTC midnight (shown in UTC, never shifted). */
function toDate(value: Moment): { date: Date; dayOnly: boolean } | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : { date: value, dayOnly: false };
  if (typeof value === 'string' && DAY_ONLY.test(value)) {
    const date = new Date(`${value.length === 7 ? `${value}-01` : value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? undefined : { date, dayOnly: true };
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : { date, dayOnly: false };
}

function missing(value: unknown): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions) {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  return cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

function digitsOf(options: number | NumberOptions | undefined, fallback = 2): Intl.NumberFormatOptions {
  const { digits = fallback, trim = false } = typeof options === 'number' ? { digits: options } : (options ?? {});
  return { maximumFractionDigits: digits, minimumFractionDigits: trim ? 0 : digits };
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** The formatter of a language (short code 'de' or a tag like 'de-DE'); unknown languages format as English. */
export function formatFor(language: string | null | undefined): Formatter {
  const locale = INTL_LOCALES[normalizeLanguage(language) ?? 'en'];
  // The hottest call (chart axes and tooltips format every point): its formatter is found by a short key
  // instead of the JSON of its options.
  const number = (value: Maybe<number>, digits?: number | NumberOptions) => {
    if (missing(value)) return MISSING;
    const options = digitsOf(digits);
    return cached(
      `n|${locale}|${options.maximumFractionDigits}|${options.minimumFractionDigits}`,
      () => new Intl.NumberFormat(locale, options),
    ).format(value);
  };
  const withUnit = (text: string, unit: string) => (text === MISSING ? MISSING : `${text}${NBSP}${unit}`);

  const dateTimeParts = (value: Maybe<Moment>, options: Intl.DateTimeFormatOptions, timeZone?: string) => {
    if (missing(value)) return MISSING;
    const read = toDate(value);
    if (!read) return MISSING;
    return dateFormat(locale, { ...options, timeZone: read.dayOnly ? 'UTC' : timeZone }).format(read.date);
  };
  const time = (value: Maybe<Moment>, options: { timeZone?: string; seconds?: boolean } = {}) =>
    dateTimeParts(value, { timeStyle: options.seconds ? 'medium' : 'short' }, options.timeZone);
  const dateTime = (value: Maybe<Moment>, options: { timeZone?: string; seconds?: boolean } = {}) =>
    dateTimeParts(value, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' }, options.timeZone);
  const date = (value: Maybe<Moment>, options: { timeZone?: string; style?: 'short' | 'medium' | 'long' } = {}) =>
    dateTimeParts(value, { dateStyle: options.style ?? 'medium' }, options.timeZone);

  return {
    locale,
    number,
    power: (watts, options = {}) =>
      withUnit(number(missing(watts) ? watts : (options.abs ? Math.abs(watts) : watts) / 1000, options), 'kW'),
    kilowatts: (kw, options) => withUnit(number(kw, options), 'kW'),
    energy: (kwh, options) => withUnit(number(kwh, options), 'kWh'),
    percent: (value, digits = 1) =>
      missing(value) ? MISSING : numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(value / 100),
    money: (amount, currency) => (missing(amount) ? MISSING : numberFormat(locale, { style: 'currency', currency }).format(amount)),
    date,
    dayRange: (from, to) => {
      const [first, last] = [from, to].map((value) => (missing(value) ? undefined : toDate(value)));
      if (!first || !last) return MISSING;
      return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(first.date, last.date);
    },
    dateTime,
    time,
    timeOrDateTime: (value, options = {}) => {
      if (missing(value)) return MISSING;
      const read = toDate(value);
      if (!read) return MISSING;
      const day = (d: Date) =>
        dateFormat('en-CA', { timeZone: options.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
      return day(read.date) === day(options.now ?? new Date()) ? time(value, options) : dateTime(value, options);
    },
    month: (value, options = {}) =>
      dateTimeParts(
        value,
        { month: options.short ? 'short' : 'long', year: options.withYear === false ? undefined : 'numeric', timeZone: 'UTC' },
        'UTC',
      ),
    dayOfMonth: (value) => dateTimeParts(value, { day: 'numeric' }, 'UTC'),
    relative: (value, now = new Date()) => {
      if (missing(value)) return MISSING;
      const read = toDate(value);
      if (!read) return MISSING;
      const seconds = (read.date.getTime() - now.getTime()) / 1000;
      const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1]!;
      const rtf = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
      return rtf.format(Math.round(seconds / size), unit);
    },
    fileSize: (bytes) => {
      if (missing(bytes)) return MISSING;
      let value = Math.max(0, bytes);
      let unit = 0;
      // A unit further once the figure would read 1024 or more, after rounding (1023.96 kB is '1 MB', never '1024 kB').
      while (unit < FILE_SIZE_UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
        value /= 1024;
        unit++;
      }
      return withUnit(number(value, { digits: unit === 0 || value >= 100 ? 0 : 1, trim: true }), FILE_SIZE_UNITS[unit]!);
    },
  };
}

/** The formatter of the current language; components re-render with it when the language changes. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => formatFor(language), [language]);
}

/** Today's date (YYYY-MM-DD) in a time zone: a key for queries, not shown to users. */
export function localToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

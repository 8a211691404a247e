import { useFormat } from '../../i18n/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A length of time in the reader's language: minutes below an hour, hours below two days, days above ('5.5 Std.', '3 天'),
 * through Intl's unit style with the formatting layer's locale (src/i18n/format.ts has no durations).
 */
export function useDuration(): (ms: number) => string {
  const { locale } = useFormat();
  return (ms) => {
    const [value, unit] = ms < HOUR ? [Math.floor(ms / MINUTE), 'minute'] : ms < 2 * DAY ? [ms / HOUR, 'hour'] : [ms / DAY, 'day'];
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(
      value,
    );
  };
}

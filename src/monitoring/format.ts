/** Number formatting of the monitoring screens (spec §9: kW and kWh, sums to 2 decimals). */
export function fixed2(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : (Math.round(value * 100) / 100).toFixed(2);
}

/** A power in W as kW with 2 decimals (its magnitude; the direction is shown separately). */
export function kw(watts: number | null | undefined): string {
  return watts === null || watts === undefined ? '–' : fixed2(Math.abs(watts) / 1000);
}

/** An energy figure, grouped for the language (1 234.5). */
export function energy(kwh: number | null | undefined, language: string, digits = 2): string {
  if (kwh === null || kwh === undefined) return '–';
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: Math.min(digits, 1) }).format(kwh);
}

export function money(amount: number | null | undefined, currency: string, language: string): string {
  if (amount === null || amount === undefined) return '–';
  return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: currency === 'JPY' ? 0 : 2 }).format(amount);
}

export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : `${Math.round(value * 10) / 10} %`;
}

/** Today's date (YYYY-MM-DD) in a system's time zone. */
export function localToday(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

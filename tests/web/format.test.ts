import { describe, expect, it } from 'vitest';
import { formatFor, MISSING } from '../../src/i18n/format';

/** Intl separates a figure from its unit or currency with (narrow) no-break spaces; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the formatting layer (one layer, the language’s conventions)', () => {
  const en = formatFor('en');
  const de = formatFor('de');
  const zh = formatFor('zh');
  const ja = formatFor('ja');

  it('maps our languages to Intl locales, unknown ones to English', () => {
    expect([en.locale, de.locale, zh.locale, ja.locale]).toEqual(['en-US', 'de-DE', 'zh-CN', 'ja-JP']);
    expect(formatFor('de-DE').locale).toBe('de-DE');
    expect(formatFor('fr').locale).toBe('en-US');
  });

  it('formats numbers with the language’s separators', () => {
    expect(en.number(1234.5)).toBe('1,234.50');
    expect(de.number(1234.5)).toBe('1.234,50');
    expect(zh.number(1234.5)).toBe('1,234.50');
    expect(ja.number(1234.5)).toBe('1,234.50');
    expect(de.number(10.9, { digits: 2, trim: true })).toBe('10,9');
    expect(de.number(3, 0)).toBe('3');
  });

  it('shows power in kW and energy in kWh in the same convention on one screen', () => {
    expect(plain(de.power(45620))).toBe('45,62 kW');
    expect(plain(de.energy(0.7, { digits: 1 }))).toBe('0,7 kWh');
    expect(plain(en.power(-1234, { abs: true }))).toBe('1.23 kW');
    expect(plain(en.power(-1234))).toBe('-1.23 kW');
    expect(plain(zh.energy(1234.56))).toBe('1,234.56 kWh');
    expect(plain(ja.kilowatts(10.9))).toBe('10.90 kW');
    expect(plain(de.kilowatts(10.9))).toBe('10,90 kW');
  });

  it('shows percentages given as 0…100', () => {
    expect(plain(de.percent(45.62))).toBe('45,6 %');
    expect(en.percent(45.62)).toBe('45.6%');
    expect(zh.percent(100)).toBe('100%');
  });

  it('shows money with the currency’s own decimals', () => {
    expect(plain(de.money(1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(en.money(1234.5, 'EUR')).toBe('€1,234.50');
    expect(plain(de.money(1234.5, 'JPY'))).toBe('1.235 ¥');
    expect(ja.money(1234.5, 'JPY')).toBe('￥1,235');
    expect(zh.money(1234.5, 'CNY')).toBe('¥1,234.50');
    expect(plain(de.money(-5, 'EUR'))).toBe('-5,00 €');
  });

  it('shows dates and times in a given time zone', () => {
    const moment = '2026-11-24T23:30:00Z';
    expect(de.dateTime(moment, { timeZone: 'Europe/Berlin' })).toBe('25.11.2026, 00:30');
    expect(de.date(moment, { timeZone: 'America/New_York' })).toBe('24.11.2026');
    expect(zh.dateTime(moment, { timeZone: 'Asia/Shanghai' })).toBe('2026年11月25日 07:30');
    expect(ja.time(moment, { timeZone: 'Asia/Tokyo' })).toBe('8:30');
    expect(plain(en.time(moment, { timeZone: 'Australia/Sydney' }))).toBe('10:30 AM');
    expect(en.date(moment, { timeZone: 'UTC', style: 'short' })).toBe('11/24/26');
  });

  it('shows a calendar day as that day in every time zone', () => {
    expect(de.date('2024-03-05')).toBe('05.03.2024');
    expect(de.date('2024-03-05', { timeZone: 'Pacific/Honolulu' })).toBe('05.03.2024');
    expect(de.month('2024-03')).toBe('März 2024');
    expect(zh.month('2024-03', { short: true, withYear: false })).toBe('3月');
    expect(ja.dayOfMonth('2024-03-05')).toBe('5日');
  });

  it('shows two calendar days as one range, what they share written once', () => {
    expect(plain(en.dayRange('2026-11-23', '2026-11-29'))).toMatch(/^Nov 23\s–\s29, 2026$/);
    expect(plain(en.dayRange('2026-12-28', '2027-01-03'))).toMatch(/^Dec 28, 2026\s–\sJan 3, 2027$/);
    expect(de.dayRange('2026-11-23', '2026-11-29')).toBe('23.–29.11.2026');
    // Chinese and Japanese: the language's own range, shorter than two whole dates side by side.
    for (const fmt of [zh, ja]) {
      const range = fmt.dayRange('2026-11-23', '2026-11-29');
      expect(range).toMatch(/2026.*23.*29/);
      expect(range.length).toBeLessThan(`${fmt.date('2026-11-23')} – ${fmt.date('2026-11-29')}`.length);
    }
    expect(en.dayRange(null, '2026-11-29')).toBe('–');
  });

  it('shows the time alone today and with its date otherwise, in the system’s time zone', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(de.timeOrDateTime('2026-11-24T08:05:00Z', { timeZone: 'Europe/Berlin', now })).toBe('09:05');
    expect(de.timeOrDateTime('2026-11-23T08:05:00Z', { timeZone: 'Europe/Berlin', now })).toBe('23.11.2026, 09:05');
    // 23:30 UTC on the 23rd is already the 24th in Shanghai.
    expect(zh.timeOrDateTime('2026-11-23T23:30:00Z', { timeZone: 'Asia/Shanghai', now })).toBe('07:30');
  });

  it('says how long ago', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(de.relative('2026-11-24T11:55:00Z', now)).toBe('vor 5 Minuten');
    expect(en.relative('2026-11-22T12:00:00Z', now)).toBe('2 days ago');
    expect(zh.relative('2026-11-24T15:00:00Z', now)).toBe('3小时后');
  });

  it('shows a dash for what is missing', () => {
    for (const f of [en, de, zh, ja]) {
      expect([f.number(null), f.power(undefined), f.energy(Number.NaN), f.percent(null), f.money(null, 'EUR')]).toEqual(
        Array(5).fill(MISSING),
      );
      expect([f.date(null), f.dateTime(undefined), f.time('not a date'), f.relative(null), f.month(null)]).toEqual(Array(5).fill(MISSING));
    }
  });
});

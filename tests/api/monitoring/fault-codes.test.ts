import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULT_CODES, faultAdvice, faultCodeOf, faultTitle } from '../../../contract/fault-codes';
import { LANGUAGES } from '../../../contract/languages';
import { FAULT_TYPES } from '../../../server/simulator/faults';

const locale = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${language}/monitoring.json`, import.meta.url), 'utf8')) as {
    faultCodes: Record<string, { title: string; cause: string; remedy: string }>;
  };

describe('the fault catalogue', () => {
  it('knows every code the simulated devices report, with the level they report it at', () => {
    for (const type of FAULT_TYPES) expect(faultCodeOf(type.code), type.code).toMatchObject({ level: type.level });
  });

  it('has a title, a cause and a remedy for each code in each language, and no text for a code it does not have', () => {
    for (const { code: language } of LANGUAGES) {
      const texts = locale(language).faultCodes;
      expect(Object.keys(texts).sort(), language).toEqual(FAULT_CODES.map((entry) => entry.code).sort());
      for (const { code } of FAULT_CODES) {
        for (const field of ['title', 'cause', 'remedy'] as const)
          expect(texts[code]![field].length, `${language} ${code}.${field}`).toBeGreaterThan(3);
      }
    }
  });

  it("reads a known code's words from the catalogue and keeps the device's own words for an unknown one", () => {
    const t = (key: string, options?: { defaultValue?: string }) => `«${key}»${options?.defaultValue ? ` or ${options.defaultValue}` : ''}`;
    expect(faultTitle(t, { code: 'F401', description: 'iso' })).toBe('«monitoring:faultCodes.F401.title» or iso');
    expect(faultTitle(t, { code: 'X-9', description: 'Vendor fan warning' })).toBe('Vendor fan warning');
    // A code that is a key path elsewhere is not looked up.
    expect(faultTitle(t, { code: 'faults.none', description: 'raw' })).toBe('raw');
    expect(faultAdvice(t, 'F402')).toEqual({ cause: '«monitoring:faultCodes.F402.cause»', remedy: '«monitoring:faultCodes.F402.remedy»' });
    expect(faultAdvice(t, 'X-9')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { formatFor, MISSING } from '../../src/i18n/format';

/** Sizes keep figure and unit together with a no-break space; compare with a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('file sizes through the formatting layer', () => {
  const en = formatFor('en');
  const de = formatFor('de');

  it('shows a 13.7 kB photo and a 722-byte PDF in the unit each needs, in the language’s numbers', () => {
    const photo = Math.round(13.7 * 1024);
    expect(plain(en.fileSize(photo))).toBe('13.7 kB');
    expect(plain(de.fileSize(photo))).toBe('13,7 kB');
    expect(plain(en.fileSize(722))).toBe('722 B');
    expect(plain(de.fileSize(722))).toBe('722 B');
    expect(plain(formatFor('zh').fileSize(photo))).toBe('13.7 kB');
    expect(plain(formatFor('ja').fileSize(722))).toBe('722 B');
  });

  it('counts in steps of 1024 as the upload limits do, one decimal below 100 of a unit, none when whole or from 100 on', () => {
    const MB = 1024 * 1024;
    expect(plain(en.fileSize(80 * MB))).toBe('80 MB');
    expect(plain(de.fileSize(1.5 * MB))).toBe('1,5 MB');
    expect(plain(en.fileSize(1024))).toBe('1 kB');
    expect(plain(en.fileSize(250 * 1024 + 300))).toBe('250 kB');
    expect(plain(en.fileSize(2.25 * 1024 * MB))).toBe('2.3 GB');
    expect(plain(en.fileSize(0))).toBe('0 B');
    expect(plain(de.fileSize(1023))).toBe('1.023 B');
    // Never '1024 kB': the figure moves to the next unit once it would read 1024.
    expect(plain(en.fileSize(MB - 10))).toBe('1 MB');
  });

  it('shows a dash for a missing size', () => {
    expect(en.fileSize(undefined)).toBe(MISSING);
    expect(en.fileSize(null)).toBe(MISSING);
    expect(en.fileSize(Number.NaN)).toBe(MISSING);
  });
});

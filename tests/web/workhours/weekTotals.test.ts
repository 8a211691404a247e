import { describe, expect, it } from 'vitest';
import { mondayOf, weekDays, weekTotals, type WeekEntry } from '../../../src/features/workhours/weekTotals';

/** The week view's figures (src/features/workhours/weekTotals.ts) against a hand-computed week. */
const entry = (id: number, work_date: string, hours: number): WeekEntry => ({
  id,
  work_date,
  hours,
  kind: 'testing',
  complaint_id: null,
  project: 'P',
});

describe('the week view', () => {
  it('starts on the Monday of any day of the week, across a month and a year', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02'); // a Wednesday
    expect(mondayOf('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // a Sunday belongs to the week before it
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('sums each day and the week in quarter hours; entries outside the week are left out', () => {
    const week = weekTotals(
      [
        entry(1, '2026-03-02', 0.25),
        entry(2, '2026-03-02', 7.5),
        entry(3, '2026-03-04', 1.75),
        entry(4, '2026-03-08', 0.5),
        entry(5, '2026-03-09', 8), // the next Monday
        entry(6, '2026-03-01', 8), // the Sunday before
      ],
      '2026-03-02',
    );
    expect(week.days.map((d) => [d.day, d.hours])).toEqual([
      ['2026-03-02', 7.75],
      ['2026-03-03', 0],
      ['2026-03-04', 1.75],
      ['2026-03-05', 0],
      ['2026-03-06', 0],
      ['2026-03-07', 0],
      ['2026-03-08', 0.5],
    ]);
    expect(week.days[0]!.entries.map((e) => e.id)).toEqual([1, 2]);
    expect(week.total).toBe(10);
  });
});

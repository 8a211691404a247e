import type { Clock } from '../../../server/config';

/** A clock the test moves by hand: `clock.set('2026-03-02T08:00:00Z')`, `clock.advance(5 * 60_000)`. */
export interface TestClock extends Clock {
  set(to: Date | string): void;
  advance(ms: number): void;
}

export const TEST_EPOCH = new Date('2026-03-02T08:00:00Z');

export function createTestClock(start: Date = TEST_EPOCH): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (to) => {
    now = new Date(to).getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

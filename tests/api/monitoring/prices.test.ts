import { isNull } from 'drizzle-orm';
import { systems } from '../../../server/core/db/schema';
import { firstOverlap, nextPeriod } from '../../../contract/tariffPeriods';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { as, CUSTOMER_SN, createMonitoringWorld } from './world';

/** Electricity prices — new periods, overlaps named by row, negative prices refused. */
let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(0);
});
afterAll(() => t?.close());

const tariff = (periods: Array<{ start: string; end: string; price: number }>, basePrice = 0.3, feedInPrice = 0.08) => ({
  sn: CUSTOMER_SN,
  currency: 'EUR',
  basePrice,
  feedInPrice,
  periods,
});
const evening = { start: '17:00', end: '21:00', price: 0.42 };

describe('a new period (Add a period)', () => {
  test('starts where the last one ended and lasts up to four hours', () => {
    expect(nextPeriod([{ start: '06:00', end: '09:00' }, evening])).toEqual({ start: '21:00', end: '01:00' });
    expect(nextPeriod([])).toEqual({ start: '17:00', end: '21:00' });
  });

  test('is cut short where another period begins, and never overlaps one', () => {
    const periods = [
      { start: '00:00', end: '06:00' },
      { start: '17:00', end: '23:00' },
    ];
    const next = nextPeriod(periods)!;
    expect(next).toEqual({ start: '23:00', end: '00:00' });
    expect(firstOverlap([...periods, next])).toBeNull();
  });

  test('starts at the next free minute when the last end is taken; none when the day is full', () => {
    expect(
      nextPeriod([
        { start: '18:00', end: '22:00' },
        { start: '12:00', end: '19:00' },
      ]),
    ).toEqual({ start: '22:00', end: '02:00' });
    expect(
      nextPeriod([
        { start: '00:00', end: '12:00' },
        { start: '12:00', end: '00:00' },
      ]),
    ).toBeNull();
  });
});

test('an overlap names both rows (110), in the answer and its data, and saves nothing', async () => {
  const customer = await as(t, 'customer');
  const periods = [{ start: '06:00', end: '09:00', price: 0.35 }, evening, { start: '18:00', end: '22:00', price: 0.4 }];
  const answer = await expectRejected(t, '/api/Account/ElectrovalenceSetting', tariff(periods), customer.token, 110);
  expect(answer.info).toContain('Period 2 (17:00–21:00) overlaps period 3 (18:00–22:00)');
  expect(answer.data).toEqual({ field: 'periods', rows: [2, 3] });
  // Across midnight too.
  const wrapped = [
    { start: '22:00', end: '02:00', price: 0.2 },
    { start: '01:00', end: '05:00', price: 0.2 },
  ];
  expect((await expectRejected(t, '/api/Account/ElectrovalenceSetting', tariff(wrapped), customer.token, 110)).info).toContain(
    'Period 1 (22:00–02:00) overlaps period 2 (01:00–05:00)',
  );
});

test('negative prices are refused with a message, the feed-in price too; nothing saved', async () => {
  const customer = await as(t, 'customer');
  for (const [body, field] of [
    [tariff([evening], -5), 'basePrice'],
    [tariff([evening], 0.3, -0.05), 'feedInPrice'],
    [tariff([{ ...evening, price: -0.1 }]), 'periods.0.price'],
  ] as const) {
    const answer = await expectRejected(t, '/api/Account/ElectrovalenceSetting', body, customer.token, 2, field);
    expect(answer.info).toContain('a price cannot be negative');
  }
});

test('prices that touch but do not overlap are saved and read back', async () => {
  const customer = await as(t, 'customer');
  const periods = [{ start: '06:00', end: '09:00', price: 0.35 }, evening, { start: '21:00', end: '01:00', price: 0 }];
  await expectOk(t, '/api/Account/ElectrovalenceSetting', tariff(periods), customer.token);
  const read = await customer.get(`/api/Account/GetElectrovalenceSetting?sn=${CUSTOMER_SN}`);
  expect(read.body.data).toMatchObject({ basePrice: 0.3, feedInPrice: 0.08, periods, isDefault: false });
});

test("another owner's system: 45, nothing changed", async () => {
  const [foreign] = await t.db.select({ sn: systems.sysSn }).from(systems).where(isNull(systems.customerUserId)).limit(1);
  const customer = await as(t, 'customer');
  await expectRejected(t, '/api/Account/ElectrovalenceSetting', { ...tariff([evening]), sn: foreign!.sn }, customer.token, 45);
});

import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

/** The weather says for each hour whether the sun is up at the system (München): the card draws night icons when not. */
let t: TestApp;
let customer: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await createMonitoringWorld(0);
  customer = await as(t, 'customer');
});
afterAll(() => t?.close());

interface Hour {
  hour: string;
  sun_up: boolean;
}

const weatherAt = async (nowTime: string) => {
  const { body } = await customer.post('/api/ESS/GetWeatherData', { sn: CUSTOMER_SN, nowTime });
  expect(body.code).toBe(200);
  return body.data as { current: Hour; hours: Hour[] };
};

test('at 11 PM and 2 AM in München the sun is down; at noon it is up', async () => {
  // 2 March in München (UTC+1): the sun rises about 7:00 and sets about 17:50 local.
  expect((await weatherAt('2026-03-01T22:10:00Z')).current.sun_up).toBe(false);
  expect((await weatherAt('2026-03-02T01:00:00Z')).current.sun_up).toBe(false);
  expect((await weatherAt('2026-03-01T11:30:00Z')).current.sun_up).toBe(true);
});

test('each of the next hours by its start: down through the night, up from the first hour after sunrise, down after sunset', async () => {
  const { hours } = await weatherAt('2026-03-01T22:10:00Z');
  const up = (utc: string) => hours.find((h) => h.hour === utc)?.sun_up;
  expect(up('2026-03-02T01:00:00.000Z')).toBe(false); // 2 AM
  expect(up('2026-03-02T05:00:00.000Z')).toBe(false); // 6 AM, before sunrise
  expect(up('2026-03-02T07:00:00.000Z')).toBe(true); // 8 AM
  expect(up('2026-03-02T16:00:00.000Z')).toBe(true); // 5 PM
  expect(up('2026-03-02T17:00:00.000Z')).toBe(false); // 6 PM, after sunset
});

test('the PV forecast marks the same hours', async () => {
  const { body } = await customer.post('/api/Power/PredictivePower', { sn: CUSTOMER_SN, date: '2026-03-02' });
  const hours = body.data.hours as (Hour & { pv_kw: number })[];
  expect(hours.filter((h) => h.sun_up).map((h) => h.hour)).toEqual(
    Array.from({ length: 10 }, (_, i) => `2026-03-02T${String(7 + i).padStart(2, '0')}:00:00.000Z`),
  );
});

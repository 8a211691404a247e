import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(0);
});
afterAll(() => t.close());

test('a share to a new address: invitation, registration, login, and 97 once it expired', async () => {
  const customer = await as(t, 'customer');
  const { body } = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: ' Neighbour@Mail.example ', days: '2' });
  expect(body.code).toBe(200);
  const token = body.data.register_token as string;
  expect(token).toBeTruthy();
  expect((await t.post('/api/Account/CheckSharerAccount', { token })).body.data).toEqual({ email: 'neighbour@mail.example' });
  expect((await t.post('/api/Account/RegisterSharerAccount', { token, username: 'customer', password: 'abc12345' })).body.code).toBe(50);
  expect((await t.post('/api/Account/RegisterSharerAccount', { token, username: 'neighbour', password: 'short' })).body.code).toBe(2);
  expect((await t.post('/api/Account/RegisterSharerAccount', { token, username: 'neighbour', password: 'abc12345' })).body.code).toBe(200);
  expect((await t.post('/api/Account/CheckSharerAccount', { token })).body.code).toBe(12);
  const neighbour = await t.login('neighbour', 'abc12345');
  const list = await t.post('/api/ESS/GetCustomer', undefined, { token: neighbour.AccessToken });
  expect(list.body.data.map((s: { sys_sn: string }) => s.sys_sn)).toEqual([CUSTOMER_SN]);
  // Sharing again renews rather than duplicates, and needs no new invitation.
  const again = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'neighbour@mail.example', days: 1 });
  expect(again.body.data).toMatchObject({ sharer_username: 'neighbour', register_token: null });
  t.clock.advance(2 * 86_400_000);
  expect((await t.post('/api/Account/Login', { username: 'neighbour', password: 'abc12345' })).body.code).toBe(97);
});

test('only the owner shares; staff accounts and the owner\'s own address are refused', async () => {
  const admin = await as(t, 'admin');
  const customer = await as(t, 'customer');
  const before = await t.database.rowCounts();
  expect((await admin.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'x@mail.example', days: 3 })).body.code).toBe(45);
  expect((await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'anna.lindqvist@ess-portal.example', days: 3 })).body.code).toBe(37);
  expect((await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'thomas.becker@mail.example', days: 3 })).body.code).toBe(2);
  expect(await t.database.rowCounts()).toEqual(before);
});

import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../server/core/auth/passwords';
import { systems, userLog, users } from '../../../server/core/db/schema';
import { DEMO_SHARED_SN } from '../../../server/demo/users';
import { expectOk, expectRejected } from '../admin/helpers';
import { DEMO_PASSWORD, type TestApp } from '../helpers';
import { as, CUSTOMER_SN, createMonitoringWorld, EXPIRED_SHARE_SN } from './world';

/** The owner's list of a system's shares, revoke and extend. */
let t: TestApp;
/** A second home owner with a system of their own and a share of it. */
const OTHER_SN = 'ESS2024A0003';
let otherShareId: number;

beforeAll(async () => {
  t = await createMonitoringWorld(0);
  const now = t.clock();
  const [other] = await t.db
    .insert(users)
    .values({
      username: 'other-owner',
      email: 'other.owner@mail.example',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roles: ['customer'],
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await t.db.update(systems).set({ customerUserId: other!.id }).where(eq(systems.sysSn, OTHER_SN));
  const owner = await as(t, 'other-owner');
  expect((await owner.post('/api/ESS/ShareSub', { sn: OTHER_SN, email: 'friend.of.other@mail.example', days: 5 })).body.code).toBe(200);
  otherShareId = (await owner.post('/api/ESS/GetShareList', { sn: OTHER_SN })).body.data[0].id;
});
afterAll(() => t?.close());

interface Row {
  id: number;
  email: string;
  username: string | null;
  registered: boolean;
  expires_at: string;
  active: boolean;
}
const listOf = async (sn: string) => expectOk<Row[]>(t, '/api/ESS/GetShareList', { sn }, (await as(t, 'customer')).token);

test('the owner sees whom the system is shared with, until when, and who has not registered yet', async () => {
  const customer = await as(t, 'customer');
  await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'pending.person@mail.example', days: 3 });
  const rows = await listOf(CUSTOMER_SN);
  const sharer = rows.find((r) => r.username === 'sharer');
  const pending = rows.find((r) => r.email === 'pending.person@mail.example');
  expect(sharer).toMatchObject({ registered: true, active: true });
  expect(pending).toMatchObject({ registered: false, username: null, active: true });
  expect(new Date(pending!.expires_at).getTime() - t.clock().getTime()).toBe(3 * 86_400_000);
  // Staff who manage systems read the list too (as they read share recipients in the user log); writing is the owner's.
  expect((await expectOk<Row[]>(t, '/api/ESS/GetShareList', { sn: CUSTOMER_SN }, (await as(t, 'servicer')).token)).length).toBe(
    rows.length,
  );
});

test('extend adds days from the end of the share; bad days answer with the range, nothing changed', async () => {
  const customer = await as(t, 'customer');
  const before = (await listOf(CUSTOMER_SN)).find((r) => r.email === 'pending.person@mail.example')!;
  const { expires_at } = await expectOk(t, '/api/ESS/ExtendShare', { sn: CUSTOMER_SN, id: before.id, days: '7' }, customer.token);
  expect(new Date(expires_at).getTime() - new Date(before.expires_at).getTime()).toBe(7 * 86_400_000);
  expect((await listOf(CUSTOMER_SN)).find((r) => r.id === before.id)!.expires_at).toBe(expires_at);
  const [audit] = await t.db.select().from(userLog).where(eq(userLog.action, 'share_extend'));
  expect(audit).toMatchObject({ target: CUSTOMER_SN, detail: { email: 'pending.person@mail.example', days: 7 } });

  for (const days of [0, '0', 36_501, '99999', 1.5, 'abc']) {
    const answer = await expectRejected(t, '/api/ESS/ExtendShare', { sn: CUSTOMER_SN, id: before.id, days }, customer.token, 2, 'days');
    if (typeof days === 'number' && Number.isInteger(days)) expect(answer.info).toContain('whole days from 1 to 36500');
    expect(answer.info).not.toContain('Too big');
  }
  await expectRejected(t, '/api/ESS/ExtendShare', { sn: CUSTOMER_SN, id: before.id }, customer.token, 3, 'days');
  // ShareSub answers the same range.
  const big = await expectRejected(
    t,
    '/api/ESS/ShareSub',
    { sn: CUSTOMER_SN, email: 'x@mail.example', days: 40_000 },
    customer.token,
    2,
    'days',
  );
  expect(big.info).toContain('whole days from 1 to 36500');
});

test("another owner's system or share, a sharer, staff writing: 45, nothing revealed or changed", async () => {
  const customer = await as(t, 'customer');
  const sharer = await as(t, 'sharer');
  const servicer = await as(t, 'servicer');
  const installer = await as(t, 'installer');
  // Someone else's system: its list, and its share through the caller's own S/N or the other S/N.
  await expectRejected(t, '/api/ESS/GetShareList', { sn: OTHER_SN }, customer.token, 45);
  await expectRejected(t, '/api/ESS/RevokeShare', { sn: OTHER_SN, id: otherShareId }, customer.token, 45);
  await expectRejected(t, '/api/ESS/RevokeShare', { sn: CUSTOMER_SN, id: otherShareId }, customer.token, 45);
  await expectRejected(t, '/api/ESS/ExtendShare', { sn: CUSTOMER_SN, id: otherShareId, days: 5 }, customer.token, 45);
  // An id that does not exist answers as a foreign one.
  await expectRejected(t, '/api/ESS/RevokeShare', { sn: CUSTOMER_SN, id: 999_999 }, customer.token, 45);
  const own = (await listOf(CUSTOMER_SN))[0]!;
  // The sharer sees the system but its shares are not theirs to read or change.
  await expectRejected(t, '/api/ESS/GetShareList', { sn: DEMO_SHARED_SN }, sharer.token, 45);
  await expectRejected(t, '/api/ESS/RevokeShare', { sn: DEMO_SHARED_SN, id: own.id }, sharer.token, 45);
  // Staff may read but not write shares; an installer reads no recipients at all.
  await expectRejected(t, '/api/ESS/RevokeShare', { sn: CUSTOMER_SN, id: own.id }, servicer.token, 45);
  await expectRejected(t, '/api/ESS/ExtendShare', { sn: CUSTOMER_SN, id: own.id, days: 3 }, servicer.token, 45);
  await expectRejected(t, '/api/ESS/GetShareList', { sn: CUSTOMER_SN }, installer.token, 45);
  // The refusal says nothing: the same answer as for a system that does not exist.
  const foreign = await customer.post('/api/ESS/GetShareList', { sn: OTHER_SN });
  const unknown = await customer.post('/api/ESS/GetShareList', { sn: 'NO-SUCH-SN' });
  expect(foreign.body).toEqual(unknown.body);
});

test("a revoked share stops working at once: the sharer's next call answers as for an ended share", async () => {
  const sharer = await as(t, 'sharer');
  expect((await sharer.post('/api/ESS/SticsSummeryDataForCustomer', { sn: DEMO_SHARED_SN })).body.code).toBe(200);
  const share = (await listOf(DEMO_SHARED_SN)).find((r) => r.username === 'sharer')!;
  await expectOk(t, '/api/ESS/RevokeShare', { sn: DEMO_SHARED_SN, id: share.id }, (await as(t, 'customer')).token);
  // The same token, the very next call.
  expect((await sharer.post('/api/ESS/SticsSummeryDataForCustomer', { sn: DEMO_SHARED_SN })).body.code).toBe(45);
  const left = (await sharer.post('/api/ESS/GetCustomer')).body.data as { sys_sn: string }[];
  expect(left.map((s) => s.sys_sn)).not.toContain(DEMO_SHARED_SN);
  // It was their last live share: the next login is refused as for expired shares.
  expect((await t.post('/api/Account/Login', { username: 'sharer', password: DEMO_PASSWORD })).body.code).toBe(97);
  expect((await listOf(DEMO_SHARED_SN)).find((r) => r.id === share.id)).toBeUndefined();
  const [audit] = await t.db.select().from(userLog).where(eq(userLog.action, 'share_revoke'));
  expect(audit).toMatchObject({ target: DEMO_SHARED_SN, detail: { email: share.email } });
});

test('revoking the only share of an invited person also ends their registration link', async () => {
  const customer = await as(t, 'customer');
  const { body } = await customer.post('/api/ESS/ShareSub', { sn: CUSTOMER_SN, email: 'never.registers@mail.example', days: 3 });
  const token = body.data.register_token as string;
  expect((await t.post('/api/Account/CheckSharerAccount', { token })).body.code).toBe(200);
  const share = (await listOf(CUSTOMER_SN)).find((r) => r.email === 'never.registers@mail.example')!;
  await expectOk(t, '/api/ESS/RevokeShare', { sn: CUSTOMER_SN, id: share.id }, customer.token);
  expect((await t.post('/api/Account/CheckSharerAccount', { token })).body.code).toBe(12);
});

test('an ended share is neither extended nor revoked: 2 naming id, nothing changed; sharing again renews it', async () => {
  const customer = await as(t, 'customer');
  const ended = (await listOf(EXPIRED_SHARE_SN)).find((r) => !r.active)!;
  expect(ended).toBeDefined();
  for (const [path, body] of [
    ['/api/ESS/ExtendShare', { sn: EXPIRED_SHARE_SN, id: ended.id, days: 7 }],
    ['/api/ESS/RevokeShare', { sn: EXPIRED_SHARE_SN, id: ended.id }],
  ] as const) {
    const answer = await expectRejected(t, path, body, customer.token, 2, 'id');
    expect(answer.info).toContain('the share has ended; share the system again');
  }
  expect((await listOf(EXPIRED_SHARE_SN)).find((r) => r.id === ended.id)).toEqual(ended);
  await expectOk(t, '/api/ESS/ShareSub', { sn: EXPIRED_SHARE_SN, email: ended.email, days: 3 }, customer.token);
  const renewed = (await listOf(EXPIRED_SHARE_SN)).find((r) => r.email === ended.email)!;
  expect(renewed).toMatchObject({ active: true });
  // Live again, it is revoked as any other.
  await expectOk(t, '/api/ESS/RevokeShare', { sn: EXPIRED_SHARE_SN, id: renewed.id }, customer.token);
});

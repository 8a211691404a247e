import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '../../../permissions/roles';
import { systems, users } from '../../../server/core/db/schema';
import { systemsInScope, viewerOf } from '../../../server/core/system-scope';
import { logSystemChange } from '../../../server/monitoring/systems/history';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from '../monitoring/world';

/**
 * A system's user log (/ESS/GetUserLogBySn) shows each role what its work needs. Whom a
 * system was shared with: its owner and the staff who manage systems. What it cost: its owner and our staff.
 * Partners (installers, resellers, service partners, VPP managers, suppliers) see that it happened, not the value.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const SEE_RECIPIENTS: readonly Role[] = ['admin', 'servicer', 'systemmanager', 'dasw'];
const SEE_COST: readonly Role[] = ['admin', 'servicer', 'dev', 'systemmanager', 'dasw', 'sncreator'];
/** Roles without the storage list (where the log is shown): the call answers 45 to them. */
const NO_LOG: readonly Role[] = ['customer', 'sharer', 'fasw'];

async function userId(username: string): Promise<number> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return user!.id;
}

/** A system the demo user of `role` sees, with a share and a cost change in its log. */
async function loggedSystemOf(role: Role) {
  const seen = await systemsInScope(t.db, await viewerOf(t.db, { id: await userId(role), roles: [role] } as never), t.clock());
  const system = seen[0]!;
  const owner = { id: await userId('customer'), username: 'customer' };
  await logSystemChange(t.db, owner, system, 'share', { email: `friend-of-${role}@mail.example`, days: 7 }, '127.0.0.1', t.clock());
  await logSystemChange(t.db, owner, system, 'update_system_cost', { systemCost: 12_345, currency: 'EUR' }, '127.0.0.1', t.clock());
  return system.sysSn;
}

async function logOf(token: string, sn: string) {
  const { body } = await t.post('/api/ESS/GetUserLogBySn', { sn, pageIndex: 1, pageSize: 50 }, { token });
  return body;
}

describe.each(ROLES.filter((r) => !NO_LOG.includes(r)))('%s reading a system log', (role) => {
  test(`share addresses ${SEE_RECIPIENTS.includes(role) ? 'shown' : 'left out'}, cost ${SEE_COST.includes(role) ? 'shown' : 'left out'}`, async () => {
    const sn = await loggedSystemOf(role);
    const { token } = await as(t, role);
    const body = await logOf(token, sn);
    expect(body.code).toBe(200);
    const share = body.data.data.find((r: { action: string }) => r.action === 'share');
    const cost = body.data.data.find((r: { action: string }) => r.action === 'update_system_cost');
    // Who did what and when stays visible to everyone who may read the log.
    expect(share).toMatchObject({ username: 'customer', detail: { days: 7 } });
    expect(cost).toMatchObject({ username: 'customer', detail: { currency: 'EUR' } });
    if (SEE_RECIPIENTS.includes(role)) expect(share.detail.email).toBe(`friend-of-${role}@mail.example`);
    else expect(share.detail).not.toHaveProperty('email');
    if (SEE_COST.includes(role)) expect(cost.detail.systemCost).toBe(12_345);
    else expect(cost.detail).not.toHaveProperty('systemCost');
    if (!SEE_RECIPIENTS.includes(role)) expect(JSON.stringify(body)).not.toContain('friend-of');
  });
});

test.each(NO_LOG)('%s has no storage list: the log answers 45', async (role) => {
  const { token } = await as(t, role);
  expect((await logOf(token, CUSTOMER_SN)).code).toBe(45);
});

test("the owner sees everything in their own system's log, and no more than their staff role elsewhere", async () => {
  const ownerId = await userId('customer');
  const [own] = await t.db.select().from(systems).where(eq(systems.sysSn, CUSTOMER_SN));
  const foreign = (await t.db.select().from(systems)).find((s) => s.customerUserId !== ownerId)!;
  const owner = { id: ownerId, username: 'customer' };
  for (const system of [own!, foreign]) {
    await logSystemChange(t.db, owner, system, 'share', { email: 'neighbour@mail.example', days: 3 }, '127.0.0.1', t.clock());
    await logSystemChange(t.db, owner, system, 'update_system_cost', { systemCost: 9_999, currency: 'EUR' }, '127.0.0.1', t.clock());
  }
  // An owner who also works in R&D (every system, the storage list, the cost but not share addresses).
  await t.db
    .update(users)
    .set({ roles: ['customer', 'dev'] })
    .where(eq(users.id, ownerId));
  try {
    const { token } = await as(t, 'customer');
    const mine = (await logOf(token, CUSTOMER_SN)).data.data;
    expect(mine.find((r: { action: string }) => r.action === 'share').detail.email).toBe('neighbour@mail.example');
    expect(mine.find((r: { action: string }) => r.action === 'update_system_cost').detail.systemCost).toBe(9_999);
    const theirs = (await logOf(token, foreign.sysSn)).data.data;
    expect(theirs.find((r: { action: string }) => r.action === 'share').detail).not.toHaveProperty('email');
    expect(theirs.find((r: { action: string }) => r.action === 'update_system_cost').detail.systemCost).toBe(9_999);
  } finally {
    await t.db
      .update(users)
      .set({ roles: ['customer'] })
      .where(eq(users.id, ownerId));
  }
});

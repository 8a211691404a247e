import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '../../../permissions/roles';
import { systems, users } from '../../../server/core/db/schema';
import { systemsInScope, viewerOf } from '../../../server/core/system-scope';
import { expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld, CUSTOMER_SN } from '../monitoring/world';

/**
 * Writes on a system follow DESIGN §6's writes column, not "anyone who sees it". The
 * remark is kept by the staff who manage systems; the system cost by its owner. Every role is tried on a
 * system inside its own scope, so a refusal comes from the role, not from the scope.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const REMARK_WRITERS: readonly Role[] = ['admin', 'servicer', 'systemmanager', 'dasw'];
const COST_WRITERS: readonly Role[] = ['customer'];

/** A system the demo user of `role` sees: the customer's own for customer and sharer, else the first of its scope. */
async function systemSeenBy(role: Role) {
  if (role === 'customer' || role === 'sharer') return CUSTOMER_SN;
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, role));
  const seen = await systemsInScope(t.db, await viewerOf(t.db, { id: user!.id, roles: [role] } as never), t.clock());
  expect(seen.length, `${role} sees no system`).toBeGreaterThan(0);
  return seen[0]!.sysSn;
}

async function systemRow(sn: string) {
  const [row] = await t.db.select().from(systems).where(eq(systems.sysSn, sn));
  return row!;
}

describe.each(ROLES)('%s', (role) => {
  test(`UpdateSystemRemark: ${REMARK_WRITERS.includes(role) ? 'changes the remark' : '45, nothing changed'}`, async () => {
    const user = await as(t, role);
    const sn = await systemSeenBy(role);
    const remark = `Remark by ${role}`;
    if (REMARK_WRITERS.includes(role)) {
      expect((await user.post('/api/ESS/UpdateSystemRemark', { sn, remark })).body.code).toBe(200);
      expect((await systemRow(sn)).remark).toBe(remark);
    } else {
      await expectRejected(t, '/api/ESS/UpdateSystemRemark', { sn, remark }, user.token, 45);
    }
  });

  test(`UpdateSystemCost: ${COST_WRITERS.includes(role) ? 'changes the cost of the own system' : '45, nothing changed'}`, async () => {
    const user = await as(t, role);
    const sn = await systemSeenBy(role);
    const systemCost = 10_000 + ROLES.indexOf(role);
    if (COST_WRITERS.includes(role)) {
      expect((await user.post('/api/Income/UpdateSystemCost', { sn, systemCost })).body.code).toBe(200);
      expect((await systemRow(sn)).systemCost).toBe(systemCost);
    } else {
      await expectRejected(t, '/api/Income/UpdateSystemCost', { sn, systemCost }, user.token, 45);
    }
  });
});

test('a customer cannot set the cost of a system that is not theirs', async () => {
  const customer = await as(t, 'customer');
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
  const notMine = (await t.db.select().from(systems)).find((s) => s.customerUserId !== me!.id)!;
  await expectRejected(t, '/api/Income/UpdateSystemCost', { sn: notMine.sysSn, systemCost: 1 }, customer.token, 45);
});

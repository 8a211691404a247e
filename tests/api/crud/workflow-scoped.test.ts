import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { CREATE_FIXTURE_SYSTEM_TICKETS } from './fixture-scoped-workflow';

/**
 * A workflow on a scoped resource (DESIGN §3, §6): its transition and history calls follow the declaration's
 * row scope like its list, one and save. A customer acts on the tickets of their own systems; a ticket of
 * another's system answers 45 exactly like one that does not exist, and nothing changes.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureSystemTickets } = await import('./fixture-scoped-workflow');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureSystemTickets] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureSystemTicketsTable } = await import('./fixture-scoped-workflow');
  return { ...(await importOriginal<object>()), fixtureSystemTicketsTable };
});

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await t.db.execute(CREATE_FIXTURE_SYSTEM_TICKETS);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE fixture_system_tickets RESTART IDENTITY`);
  await t.db.execute(sql`DELETE FROM workflow_history`);
  const customer = sql`(SELECT id FROM users WHERE username = 'customer')`;
  const [own] = await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE customer_user_id = ${customer} ORDER BY sys_sn LIMIT 1`,
  );
  const [foreign] = await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE customer_user_id IS DISTINCT FROM ${customer} ORDER BY sys_sn LIMIT 1`,
  );
  // Ticket 1 on the customer's system, ticket 2 on another's.
  await t.db.execute(
    sql`INSERT INTO fixture_system_tickets (sys_sn, title) VALUES (${own!.sys_sn}, 'mine'), (${foreign!.sys_sn}, 'theirs')`,
  );
});

describe('a workflow on a scoped resource', () => {
  it("acts on and reads the history of a record in the caller's scope", async () => {
    const customer = (await t.login('customer')).AccessToken;
    expect(await expectOk(t, '/api/SystemTicket/StartSystemTicket', { id: 1 }, customer)).toMatchObject({ id: 1, status: 'review' });
    const history = await expectOk(t, '/api/SystemTicket/GetSystemTicketHistory', { id: 1 }, customer);
    expect(history.data).toMatchObject([{ action: 'start', from_state: 'new', to_state: 'review', username: 'customer' }]);
  });

  it("a record outside the caller's scope answers 45 like a missing one, reveals nothing and changes nothing", async () => {
    const customer = (await t.login('customer')).AccessToken;
    for (const id of [2, 99]) {
      const refused = await expectRejected(t, '/api/SystemTicket/StartSystemTicket', { id }, customer, 45);
      expect(refused.data).toBeNull();
      expect(JSON.stringify(await expectRejected(t, '/api/SystemTicket/GetSystemTicketHistory', { id }, customer, 45))).not.toContain(
        'theirs',
      );
    }
    // Staff who see every system act on it.
    const admin = (await t.login('admin')).AccessToken;
    expect(await expectOk(t, '/api/SystemTicket/StartSystemTicket', { id: 2 }, admin)).toMatchObject({ status: 'review' });
  });
});

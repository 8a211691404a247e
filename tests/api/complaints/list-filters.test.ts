import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf } from './samples';

/**
 * The list's handler, team and filing-day filters (/customerComplaintList keeps them in its URL
 * and sends them to the generated list call): the handler by part of the user name, a team by its code, days as a
 * range of two; a value the declaration does not allow is refused with code 2 naming the field.
 */
const SAVE = '/api/Complaints/SaveComplaint';
const LIST = '/api/Complaints/GetComplaintPageList';
const ACCEPT = '/api/Complaints/AcceptComplaint';

let t: TestApp;
const tokens: Record<string, string> = {};
let taken: number;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'servicer']) tokens[role] = (await t.login(role)).AccessToken;
  await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
  const { inside } = (await systemsOf(t, 'customer')) as { inside: string };
  taken = (await expectOk<{ id: number }>(t, SAVE, newComplaint(inside, { title: 'Taken' }), tokens.customer!)).id;
  await expectOk(t, SAVE, newComplaint(inside, { title: 'Waiting', description: 'Another one' }), tokens.customer!);
  await expectOk(t, ACCEPT, { id: taken }, tokens.servicer!);
  await expectOk(t, '/api/Complaints/ProcessComplaint', { id: taken }, tokens.servicer!);
  await expectOk(t, '/api/Complaints/TransferComplaint', { id: taken, team: 'rnd' }, tokens.servicer!);
}, 120_000);
afterAll(() => t.close());

const titles = async (filters: Record<string, unknown>) =>
  (await expectOk<{ data: Array<{ title: string }> }>(t, LIST, { pageIndex: 1, pageSize: 10, ...filters }, tokens.servicer!)).data
    .map((row) => row.title)
    .sort();

describe('the complaint list filters', () => {
  it('finds the complaints of a handler by part of the user name', async () => {
    expect(await titles({ processor: 'servic' })).toEqual(['Taken']);
    expect(await titles({ processor: 'nobody' })).toEqual([]);
    expect(await titles({})).toEqual(['Taken', 'Waiting']);
  });

  it('filters by team and by filing days', async () => {
    expect(await titles({ team: 'rnd' })).toEqual(['Taken']);
    expect(await titles({ team: 'domestic' })).toEqual([]);
    expect(await titles({ created_at: ['2000-01-01', '2999-12-31'] })).toEqual(['Taken', 'Waiting']);
    expect(await titles({ created_at: ['2000-01-01', '2000-01-02'] })).toEqual([]);
  });

  it('refuses a team it does not know and half a day range with code 2', async () => {
    await expectRejected(t, LIST, { team: 'sales' }, tokens.servicer!, 2, 'team');
    await expectRejected(t, LIST, { created_at: ['2026-01-01'] }, tokens.servicer!, 2, 'created_at');
  });
});

describe('the installer filter (the installer scorecard links)', () => {
  const LIST_BODY = { pageIndex: 1, pageSize: 10 };
  let own: number;
  let other: number;
  beforeAll(async () => {
    tokens.installer = (await t.login('installer')).AccessToken;
    const { inside } = (await systemsOf(t, 'customer')) as { inside: string };
    const [me] = await queryRows<{ id: number }>(t.db, sql`SELECT installer_company_id AS id FROM users WHERE username = 'installer'`);
    own = Number(me!.id);
    const [another] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM installer_companies WHERE id <> ${own} ORDER BY id LIMIT 1`);
    other = Number(another!.id);
    // The customer's system (both complaints) was installed by the demo installer's company.
    await t.db.execute(sql`UPDATE systems SET installer_company_id = ${own} WHERE sys_sn = ${inside}`);
  });

  it('lists the complaints on the systems of that installer company', async () => {
    expect(await titles({ installer_id: own })).toEqual(['Taken', 'Waiting']);
    expect(await titles({ installer_id: String(own) })).toEqual(['Taken', 'Waiting']);
    expect(await titles({ installer_id: other })).toEqual([]);
  });

  it('narrows them to those reopened, completed or rated at least once', async () => {
    expect(await titles({ installer_id: own, outcome: 'reopened' })).toEqual([]);
    expect(await titles({ installer_id: own, outcome: 'resolved' })).toEqual([]);
    await t.db.execute(sql`UPDATE complaints SET rating_time = 4 WHERE id = ${taken}`);
    await t.db.execute(sql`INSERT INTO workflow_history (entity, record_id, action, from_state, to_state, username, created_at)
                           VALUES ('customerComplaintList', ${taken}, 'reopen', 'completed', 'reopened', 'customer', ${t.clock().toISOString()})`);
    expect(await titles({ installer_id: own, outcome: 'rated' })).toEqual(['Taken']);
    expect(await titles({ installer_id: own, outcome: 'reopened' })).toEqual(['Taken']);
    await expectRejected(t, LIST, { ...LIST_BODY, outcome: 'lost' }, tokens.servicer!, 2, 'outcome');
  });

  it.each(['0x10', '1e3', ' 16', '016', 0, -1, 16.5, [16], true, { id: 16 }, 2 ** 53])(
    'refuses the installer id %j with code 2, nothing changed',
    async (bad) => {
      await expectRejected(t, LIST, { ...LIST_BODY, installer_id: bad }, tokens.servicer!, 2, 'installer_id');
    },
  );

  it('gives an installer their own company’s complaints, and nothing of another company’s', async () => {
    const mine = await expectOk<{ dataCount: number }>(t, LIST, { ...LIST_BODY, installer_id: own }, tokens.installer!);
    expect(mine.dataCount).toBe(2);
    const foreign = await expectOk<{ data: unknown[]; dataCount: number }>(
      t,
      LIST,
      { ...LIST_BODY, installer_id: other },
      tokens.installer!,
    );
    expect(foreign).toMatchObject({ data: [], dataCount: 0 });
    // A customer reads only their own complaints, whichever installer is named.
    const customers = await expectOk<{ dataCount: number }>(t, LIST, { ...LIST_BODY, installer_id: other }, tokens.customer!);
    expect(customers.dataCount).toBe(0);
  });
});

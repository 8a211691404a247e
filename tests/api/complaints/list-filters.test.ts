import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf } from './samples';

/**
 * The list's handler, team and filing-day filters (issue 13, point 4: /customerComplaintList keeps them in its URL
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

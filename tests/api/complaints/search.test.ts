import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, systemsOf } from './samples';

/**
 * The complaint list's keyword search (server/complaints/search.ts): title, description, S/N and every comment and
 * reply, in any script, case-insensitive, `%` and `_` taken literally; within the caller's scope only.
 */
const LIST = '/api/Complaints/GetComplaintPageList';
const COMMENT = '/api/Complaints/CommentComplaint';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let own: string;
let foreign: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'servicer']) tokens[role] = (await t.login(role)).AccessToken;
  ({ inside: own, outside: foreign } = (await systemsOf(t, 'customer')) as { inside: string; outside: string });
  const complaint = async (name: string, sn: string, title: string, description: string) => {
    ids[name] = await insertComplaint(t, sn, 'processing');
    await t.db.execute(
      sql`UPDATE complaints SET title = ${title}, description = ${description}, processor = 'servicer' WHERE id = ${ids[name]!}`,
    );
  };
  await complaint('battery', own, 'Battery stops charging', 'Stuck at 20 % since Monday');
  await complaint('chinese', own, '电池不充电', '从周一开始电量一直是百分之二十');
  await complaint('percent', own, 'Display shows 100%_full', 'The app and the display disagree');
  await complaint('foreign', foreign, 'Battery stops charging too', 'A neighbour with the same trouble');
  await expectOk(t, COMMENT, { id: ids.percent, commentContent: 'Firmware F402 fixes the BMS handshake.' }, tokens.servicer!);
}, 120_000);
afterAll(() => t.close());

const found = async (as: string, keyword: string) => {
  const page = await expectOk(t, LIST, { pageIndex: 1, pageSize: 50, keyword }, tokens[as]!);
  return (page.data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
};
const idsOf = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);

describe('the complaint keyword search', () => {
  it('finds words in the title or description, in any case and any script', async () => {
    expect(await found('servicer', 'STOPS CHARG')).toEqual(idsOf('battery', 'foreign'));
    expect(await found('servicer', '不充电')).toEqual(idsOf('chinese'));
    expect(await found('servicer', '百分之二十')).toEqual(idsOf('chinese'));
    expect(await found('servicer', '  since monday ')).toEqual(idsOf('battery'));
  });

  it('finds a complaint by its S/N and by the text of its messages', async () => {
    expect(await found('servicer', own.slice(-6))).toEqual(idsOf('battery', 'chinese', 'percent'));
    expect(await found('servicer', 'bms handshake')).toEqual(idsOf('percent'));
  });

  it('takes % and _ as the characters they are', async () => {
    expect(await found('servicer', '100%_')).toEqual(idsOf('percent'));
    expect(await found('servicer', '%')).toEqual(idsOf('battery', 'percent'));
    expect(await found('servicer', '_')).toEqual(idsOf('percent'));
  });

  it('answers the count of the matches with the page, and nothing for words no complaint holds', async () => {
    const page = await expectOk(t, LIST, { pageIndex: 1, pageSize: 1, keyword: 'battery' }, tokens.servicer!);
    expect(page.dataCount).toBe(2);
    expect(page.data).toHaveLength(1);
    expect(await found('servicer', 'no complaint says this')).toEqual([]);
  });

  it("never finds a complaint outside the caller's scope, whatever it says", async () => {
    expect(await found('customer', 'battery stops')).toEqual(idsOf('battery'));
    expect(await found('customer', foreign)).toEqual([]);
    expect(await found('customer', 'neighbour')).toEqual([]);
  });

  it('refuses a keyword over the filter limit with 2 naming it, and a keyword that is not text', async () => {
    await expectRejected(t, LIST, { pageIndex: 1, pageSize: 10, keyword: 'x'.repeat(5000) }, tokens.servicer!, 2);
    await expectRejected(t, LIST, { pageIndex: 1, pageSize: 10, keyword: { $ne: 1 } }, tokens.servicer!, 2);
  });
});

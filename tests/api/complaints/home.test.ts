import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected, tokenCache } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, systemsOf } from './samples';

/**
 * The after-sales home (server/complaints/home/service.ts): each team sees what waits for it (the first line new and reopened
 * complaints, a team what was forwarded to it), the open complaints its member handles, the clocks that run out
 * before the reader's midnight or have run out, and archivers what waits to be archived. Other roles answer 45.
 */
const HOME = '/api/Complaints/GetAfterSalesHome';

let t: TestApp;
const tokens = tokenCache(() => t);
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
  const sn = (await systemsOf(t, 'admin')).inside!;
  const now = t.clock().getTime();
  const hour = 3_600_000;
  const add = async (name: string, status: string, team: string | null, dueIn: number | null, processor: string | null = null) => {
    ids[name] = await insertComplaint(t, sn, status, team);
    await queryRows(
      t.db,
      sql`UPDATE complaints SET title = ${name}, processor = ${processor},
            due_at = ${dueIn === null ? null : new Date(now + dueIn * hour).toISOString()}::timestamptz,
            created_at = ${new Date(now - 2 * hour).toISOString()}::timestamptz
          WHERE id = ${ids[name]!}`,
    );
  };
  // The test clock stands at 08:00 UTC: due in 2 h is today, in 30 h tomorrow, -1 h is overdue.
  await add('new, overdue', 'new', null, -1);
  await add('reopened, tomorrow', 'reopened', null, 30);
  await add('to international, today', 'forwarded', 'international', 2);
  await add('to domestic', 'forwarded', 'domestic', 50);
  await add('to R&D', 'forwarded', 'rnd', 50);
  await add('fasw handles, today', 'processing', null, 3, 'fasw');
  await add('fasw waits for the customer', 'waitingConfirmation', null, null, 'fasw');
  await add('waits for the archive', 'waitingArchive', null, null, 'dasw');
  await add('archived', 'archived', null, null, 'dasw');
}, 120_000);
afterAll(() => t.close());

const titles = (section: { items: { title: string }[] } | null) => section?.items.map((c) => c.title).sort() ?? null;

describe('the after-sales home', () => {
  it("fasw: the first line's queue and their team's, what they handle, today's clocks, what waits to be archived", async () => {
    const home = await expectOk(t, HOME, { timeZone: 'UTC' }, await tokens.of('fasw'));
    expect(titles(home.queue)).toEqual(['new, overdue', 'reopened, tomorrow', 'to international, today']);
    expect(home.queue.count).toBe(3);
    expect(titles(home.mine)).toEqual(['fasw handles, today']);
    expect(titles(home.clocks)).toEqual(['fasw handles, today', 'new, overdue', 'to international, today']);
    // Most urgent first, each with its clock and whether it ran out.
    expect(home.clocks.items[0]).toMatchObject({ title: 'new, overdue', overdue: true, clock: 'first_response' });
    expect(home.clocks.items.slice(1).map((c: { overdue: boolean }) => c.overdue)).toEqual([false, false]);
    expect(titles(home.archive)).toEqual(['waits for the archive']);
    expect(home.archive.items[0]).toMatchObject({ processor_name: 'Wang Fang' });
  });

  it('dasw gets what was forwarded to the domestic team, not the international; dev only R&D’s; servicer the first line', async () => {
    const dasw = await expectOk(t, HOME, {}, await tokens.of('dasw'));
    expect(titles(dasw.queue)).toEqual(['new, overdue', 'reopened, tomorrow', 'to domestic']);
    const dev = await expectOk(t, HOME, {}, await tokens.of('dev'));
    expect(titles(dev.queue)).toEqual(['to R&D']);
    expect(dev.archive).toBeNull();
    const servicer = await expectOk(t, HOME, {}, await tokens.of('servicer'));
    expect(titles(servicer.queue)).toEqual(['new, overdue', 'reopened, tomorrow']);
    expect(servicer.archive).toBeNull();
    const admin = await expectOk(t, HOME, {}, await tokens.of('admin'));
    expect(admin.queue.count).toBe(5);
  });

  it("'today' ends at the reader's midnight: in Tokyo (UTC+9, 17:00 now) a clock due in 30 h is not today, in 2 h it is", async () => {
    const tokyo = await expectOk(t, HOME, { timeZone: 'Asia/Tokyo' }, await tokens.of('fasw'));
    expect(titles(tokyo.clocks)).toEqual(['fasw handles, today', 'new, overdue', 'to international, today']);
    // In Honolulu (UTC-10) it is 22:00 yesterday there: only the overdue one is left before midnight.
    const honolulu = await expectOk(t, HOME, { timeZone: 'Pacific/Honolulu' }, await tokens.of('fasw'));
    expect(titles(honolulu.clocks)).toEqual(['new, overdue']);
  });

  it('a time zone that does not exist answers 2 naming it', async () => {
    await expectRejected(t, HOME, { timeZone: 'Mars/Olympus' }, await tokens.of('fasw'), 2, 'timeZone');
    await expectRejected(t, HOME, { timeZone: 'x'.repeat(65) }, await tokens.of('fasw'), 2, 'timeZone');
  });

  it.each(['customer', 'sharer', 'installer', 'reseller', 'servicepartner', 'supplier', 'vppmanager', 'sncreator'])(
    '%s, who takes no complaints, gets 45 and nothing of them',
    async (role) => {
      const answer = await expectRejected(t, HOME, {}, await tokens.of(role), 45);
      expect(JSON.stringify(answer)).not.toContain('overdue');
    },
  );
});

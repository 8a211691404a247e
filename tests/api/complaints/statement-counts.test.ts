import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { statementIn } from '../../../server/complaints/statement/service';
import { expectOk } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { systemsOf } from './samples';

/**
 * The statistical statement counts the open complaints nothing happened to since before its first month from the
 * monthly counts the database keeps (complaint_month_counts, kept by triggers), not from the complaints. These hold
 * the counts to the complaints: by hand on a few, and against the statement read from the complaints themselves on a
 * random set written, changed and deleted in bulk statements, as the API and maintenance write them.
 */
const STATEMENT = '/api/Complaints/GetStatisticalStatement';
const STATUSES = [
  'new',
  'accepted',
  'processing',
  'forwarded',
  'waitingConfirmation',
  'completed',
  'evaluated',
  'archived',
  'reopened',
  'rejected',
];
const TYPES = ['battery', 'inverter', 'meter', 'app'];
const COUNTRIES = ['DE', 'AU', 'CN', ''];
const MODELS = [null, '', 'ESS-10', 'ESS-15'];
const TEAMS = [null, 'international', 'domestic', 'rnd'];
const DAY = 86_400_000;

let t: TestApp;
let servicer: string;
let sn: string;
let now: Date;
let month: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  servicer = (await t.login('servicer')).AccessToken;
  sn = (await systemsOf(t, 'customer')).inside!;
  now = t.clock();
  month = now.toISOString().slice(0, 7);
}, 120_000);
afterAll(() => t.close());

/** The month `back` months before this one, as YYYY-MM. */
function monthsBack(back: number): string {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return at.toISOString().slice(0, 7);
}

async function clear() {
  await t.db.execute(sql`TRUNCATE complaints, workflow_history RESTART IDENTITY CASCADE`);
}

interface Seed {
  status: string;
  type: string;
  country: string;
  model: string | null;
  team: string | null;
  created: Date;
  updated: Date;
}

/** One INSERT statement for all of them (the counts' trigger runs once per statement). */
async function insert(seeds: Seed[]): Promise<number[]> {
  const values = seeds.map(
    (s) =>
      sql`('Counted', 'A complaint of the counts test', ${s.type}, ${sn}, 'owner@example.com', ${s.status}, ${s.team}, ${s.model},
           ${s.country}, 'customer', ${s.created.toISOString()}::timestamptz, ${s.updated.toISOString()}::timestamptz)`,
  );
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO complaints (title, description, type, sys_sn, contact_email, status, team, system_model, country, created_by, created_at, updated_at)
        VALUES ${sql.join(values, sql`, `)} RETURNING id`,
  );
  return rows.map((row) => Number(row.id));
}

/** The counts the triggers kept, against the same counted afresh from the complaints (zero rows left out). */
async function countsAndRecount() {
  const kept = await queryRows(
    t.db,
    sql`SELECT month::text, status, type, country, model, team, n FROM complaint_month_counts WHERE n <> 0
        ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  const recounted = await queryRows(
    t.db,
    sql`SELECT date_trunc('month', greatest(created_at, updated_at) AT TIME ZONE 'UTC')::date::text AS month, status, type, country,
               coalesce(system_model, '') AS model, coalesce(team, '') AS team, count(*)::int AS n
          FROM complaints GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  return { kept, recounted };
}

describe('the monthly complaint counts behind the statement', () => {
  it('count in the backlog, by hand: open complaints last changed before the month, per group; not resolved, changed or deleted ones', async () => {
    await clear();
    const old = (days: number) => new Date(now.getTime() - days * DAY);
    const seed = (status: string, type: string, days: number, extra: Partial<Seed> = {}): Seed => ({
      status,
      type,
      country: 'DE',
      model: null,
      team: null,
      created: old(days),
      updated: old(days),
      ...extra,
    });
    const [, , , rejectedLater, deleted, changedThisMonth] = await insert([
      seed('processing', 'meter', 120), // open, settled: counts
      seed('new', 'battery', 90, { model: 'ESS-10' }), // open, settled: counts
      seed('completed', 'meter', 100), // resolved: never
      seed('accepted', 'battery', 80), // open now, rejected below: no longer
      seed('reopened', 'app', 70), // deleted below
      seed('forwarded', 'app', 200, { updated: old(200) }), // changed this month below: read with the month's complaints
    ]);
    await t.db.execute(sql`UPDATE complaints SET status = 'rejected' WHERE id = ${rejectedLater}`);
    await t.db.execute(sql`DELETE FROM complaints WHERE id = ${deleted}`);
    await t.db.execute(sql`UPDATE complaints SET updated_at = ${now.toISOString()}::timestamptz WHERE id = ${changedThisMonth}`);

    const statement = await expectOk(t, STATEMENT, { from: month, to: month, groupBy: 'type' }, servicer);
    const backlog = (group: string | null) => statement.rows.find((r: { group: string | null }) => r.group === group)?.open_backlog;
    // The two settled open ones, and the one changed this month (no history: it is read, and open).
    expect(backlog(null)).toBe(3);
    expect(backlog('meter')).toBe(1);
    expect(backlog('battery')).toBe(1);
    expect(backlog('app')).toBe(1);
    // A month before the first of them was filed holds none of them.
    const earlier = await expectOk(t, STATEMENT, { from: monthsBack(9), to: monthsBack(9) }, servicer);
    expect(earlier.rows).toMatchObject([{ group: null, complaints_in: 0, open_backlog: 0 }]);

    const { kept, recounted } = await countsAndRecount();
    expect(kept).toEqual(recounted);
    await clear();
    expect(await queryRows(t.db, sql`SELECT * FROM complaint_month_counts`)).toEqual([]);
  });

  it('give the same statement as one read from the complaints, over random complaints written, changed and deleted in bulk', async () => {
    await clear();
    // A fixed seed: a failure shows again.
    let state = 20_261_207;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const someDaysAgo = (most: number) => new Date(now.getTime() - Math.floor(random() * most * DAY) - 1000);
    const seeds = Array.from({ length: 300 }, (): Seed => {
      const created = someDaysAgo(720);
      const updated = random() < 0.3 ? created : new Date(created.getTime() + Math.floor(random() * (now.getTime() - created.getTime())));
      return {
        status: pick(STATUSES),
        type: pick(TYPES),
        country: pick(COUNTRIES),
        model: pick(MODELS),
        team: pick(TEAMS),
        created,
        updated,
      };
    });
    const ids = [...(await insert(seeds.slice(0, 150))), ...(await insert(seeds.slice(150)))];
    const some = (share: number) => ids.filter(() => random() < share);
    const inList = (chosen: number[]) => sql.join(chosen.length ? chosen : [-1], sql`, `);

    const compare = async (step: string) => {
      const { kept, recounted } = await countsAndRecount();
      expect(kept, step).toEqual(recounted);
      for (const [from, to] of [
        [monthsBack(0), monthsBack(0)],
        [monthsBack(3), monthsBack(1)],
        [monthsBack(13), monthsBack(10)],
      ] as const) {
        for (const groupBy of [undefined, 'type', 'country', 'model', 'team'] as const) {
          const query = { from, to, ...(groupBy ? { groupBy } : {}) };
          const fromCounts = await expectOk(t, STATEMENT, query, servicer);
          // A scope that admits every complaint makes the statement read the complaints instead of the counts.
          const fromComplaints = await statementIn(t.db, query, sql`true`, now);
          expect(fromCounts, `${step}: ${JSON.stringify(query)}`).toEqual(JSON.parse(JSON.stringify(fromComplaints)));
        }
      }
    };

    await compare('written');
    for (let round = 0; round < 3; round++) {
      await t.db.execute(sql`UPDATE complaints SET status = ${pick(STATUSES)} WHERE id IN (${inList(some(0.2))})`);
      await t.db.execute(
        sql`UPDATE complaints SET updated_at = updated_at + make_interval(days => ${Math.floor(random() * 90)}) WHERE id IN (${inList(some(0.2))})`,
      );
      await t.db.execute(
        sql`UPDATE complaints SET system_model = ${pick(MODELS)}, team = ${pick(TEAMS)} WHERE id IN (${inList(some(0.1))})`,
      );
      await t.db.execute(sql`UPDATE complaints SET due_at = now() WHERE id IN (${inList(some(0.3))})`);
      await t.db.execute(sql`DELETE FROM complaints WHERE id IN (${inList(some(0.05))})`);
      await compare(`round ${round + 1}`);
    }
    await clear();
  }, 120_000);
});

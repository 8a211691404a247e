import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected, tokenCache } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { insertComplaint, systemsOf } from '../complaints/samples';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * R&D working hours: staff log entries, only their own are theirs to change (admin and
 * systemmanager change every one), at most 24 h a day per engineer even for two saves at once, a complaint must be
 * in the caller's scope, and the totals on the screen are the totals of the xlsx export.
 */
const SAVE = '/api/WorkHours/SaveWorkHour';
const LIST = '/api/WorkHours/GetWorkHourPageList';
const ONE = '/api/WorkHours/GetWorkHour';
const DELETE = '/api/WorkHours/DeleteWorkHour';
const TOTALS = '/api/WorkHours/GetWorkHourTotals';
const EXPORT = '/api/WorkHours/ExportWorkHours';

let t: TestApp;
const tokens = tokenCache(() => t);
const token = tokens.of;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await queryRows(t.db, sql`DELETE FROM rd_work_hours`);
});

const entry = (overrides: Record<string, unknown> = {}) => ({
  work_date: '2026-03-02',
  hours: 2,
  kind: 'debugging',
  project: 'BMS firmware 3.2',
  note: '',
  ...overrides,
});
const save = async (user: string, body: Record<string, unknown>) => expectOk(t, SAVE, body, await token(user));

describe('logging hours', () => {
  it('an engineer logs an entry: it is theirs, listed with its values', async () => {
    const saved = await save('dev', entry({ hours: 1.75, note: 'reproduced on the bench' }));
    expect(saved).toMatchObject({ engineer: 'dev', hours: 1.75, kind: 'debugging', work_date: '2026-03-02' });
    const page = await expectOk(t, LIST, { pageSize: 50 }, await token('dev'));
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    // The list and the detail show who logged it by name; the user name stays beside it.
    expect(page.data[0]).toMatchObject({ engineer: 'dev', engineer_name: 'Kenji Watanabe' });
    expect(await expectOk(t, ONE, { id: saved.id }, await token('dev'))).toMatchObject({ engineer_name: 'Kenji Watanabe' });
  });

  it.each([
    [{ hours: 0.3 }, 2, 'hours'],
    [{ hours: 0 }, 2, 'hours'],
    [{ hours: 24.25 }, 2, 'hours'],
    [{ hours: undefined }, 3, 'hours'],
    [{ kind: 'sleeping' }, 2, 'kind'],
    [{ work_date: '2026-02-30' }, 2, 'work_date'],
    [{ project: '', complaint_id: null }, 3, 'complaint_id'],
    [{ project: 'x'.repeat(101) }, 2, 'project'],
  ])('bad input %j answers %i naming %s, nothing changed', async (overrides, code, field) => {
    await expectRejected(t, SAVE, entry(overrides), await token('dev'), code, field);
  });

  it('the engineer is the caller, whatever the body says', async () => {
    const saved = await save('dev', { ...entry(), engineer: 'dasw', engineer_id: 1 });
    expect(saved.engineer).toBe('dev');
    const [row] = await queryRows<{ username: string }>(
      t.db,
      sql`SELECT u.username FROM rd_work_hours h JOIN users u ON u.id = h.engineer_id`,
    );
    expect(row!.username).toBe('dev');
  });
});

describe('the 24 h rule', () => {
  it('refuses an entry that takes the day over 24 h, naming the day and the hours logged; the rest of 24 h passes', async () => {
    await save('dev', entry({ hours: 20 }));
    const refused = await expectRejected(t, SAVE, entry({ hours: 4.25 }), await token('dev'), 100, 'hours');
    expect(refused.info).toContain('20');
    expect(refused.info).toContain('2026');
    expect(refused.data).toMatchObject({ field: 'hours', day: '2026-03-02', logged: 20 });
    await save('dev', entry({ hours: 4 }));
    // Another day, another engineer: their own 24 h.
    await save('dev', entry({ hours: 8, work_date: '2026-03-03' }));
    await save('dasw', entry({ hours: 8 }));
  });

  it('counts an edit with its new hours, not twice', async () => {
    const first = await save('dev', entry({ hours: 12 }));
    await save('dev', entry({ hours: 10 }));
    await save('dev', { ...entry({ hours: 14 }), id: first.id });
    await expectRejected(t, SAVE, { ...entry({ hours: 14.25 }), id: first.id }, await token('dev'), 100, 'hours');
    // Moving an entry to a full day is refused too.
    const other = await save('dev', entry({ hours: 3, work_date: '2026-03-04' }));
    await expectRejected(t, SAVE, { ...entry({ hours: 3 }), id: other.id }, await token('dev'), 100, 'hours');
  });

  it('of two saves at once that together pass 24 h, one is refused', async () => {
    const dev = await token('dev');
    const answers = await Promise.all([
      t.post(SAVE, entry({ hours: 13 }), { token: dev }),
      t.post(SAVE, entry({ hours: 13 }), { token: dev }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([100, 200]);
    const [sum] = await queryRows<{ h: string }>(t.db, sql`SELECT sum(hours)::text AS h FROM rd_work_hours`);
    expect(Number(sum!.h)).toBe(13);
  });
});

describe('whose entries', () => {
  it('another engineer can neither change nor delete an entry (45, nothing changed); admin and systemmanager read it and change nothing', async () => {
    const mine = await save('dev', entry());
    await expectRejected(t, SAVE, { ...entry({ hours: 3 }), id: mine.id }, await token('dasw'), 45);
    await expectRejected(t, DELETE, { id: mine.id }, await token('servicer'), 45);
    await expectRejected(t, SAVE, { ...entry({ hours: 3 }), id: mine.id }, await token('admin'), 45);
    await expectRejected(t, DELETE, { id: mine.id }, await token('systemmanager'), 45);
    expect(await expectOk(t, ONE, { id: mine.id }, await token('admin'))).toMatchObject({ hours: 2, engineer: 'dev' });
  });

  it("each engineer reads only their own entries; another's answers 45; admin and systemmanager read everyone's", async () => {
    const devs = await save('dev', entry());
    const own = await save('dasw', entry({ hours: 1 }));
    const page = await expectOk(t, LIST, { pageSize: 50 }, await token('dasw'));
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([own.id]);
    await expectRejected(t, ONE, { id: devs.id }, await token('dasw'), 45);
    for (const reader of ['admin', 'systemmanager'])
      expect((await expectOk(t, LIST, { pageSize: 50 }, await token(reader))).dataCount).toBe(2);
  });

  it.each(['customer', 'sharer', 'installer', 'reseller', 'servicepartner', 'vppmanager', 'supplier'])(
    '%s has no R&D hours: every call answers 45, nothing changed',
    async (role) => {
      const devs = await save('dev', entry());
      const caller = await token(role);
      for (const [path, body] of [
        [LIST, {}],
        [ONE, { id: devs.id }],
        [SAVE, entry()],
        [DELETE, { id: devs.id }],
        [TOTALS, { from: '2026-03-01', to: '2026-03-31' }],
        [EXPORT, { from: '2026-03-01', to: '2026-03-31' }],
      ] as const)
        await expectRejected(t, path, body, caller, 45);
    },
  );

  it('a complaint that does not exist answers 45; one in the scope is logged', async () => {
    const { inside } = await systemsOf(t, 'installer');
    const theirs = await insertComplaint(t, inside!, 'processing');
    await expectRejected(t, SAVE, entry({ complaint_id: 999_999, project: '' }), await token('dev'), 45);
    expect(await save('dev', entry({ complaint_id: theirs, project: '' }))).toMatchObject({ complaint_id: theirs });
    await queryRows(t.db, sql`DELETE FROM rd_work_hours`);
    await queryRows(t.db, sql`DELETE FROM complaints WHERE id = ${theirs}`);
  });
});

describe('what hours reveal about complaints', () => {
  /** A fresh token of `username` with the complaint screen denied to them by an administrator (per-user menu rights). */
  async function withoutComplaints(username: string): Promise<string> {
    await queryRows(t.db, sql`UPDATE users SET menu_denied = ARRAY['customerComplaintList'] WHERE username = ${username}`);
    try {
      return (await t.login(username)).AccessToken;
    } finally {
      await queryRows(t.db, sql`UPDATE users SET menu_denied = '{}' WHERE username = ${username}`);
    }
  }
  const answerOf = async (user: string | Promise<string>, body: Record<string, unknown>) => {
    const { code, info, data } = (await t.post(SAVE, body, { token: await user })).body;
    return { code, info, data };
  };

  it('a complaint outside the scope and one that does not exist answer the same code and text', async () => {
    const { outside } = await systemsOf(t, 'installer');
    const others = await insertComplaint(t, outside!, 'processing');
    const [last] = await queryRows<{ id: number }>(t.db, sql`SELECT max(id)::int AS id FROM complaints`);
    const missing = Number(last!.id) + 1000;
    const before = await queryRows(t.db, sql`SELECT count(*)::int AS n FROM rd_work_hours`);
    // A staff member who may not read complaints learns nothing: an existing complaint answers as a missing one.
    const blind = withoutComplaints('dev');
    const existingForBlind = await answerOf(blind, entry({ complaint_id: others, project: '' }));
    expect(existingForBlind.code).toBe(45);
    expect(await answerOf(blind, entry({ complaint_id: missing, project: '' }))).toEqual(existingForBlind);
    expect(await queryRows(t.db, sql`SELECT count(*)::int AS n FROM rd_work_hours`)).toEqual(before);
    await queryRows(t.db, sql`DELETE FROM complaints WHERE id = ${others}`);
  });

  it("the totals name a complaint's title only to a reader who may see the complaint", async () => {
    const complaint = await insertComplaint(t, (await systemsOf(t, 'admin')).inside!, 'processing');
    await queryRows(t.db, sql`UPDATE complaints SET title = 'Battery clicks at night' WHERE id = ${complaint}`);
    await save('dev', entry({ complaint_id: complaint, project: '' }));
    const period = { from: '2026-03-01', to: '2026-03-31' };
    const seen = await expectOk(t, TOTALS, period, await token('dev'));
    expect(seen.byWork).toEqual([{ key: `#${complaint} Battery clicks at night`, hours: 2, complaint_id: complaint }]);
    const blind = await expectOk(t, TOTALS, period, await withoutComplaints('dev'));
    expect(blind.byWork).toEqual([{ key: `#${complaint}`, hours: 2, complaint_id: complaint }]);
    expect(JSON.stringify(blind)).not.toContain('Battery clicks');
    await queryRows(t.db, sql`DELETE FROM rd_work_hours`);
    await queryRows(t.db, sql`DELETE FROM complaints WHERE id = ${complaint}`);
  });
});

describe('totals and export', () => {
  /** A hand-computed set: dev 2 + 1.25 + 3.5 = 6.75 h, dasw 4 + 0.5 = 4.5 h, over two months. */
  async function logTheSet(complaint: number) {
    await save('dev', entry({ work_date: '2026-02-27', hours: 2, kind: 'debugging', complaint_id: complaint, project: '' }));
    await save('dev', entry({ work_date: '2026-03-02', hours: 1.25, kind: 'testing', project: 'BMS firmware 3.2' }));
    await save('dev', entry({ work_date: '2026-03-03', hours: 3.5, kind: 'debugging', complaint_id: complaint, project: '' }));
    await save('dasw', entry({ work_date: '2026-03-03', hours: 4, kind: 'onsite', complaint_id: complaint, project: '' }));
    await save('dasw', entry({ work_date: '2026-03-20', hours: 0.5, kind: 'meeting', project: 'BMS firmware 3.2' }));
    // Outside the period: not counted.
    await save('dev', entry({ work_date: '2026-04-01', hours: 7, kind: 'other', project: 'Later' }));
  }
  const period = { from: '2026-02-01', to: '2026-03-31' };

  it('per person, complaint or project, month and kind, as computed by hand; the xlsx holds the same rows', async () => {
    const complaint = await insertComplaint(t, (await systemsOf(t, 'admin')).inside!, 'processing');
    await logTheSet(complaint);
    const totals = await expectOk(t, TOTALS, period, await token('admin'));
    const work = `#${complaint} Seeded`;
    expect(totals).toEqual({
      total: 11.25,
      // Shown by their display names (the demo's 'dev' and 'dasw').
      byPerson: [
        { key: 'Kenji Watanabe', hours: 6.75, engineer: 'dev' },
        { key: 'Wang Fang', hours: 4.5, engineer: 'dasw' },
      ],
      byWork: [
        { key: work, hours: 9.5, complaint_id: complaint },
        { key: 'BMS firmware 3.2', hours: 1.75, complaint_id: null },
      ],
      byMonth: [
        { key: '2026-02', hours: 2 },
        { key: '2026-03', hours: 9.25 },
      ],
      byKind: [
        { key: 'debugging', hours: 5.5 },
        { key: 'onsite', hours: 4 },
        { key: 'testing', hours: 1.25 },
        { key: 'meeting', hours: 0.5 },
      ],
    });
    // Filters narrow both; the engineer filter finds a person by user name or by display name.
    expect((await expectOk(t, TOTALS, { ...period, engineer: 'dasw' }, await token('admin'))).total).toBe(4.5);
    expect((await expectOk(t, TOTALS, { ...period, engineer: 'watanabe' }, await token('admin'))).total).toBe(6.75);

    const response = await t.inject({
      method: 'POST',
      url: EXPORT,
      payload: period,
      headers: { authorization: `Bearer ${await token('admin')}` },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = (index: number) =>
      workbook.worksheets[index]!.getSheetValues()
        .slice(2)
        .map((r) => (r as unknown[]).slice(1));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Entries', 'Per person', 'Per complaint or project', 'Per month', 'Per kind']);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Engineer',
      'Complaint',
      'Project',
      'Kind of work',
      'Hours',
      'Note',
    ]);
    expect(rows(0)).toHaveLength(5);
    // People by their display names, in the entries as in the totals.
    expect(new Set(rows(0).map((r) => r[1]))).toEqual(new Set(['Kenji Watanabe', 'Wang Fang']));
    expect(rows(1)).toEqual([...totals.byPerson.map((l: { key: string; hours: number }) => [l.key, l.hours]), ['Total', 11.25]]);
    expect(rows(2)).toEqual([...totals.byWork.map((l: { key: string; hours: number }) => [l.key, l.hours]), ['Total', 11.25]]);
    expect(rows(3)).toEqual([...totals.byMonth.map((l: { key: string; hours: number }) => [l.key, l.hours]), ['Total', 11.25]]);
    expect(rows(4)).toEqual([
      ['Debugging', 5.5],
      ['On-site work', 4],
      ['Testing', 1.25],
      ['Meeting', 0.5],
      ['Total', 11.25],
    ]);
    await queryRows(t.db, sql`DELETE FROM rd_work_hours`);
    await queryRows(t.db, sql`DELETE FROM complaints WHERE id = ${complaint}`);
  });

  it('an empty period exports nothing (8); a reversed or missing period answers 2 / 3', async () => {
    const admin = await token('admin');
    expect((await t.post(EXPORT, period, { token: admin })).body.code).toBe(8);
    await expectRejected(t, TOTALS, { from: '2026-03-31', to: '2026-03-01' }, admin, 2);
    await expectRejected(t, TOTALS, { from: '2026-03-01' }, admin, 3);
  });
});

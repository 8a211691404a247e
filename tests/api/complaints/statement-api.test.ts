import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf } from './samples';

/** The statement's calls: staff only (45 for the rest), its body's rules, the xlsx sheet. */
const STATEMENT = '/api/Complaints/GetStatisticalStatement';
const EXPORT = '/api/Complaints/ExportStatisticalStatement';

let t: TestApp;
const tokens: Record<string, string> = {};
let month: string;
let installers: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'installer', 'servicer', 'fasw', 'supplier', 'sharer']) tokens[role] = (await t.login(role)).AccessToken;
  await t.db.execute(sql`TRUNCATE complaints, workflow_history RESTART IDENTITY CASCADE`);
  const own = (await systemsOf(t, 'customer')).inside!;
  await expectOk(t, '/api/Complaints/SaveComplaint', newComplaint(own), tokens.customer!);
  month = t.clock().toISOString().slice(0, 7);
  installers = (await systemsOf(t, 'installer')).inside!;
}, 120_000);
afterAll(() => t.close());

describe('the statistical statement calls', () => {
  it("answer staff the month's figures, grouped when asked", async () => {
    const statement = await expectOk(t, STATEMENT, { from: month, to: month, groupBy: 'country' }, tokens.servicer!);
    expect(statement).toMatchObject({ months: [month], groupBy: 'country', groups: ['DE'] });
    expect(statement.rows[0]).toMatchObject({ month, group: null, complaints_in: 1, solved: 0, open_backlog: 1, ratings: 0 });
    expect(statement.rows[1]).toMatchObject({ month, group: 'DE', complaints_in: 1 });
  });

  it('counts old complaints nothing happened to in the window in every month’s backlog while open, per group (the database counts them)', async () => {
    const before = (await expectOk(t, STATEMENT, { from: month, to: month, groupBy: 'type' }, tokens.servicer!)).rows;
    const backlog = (group: string | null, rows = before) =>
      rows.find((r: { group: string | null }) => r.group === group)?.open_backlog ?? 0;
    // Two filed and last changed a year ago: one still open (a meter), one rejected then.
    const yearAgo = new Date(t.clock().getTime() - 365 * 86_400_000);
    const own = (await systemsOf(t, 'customer')).inside!;
    const ids: number[] = [];
    for (const [status, type] of [
      ['processing', 'meter'],
      ['rejected', 'app'],
    ] as const) {
      const { id } = await expectOk(
        t,
        '/api/Complaints/SaveComplaint',
        newComplaint(own, { title: `Old ${type}`, type }),
        tokens.customer!,
      );
      ids.push(id);
      await t.db.execute(sql`UPDATE complaints SET status = ${status}, created_at = ${yearAgo}, updated_at = ${yearAgo} WHERE id = ${id}`);
    }
    try {
      const after = (await expectOk(t, STATEMENT, { from: month, to: month, groupBy: 'type' }, tokens.servicer!)).rows;
      expect(backlog(null, after)).toBe(backlog(null) + 1);
      expect(backlog('meter', after)).toBe(backlog('meter') + 1);
      expect(after.find((r: { group: string | null }) => r.group === 'app')).toBeUndefined();
      expect(after[0].complaints_in).toBe(before[0].complaints_in);
    } finally {
      await t.db.execute(sql`DELETE FROM complaints WHERE id IN (${sql.join(ids, sql`, `)})`);
    }
  });

  it('export the same as an xlsx sheet in the caller’s language; 8 when no month has come yet', async () => {
    const response = await t.inject({
      method: 'POST',
      url: EXPORT,
      headers: { authorization: `Bearer ${tokens.fasw}` },
      payload: { from: month, to: month },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(month);
    expect(sheet.getRow(2).getCell(2).value).toBe(1);
    await expectRejected(t, EXPORT, { from: '2099-01', to: '2099-02' }, tokens.fasw!, 8);
  });

  it.each([
    [{ from: '2026-13', to: '2026-12' }, 2, 'from'],
    [{ from: '2026-03', to: '2026-01' }, 2, 'to'],
    [{ from: '2026-01', to: '2026-02', groupBy: 'colour' }, 2, 'groupBy'],
    [{ to: '2026-02' }, 3, 'from'],
  ])('refuse %j with %i, nothing changed', async (body, code, field) => {
    await expectRejected(t, STATEMENT, body, tokens.servicer!, code, field);
  });

  it("an installer's figures are those of his systems' complaints", async () => {
    const [inScope] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM complaints c JOIN systems s ON s.sys_sn = c.sys_sn
          WHERE s.installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')`,
    );
    const other = await expectOk(t, '/api/Complaints/SaveComplaint', newComplaint(installers), tokens.installer!);
    try {
      const statement = await expectOk(t, STATEMENT, { from: month, to: month }, tokens.installer!);
      expect(statement.rows[0].complaints_in).toBe(inScope!.n + 1);
      expect((await expectOk(t, STATEMENT, { from: month, to: month }, tokens.servicer!)).rows[0].complaints_in).toBe(2);
    } finally {
      await t.db.execute(sql`DELETE FROM complaints WHERE id = ${other.id}`);
    }
  });

  it.each(['customer', 'supplier', 'sharer'])('refuse %s with 45 (not theirs to read)', async (role) => {
    await expectRejected(t, STATEMENT, { from: month, to: month }, tokens[role]!, 45);
    await expectRejected(t, EXPORT, { from: month, to: month }, tokens[role]!, 45);
  });
});

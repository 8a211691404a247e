import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '../../../contract/codes';
import { queryRows } from '../../../server/core/db';
import { users } from '../../../server/core/db/schema';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { expectOk, expectRejected } from '../admin/helpers';
import { newComplaint, systemsOf } from '../complaints/samples';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { eventually, FAST } from '../jobs/fixtures';
import { as, CUSTOMER_SN } from '../monitoring/world';

/**
 * Long exports made in the background: the lifetime table, the complaint statement and the R&D
 * hours, each the same file as its direct export; the asker is answered at once with the report's id, notified when it
 * is ready (with its report, which they download whatever their roles) or why it failed; nobody else downloads it.
 */
let t: TestApp;
let month: string;
beforeAll(async () => {
  t = await createTestApp({ jobQueue: FAST });
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 2 });
  const customer = await as(t, 'customer');
  await expectOk(t, '/api/Complaints/SaveComplaint', newComplaint((await systemsOf(t, 'customer')).inside!), customer.token);
  const servicer = await as(t, 'servicer');
  const day = t.clock().toISOString().slice(0, 10);
  await expectOk(
    t,
    '/api/WorkHours/SaveWorkHour',
    { work_date: day, hours: 2, kind: 'debugging', project: 'BMS 3.2', note: '' },
    servicer.token,
  );
  month = day.slice(0, 7);
}, 180_000);
afterAll(() => t.close());

async function sheets(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}
const file = (path: string, body: unknown, token: string) =>
  t.inject({ method: 'POST', url: `/api${path}`, payload: body as object, headers: { authorization: `Bearer ${token}` } });
const reportCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM generated_reports`))[0]!.n;
const reportOf = async (id: number) =>
  (await queryRows<{ state: string; error: string | null }>(t.db, sql`SELECT state, error FROM generated_reports WHERE id = ${id}`))[0];
const noticeOf = async (token: string, id: number, language: string) => {
  const { body } = await t.post('/api/Message/GetListMyMsg', { pageSize: 200, language }, { token });
  return body.data.data.find((n: { report_id?: number | null }) => n.report_id === id);
};

describe('an export asked for in the background', () => {
  const cases = [
    { kind: 'lifetime', user: 'customer', path: '/Statistic/ExportLifetimeStatistic', body: () => ({ sn: CUSTOMER_SN }) },
    {
      kind: 'statement',
      user: 'servicer',
      path: '/Complaints/ExportStatisticalStatement',
      body: () => ({ from: month, to: month, groupBy: 'type' }),
    },
    { kind: 'workHours', user: 'servicer', path: '/WorkHours/ExportWorkHours', body: () => ({ from: `${month}-01`, to: `${month}-28` }) },
  ];

  test.each(cases)(
    '$kind: answered at once with the report; the file equals the direct export; the asker is told in their language and downloads it',
    async ({ user, path, body }) => {
      const asker = await as(t, user);
      await t.db.update(users).set({ languageCode: 'de-DE' }).where(eq(users.username, user));
      try {
        const direct = await file(path, body(), asker.token);
        expect(direct.headers['content-type']).toContain('spreadsheetml');
        const asked = await asker.post(`/api${path}`, { ...body(), background: true });
        expect(asked.body).toMatchObject({ code: 200, data: { background: true } });
        const id = asked.body.data.report_id as number;
        await eventually(async () => expect((await reportOf(id))?.state).toBe('done'));
        // The notice, in the asker's language (German here, English when they read in English), carries the report.
        await eventually(async () => expect(await noticeOf(asker.token, id, 'de')).toBeTruthy());
        const notice = await noticeOf(asker.token, id, 'de');
        expect(notice.msgtitle).toMatch(/^Ihre Datei ist fertig: .+\.xlsx$/);
        expect(notice.userread_flag).toBe('0');
        expect((await noticeOf(asker.token, id, 'en')).msgtitle).toMatch(/^Your file is ready/);
        // The asker downloads it (a customer cannot open reportGenerateResult): the direct export's workbook.
        const background = await file('/Reports/DownloadReport', { id }, asker.token);
        expect(background.headers['content-disposition']).toBe(
          direct.headers['content-disposition']
            ?.toString()
            .replace(
              /^attachment; filename="([^"]+)".*$/,
              (_, name) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
            ),
        );
        expect(await sheets(background.rawPayload)).toEqual(await sheets(direct.rawPayload));
        // Anyone else: 45, nothing revealed.
        const other = await as(t, user === 'customer' ? 'installer' : 'customer');
        expect(JSON.parse((await file('/Reports/DownloadReport', { id }, other.token)).body)).toMatchObject({
          code: Code.NO_PERMISSION,
          data: null,
        });
      } finally {
        await t.db.update(users).set({ languageCode: 'en-US' }).where(eq(users.username, user));
      }
    },
    60_000,
  );

  test('staff do not find the notices among the messages they distributed', async () => {
    const admin = await as(t, 'admin');
    const { body } = await admin.post('/api/InfoDistribution/GetInfoDistributionPageList', { pageSize: 200 });
    expect(body.code).toBe(200);
    expect(body.data.data.some((m: { title: string }) => /file is ready/i.test(m.title))).toBe(false);
  });
});

describe('refusals', () => {
  test('bad input answers 2 and makes no report; a system outside the scope answers 45 and makes none', async () => {
    const servicer = await as(t, 'servicer');
    const customer = await as(t, 'customer');
    const before = await reportCount();
    await expectRejected(
      t,
      '/api/Complaints/ExportStatisticalStatement',
      { from: month, to: '2020-01', background: true },
      servicer.token,
      Code.PARAM_ERROR,
      'to',
    );
    await expectRejected(
      t,
      '/api/WorkHours/ExportWorkHours',
      { from: `${month}-02`, to: `${month}-01`, background: true },
      servicer.token,
      Code.PARAM_ERROR,
      'to',
    );
    await expectRejected(
      t,
      '/api/WorkHours/ExportWorkHours',
      { from: `${month}-01`, to: `${month}-02`, background: 'yes' },
      servicer.token,
      Code.PARAM_ERROR,
    );
    await expectRejected(
      t,
      '/api/Statistic/ExportLifetimeStatistic',
      { sn: 'ESS2024A0004', background: true },
      customer.token,
      Code.NO_PERMISSION,
    );
    // A role without the export: 45 before anything is made.
    await expectRejected(
      t,
      '/api/Complaints/ExportStatisticalStatement',
      { from: month, to: month, background: true },
      customer.token,
      Code.NO_PERMISSION,
    );
    expect(await reportCount()).toBe(before);
  });

  test('scope is read again when the job runs: an asker who lost the export gets a failed report and a notice saying why', async () => {
    const customer = await as(t, 'customer');
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
    // As if the customer had been a servicer when asking: the job finds they may not export the statement (45).
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO generated_reports (kind, params, file_name, state, requested_by, language, created_at)
          VALUES ('statement', ${JSON.stringify({ from: month, to: month })}::jsonb, 'complaint-statement.xlsx', 'queued', ${me!.id}, 'en', ${t.clock().toISOString()}::timestamptz) RETURNING id`,
    );
    const id = row!.id;
    await t.app.jobs.send('reports.generate', { reportId: id });
    await eventually(async () => expect(await reportOf(id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/^\[45\]/) }));
    await eventually(async () => expect(await noticeOf(customer.token, id, 'en')).toBeTruthy());
    const notice = await noticeOf(customer.token, id, 'en');
    expect(notice.msgtitle).toBe('Your file could not be made: complaint-statement.xlsx');
    expect(notice.content).toContain('No permission');
    expect(JSON.parse((await file('/Reports/DownloadReport', { id }, customer.token)).body).code).toBe(Code.NO_DATA);
    // Removing the report takes its notice with it.
    expect((await customer.post('/api/Reports/DeleteReport', { id })).body.code).toBe(200);
    expect(await noticeOf(customer.token, id, 'en')).toBeUndefined();
  }, 60_000);
});

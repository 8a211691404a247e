import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code } from '../../../contract/codes';
import { queryRows } from '../../../server/core/db';
import { mailJobRuns, mailJobs, mailOutbox, users } from '../../../server/core/db/schema';
import type { MailTransport } from '../../../server/core/mail/transport';
import { STRANDED_AFTER_MS, strandedRunIds } from '../../../server/mailings/service';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { eventually, FAST } from '../jobs/fixtures';
import { as, CUSTOMER_SN } from '../monitoring/world';

/**
 * Scheduled mail: mail jobs saved and checked, the monthly report's figures equal to the
 * statistics and income pages' (and to sums computed here from the rollups), 'run now' through the job queue with a
 * mail the server refuses, the history that tells which failed and why; roles without the screen get 45.
 */
const handed: { to: string; subject: string; text: string; html?: string }[] = [];
const REFUSING = 'thomas.becker@mail.example';
let refuse = false;
const transport: MailTransport = {
  async sendMail(message) {
    if (refuse && message.to === REFUSING) throw new Error('550 mailbox unavailable');
    handed.push(message);
    return {};
  },
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mailTransport: transport, jobQueue: FAST });
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 2, size: 3, lifetime: true });
  // The demo installer works for the company that installed the customer's first system ('also to the installers').
  await t.db.execute(
    sql`UPDATE users SET installer_company_id = (SELECT installer_company_id FROM systems WHERE sys_sn = ${CUSTOMER_SN}) WHERE username = 'installer'`,
  );
}, 180_000);
afterAll(() => t.close());

const monthly = {
  name: 'Monthly report',
  kind: 'monthly_energy_report',
  day_of_month: 3,
  hour: 8,
  time_zone: 'Europe/Berlin',
  recipient_roles: ['customer'],
};
const jobCount = async () => (await t.db.select({ id: mailJobs.id }).from(mailJobs)).length;

describe('saving a mail job', () => {
  test('good path: the next due time is the schedule read in its time zone', async () => {
    const admin = await as(t, 'admin');
    const { body } = await admin.post('/api/MailTiming/SaveMailJob', monthly);
    expect(body.code).toBe(200);
    // 2026-03-02 08:00 UTC → day 3 at 08:00 in Berlin (UTC+1 in March before the switch) = 07:00 UTC.
    expect(body.data.next_run_at).toBe('2026-03-03T07:00:00.000Z');
    const weekly = await admin.post('/api/MailTiming/SaveMailJob', {
      name: 'Digest',
      kind: 'weekly_fleet_digest',
      weekday: 1,
      hour: 6,
      time_zone: 'Asia/Shanghai',
      recipient_roles: ['installer'],
    });
    // Monday 2026-03-09 06:00 in Shanghai (UTC+8); 2026-03-02 is a Monday, but 06:00 there has passed.
    expect(weekly.body.data.next_run_at).toBe('2026-03-08T22:00:00.000Z');
    const list = await admin.post('/api/MailTiming/GetMailJobList', {});
    expect(list.body.data.data.map((j: { name: string }) => j.name)).toEqual(['Monthly report', 'Digest']);
    // Disabled: no due time; enabled again: the next from now.
    const off = await admin.post('/api/MailTiming/SetMailJobEnabled', { id: body.data.id, enabled: false });
    expect(off.body.data.next_run_at).toBeNull();
    const on = await admin.post('/api/MailTiming/SetMailJobEnabled', { id: body.data.id, enabled: true });
    expect(on.body.data.next_run_at).toBe('2026-03-03T07:00:00.000Z');
  });

  test.each([
    ['a monthly job without its day', { ...monthly, day_of_month: undefined }, Code.PARAM_REQUIRED],
    ['a day past 28', { ...monthly, day_of_month: 31 }, Code.PARAM_ERROR],
    ['an unknown time zone', { ...monthly, time_zone: 'Mars/Olympus' }, Code.PARAM_ERROR],
    ['no recipients', { ...monthly, recipient_roles: [] }, Code.PARAM_REQUIRED],
    ['a role no report is for', { ...monthly, recipient_roles: ['admin'] }, Code.PARAM_ERROR],
    ['a user who does not exist', { ...monthly, recipient_user_ids: [99999] }, Code.USER_NOT_FOUND],
    ['another job id that does not exist', { ...monthly, id: 99999 }, Code.NO_DATA],
  ])('bad input: %s answers its code and changes nothing', async (_, payload, code) => {
    const admin = await as(t, 'admin');
    const before = await jobCount();
    const { body } = await admin.post('/api/MailTiming/SaveMailJob', payload);
    expect(body.code).toBe(code);
    expect(body.info).toBeTruthy();
    expect(await jobCount()).toBe(before);
  });

  test.each(['customer', 'installer', 'dev', 'reseller'])('%s has no mail timing screen: 45, nothing changed or shown', async (role) => {
    const user = await as(t, role);
    const before = await jobCount();
    for (const [path, payload] of [
      ['/api/MailTiming/SaveMailJob', monthly],
      ['/api/MailTiming/GetMailJobList', {}],
      ['/api/MailTiming/RunMailJob', { id: 1 }],
      ['/api/MailTiming/PreviewMailJob', { id: 1, user_id: 1 }],
    ] as const) {
      const { body } = await user.post(path, payload);
      expect(body.code).toBe(Code.NO_PERMISSION);
      expect(body.data ?? null).toBeNull();
    }
    expect(await jobCount()).toBe(before);
  });
});

/** The month's totals summed here from the daily rollups of the customer's systems (the hand computation). */
async function handSums(username: string, month: string) {
  const [row] = await queryRows<{ pv: number; load: number; imp: number; exp: number }>(
    t.db,
    sql`SELECT round(sum(d.pv_kwh)::numeric, 2)::float8 AS pv, round(sum(d.load_kwh)::numeric, 2)::float8 AS load,
               round(sum(d.import_kwh)::numeric, 2)::float8 AS imp, round(sum(d.export_kwh)::numeric, 2)::float8 AS exp
          FROM energy_daily d JOIN systems s ON s.id = d.system_id JOIN users u ON u.id = s.customer_user_id
         WHERE u.username = ${username} AND d.day >= ${`${month}-01`}::date AND d.day < (${`${month}-01`}::date + interval '1 month')`,
  );
  return row!;
}

describe('the monthly report', () => {
  test("its figures are the statistics and income pages' for the same month, to the cent, and the hand-computed sums", async () => {
    const admin = await as(t, 'admin');
    const customer = await as(t, 'customer');
    const job = (await admin.post('/api/MailTiming/GetMailJobList', {})).body.data.data[0];
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
    const preview = await admin.post('/api/MailTiming/PreviewMailJob', { id: job.id, user_id: me!.id });
    expect(preview.body.code).toBe(200);
    expect(preview.body.data.period).toBe('2026-02');
    expect(preview.body.data.language).toBe('en');

    const energy = (await customer.post('/api/Power/SticsByPeriod', { sn: 'All', period: 'month', date: '2026-02-01' })).body.data;
    const income = (await customer.post('/api/Income/PayoffStatistic', { sn: 'All', period: 'month', date: '2026-02-01' })).body.data;
    const hand = await handSums('customer', '2026-02');
    expect(hand.pv).toBeGreaterThan(0);
    expect(energy.totals.pv_kwh).toBeCloseTo(hand.pv, 2);
    expect(energy.totals.load_kwh).toBeCloseTo(hand.load, 2);
    expect(energy.totals.import_kwh).toBeCloseTo(hand.imp, 2);

    // The mail's run records the figures it carried: run the job now and read them.
    const run = await admin.post('/api/MailTiming/RunMailJob', { id: job.id });
    expect(run.body.code).toBe(200);
    await eventually(async () =>
      expect((await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: job.id })).body.data.data[0].state).toBe('done'),
    );
    const [delivery] = await queryRows<{ figures: Record<string, number> }>(
      t.db,
      sql`SELECT figures FROM mail_job_deliveries d JOIN users u ON u.id = d.user_id WHERE u.username = 'customer' AND d.run_id = ${run.body.data.id}`,
    );
    const f = delivery!.figures;
    expect(f.pv_kwh).toBe(energy.totals.pv_kwh);
    expect(f.load_kwh).toBe(energy.totals.load_kwh);
    expect(f.import_kwh).toBe(energy.totals.import_kwh);
    expect(f.export_kwh).toBe(energy.totals.export_kwh);
    expect(f.autarky_rate).toBe(energy.totals.autarky_rate);
    expect(f.savings).toBe(income.total);
    expect(f.currency).toBe(income.currency);
    // The mail shows them formatted in the recipient's language, with the day chart.
    const mail = handed.find((m) => m.to === REFUSING)!;
    const n = (v: number) => new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(v);
    expect(mail.text).toContain(`PV yield: ${n(energy.totals.pv_kwh)} kWh`);
    expect(mail.html).toContain('PV yield per day');
    expect(mail.subject).toBe('Your energy report for February 2026');
  }, 60_000);

  test("in the recipient's language", async () => {
    const admin = await as(t, 'admin');
    await t.db.update(users).set({ languageCode: 'de-DE' }).where(eq(users.username, 'customer'));
    try {
      const job = (await admin.post('/api/MailTiming/GetMailJobList', {})).body.data.data[0];
      const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
      const { body } = await admin.post('/api/MailTiming/PreviewMailJob', { id: job.id, user_id: me!.id });
      expect(body.data.language).toBe('de');
      expect(body.data.subject).toBe('Ihr Energiebericht für Februar 2026');
      expect(body.data.text).toContain('Autarkiegrad');
    } finally {
      await t.db.update(users).set({ languageCode: 'en-US' }).where(eq(users.username, 'customer'));
    }
  });

  test('a preview for a user without systems answers 8; for an unknown user 4', async () => {
    const admin = await as(t, 'admin');
    const job = (await admin.post('/api/MailTiming/GetMailJobList', {})).body.data.data[0];
    const [dev] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'dev'));
    expect((await admin.post('/api/MailTiming/PreviewMailJob', { id: job.id, user_id: dev!.id })).body.code).toBe(Code.NO_DATA);
    expect((await admin.post('/api/MailTiming/PreviewMailJob', { id: job.id, user_id: 99999 })).body.code).toBe(Code.USER_NOT_FOUND);
  });
});

describe('run history', () => {
  test('a run with a mail the server refuses: the history counts it failed and says why; the others are sent', async () => {
    const admin = await as(t, 'admin');
    const saved = await admin.post('/api/MailTiming/SaveMailJob', {
      ...monthly,
      name: 'With installers',
      include_installers: true,
    });
    refuse = true;
    try {
      const run = await admin.post('/api/MailTiming/RunMailJob', { id: saved.body.data.id });
      await eventually(async () =>
        expect((await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: saved.body.data.id })).body.data.data[0].state).toBe(
          'done',
        ),
      );
      const runs = (await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: saved.body.data.id })).body.data;
      expect(runs.dataCount).toBe(1);
      const [only] = runs.data;
      expect(only).toMatchObject({ id: run.body.data.id, trigger: 'manual', period: '2026-02', failed: 1 });
      expect(only.sent).toBeGreaterThanOrEqual(1);
      expect(only.recipients).toBe(only.sent + only.failed + only.skipped + only.waiting);
      const deliveries = (await admin.post('/api/MailTiming/GetMailRunDeliveries', { run_id: only.id })).body.data;
      const refused = deliveries.find((d: { recipient: string }) => d.recipient === REFUSING);
      expect(refused).toMatchObject({ state: 'failed', reason: '550 mailbox unavailable', attempts: 1 });
      // 'Also to the installers': the installer of the customer's system got the table of their customers' systems.
      const [installer] = await t.db.select({ email: users.email }).from(users).where(eq(users.username, 'installer'));
      expect(deliveries.find((d: { recipient: string }) => d.recipient === installer!.email)).toMatchObject({ state: 'sent' });
      expect(handed.find((m) => m.to === installer!.email)?.subject).toBe("Your customers' systems in February 2026");
      // The run's report is among the generated reports, made by the system.
      expect(only.report_id).toEqual(expect.any(Number));
      const reports = (await admin.post('/api/Reports/GetReportList', {})).body.data.data;
      expect(reports.find((r: { id: number }) => r.id === only.report_id)).toMatchObject({
        kind: 'mailRun',
        state: 'done',
        requested_by: null,
      });
    } finally {
      refuse = false;
    }
  }, 60_000);

  test('a customer who turned the monthly report off in their settings is skipped, and the run says why', async () => {
    const admin = await as(t, 'admin');
    const customer = await as(t, 'customer');
    const settings = { faultAlerts: true, monthlyReport: false, news: true, quietHours: { enabled: false, start: '22:00', end: '07:00' } };
    expect((await customer.post('/api/Account/CustomUserSetting', settings)).body.code).toBe(200);
    try {
      const saved = await admin.post('/api/MailTiming/SaveMailJob', { ...monthly, name: 'Without the customer' });
      const sentBefore = handed.length;
      await admin.post('/api/MailTiming/RunMailJob', { id: saved.body.data.id });
      await eventually(async () =>
        expect((await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: saved.body.data.id })).body.data.data[0].state).toBe(
          'done',
        ),
      );
      const [run] = (await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: saved.body.data.id })).body.data.data;
      const deliveries = (await admin.post('/api/MailTiming/GetMailRunDeliveries', { run_id: run.id })).body.data;
      const [me] = await t.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.username, 'customer'));
      expect(deliveries.find((d: { user_id?: number; recipient: string }) => d.recipient === me!.email)).toMatchObject({
        state: 'skipped',
        reason: 'monthlyReportOff',
      });
      expect(handed.slice(sentBefore).some((m) => m.to === me!.email)).toBe(false);
    } finally {
      await customer.post('/api/Account/CustomUserSetting', { ...settings, monthlyReport: true });
    }
  }, 60_000);

  test('history of a job that does not exist: 8; a run that does not exist: 8', async () => {
    const admin = await as(t, 'admin');
    expect((await admin.post('/api/MailTiming/GetMailJobRuns', { mail_job_id: 99999 })).body.code).toBe(Code.NO_DATA);
    expect((await admin.post('/api/MailTiming/GetMailRunDeliveries', { run_id: 99999 })).body.code).toBe(Code.NO_DATA);
  });

  test('deleting a job removes its history; the outbox keeps what was sent', async () => {
    const admin = await as(t, 'admin');
    const list = (await admin.post('/api/MailTiming/GetMailJobList', {})).body.data.data;
    const last = list.at(-1);
    const mails = (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    expect((await admin.post('/api/MailTiming/DeleteMailJob', { id: last.id })).body.code).toBe(200);
    expect(await t.db.select().from(mailJobRuns).where(eq(mailJobRuns.mailJobId, last.id))).toEqual([]);
    expect((await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(mails);
  });
});

describe('the dispatcher', () => {
  test('a due job gets one run, whichever of two server processes looks first, and its next due time', async () => {
    const admin = await as(t, 'admin');
    const job = (await admin.post('/api/MailTiming/GetMailJobList', {})).body.data.data[0];
    const other = await createTestApp({ database: t.database, mailTransport: transport, jobQueue: FAST });
    try {
      other.clock.set(t.clock());
      t.clock.set(new Date('2026-03-03T07:00:30Z'));
      other.clock.set(new Date('2026-03-03T07:00:30Z'));
      const before = (await t.db.select().from(mailJobRuns).where(eq(mailJobRuns.mailJobId, job.id))).length;
      // Both dispatchers at once (as two processes' per-minute runs).
      await Promise.all([
        t.app.jobs.send('mailings.dispatch', {}, { singletonKey: 'a' }),
        other.app.jobs.send('mailings.dispatch', {}, { singletonKey: 'b' }),
      ]);
      await eventually(async () => {
        const runs = await t.db.select().from(mailJobRuns).where(eq(mailJobRuns.mailJobId, job.id));
        expect(runs.filter((r) => r.trigger === 'schedule').map((r) => r.state)).toEqual(['done']);
      }, 40_000);
      const runs = await t.db.select().from(mailJobRuns).where(eq(mailJobRuns.mailJobId, job.id));
      expect(runs.length).toBe(before + 1);
      const scheduled = runs.find((r) => r.trigger === 'schedule')!;
      expect(scheduled.scheduledFor.toISOString()).toBe('2026-03-03T07:00:00.000Z');
      const [row] = await t.db.select().from(mailJobs).where(eq(mailJobs.id, job.id));
      expect(row!.nextRunAt!.toISOString()).toBe('2026-04-03T06:00:00.000Z');
    } finally {
      await other.app.close();
      t.clock.set(new Date('2026-03-02T08:00:00Z'));
    }
  }, 60_000);
});

describe('a run the queue never got', () => {
  test('the dispatcher sends a run stranded as queued (its process stopped before sending it) once it has waited 5 minutes', async () => {
    const admin = await as(t, 'admin');
    const job = (await admin.post('/api/MailTiming/GetMailJobList', {})).body.data.data[0];
    // As a process that made the run and stopped before handing it to the queue: a queued run and no job.
    const [stranded] = await t.db
      .insert(mailJobRuns)
      .values({
        mailJobId: job.id,
        trigger: 'manual',
        scheduledFor: t.clock(),
        period: '2026-02',
        state: 'queued',
        createdAt: new Date(t.clock().getTime() - STRANDED_AFTER_MS + 60_000),
      })
      .returning({ id: mailJobRuns.id });
    const stateOf = async () => (await t.db.select().from(mailJobRuns).where(eq(mailJobRuns.id, stranded!.id)))[0]!.state;
    // Not yet 5 minutes: it may still be on its way to the queue.
    expect(await strandedRunIds(t.db, t.clock())).not.toContain(stranded!.id);
    t.clock.set(new Date(t.clock().getTime() + 2 * 60_000));
    expect(await strandedRunIds(t.db, t.clock())).toEqual([stranded!.id]);
    await t.app.jobs.send('mailings.dispatch', {}, { singletonKey: 'stranded' });
    await eventually(async () => expect(await stateOf()).toBe('done'), 40_000);
    expect(await strandedRunIds(t.db, t.clock())).toEqual([]);
  }, 60_000);
});

describe('background export', () => {
  async function sheet(buffer: Buffer) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: book.worksheets[0]!.name, rows };
  }
  const range = { sn: CUSTOMER_SN, beginDate: '2026-01-01', endDate: '2026-02-28' };

  test("the background statistics export's file equals the direct export's; only its asker and admins download it", async () => {
    const customer = await as(t, 'customer');
    const direct = await t.inject({
      method: 'POST',
      url: '/api/Statistic/ExportSystemStatistic',
      payload: range,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(direct.headers['content-type']).toContain('spreadsheetml');
    const asked = await customer.post('/api/Statistic/ExportSystemStatistic', { ...range, background: true });
    expect(asked.body.code).toBe(200);
    const id = asked.body.data.report_id;
    await eventually(async () =>
      expect((await customer.post('/api/Reports/GetReportList', {})).body.data.data[0]).toMatchObject({ id, state: 'done', mine: true }),
    );
    const download = (token: string) =>
      t.inject({ method: 'POST', url: '/api/Reports/DownloadReport', payload: { id }, headers: { authorization: `Bearer ${token}` } });
    const file = await download(customer.token);
    expect(file.headers['content-disposition']).toContain(`statistics-${CUSTOMER_SN}-2026-01-01-2026-02-28.xlsx`);
    expect(await sheet(file.rawPayload)).toEqual(await sheet(direct.rawPayload));
    const listed = (await customer.post('/api/Reports/GetReportList', {})).body.data.data[0];
    expect(listed.size).toBe(file.rawPayload.length);

    // Another user: 45, nothing revealed; an administrator: the file.
    const installer = await as(t, 'installer');
    const refused = await download(installer.token);
    expect(refused.json()).toMatchObject({ code: Code.NO_PERMISSION, data: null });
    expect(
      (await installer.post('/api/Reports/GetReportList', {})).body.data.data.find((r: { id: number }) => r.id === id),
    ).toBeUndefined();
    expect((await installer.post('/api/Reports/DeleteReport', { id })).body.code).toBe(Code.NO_PERMISSION);
    const admin = await as(t, 'admin');
    expect((await download(admin.token)).headers['content-type']).toContain('spreadsheetml');
  }, 60_000);

  test("a system outside the asker's scope is refused at once (45) and no report is made; a bad range answers 2", async () => {
    const installer = await as(t, 'sharer');
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM generated_reports`))[0]!.n;
    const before = await count();
    expect(
      (await installer.post('/api/Statistic/ExportSystemStatistic', { ...range, sn: 'ESS2024A0003', background: true })).body.code,
    ).toBe(Code.NO_PERMISSION);
    expect(
      (await installer.post('/api/Statistic/ExportSystemStatistic', { ...range, beginDate: '2026-03-01', background: true })).body.code,
    ).toBe(Code.PARAM_ERROR);
    expect(await count()).toBe(before);
  });

  test('a report that failed says why; the daily clean-up removes reports older than 30 days with their files', async () => {
    const admin = await as(t, 'admin');
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO generated_reports (kind, params, file_name, state, requested_by, language, created_at)
          VALUES ('statistics', ${JSON.stringify({ sn: 'NOPE', beginDate: '2026-01-01', endDate: '2026-01-02' })}::jsonb, 'x.xlsx', 'queued', ${me!.id}, 'en', ${t.clock().toISOString()}::timestamptz) RETURNING id`,
    );
    await t.app.jobs.send('reports.generate', { reportId: row!.id });
    await eventually(async () => {
      const [r] = (await admin.post('/api/Reports/GetReportList', { mine: true, state: 'failed' })).body.data.data;
      expect(r).toMatchObject({ id: row!.id, state: 'failed' });
      expect(r.error).toBeTruthy();
    });
    const all = (await admin.post('/api/Reports/GetReportList', { pageSize: 200 })).body.data.dataCount;
    expect(all).toBeGreaterThan(1);
    t.clock.advance(31 * 86_400_000);
    try {
      const id = await t.app.jobs.send('reports.remove-old', {}, { singletonKey: 'now' });
      await eventually(async () =>
        expect(
          (await queryRows<{ state: string }>(t.db, sql`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`))[0]?.state,
        ).toBe('completed'),
      );
      const later = await as(t, 'admin');
      expect((await later.post('/api/Reports/GetReportList', {})).body.data.dataCount).toBe(0);
    } finally {
      t.clock.set(new Date('2026-03-02T08:00:00Z'));
    }
  }, 60_000);
});

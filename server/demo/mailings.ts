import { count, eq, inArray } from 'drizzle-orm';
import { SHIPPED_JOB_NAMES } from '../../contract/mailings-constants';
import type { Database } from '../core/db';
import { mailJobDeliveries, mailJobRuns, mailJobs, mailOutbox, users } from '../core/db/schema';
import { DEFAULT_PORTAL_URL } from '../core/mail/links';
import type { Storage } from '../core/storage';
import { createReport, generateReport } from '../reports/service';
import { nextRunAfter, periodOf, type MailSchedule } from '../mailings/schedule';
import { finishRun, performRun, runFileName } from '../mailings/service';

/**
 * Demo scheduled mail and generated reports: the monthly energy report (customers and their installers)
 * and the weekly fleet digest (installers), each with its past runs made by the real composer from the demo fleet's
 * figures, the mails marked sent as a mail server would have taken them (one refused, with the server's answer), and
 * each run's report; beside them a statistics export made in the background and one that failed. Deterministic.
 */
export async function seedMailingsDemo(
  db: Database,
  { now, storage, portalUrl }: { now: Date; storage: Storage; portalUrl?: string },
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(mailJobs);
  if (Number(existing?.n ?? 0) > 0) return;
  const people = new Map(
    (
      await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.username, ['admin', 'servicer', 'customer']))
    ).map((u) => [u.username, u.id]),
  );
  const monthly: MailSchedule = { kind: 'monthly_energy_report', dayOfMonth: 3, weekday: null, hour: 8, timeZone: 'Europe/Berlin' };
  const weekly: MailSchedule = { kind: 'weekly_fleet_digest', dayOfMonth: null, weekday: 1, hour: 7, timeZone: 'Europe/Berlin' };
  const base = { enabled: true, createdBy: people.get('servicer') ?? null, createdAt: now, updatedAt: now };
  const [report, digest] = await db
    .insert(mailJobs)
    .values([
      {
        ...base,
        name: SHIPPED_JOB_NAMES[monthly.kind],
        kind: monthly.kind,
        dayOfMonth: 3,
        hour: 8,
        timeZone: monthly.timeZone,
        recipientRoles: ['customer'],
        includeInstallers: true,
        nextRunAt: nextRunAfter(monthly, now),
      },
      {
        ...base,
        name: SHIPPED_JOB_NAMES[weekly.kind],
        kind: weekly.kind,
        weekday: 1,
        hour: 7,
        timeZone: weekly.timeZone,
        recipientRoles: ['installer'],
        recipientCountries: [],
        nextRunAt: nextRunAfter(weekly, now),
      },
    ])
    .returning({ id: mailJobs.id });

  // The due times before now: two months of the report, three weeks of the digest.
  const past = (schedule: MailSchedule, n: number) => {
    const times: Date[] = [];
    let at = new Date(now.getTime() - (schedule.kind === 'monthly_energy_report' ? 70 : 22) * 86_400_000);
    for (;;) {
      at = nextRunAfter(schedule, at);
      if (at.getTime() > now.getTime()) break;
      times.push(at);
    }
    return times.slice(-n);
  };
  const url = portalUrl ?? DEFAULT_PORTAL_URL;
  let refused = false;
  for (const [job, schedule, times] of [
    [report!.id, monthly, past(monthly, 2)],
    [digest!.id, weekly, past(weekly, 3)],
  ] as const) {
    for (const at of times) {
      const [run] = await db
        .insert(mailJobRuns)
        .values({
          mailJobId: job,
          trigger: 'schedule',
          scheduledFor: at,
          period: periodOf(schedule.kind, at, schedule.timeZone).label,
          state: 'queued',
          createdAt: at,
        })
        .returning({ id: mailJobRuns.id });
      const clock = () => new Date(at.getTime() + 20_000);
      await performRun(db, run!.id, clock, url);
      // Handed to the mail server a minute later; the first run's first mail was refused.
      const deliveries = await db.select().from(mailJobDeliveries).where(eq(mailJobDeliveries.runId, run!.id));
      for (const d of deliveries) {
        if (!d.outboxId) continue;
        if (!refused) {
          refused = true;
          await db
            .update(mailOutbox)
            .set({
              attempts: 5,
              lastError: '550 5.1.1 <recipient>: mailbox unavailable',
              nextAttemptAt: new Date(at.getTime() + 31 * 60_000),
            })
            .where(eq(mailOutbox.id, d.outboxId));
        } else {
          await db
            .update(mailOutbox)
            .set({ sentAt: new Date(at.getTime() + 60_000), attempts: 1 })
            .where(eq(mailOutbox.id, d.outboxId));
        }
      }
      const reportId = await createReport(
        db,
        { kind: 'mailRun', params: { run_id: run!.id }, fileName: await runFileName(db, run!.id), requestedBy: null, language: 'en' },
        at,
      );
      await generateReport(db, storage, reportId, () => new Date(at.getTime() + 70_000));
      await finishRun(db, run!.id, new Date(at.getTime() + 75_000), { reportId });
    }
  }

  // A statistics export the customer asked for in the background, and one for a system that had gone.
  const customer = people.get('customer');
  if (customer) {
    const asked = new Date(now.getTime() - 2 * 86_400_000);
    const done = await createReport(
      db,
      {
        kind: 'statistics',
        params: { sn: 'All', beginDate: isoDay(now, -40), endDate: isoDay(now, -10) },
        fileName: `statistics-All-${isoDay(now, -40)}-${isoDay(now, -10)}.xlsx`,
        requestedBy: customer,
        language: 'en',
      },
      asked,
    );
    await generateReport(db, storage, done, () => new Date(asked.getTime() + 4_000)).catch(() => undefined);
  }
  const admin = people.get('admin');
  if (admin) {
    const asked = new Date(now.getTime() - 86_400_000);
    const failed = await createReport(
      db,
      {
        kind: 'statistics',
        params: { sn: 'ESS2019X9999', beginDate: isoDay(now, -30), endDate: isoDay(now, -1) },
        fileName: `statistics-ESS2019X9999-${isoDay(now, -30)}-${isoDay(now, -1)}.xlsx`,
        requestedBy: admin,
        language: 'en',
      },
      asked,
    );
    await generateReport(db, storage, failed, () => new Date(asked.getTime() + 2_000)).catch(() => undefined);
  }
}

const isoDay = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

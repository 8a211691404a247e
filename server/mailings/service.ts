import { and, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { MailDelivery, MailJob, MailJobBody, MailPreview, MailRun } from '../../contract/mailings';
import type { Language } from '../../contract/languages';
import type { Actor } from '../core/auth/actor';
import { queryRows, type Database } from '../core/db';
import { JOB_SCHEMA } from '../core/jobs/queue';
import { mailJobDeliveries, mailJobRuns, mailJobs, mailOutbox, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { mailLanguage } from '../core/mail/texts';
import { wantsMail } from '../core/mail/preferences';
import { composeMail, DELIVERY_REASONS, NothingToReport, type MailRecipient } from './compose';
import { nextRunAfter, periodOf } from './schedule';

type JobRow = typeof mailJobs.$inferSelect;
export const MAIL_CATEGORY = 'scheduled_report';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function scheduleOf(job: Pick<JobRow, 'kind' | 'dayOfMonth' | 'weekday' | 'hour' | 'timeZone'>) {
  return { kind: job.kind, dayOfMonth: job.dayOfMonth, weekday: job.weekday, hour: job.hour, timeZone: job.timeZone };
}

async function jobRow(db: Database, id: number): Promise<JobRow> {
  const [row] = await db.select().from(mailJobs).where(eq(mailJobs.id, id));
  if (!row) throw new ApiError(Code.NO_DATA);
  return row;
}

export async function listMailJobs(db: Database, body: { pageIndex: number; pageSize: number; kind?: string }) {
  const where = body.kind ? eq(mailJobs.kind, body.kind as JobRow['kind']) : undefined;
  const [total] = await db.select({ n: count() }).from(mailJobs).where(where);
  const rows = await db
    .select()
    .from(mailJobs)
    .where(where)
    .orderBy(mailJobs.id)
    .limit(body.pageSize)
    .offset((body.pageIndex - 1) * body.pageSize);
  const last = await lastRuns(
    db,
    rows.map((r) => r.id),
  );
  return { dataCount: total?.n ?? 0, data: rows.map((r) => answerOf(r, last.get(r.id) ?? null)) };
}

export async function getMailJob(db: Database, id: number): Promise<MailJob> {
  const row = await jobRow(db, id);
  return answerOf(row, (await lastRuns(db, [id])).get(id) ?? null);
}

function answerOf(r: JobRow, last: MailJob['last_run']): MailJob {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    enabled: r.enabled,
    day_of_month: r.dayOfMonth,
    weekday: r.weekday,
    hour: r.hour,
    time_zone: r.timeZone,
    recipient_roles: r.recipientRoles,
    recipient_countries: r.recipientCountries,
    recipient_user_ids: r.recipientUserIds,
    include_installers: r.includeInstallers,
    next_run_at: iso(r.nextRunAt),
    last_run: last,
    updated_at: iso(r.updatedAt)!,
  };
}

async function lastRuns(db: Database, ids: number[]): Promise<Map<number, NonNullable<MailJob['last_run']>>> {
  if (ids.length === 0) return new Map();
  const runs = await runsWithCounts(
    db,
    sql`r.id IN (SELECT DISTINCT ON (mail_job_id) id FROM mail_job_runs WHERE mail_job_id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY mail_job_id, created_at DESC, id DESC)`,
  );
  return new Map(
    runs.map((r) => [r.mail_job_id, { id: r.id, state: r.state, finished_at: r.finished_at, sent: r.sent, failed: r.failed }]),
  );
}

/** Creates or updates a mail job (its next due time follows the schedule; none while disabled). */
export async function saveMailJob(db: Database, actor: Actor, body: MailJobBody, now: Date): Promise<MailJob> {
  if (body.recipient_user_ids.length > 0) {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, body.recipient_user_ids));
    if (found.length !== new Set(body.recipient_user_ids).size) throw new ApiError(Code.USER_NOT_FOUND);
  }
  const monthly = body.kind === 'monthly_energy_report';
  const values = {
    name: body.name,
    kind: body.kind,
    enabled: body.enabled,
    dayOfMonth: monthly ? body.day_of_month! : null,
    weekday: monthly ? null : body.weekday!,
    hour: body.hour,
    timeZone: body.time_zone,
    recipientRoles: [...new Set(body.recipient_roles)],
    recipientCountries: [...new Set(body.recipient_countries)],
    recipientUserIds: [...new Set(body.recipient_user_ids)],
    includeInstallers: monthly && body.include_installers,
    updatedAt: now,
  };
  const nextRunAt = values.enabled ? nextRunAfter(scheduleOf(values), now) : null;
  if (body.id !== undefined) {
    await jobRow(db, body.id);
    await db
      .update(mailJobs)
      .set({ ...values, nextRunAt })
      .where(eq(mailJobs.id, body.id));
    return getMailJob(db, body.id);
  }
  const [row] = await db
    .insert(mailJobs)
    .values({ ...values, nextRunAt, createdBy: actor.id, createdAt: now })
    .returning({ id: mailJobs.id });
  return getMailJob(db, row!.id);
}

export async function setMailJobEnabled(db: Database, id: number, enabled: boolean, now: Date): Promise<MailJob> {
  const row = await jobRow(db, id);
  await db
    .update(mailJobs)
    .set({ enabled, nextRunAt: enabled ? nextRunAfter(scheduleOf(row), now) : null, updatedAt: now })
    .where(eq(mailJobs.id, id));
  return getMailJob(db, id);
}

export async function deleteMailJob(db: Database, id: number): Promise<void> {
  await jobRow(db, id);
  await db.delete(mailJobs).where(eq(mailJobs.id, id));
}

const recipientColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  languageCode: users.languageCode,
  roles: users.roles,
  installerCompanyId: users.installerCompanyId,
  organizationId: users.organizationId,
};

const toRecipient = (u: { languageCode: string } & Omit<MailRecipient, 'language'>): MailRecipient => ({
  ...u,
  language: mailLanguage(u.languageCode),
});

/** Who a job mails: users of its roles (in its countries, when it names some) and its named users; never a locked one. */
export async function recipientsOf(db: Database, job: JobRow): Promise<MailRecipient[]> {
  const byRule = job.recipientRoles.length
    ? and(
        sql`${users.roles} && ${`{${job.recipientRoles.join(',')}}`}::text[]`,
        job.recipientCountries.length ? inArray(users.country, job.recipientCountries) : undefined,
      )
    : undefined;
  const named = job.recipientUserIds.length ? inArray(users.id, job.recipientUserIds) : undefined;
  let who = byRule && named ? or(byRule, named) : (byRule ?? named);
  // The monthly report 'also to the installers': the installer users of the companies that installed the systems of
  // the customers it reaches.
  if (who && job.kind === 'monthly_energy_report' && job.includeInstallers) {
    const customers = sql`(SELECT ${users.id} FROM ${users} WHERE ${who} AND 'customer' = ANY(${users.roles}))`;
    who = or(
      who,
      and(
        sql`'installer' = ANY(${users.roles})`,
        sql`${users.installerCompanyId} IN (SELECT installer_company_id FROM systems WHERE customer_user_id IN ${customers})`,
      ),
    );
  }
  if (!who) return [];
  const rows = await db
    .select(recipientColumns)
    .from(users)
    .where(and(who, eq(users.locked, false), isNull(users.deactivatedAt)))
    .orderBy(users.id);
  return rows.map(toRecipient);
}

/** The mail a job would send a user now (its last complete period), as the preview shows it. */
export async function previewMail(
  db: Database,
  body: { id: number; user_id: number; language?: Language },
  now: Date,
  portalUrl: string,
): Promise<MailPreview> {
  const job = await jobRow(db, body.id);
  const [user] = await db.select(recipientColumns).from(users).where(eq(users.id, body.user_id));
  if (!user) throw new ApiError(Code.USER_NOT_FOUND);
  const recipient = toRecipient(user);
  if (body.language) recipient.language = body.language;
  const period = periodOf(job.kind, now, job.timeZone);
  try {
    const mail = await composeMail(db, job.kind, recipient, period, { includeInstallers: job.includeInstallers, now, portalUrl });
    return {
      recipient: user.email || user.username,
      language: recipient.language,
      period: period.label,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
  } catch (error) {
    if (error instanceof NothingToReport) throw new ApiError(Code.NO_DATA, 'No data: this user has no systems to report on');
    throw error;
  }
}

/**
 * Starts the scheduled runs that are due (the per-minute dispatcher): each due job gets one run per due time
 * (a unique index: a second dispatcher, in another process, inserts nothing) and its next due time. Answers the
 * runs it created, for the caller to queue.
 */
export async function startDueRuns(db: Database, now: Date): Promise<number[]> {
  const created: number[] = [];
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.enabled, true), lte(mailJobs.nextRunAt, now)))
      .for('update', { skipLocked: true });
    for (const job of due) {
      const at = job.nextRunAt!;
      const [run] = await tx
        .insert(mailJobRuns)
        .values({
          mailJobId: job.id,
          trigger: 'schedule',
          scheduledFor: at,
          period: periodOf(job.kind, at, job.timeZone).label,
          state: 'queued',
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: mailJobRuns.id });
      if (run) created.push(run.id);
      await tx
        .update(mailJobs)
        .set({ nextRunAt: nextRunAfter(scheduleOf(job), now) })
        .where(eq(mailJobs.id, job.id));
    }
  });
  return created;
}

/** The queue's job that performs one run (./jobs.ts mailRunJob). */
export const MAIL_RUN_JOB = 'mailings.run';

/** How long a run may wait as 'queued' without a job in the queue before the dispatcher sends it again. */
export const STRANDED_AFTER_MS = 5 * 60 * 1000;

/**
 * Runs created but never handed to the queue (the process stopped between the two): still 'queued' a while after
 * they were made, with no job of theirs waiting, retrying or running. The dispatcher sends them again.
 */
export async function strandedRunIds(db: Database, now: Date): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT r.id FROM ${mailJobRuns} r
        WHERE r.state = 'queued' AND r.created_at < ${new Date(now.getTime() - STRANDED_AFTER_MS)}
          AND NOT EXISTS (SELECT 1 FROM ${sql.raw(JOB_SCHEMA)}.job j
                          WHERE j.name = ${MAIL_RUN_JOB} AND j.data->>'runId' = r.id::text
                            AND j.state IN ('created', 'retry', 'active'))
        ORDER BY r.id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * 'Run now': a run of the job at this moment (its last complete period). A period that a run sent, or is sending,
 * answers 15 unless `resend` says the same mails are meant to go again (the screen asks first): a repeated click
 * must not mail every recipient the same digest again. A failed run sent nothing and does not count.
 */
export async function startManualRun(db: Database, actor: Actor, id: number, now: Date, resend = false): Promise<number> {
  return db.transaction(async (tx) => {
    // The job's row locked: of two clicks at once, the second sees the first one's run.
    const [job] = await tx.select().from(mailJobs).where(eq(mailJobs.id, id)).for('update');
    if (!job) throw new ApiError(Code.NO_DATA);
    const period = periodOf(job.kind, now, job.timeZone).label;
    if (!resend) {
      const [sent] = await tx
        .select({ id: mailJobRuns.id })
        .from(mailJobRuns)
        .where(and(eq(mailJobRuns.mailJobId, id), eq(mailJobRuns.period, period), ne(mailJobRuns.state, 'failed')))
        .limit(1);
      if (sent) {
        throw new ApiError(Code.TOO_FAST, `Operation too fast: the period ${period} was sent already (send it again with resend)`, {
          data: { field: 'resend', period },
        });
      }
    }
    const [run] = await tx
      .insert(mailJobRuns)
      .values({ mailJobId: id, trigger: 'manual', scheduledFor: now, period, state: 'queued', requestedBy: actor.id, createdAt: now })
      .returning({ id: mailJobRuns.id });
    return run!.id;
  });
}

/**
 * A run's work (the queue's 'mailings.run'): composes each recipient's mail and queues it in the outbox, once per
 * recipient even when the run is retried; a recipient without systems is skipped, one whose mail cannot be made
 * fails with the reason. Answers false when the run was done already.
 */
export async function performRun(db: Database, runId: number, now: () => Date, portalUrl: string): Promise<boolean> {
  const [run] = await db.select().from(mailJobRuns).where(eq(mailJobRuns.id, runId));
  if (!run || run.state === 'done') return false;
  const [job] = await db.select().from(mailJobs).where(eq(mailJobs.id, run.mailJobId));
  if (!job) return false;
  await db.update(mailJobRuns).set({ state: 'running', startedAt: now(), error: null }).where(eq(mailJobRuns.id, runId));
  const period = periodOf(job.kind, run.scheduledFor, job.timeZone);
  const done = new Set(
    (await db.select({ userId: mailJobDeliveries.userId }).from(mailJobDeliveries).where(eq(mailJobDeliveries.runId, runId))).map(
      (d) => d.userId,
    ),
  );
  for (const recipient of await recipientsOf(db, job)) {
    if (done.has(recipient.id)) continue;
    const base = { runId, userId: recipient.id, recipient: recipient.email || recipient.username, language: recipient.language };
    if (!recipient.email) {
      await db
        .insert(mailJobDeliveries)
        .values({ ...base, state: 'failed', reason: DELIVERY_REASONS.noEmail })
        .onConflictDoNothing();
      continue;
    }
    // A customer who turned the monthly report off in their settings (CustomUserSetting) is skipped, and the run says why.
    if (job.kind === 'monthly_energy_report' && !(await wantsMail(db, recipient.id, 'monthlyReport'))) {
      await db
        .insert(mailJobDeliveries)
        .values({ ...base, state: 'skipped', reason: DELIVERY_REASONS.monthlyReportOff })
        .onConflictDoNothing();
      continue;
    }
    try {
      const mail = await composeMail(db, job.kind, recipient, period, {
        includeInstallers: job.includeInstallers,
        now: run.scheduledFor,
        portalUrl,
      });
      // The mail and its delivery row together: a retried run finds the recipient done and queues nothing twice.
      await db.transaction(async (tx) => {
        const at = now();
        const [queued] = await tx
          .insert(mailOutbox)
          .values({
            category: MAIL_CATEGORY,
            recipient: recipient.email,
            language: recipient.language,
            subject: mail.subject,
            body: mail.text,
            html: mail.html,
            createdAt: at,
            nextAttemptAt: at,
          })
          .returning({ id: mailOutbox.id });
        await tx.insert(mailJobDeliveries).values({ ...base, state: 'queued', outboxId: queued!.id, figures: mail.figures });
      });
    } catch (error) {
      const skipped = error instanceof NothingToReport;
      await db
        .insert(mailJobDeliveries)
        .values({ ...base, state: skipped ? 'skipped' : 'failed', reason: (error as Error).message.slice(0, 500) })
        .onConflictDoNothing();
    }
  }
  return true;
}

/** A run's report file: the job's name and the period, e.g. 'Monthly energy report 2026-02.xlsx'. */
export async function runFileName(db: Database, runId: number): Promise<string> {
  const [row] = await db
    .select({ name: mailJobs.name, period: mailJobRuns.period })
    .from(mailJobRuns)
    .innerJoin(mailJobs, eq(mailJobs.id, mailJobRuns.mailJobId))
    .where(eq(mailJobRuns.id, runId));
  const name = `${row?.name ?? 'mail run'} ${row?.period ?? runId}`
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name}.xlsx`;
}

export async function finishRun(db: Database, runId: number, now: Date, outcome: { error?: string; reportId?: number | null }) {
  await db
    .update(mailJobRuns)
    .set({
      state: outcome.error ? 'failed' : 'done',
      finishedAt: now,
      error: outcome.error ?? null,
      ...(outcome.reportId ? { reportId: outcome.reportId } : {}),
    })
    .where(eq(mailJobRuns.id, runId));
}

interface RunRow extends Record<string, unknown> {
  id: number;
  mail_job_id: number;
  trigger: 'schedule' | 'manual';
  period: string;
  state: MailRun['state'];
  scheduled_for: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  error: string | null;
  report_id: number | null;
  recipients: number;
  sent: number;
  waiting: number;
  failed: number;
  skipped: number;
}

async function runsWithCounts(db: Database, where: ReturnType<typeof sql>, page?: { limit: number; offset: number }): Promise<MailRun[]> {
  const rows = await queryRows<RunRow>(
    db,
    sql`SELECT r.id, r.mail_job_id, r.trigger, r.period, r.state, r.scheduled_for, r.started_at, r.finished_at, r.error, r.report_id,
               count(d.id)::int AS recipients,
               count(*) FILTER (WHERE o.sent_at IS NOT NULL)::int AS sent,
               count(*) FILTER (WHERE d.state = 'queued' AND o.sent_at IS NULL AND o.last_error IS NULL)::int AS waiting,
               count(*) FILTER (WHERE d.state = 'failed' OR (d.state = 'queued' AND o.sent_at IS NULL AND o.last_error IS NOT NULL))::int AS failed,
               count(*) FILTER (WHERE d.state = 'skipped')::int AS skipped
          FROM mail_job_runs r
          LEFT JOIN mail_job_deliveries d ON d.run_id = r.id
          LEFT JOIN mail_outbox o ON o.id = d.outbox_id
         WHERE ${where}
         GROUP BY r.id
         ORDER BY r.created_at DESC, r.id DESC
         ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`,
  );
  return rows.map((r) => ({
    id: r.id,
    mail_job_id: r.mail_job_id,
    trigger: r.trigger,
    period: r.period,
    state: r.state,
    scheduled_for: iso(r.scheduled_for)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
    error: r.error,
    report_id: r.report_id,
    recipients: r.recipients,
    sent: r.sent,
    waiting: r.waiting,
    failed: r.failed,
    skipped: r.skipped,
  }));
}

export async function mailJobRunsPage(db: Database, body: { mail_job_id: number; pageIndex: number; pageSize: number }) {
  await jobRow(db, body.mail_job_id);
  const [total] = await db.select({ n: count() }).from(mailJobRuns).where(eq(mailJobRuns.mailJobId, body.mail_job_id));
  const data = await runsWithCounts(db, sql`r.mail_job_id = ${body.mail_job_id}`, {
    limit: body.pageSize,
    offset: (body.pageIndex - 1) * body.pageSize,
  });
  return { dataCount: total?.n ?? 0, data };
}

export async function runOf(db: Database, runId: number): Promise<MailRun> {
  const [run] = await runsWithCounts(db, sql`r.id = ${runId}`);
  if (!run) throw new ApiError(Code.NO_DATA);
  return run;
}

/** Each recipient of a run: sent, waiting, failed (why: composing, or the mail server's answer) or skipped. */
export async function runDeliveries(db: Database, runId: number): Promise<MailDelivery[]> {
  await runOf(db, runId);
  const rows = await db
    .select({
      id: mailJobDeliveries.id,
      userId: mailJobDeliveries.userId,
      recipient: mailJobDeliveries.recipient,
      language: mailJobDeliveries.language,
      state: mailJobDeliveries.state,
      reason: mailJobDeliveries.reason,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailJobDeliveries)
    .leftJoin(mailOutbox, eq(mailOutbox.id, mailJobDeliveries.outboxId))
    .where(eq(mailJobDeliveries.runId, runId))
    .orderBy(mailJobDeliveries.id);
  return rows.map((d) => {
    // A mail the server refused (or that waits for one) is failed with its reason, though the outbox still retries it.
    const state = d.state !== 'queued' ? d.state : d.sentAt ? 'sent' : d.lastError ? 'failed' : 'queued';
    return {
      id: d.id,
      user_id: d.userId,
      recipient: d.recipient,
      language: d.language,
      state,
      reason: d.state === 'queued' ? (d.sentAt ? null : d.lastError) : d.reason,
      sent_at: iso(d.sentAt),
      attempts: d.attempts ?? 0,
    };
  });
}

/** Users a job may name (the picker of the edit form and the preview's recipient). */
export async function recipientOptions(db: Database, keyword: string) {
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id, username: users.username, display_name: users.displayName, roles: users.roles })
    .from(users)
    .where(
      and(
        isNull(users.deactivatedAt),
        keyword ? or(ilike(users.username, like), ilike(users.displayName, like), ilike(users.email, like)) : undefined,
      ),
    )
    .orderBy(desc(sql`${users.roles} && '{customer,installer}'::text[]`), users.username)
    .limit(50);
  return rows;
}

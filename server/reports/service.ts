import { Readable } from 'node:stream';
import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { GeneratedReport } from '../../contract/reports';
import type { Language } from '../../contract/languages';
import type { Database } from '../core/db';
import { generatedReports, mailJobDeliveries, mailJobRuns, mailJobs, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import type { Storage } from '../core/storage';
import { mailLanguage, mailTexts } from '../core/mail/texts';
import { xlsxBuffer, type Column } from '../monitoring/exports/xlsx';
import { askerNow, reportKind } from './kinds';
import { notifyAsker, REPORT_KEEP_DAYS, removeNotices } from './notify';

export { REPORT_KEEP_DAYS } from './notify';
/** A direct export with more rows than this is made in the background instead (the answer names the report). */
export const BACKGROUND_EXPORT_ROWS = 10_000;

type ReportRow = typeof generatedReports.$inferSelect;
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** Who may see or download a report: its asker, and administrators. */
export const isReportAdmin = (roles: readonly string[]) => roles.includes('admin');

export async function createReport(
  db: Database,
  values: { kind: string; params: Record<string, unknown>; fileName: string; requestedBy: number | null; language: Language },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(generatedReports)
    .values({ ...values, state: 'queued', createdAt: now })
    .returning({ id: generatedReports.id });
  return row!.id;
}

/**
 * The file of a report of this kind, made as the direct export makes it: in the asker's scope as it is when the job
 * runs (roles, menus and links read again: 45 for one who lost the export) and in the language they asked in.
 */
async function produce(db: Database, report: ReportRow, now: Date): Promise<Buffer> {
  if (report.kind === 'mailRun') return mailRunWorkbook(db, Number(report.params.run_id), report.language as Language);
  const kind = reportKind(report.kind);
  if (!kind) throw new Error(`unknown report kind '${report.kind}'`);
  const user = await askerNow(db, report.requestedBy, kind.permission);
  return kind.produce({ db, user, t: mailTexts(report.language as Language), now }, report.params);
}

/** A scheduled mail run's report: each recipient, what was sent and the figures it carried. */
async function mailRunWorkbook(db: Database, runId: number, language: Language): Promise<Buffer> {
  const t = mailTexts(language);
  const [run] = await db
    .select({ name: mailJobs.name, period: mailJobRuns.period })
    .from(mailJobRuns)
    .innerJoin(mailJobs, eq(mailJobs.id, mailJobRuns.mailJobId))
    .where(eq(mailJobRuns.id, runId));
  if (!run) throw new Error('the mail run no longer exists');
  const rows = await db.select().from(mailJobDeliveries).where(eq(mailJobDeliveries.runId, runId)).orderBy(mailJobDeliveries.id);
  type Row = (typeof rows)[number];
  const figure = (r: Row, key: string) => {
    const v = r.figures?.[key];
    return typeof v === 'number' ? v : null;
  };
  const columns: Column<Row>[] = [
    { header: t('mailings:report.recipient'), value: (r) => r.recipient, width: 28 },
    { header: t('mailings:report.language'), value: (r) => r.language },
    { header: t('mailings:report.state'), value: (r) => t(`mailings:deliveryState.${r.state}`) },
    { header: t('mailings:report.reason'), value: (r) => r.reason, width: 30 },
    { header: `${t('mailings:mail.figures.pv')} (kWh)`, value: (r) => figure(r, 'pv_kwh') },
    { header: `${t('mailings:mail.figures.load')} (kWh)`, value: (r) => figure(r, 'load_kwh') },
    { header: `${t('mailings:mail.figures.autarky')} (%)`, value: (r) => figure(r, 'autarky_rate') },
    { header: t('mailings:mail.figures.savings'), value: (r) => figure(r, 'savings') },
    { header: t('mailings:report.currency'), value: (r) => (typeof r.figures?.currency === 'string' ? r.figures.currency : null) },
  ];
  return xlsxBuffer(`${run.period}`.replace(/[\\/*?:[\]]/g, '-').slice(0, 31), columns, rows);
}

/**
 * Makes a queued report (the queue's 'reports.generate', or a mail run at its end): running, then done with the file
 * in storage, or failed with why; its asker is notified either way (./notify.ts). A refusal (an ApiError: nothing to
 * export, no permission any more) is final; any other failure is thrown for the queue's retry. A report done already
 * is left as it is (a retried job).
 */
export async function generateReport(db: Database, storage: Storage, id: number, now: () => Date): Promise<void> {
  const [report] = await db.select().from(generatedReports).where(eq(generatedReports.id, id));
  if (!report || report.state === 'done') return;
  await db.update(generatedReports).set({ state: 'running', startedAt: now(), error: null }).where(eq(generatedReports.id, id));
  try {
    const buffer = await produce(db, report, now());
    const stored = await storage.put(Readable.from([buffer]));
    await db
      .update(generatedReports)
      .set({ state: 'done', storageKey: stored.key, size: stored.size, finishedAt: now() })
      .where(eq(generatedReports.id, id));
  } catch (error) {
    await db
      .update(generatedReports)
      // A refusal keeps its code (the screen shows the code's message in the reader's language).
      .set({ state: 'failed', error: reasonOf(error), finishedAt: now() })
      .where(eq(generatedReports.id, id));
    await notifyAsker(db, id, now());
    if (error instanceof ApiError) return;
    throw error;
  }
  await notifyAsker(db, id, now());
}

const reasonOf = (error: unknown) =>
  (error instanceof ApiError ? `[${error.code}] ${error.message}` : (error as Error).message).slice(0, 500);

/** The reports a user sees: their own; an administrator every one (or their own with `mine`). */
export async function listReports(
  db: Database,
  viewer: { id: number; roles: readonly string[] },
  body: { pageIndex: number; pageSize: number; state?: string; mine?: boolean },
): Promise<{ dataCount: number; data: GeneratedReport[] }> {
  const own = !isReportAdmin(viewer.roles) || body.mine ? eq(generatedReports.requestedBy, viewer.id) : undefined;
  const where: SQL | undefined = and(own, body.state ? eq(generatedReports.state, body.state as ReportRow['state']) : undefined);
  const [total] = await db.select({ n: count() }).from(generatedReports).where(where);
  const rows = await db
    .select({ report: generatedReports, username: users.username })
    .from(generatedReports)
    .leftJoin(users, eq(users.id, generatedReports.requestedBy))
    .where(where)
    .orderBy(desc(generatedReports.createdAt), desc(generatedReports.id))
    .limit(body.pageSize)
    .offset((body.pageIndex - 1) * body.pageSize);
  return {
    dataCount: total?.n ?? 0,
    data: rows.map(({ report: r, username }) => ({
      id: r.id,
      kind: r.kind,
      file_name: r.fileName,
      state: r.state,
      requested_by: username,
      mine: r.requestedBy === viewer.id,
      size: r.size,
      error: r.error,
      created_at: r.createdAt.toISOString(),
      started_at: iso(r.startedAt),
      finished_at: iso(r.finishedAt),
    })),
  };
}

/** A report the caller may touch (their own, or any for an administrator); 45 for another's, revealing nothing. */
export async function reportFor(db: Database, viewer: { id: number; roles: readonly string[] }, id: number): Promise<ReportRow> {
  const [report] = await db.select().from(generatedReports).where(eq(generatedReports.id, id));
  if (!report) throw new ApiError(Code.NO_DATA);
  if (report.requestedBy !== viewer.id && !isReportAdmin(viewer.roles)) throw new ApiError(Code.NO_PERMISSION);
  return report;
}

/** A finished report's file for one who may touch it (see reportFor); 8 while it is not done. */
export async function reportFile(db: Database, storage: Storage, viewer: { id: number; roles: readonly string[] }, id: number) {
  const report = await reportFor(db, viewer, id);
  if (report.state !== 'done' || !report.storageKey) throw new ApiError(Code.NO_DATA);
  return { name: report.fileName, bytes: await storage.get(report.storageKey) };
}

export async function deleteReport(db: Database, storage: Storage, viewer: { id: number; roles: readonly string[] }, id: number) {
  const report = await reportFor(db, viewer, id);
  await db.delete(generatedReports).where(eq(generatedReports.id, id));
  await removeNotices(db, [report.messageId]);
  if (report.storageKey) await storage.remove(report.storageKey);
}

/** The daily clean-up: reports created more than REPORT_KEEP_DAYS ago go, file and row. */
export async function removeOldReports(db: Database, storage: Storage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REPORT_KEEP_DAYS * 86_400_000);
  const old = await db
    .delete(generatedReports)
    .where(lt(generatedReports.createdAt, before))
    .returning({ key: generatedReports.storageKey, messageId: generatedReports.messageId });
  await removeNotices(
    db,
    old.map((r) => r.messageId),
  );
  for (const { key } of old) if (key) await storage.remove(key);
  return old.length;
}

export async function languageOf(db: Database, userId: number): Promise<Language> {
  const [user] = await db.select({ languageCode: users.languageCode }).from(users).where(eq(users.id, userId));
  return mailLanguage(user?.languageCode);
}

import { and, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { monthsBetween, type Statement, type StatementBody, type StatementRow } from '../../../contract/complaints-statement';
import { complaintWorkflow } from '../../../resources/complaints';
import { Code } from '../../../contract/codes';
import type { Database } from '../../core/db';
import { complaintMonthCounts, complaints } from '../../core/db/schema';
import type { Actor } from '../../core/auth/actor';
import type { FileAnswer } from '../../core/http/endpoint';
import { ApiError } from '../../core/http/envelope';
import { mailTexts } from '../../core/mail/texts';
import { rowScope, type ScopeUser } from '../../core/scope';
import { xlsxBuffer, type Column } from '../../monitoring/exports/xlsx';
import { declareReportKind } from '../../reports/kinds';
import { languageOf } from '../../reports/service';
import { timelinesOf } from '../clock-store';
import { readClockTargets } from '../clock-targets/service';
import { buildStatement, type SettledOpen, type StatementComplaint } from './figures';

/**
 * The statistical statement's calls (staff: the 'statisticalStatement' screen's roles): the
 * figures as JSON for the screen's charts and table, and the same as an xlsx sheet in the caller's language.
 */

const RESOLVED = Object.entries(complaintWorkflow.states)
  .filter(([, state]) => state.category === 'resolved')
  .map(([name]) => name);
/** Complaints read per history query (the statement may cover thousands). */
const CHUNK = 1000;

/** Filed or last changed: the later of the two (the expression of the index complaints_last_change_idx). */
const lastChange = sql<Date>`greatest(${complaints.created_at}, ${complaints.updated_at})`;

/**
 * The complaints a statement over these months needs, in the caller's scope (an installer's figures are those of his
 * systems, as his complaint list is): those filed before its end and filed or changed since its start are read with
 * their history (an index on their last change finds them); the open ones nothing happened to since before its start
 * only add to every month's backlog, so they are counted per group, from the monthly counts the database keeps
 * (complaint_month_counts) for a caller who sees every complaint, so that years of old complaints cost a few rows,
 * not a read each.
 */
async function statementComplaints(
  db: Database,
  query: StatementBody,
  scope: SQL | undefined,
): Promise<{ active: StatementComplaint[]; settled: SettledOpen[] }> {
  const months = monthsBetween(query.from, query.to);
  const start = new Date(`${months[0]}-01T00:00:00Z`);
  const last = new Date(`${months.at(-1)}-01T00:00:00Z`);
  const end = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() + 1, 1));
  const rows = await db
    .select({
      id: complaints.id,
      created_at: complaints.created_at,
      priority: complaints.priority,
      type: complaints.type,
      country: complaints.country,
      model: complaints.system_model,
      team: complaints.team,
    })
    .from(complaints)
    .where(and(scope, lt(complaints.created_at, end), gte(lastChange, start)))
    .orderBy(sql`${complaints.id}`);
  const active: StatementComplaint[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const { history, replies } = await timelinesOf(
      db,
      chunk.map((c) => c.id),
    );
    for (const c of chunk) active.push({ ...c, history: history.get(c.id) ?? [], staffReplies: replies.get(c.id) });
  }
  const settled = scope === undefined ? await settledOpenCounted(db, start) : await settledOpenRead(db, start, scope);
  return { active, settled };
}

/** The open complaints filed and last changed before `start`, per group, from the monthly counts. */
function settledOpenCounted(db: Database, start: Date): Promise<SettledOpen[]> {
  return db
    .select({
      type: complaintMonthCounts.type,
      country: complaintMonthCounts.country,
      model: complaintMonthCounts.model,
      team: complaintMonthCounts.team,
      count: sql<number>`sum(${complaintMonthCounts.n})::int`,
    })
    .from(complaintMonthCounts)
    .where(and(lt(complaintMonthCounts.month, start.toISOString().slice(0, 10)), notInArray(complaintMonthCounts.status, RESOLVED)))
    .groupBy(complaintMonthCounts.type, complaintMonthCounts.country, complaintMonthCounts.model, complaintMonthCounts.team)
    .having(sql`sum(${complaintMonthCounts.n}) > 0`);
}

/** The same read from the complaints themselves, for a caller who sees some of them only (the counts know no scope; his complaints are few). */
function settledOpenRead(db: Database, start: Date, scope: SQL | undefined): Promise<SettledOpen[]> {
  return db
    .select({
      type: complaints.type,
      country: complaints.country,
      model: complaints.system_model,
      team: complaints.team,
      count: sql<number>`count(*)::int`,
    })
    .from(complaints)
    .where(and(scope, lt(lastChange, start), notInArray(complaints.status, RESOLVED)))
    .groupBy(complaints.type, complaints.country, complaints.system_model, complaints.team);
}

const HOUR_MS = 3_600_000;
const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / HOUR_MS) * 10) / 10);
const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/** The sheet's columns, headed as the screen heads them. */
function statementColumns(t: TFunction, statement: Statement): Column<StatementRow>[] {
  const h = (key: string) => t(`complaints:statement.columns.${key}`);
  const groupLabel = (row: StatementRow) => {
    if (row.group === null) return t('complaints:statement.total');
    if (statement.groupBy === 'type') return t(`complaints:customerComplaintList.options.type.${row.group}`, { defaultValue: row.group });
    if (statement.groupBy === 'team') return t(`complaints:statement.teams.${row.group}`, { defaultValue: row.group });
    return row.group === 'none' ? t('complaints:statement.none') : row.group;
  };
  return [
    { header: h('month'), value: (r) => r.month, width: 10 },
    ...(statement.groupBy ? [{ header: t(`complaints:statement.groups.${statement.groupBy}`), value: groupLabel, width: 18 }] : []),
    { header: h('in'), value: (r) => r.complaints_in },
    { header: h('solved'), value: (r) => r.solved },
    { header: h('backlog'), value: (r) => r.open_backlog },
    { header: `${h('firstResponse')} (h)`, value: (r) => hours(r.median_first_response_ms), width: 22 },
    { header: `${h('resolution')} (h)`, value: (r) => hours(r.median_resolution_ms), width: 22 },
    { header: `${h('firstResponseWithin')} (%)`, value: (r) => percent(r.first_response_within_target), width: 22 },
    { header: `${h('resolutionWithin')} (%)`, value: (r) => percent(r.resolution_within_target), width: 22 },
    { header: `${h('reopenRate')} (%)`, value: (r) => percent(r.reopen_rate) },
    { header: h('ratings'), value: (r) => r.ratings },
    { header: h('ratingSolved'), value: (r) => rounded(r.avg_rating_solved) },
    { header: h('ratingTime'), value: (r) => rounded(r.avg_rating_time) },
    { header: h('ratingAttitude'), value: (r) => rounded(r.avg_rating_attitude) },
  ];
}

/** The statement over these months in `user`'s scope (the screen's, the export's and a background export's). */
export function statementOf(db: Database, user: ScopeUser, query: StatementBody, now: Date): Promise<Statement> {
  return statementIn(db, query, rowScope('complaint', user, now, complaints.sys_sn), now);
}

/** The statement over the complaints `scope` admits (all without one). Exported for the test that holds the counts to the complaints. */
export async function statementIn(db: Database, query: StatementBody, scope: SQL | undefined, now: Date): Promise<Statement> {
  const { active, settled } = await statementComplaints(db, query, scope);
  return buildStatement(active, query, await readClockTargets(db), now, settled);
}

const statementFileName = (query: StatementBody) => `complaint-statement-${query.from}-${query.to}.xlsx`;

/** The statement's sheet in the language of `t`; code 8 when it has no month. */
async function statementSheet(t: TFunction, figures: Statement): Promise<Buffer> {
  if (figures.rows.length === 0) throw new ApiError(Code.NO_DATA);
  return xlsxBuffer(t('complaints:statement.title'), statementColumns(t, figures), figures.rows);
}

/** The statement's export made in the background (server/reports): the same sheet as the direct one. */
export const statementReport = declareReportKind<StatementBody>({
  name: 'statement',
  permission: { subject: 'complaintStatement', action: 'export' },
  fileName: statementFileName,
  async produce({ db, user, t, now }, query) {
    return statementSheet(t, await statementOf(db, user, query, now));
  },
});

/** The statement's sheet made now, in the caller's language. */
export async function statementFile(db: Database, actor: Actor, query: StatementBody, now: Date): Promise<FileAnswer> {
  const figures = await statementOf(db, actor, query, now);
  return { name: statementFileName(query), bytes: await statementSheet(mailTexts(await languageOf(db, actor.id)), figures) };
}

import type { ClockTargets } from '../../../contract/complaint-clocks';
import { monthsBetween, type Statement, type StatementBody, type StatementRow } from '../../../contract/complaints-statement';
import { STATEMENT_NONE, type StatementGroup } from '../../../contract/complaints-constants';
import { complaintWorkflow } from '../../../resources/complaints';
import { complaintClocks, type ClockHistoryRow } from '../clocks';

/**
 * The statistical statement, computed from the complaints and their history (pure; the figures'
 * meaning is in contract/complaints-statement.ts). Per month:
 * - in: filed in the month; solved: completed in the month (its first completion there);
 * - open backlog: filed before the month's end and in an open or paused status then;
 * - first response: of those filed in the month and answered, the median time and the share within target;
 * - resolution: of those solved in the month, the median open time up to that completion (clocks.ts: paused time
 *   does not count) and the share within target; the reopen rate is the share of them reopened afterwards;
 * - ratings: the last evaluation each complaint got in the month.
 */

export interface StatementComplaint {
  id: number;
  created_at: Date;
  priority: string;
  type: string;
  country: string;
  model: string | null;
  team: string | null;
  /** Oldest first. */
  history: readonly (ClockHistoryRow & { fields?: Record<string, unknown> | null })[];
  staffReplies?: readonly Date[];
}

/**
 * Complaints nothing happened to since before the statement's first month (filed and last changed before it) and
 * still open: the same in every month's backlog, so they are counted by the database, per group, not read one by one.
 */
export interface SettledOpen {
  type: string;
  country: string;
  model: string | null;
  team: string | null;
  count: number;
}

type Grouped = Pick<StatementComplaint, 'type' | 'country' | 'model' | 'team'>;

const categoryOf = (state: string) => (complaintWorkflow.states as Record<string, { category: string }>)[state]?.category ?? 'open';

function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`);
}

function nextMonthStart(month: string): Date {
  const start = monthStart(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const average = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

function groupOf(complaint: Grouped, by: StatementGroup): string {
  const value = { type: complaint.type, country: complaint.country, model: complaint.model, team: complaint.team }[by];
  return value ? value : STATEMENT_NONE;
}

/** The figures of one month over some complaints. */
function monthRow(
  month: string,
  group: string | null,
  complaints: readonly StatementComplaint[],
  targets: ClockTargets,
  now: Date,
  settledOpen: number,
): StatementRow {
  const start = monthStart(month).getTime();
  // The running month ends now (a complaint filed this very moment is in it).
  const end = Math.min(nextMonthStart(month).getTime(), now.getTime() + 1);
  const inMonth = (at: Date) => at.getTime() >= start && at.getTime() < end;

  const filed = complaints.filter((c) => inMonth(c.created_at));
  const responses = filed
    .map((c) =>
      complaintClocks({ createdAt: c.created_at, priority: c.priority, history: c.history, staffReplies: c.staffReplies, now, targets }),
    )
    .map((clocks) => clocks.first_response)
    .filter((clock) => clock.state === 'met' || clock.state === 'missed');

  const resolutions: { elapsed: number; met: boolean; reopened: boolean }[] = [];
  const ratings: { solved: number; time: number; attitude: number }[] = [];
  let backlog = settledOpen;
  for (const c of complaints) {
    const completion = c.history.findIndex((row) => row.action === 'complete' && inMonth(row.createdAt));
    if (completion >= 0) {
      const at = c.history[completion]!.createdAt;
      const upTo = c.history.slice(0, completion + 1);
      const { resolution } = complaintClocks({ createdAt: c.created_at, priority: c.priority, history: upTo, now: at, targets });
      const reopened = c.history.slice(completion + 1).some((row) => row.action === 'reopen');
      resolutions.push({ elapsed: resolution.elapsed_ms, met: resolution.elapsed_ms <= resolution.target_ms, reopened });
    }
    const evaluation = c.history
      .filter((row) => (row.action === 'evaluate' || row.action === 'reEvaluate') && inMonth(row.createdAt))
      .at(-1);
    if (evaluation?.fields) {
      const f = evaluation.fields;
      ratings.push({ solved: Number(f.rating_solved), time: Number(f.rating_time), attitude: Number(f.rating_attitude) });
    }
    if (c.created_at.getTime() < end) {
      const last = c.history.filter((row) => row.createdAt.getTime() < end).at(-1);
      if (categoryOf(last?.toState ?? 'new') !== 'resolved') backlog += 1;
    }
  }

  return {
    month,
    group,
    complaints_in: filed.length,
    solved: resolutions.length,
    open_backlog: backlog,
    median_first_response_ms: median(responses.map((r) => r.elapsed_ms)),
    median_resolution_ms: median(resolutions.map((r) => r.elapsed)),
    first_response_within_target: share(responses.filter((r) => r.state === 'met').length, responses.length),
    resolution_within_target: share(resolutions.filter((r) => r.met).length, resolutions.length),
    reopen_rate: share(resolutions.filter((r) => r.reopened).length, resolutions.length),
    ratings: ratings.length,
    avg_rating_solved: average(ratings.map((r) => r.solved)),
    avg_rating_time: average(ratings.map((r) => r.time)),
    avg_rating_attitude: average(ratings.map((r) => r.attitude)),
  };
}

const hasFigures = (row: StatementRow) => row.complaints_in + row.solved + row.open_backlog + row.ratings > 0;

/** `complaints`: those filed or changed since the first month's start; `settled`: the open ones nothing happened to since. */
export function buildStatement(
  complaints: readonly StatementComplaint[],
  query: StatementBody,
  targets: ClockTargets,
  now: Date,
  settled: readonly SettledOpen[] = [],
): Statement {
  const months = monthsBetween(query.from, query.to).filter((month) => monthStart(month) <= now);
  const groupBy = query.groupBy ?? null;
  const groups = groupBy ? [...new Set([...complaints, ...settled].map((c) => groupOf(c, groupBy)))].sort() : [];
  const settledIn = (group: string | null) =>
    settled.filter((s) => group === null || groupOf(s, groupBy!) === group).reduce((sum, s) => sum + s.count, 0);
  const rows: StatementRow[] = [];
  for (const month of months) {
    rows.push(monthRow(month, null, complaints, targets, now, settledIn(null)));
    for (const group of groups) {
      const row = monthRow(
        month,
        group,
        complaints.filter((c) => groupOf(c, groupBy!) === group),
        targets,
        now,
        settledIn(group),
      );
      if (hasFigures(row)) rows.push(row);
    }
  }
  return { months, groupBy, groups, rows };
}

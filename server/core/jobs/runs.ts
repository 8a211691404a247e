import { sql } from 'drizzle-orm';
import type { Page } from '../../../contract/codes';
import type { JobRun, JobState } from '../../../contract/jobs';
import { queryRows, type Database } from '../db';
import { JOB_SCHEMA } from './queue';

interface RunRow extends Record<string, unknown> {
  id: string;
  name: string;
  state: JobState;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  retry_count: number;
  error: string | null;
}

// pg-boss's own queues (its cron sender) are its business, not a run of ours.
const RUNS = sql.raw(`
  SELECT id, name, state::text AS state, created_on, started_on, completed_on, retry_count, output->>'message' AS error
  FROM ${JOB_SCHEMA}.job WHERE name NOT LIKE '\\_\\_pgboss%'
  UNION ALL
  SELECT id, name, state::text, created_on, started_on, completed_on, retry_count, output->>'message'
  FROM ${JOB_SCHEMA}.archive WHERE name NOT LIKE '\\_\\_pgboss%'`);

/**
 * The job runs, newest first: those in the queue and those pg-boss archived (kept 7 days after they ended). Empty
 * on a database the queue never started on.
 */
export async function jobRuns(
  db: Database,
  { pageIndex, pageSize, name }: { pageIndex: number; pageSize: number; name?: string },
): Promise<Page<JobRun>> {
  const [tables] = await queryRows<{ present: boolean }>(db, sql.raw(`SELECT to_regclass('${JOB_SCHEMA}.archive') IS NOT NULL AS present`));
  if (!tables?.present) return { data: [], dataCount: 0 };
  const where = name === undefined ? sql`TRUE` : sql`name = ${name}`;
  const [total] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${RUNS}) runs WHERE ${where}`);
  const rows = await queryRows<RunRow>(
    db,
    sql`SELECT * FROM (${RUNS}) runs WHERE ${where} ORDER BY created_on DESC, id LIMIT ${pageSize} OFFSET ${(pageIndex - 1) * pageSize}`,
  );
  return {
    dataCount: Number(total?.n ?? 0),
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      state: row.state,
      created_at: isoOf(row.created_on)!,
      started_at: isoOf(row.started_on),
      finished_at: isoOf(row.completed_on),
      // pg-boss counts a retry when it starts the job again: the attempts so far are that count + the first.
      attempts: row.started_on === null ? 0 : Number(row.retry_count) + 1,
      error: row.state === 'retry' || row.state === 'failed' ? row.error : null,
    })),
  };
}

// PGlite answers timestamps as Date, node-postgres too; a string is read as one.
const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

import { sql } from 'drizzle-orm';
import type { Database } from '../core/db';
import { declareJob } from '../core/jobs/declaration';

/**
 * PGlite has no autovacuum: without a VACUUM no page of the complaint tables is ever marked all-visible, so the list's
 * count and page read every matching row from the table instead of answering from the index alone (index-only scans),
 * and the planner's statistics age. On PostgreSQL autovacuum does this already and the run finds little to do.
 */
export async function vacuumComplaintTables(db: Database): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) complaints, complaint_messages, workflow_history`);
}

/** Nightly at 03:15 UTC (a quiet hour: on PGlite the run holds the one database thread for a moment). */
export const vacuumComplaintTablesJob = declareJob({
  name: 'complaints.vacuum-tables',
  cron: '15 3 * * *',
  retryLimit: 1,
  retryDelaySeconds: 600,
  expireInSeconds: 60 * 60,
  async run({ db }) {
    await vacuumComplaintTables(db);
  },
});

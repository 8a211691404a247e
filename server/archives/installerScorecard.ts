import { sql, type SQL } from 'drizzle-orm';
import type { InstallerScorecard } from '../../contract/installers';
import { complaints as complaintDeclaration } from '../../resources/complaints';
import type { Database } from '../core/db';
import { queryRows } from '../core/db/database';
import { complaints, installerCompanies, systemEvents, systems, workflowHistory } from '../core/db/schema';

/**
 * The installer scorecard: how an installer's systems fare over the last 12 months, computed by
 * the database from the records themselves (systems, complaints, their workflow history, system events) every time
 * it is read, never kept beside them. A rate whose denominator is zero is null.
 *
 * - complaints per 100 systems: complaints filed in the window's days (complaintWindow) on the company's systems
 *   × 100 / its systems;
 * - median resolution: filing → the complaint's first transition to 'completed' (the history the complaint clocks
 *   read, server/complaints/clocks.ts), over the window's complaints that were completed;
 * - reopened: the share of the window's complaints with a 'reopen' in their history;
 * - rating: the mean of every rating given on them (solved, time, attitude);
 * - faults per system-month: faults started in the window / the months each system was in service in it (from its
 *   commissioning day, else its registration; a system older than the window counts 12).
 */

/**
 * The filing days the complaint figures count: today (UTC) and the twelve months before it, as whole days, so that
 * the complaint list's filing-day filter (the same condition, server/core/crud/factory.ts) opens exactly these
 * complaints from a figure's link.
 */
export function complaintWindow(now: Date): { from: string; to: string } {
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - 12);
  from.setUTCDate(from.getUTCDate() + 1);
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** The scorecards of the companies `companies` selects (a condition on installer_companies), by name. */
export async function installerScorecards(db: Database, now: Date, companies: SQL | undefined): Promise<InstallerScorecard[]> {
  const at = now.toISOString();
  const since = sql`(${at}::timestamptz - interval '12 months')`;
  const until = sql`${at}::timestamptz`;
  const window = complaintWindow(now);
  const entity = complaintDeclaration.name;
  // A system is in service from its commissioning day (a registered row may be older or newer than that).
  const inService = sql`coalesce(${systems.commissionedOn}::timestamptz, ${systems.createdAt})`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    WITH c AS (
      SELECT ${installerCompanies.id} AS id, ${installerCompanies.name} AS name, ${installerCompanies.contact} AS contact,
             ${installerCompanies.license} AS license
      FROM ${installerCompanies} ${companies ? sql`WHERE ${companies}` : sql``}
    ), s AS (
      SELECT ${systems.installerCompanyId} AS cid, count(*)::int AS n,
             sum(12 * greatest(0, extract(epoch FROM ${until} - greatest(${inService}, ${since})))
                 / extract(epoch FROM ${until} - ${since}))::float8 AS months
      FROM ${systems} WHERE ${systems.installerCompanyId} IN (SELECT id FROM c) GROUP BY 1
    ), k AS (
      SELECT ${systems.installerCompanyId} AS cid, ${complaints.created_at} AS filed,
             ${complaints.rating_solved} AS r1, ${complaints.rating_time} AS r2, ${complaints.rating_attitude} AS r3,
             (SELECT min(${workflowHistory.createdAt}) FROM ${workflowHistory}
               WHERE ${workflowHistory.entity} = ${entity} AND ${workflowHistory.recordId} = ${complaints.id}
                 AND ${workflowHistory.toState} = 'completed') AS completed,
             EXISTS (SELECT 1 FROM ${workflowHistory}
               WHERE ${workflowHistory.entity} = ${entity} AND ${workflowHistory.recordId} = ${complaints.id}
                 AND ${workflowHistory.action} = 'reopen') AS reopened
      FROM ${complaints} JOIN ${systems} ON ${systems.sysSn} = ${complaints.sys_sn}
      WHERE ${systems.installerCompanyId} IN (SELECT id FROM c)
        AND ${complaints.created_at} >= ${window.from}::date AND ${complaints.created_at} < (${window.to}::date + 1)
    ), kc AS (
      SELECT cid, count(*)::int AS n,
             (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed - filed) / 3600)
               FILTER (WHERE completed IS NOT NULL))::float8 AS median_h,
             avg(reopened::int)::float8 AS reopened,
             (sum(coalesce(r1, 0) + coalesce(r2, 0) + coalesce(r3, 0))::float8
               / nullif(sum((r1 IS NOT NULL)::int + (r2 IS NOT NULL)::int + (r3 IS NOT NULL)::int), 0)) AS rating
      FROM k GROUP BY cid
    ), f AS (
      SELECT ${systems.installerCompanyId} AS cid, count(*)::int AS n
      FROM ${systemEvents} JOIN ${systems} ON ${systems.id} = ${systemEvents.systemId}
      WHERE ${systemEvents.kind} = 'fault_started' AND ${systemEvents.at} >= ${since} AND ${systemEvents.at} <= ${until}
        AND ${systems.installerCompanyId} IN (SELECT id FROM c)
      GROUP BY 1
    )
    SELECT c.id, c.name, c.contact, c.license, coalesce(s.n, 0) AS systems, s.months, coalesce(kc.n, 0) AS complaints,
           kc.median_h, kc.reopened, kc.rating, coalesce(f.n, 0) AS faults
    FROM c LEFT JOIN s ON s.cid = c.id LEFT JOIN kc ON kc.cid = c.id LEFT JOIN f ON f.cid = c.id
    ORDER BY lower(c.name)`,
  );
  return rows.map((row) => {
    const systemCount = Number(row.systems);
    const complaintCount = Number(row.complaints);
    const months = row.months === null ? 0 : Number(row.months);
    const nullable = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return {
      id: Number(row.id),
      name: String(row.name),
      contact: String(row.contact),
      license: String(row.license),
      window_from: window.from,
      window_to: window.to,
      systems: systemCount,
      complaints: complaintCount,
      complaints_per_100: systemCount ? (complaintCount * 100) / systemCount : null,
      median_resolution_hours: nullable(row.median_h),
      reopened_share: complaintCount ? nullable(row.reopened) : null,
      average_rating: nullable(row.rating),
      faults_per_system_month: months > 0 ? Number(row.faults) / months : null,
    };
  });
}

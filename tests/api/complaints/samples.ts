import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';

/** A valid body of each complaint workflow call beyond its id (the fields its transition requires). */
export const TRANSITION_FIELDS: Record<string, Record<string, unknown>> = {
  reject: { reason: 'Not our product' },
  transfer: { team: 'rnd' },
  proposeSolution: { solution: 'Update the BMS firmware', action: 'Remote update' },
  notConfirm: { reason: 'Still not charging' },
  evaluate: { rating_solved: 5, rating_time: 4, rating_attitude: 5, evaluation: 'Quick and kind' },
  reEvaluate: { rating_solved: 4, rating_time: 4, rating_attitude: 4, evaluation: 'Fine' },
  archive: {
    root_cause: 'BMS firmware 1.2 stops charging below 5 °C',
    solution: 'Firmware 1.3',
    action: 'Remote update',
    reason: 'Known firmware defect',
    after_sales_solution: 'Remote update, no visit',
    archive_remark: 'Closed after a week of normal charging',
    visits_count: 0,
    system_model: 'ESS-10',
    pilot_solution: 'none',
    archive_module: 'BMS',
    archive_class: 'firmware',
    archive_type: 'defect',
    pilot_detected: false,
    leftover_version_issue: true,
  },
  reopen: { reason: 'It happened again' },
};

/** The body of a new complaint on `sn` (every required field, valid). */
export function newComplaint(sn: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Battery stops charging',
    description: 'Since Monday the battery stays at 20 % all day.',
    type: 'battery',
    sys_sn: sn,
    contact_number: '+49 30 1234567',
    contact_email: 'owner@example.com',
    country: 'DE',
    ...overrides,
  };
}

/** A complaint written straight into the table, in any state (the matrix starts from each). */
export async function insertComplaint(t: TestApp, sn: string, status: string, team: string | null = null): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO complaints (title, description, type, sys_sn, contact_email, status, team, created_by)
        VALUES ('Seeded', 'Seeded complaint', 'battery', ${sn}, 'owner@example.com', ${status}, ${team}, 'customer') RETURNING id`,
  );
  return Number(row!.id);
}

/** The rows a complaint call may change, as one text: a refused call leaves it equal. */
export async function complaintDigest(t: TestApp): Promise<string> {
  const rows = await queryRows<{ d: string }>(
    t.db,
    sql`SELECT (SELECT md5(coalesce(string_agg(c::text, ',' ORDER BY c.id), '')) FROM complaints c)
      || (SELECT count(*)::text FROM workflow_history) || (SELECT count(*)::text FROM user_log) || (SELECT count(*)::text FROM uploads) AS d`,
  );
  return rows[0]!.d;
}

/** A system in the role's scope (DESIGN §6), and one outside it; staff see every system. */
export async function systemsOf(t: TestApp, role: string): Promise<{ inside?: string; outside?: string }> {
  const user = sql`(SELECT id FROM users WHERE username = ${role})`;
  const organization = sql`(SELECT organization_id FROM users WHERE username = ${role})`;
  const where: Record<string, ReturnType<typeof sql>> = {
    customer: sql`customer_user_id = ${user}`,
    installer: sql`installer_company_id = (SELECT installer_company_id FROM users WHERE username = ${role})`,
    reseller: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE reseller_id = ${organization})`,
    servicepartner: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE service_partner_id = ${organization})`,
  };
  const all = await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems ORDER BY sys_sn`);
  if (!where[role]) return { inside: all[0]?.sys_sn };
  const inside = await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE ${where[role]} ORDER BY sys_sn`);
  return { inside: inside[0]?.sys_sn, outside: all.find((s) => !inside.some((i) => i.sys_sn === s.sys_sn))?.sys_sn };
}

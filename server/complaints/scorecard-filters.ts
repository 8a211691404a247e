import { and, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { rules } from '../../contract/rules';
import { complaints as complaintDeclaration, type COMPLAINT_OUTCOMES } from '../../resources/complaints';
import type { CrudHooks } from '../core/crud/factory';
import { complaints, systems, workflowHistory } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';

/**
 * The list filters the installer scorecard's figures open (each figure links to the records behind
 * it, server/archives/installerScorecard.ts counts them the same way):
 * - `installer_id`: the complaints on the systems that installer company installed. The list's row scope still
 *   applies, so an installer naming another company gets nothing; an id is as strict as every id (DESIGN §10: 2);
 * - `outcome`: 'resolved' (completed at least once: the median resolution's records), 'reopened' (reopened at least
 *   once: the share reopened) or 'rated' (a customer rating given: the average rating).
 */
const installerId = rules.id();

function installerCondition(value: unknown): SQL {
  const id = installerId.safeParse(value);
  if (!id.success) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: installer_id', { data: { field: 'installer_id' } });
  return sql`${complaints.sys_sn} IN (SELECT ${systems.sysSn} FROM ${systems} WHERE ${systems.installerCompanyId} = ${id.data})`;
}

const inHistory = (condition: SQL) => sql`EXISTS (SELECT 1 FROM ${workflowHistory}
  WHERE ${workflowHistory.entity} = ${complaintDeclaration.name} AND ${workflowHistory.recordId} = ${complaints.id} AND ${condition})`;

const OUTCOME_CONDITIONS: Record<(typeof COMPLAINT_OUTCOMES)[number], () => SQL> = {
  resolved: () => inHistory(sql`${workflowHistory.toState} = 'completed'`),
  reopened: () => inHistory(sql`${workflowHistory.action} = 'reopen'`),
  rated: () =>
    sql`(${complaints.rating_solved} IS NOT NULL OR ${complaints.rating_time} IS NOT NULL OR ${complaints.rating_attitude} IS NOT NULL)`,
};

/** The installer and outcome filters among the list's conditions. */
export const scorecardFilterHooks: CrudHooks = {
  listWhere(_actor, body) {
    const conditions: SQL[] = [];
    if (body.installer_id !== undefined) conditions.push(installerCondition(body.installer_id));
    // The declared options are checked by the route's schema: only known outcomes arrive here (one, or several that
    // must all hold).
    const outcomes = body.outcome === undefined ? [] : Array.isArray(body.outcome) ? body.outcome : [body.outcome];
    for (const outcome of outcomes as (keyof typeof OUTCOME_CONDITIONS)[]) conditions.push(OUTCOME_CONDITIONS[outcome]());
    return conditions.length > 1 ? and(...conditions) : conditions[0];
  },
};

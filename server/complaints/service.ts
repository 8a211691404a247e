import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { TEAM_ROLES, type ComplaintTeam } from '../../resources/complaints';
import type { CrudHooks, Row } from '../core/crud/factory';
import type { WorkflowHooks } from '../core/crud/workflow';
import { queryRows, type Database } from '../core/db';
import { complaints } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { sideOf } from './access';
import { isOverseer } from '../../permissions/roles';

/**
 * The complaint's rules the declaration cannot say (spec §5, DESIGN §9). The generated calls run them: the save's
 * checks before anything is written, the workflow hooks inside the transition's transaction (a refusal rolls the
 * state change back).
 */

/**
 * Spec §5: identical resubmission is refused ('Do not submit repeatly'). Identical = the same filer, S/N, title and
 * description as a complaint they filed within this window: long enough to catch a double tap or a resent form,
 * short enough that a customer whose problem comes back the same afternoon can file it again.
 */
export const RESUBMISSION_WINDOW_MS = 5 * 60 * 1000;
export const RESUBMISSION_TEXT = 'Do not submit repeatly';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * DESIGN §9: the priority is the after-sales team's triage (it sets the service-level targets). The customer side
 * files at 'normal' and cannot change it; their forms do not offer it, and a body that sends one is not obeyed.
 */
function priorityKeptForStaff(values: Row, mode: 'create' | 'edit', roles: readonly string[]): Row {
  if (sideOf(roles) === 'staff') return values;
  const { priority: _notTheirs, ...rest } = values;
  return mode === 'create' ? { ...rest, priority: 'normal' } : rest;
}

export const complaintHooks: CrudHooks = {
  async beforeSave(filed, { db, mode, existing, now, actor }) {
    const values = priorityKeptForStaff(filed, mode, actor.roles);
    // Spec §5: the e-mail is required when filing; in an edit at least one of e-mail and contact number.
    if (mode === 'create' && blank(values.contact_email))
      throw new ApiError(Code.PARAM_REQUIRED, 'Parameter required: contact_email', { data: { field: 'contact_email' } });
    if (mode === 'edit') {
      // DESIGN §9: an archived complaint is read only.
      if (existing?.status === 'archived') throw new ApiError(Code.OPERATION_FAILED, "An archived complaint can't be edited");
      const email = values.contact_email ?? existing?.contact_email;
      const number = values.contact_number ?? existing?.contact_number;
      if (blank(email) && blank(number))
        throw new ApiError(Code.PARAM_REQUIRED, 'Parameter required: contact_email', { data: { field: 'contact_email' } });
      return values;
    }
    // The scope check passed (a scoped filer's own system); staff see every system, but only systems that exist.
    const [system] = await queryRows<{ minv: string; postcode: string }>(
      db,
      sql`SELECT minv, postcode FROM systems WHERE sys_sn = ${values.sys_sn} LIMIT 1`,
    );
    if (!system) throw new ApiError(Code.NO_PERMISSION);
    if (await findTwin(db, { ...values, created_by: actor.username }, now)) throw new ApiError(Code.TOO_FAST, RESUBMISSION_TEXT);
    // Where the filer left them out: the postcode of the system's address, the phone of their profile.
    const [filer] = await queryRows<{ phone: string }>(db, sql`SELECT phone FROM users WHERE id = ${actor.id}`);
    return {
      ...values,
      system_model: system.minv,
      postcode: blank(values.postcode) ? system.postcode : values.postcode,
      phone: blank(values.phone) ? (filer?.phone ?? '') : values.phone,
    };
  },
};

/**
 * A complaint the same filer filed within the window with the same S/N, title and description (`complaint` names
 * them: created_by, sys_sn, title, description), other than `exceptId`. Also run in the save's transaction under a
 * lock (filing.ts), so that two identical submissions at once cannot both pass.
 */
export async function findTwin(db: Database, complaint: Row, now: Date, exceptId?: number): Promise<boolean> {
  const [twin] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(
      and(
        eq(complaints.created_by, String(complaint.created_by)),
        eq(complaints.sys_sn, String(complaint.sys_sn)),
        eq(complaints.title, String(complaint.title)),
        eq(complaints.description, String(complaint.description)),
        gt(complaints.created_at, new Date(now.getTime() - RESUBMISSION_WINDOW_MS)),
        exceptId === undefined ? undefined : ne(complaints.id, exceptId),
      ),
    )
    .limit(1);
  return !!twin;
}

/** The hooks the complaint workflow's transitions name (resources/complaints.ts). */
export const complaintWorkflowHooks: WorkflowHooks = {
  /** Who accepts a complaint becomes its accepter and its handler (DESIGN §9: the accepter processes it). */
  async assignAccepter({ db, record, actor }) {
    const assigned = { accepter: actor.username, processor: actor.username };
    await db
      .update(complaints)
      .set(assigned)
      .where(eq(complaints.id, Number(record.id)));
    // The transition answers this record: it shows the assignment too.
    Object.assign(record, assigned);
  },
  /** The archive user is the one archiving (spec §5 asks for one; nobody types it). */
  async recordArchiver({ db, record, actor }) {
    await db
      .update(complaints)
      .set({ archive_user: actor.username })
      .where(eq(complaints.id, Number(record.id)));
    record.archive_user = actor.username;
  },
  /** Only the team the transfer named takes it over (or an overseer); it becomes the handler. */
  async takeOverByTeam({ db, record, actor }) {
    const { roles } = actor;
    const teamRole = TEAM_ROLES[record.team as ComplaintTeam];
    const overseer = isOverseer(roles);
    if (!overseer && !roles.includes(teamRole)) throw new ApiError(Code.NO_PERMISSION);
    await db
      .update(complaints)
      .set({ processor: actor.username })
      .where(eq(complaints.id, Number(record.id)));
    record.processor = actor.username;
  },
};

import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '../../permissions/roles';
import { Code } from '../../contract/codes';
import type { CrudHooks, CrudService, Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaints, customerArchives, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { customerComplaints } from './service';

/**
 * The rules of a customer's record (resources/customerRecords.ts): its archive must be in the caller's scope (45, as
 * if it did not exist), the record takes the archive's system (its row scope), and a complaint it names must be one
 * of that customer's (2 naming the field). Lists and details carry the customer's name.
 *
 * The person is kept as written, except that a staff member named by their user name or display name (the form's
 * default is the writer's own name) is kept as their user name: the record then stays linked to the user, and lists
 * and details show that user's current display name (`person_name`, the writer's as `created_by_name`).
 */

const displayName = sql<string>`coalesce(nullif(trim(${users.displayName}), ''), ${users.username})`;
const isStaff = sql`${users.roles} && ARRAY[${sql.join(
  STAFF_ROLES.map((role) => sql`${role}`),
  sql`, `,
)}]::text[]`;

/** The user name of the one staff member `person` names (user name or display name, any case); else the text itself. */
async function linkedPerson(db: Database, person: string): Promise<string> {
  const wanted = person.trim().toLowerCase();
  const matches = await db
    .select({ username: users.username })
    .from(users)
    .where(and(isStaff, or(sql`lower(${users.username}) = ${wanted}`, sql`lower(trim(${users.displayName})) = ${wanted}`)))
    .limit(2);
  return matches.length === 1 ? matches[0]!.username : person;
}

/** The display names of the users these texts name by user name, and whether each is staff. */
async function namesOf(db: Database, texts: readonly string[]): Promise<Map<string, { name: string; staff: boolean }>> {
  if (texts.length === 0) return new Map();
  const rows = await db
    .select({ username: users.username, name: displayName, staff: sql<boolean>`${isStaff}` })
    .from(users)
    .where(inArray(users.username, [...texts]));
  return new Map(rows.map((r) => [r.username, { name: r.name, staff: r.staff }]));
}
export const recordHooks = (db: Database, archives: CrudService): CrudHooks => ({
  async beforeSave(values, { actor, existing }) {
    const archiveId = Number(values.archive_id ?? existing?.archive_id);
    const archive = await archives.findInScope(actor, archiveId);
    if (!archive) throw new ApiError(Code.NO_PERMISSION);
    const complaintId = values.complaint_id ?? existing?.complaint_id;
    if (complaintId !== undefined && complaintId !== null) {
      const [own] = await db
        .select({ id: complaints.id })
        .from(complaints)
        .where(
          and(
            eq(complaints.id, Number(complaintId)),
            customerComplaints({ sys_sn: String(archive.sys_sn), user_id: (archive.user_id as number | null) ?? null }),
          ),
        )
        .limit(1);
      if (!own)
        throw new ApiError(Code.PARAM_ERROR, 'Parameter error: complaint_id (not a complaint of this customer)', {
          data: { field: 'complaint_id' },
        });
    }
    const person = typeof values.person === 'string' ? { person: await linkedPerson(db, values.person) } : {};
    return { ...values, ...person, sys_sn: archive.sys_sn } as Row;
  },
  async expand(rows) {
    const ids = [...new Set(rows.map((row) => Number(row.archive_id)))];
    if (ids.length === 0) return;
    const names = new Map(
      (
        await db
          .select({ id: customerArchives.id, name: customerArchives.name })
          .from(customerArchives)
          .where(inArray(customerArchives.id, ids))
      ).map((archive) => [archive.id, archive.name]),
    );
    const people = await namesOf(db, [...new Set(rows.flatMap((row) => [String(row.person), String(row.created_by)]))]);
    for (const row of rows) {
      row.customer_name = names.get(Number(row.archive_id)) ?? '';
      // Only a staff member's user name is a link (as a save makes it); other text is shown as written.
      const person = people.get(String(row.person));
      row.person_name = person?.staff ? person.name : row.person;
      row.created_by_name = people.get(String(row.created_by))?.name ?? row.created_by;
    }
  },
});

import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { customerRecords as recordsDeclaration } from '../../resources/customerRecords';
import type { CrudHooks, Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaints, customerArchives, customerRecords, systems, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { releaseRecordFiles } from '../core/uploads/service';
import { rowScope } from '../core/scope';
import type { AppDeps } from '../config';
import { isCityOf, isStateOf } from '../reference/service';

/**
 * The customer archive's rules the declaration cannot say (spec §5, §8; resources/customerArchives.ts): the system
 * must exist (18) and links the archive to its portal user; 'the customer exists' (74) for the same name and postcode
 * or the same system (the same license is the declaration's `unique`); the complaint count and the user's name.
 */

const exists = (field: string) => new ApiError(Code.CUSTOMER_EXISTS, undefined, { data: { field } });

/**
 * The complaints on a customer's systems: the archive's own system, and every other system of its portal user (a
 * null user matches none).
 */
export function customerComplaints(archive: { sys_sn: SQL | string; user_id: SQL | number | null }): SQL {
  const ofUser = sql`${complaints.sys_sn} IN (SELECT ${systems.sysSn} FROM ${systems} WHERE ${systems.customerUserId} = ${archive.user_id})`;
  return or(sql`${complaints.sys_sn} = ${archive.sys_sn}`, ofUser)!;
}

export const archiveHooks = ({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): CrudHooks => ({
  async beforeSave(values, { existing }) {
    const next = { ...existing, ...values } as Row;
    const [system] = await db
      .select({ userId: systems.customerUserId })
      .from(systems)
      .where(eq(systems.sysSn, String(next.sys_sn)))
      .limit(1);
    if (!system) throw new ApiError(Code.SN_NOT_FOUND, undefined, { data: { field: 'sys_sn' } });
    const place = await checkPlace(next, existing);
    const others = existing ? ne(customerArchives.id, Number(existing.id)) : undefined;
    const [samePerson] = await db
      .select({ id: customerArchives.id })
      .from(customerArchives)
      .where(
        and(
          sql`lower(${customerArchives.name}) = lower(${String(next.name)})`,
          sql`lower(${customerArchives.postcode}) = lower(${String(next.postcode)})`,
          others,
        ),
      )
      .limit(1);
    if (samePerson) throw exists('name');
    const [sameSystem] = await db
      .select({ id: customerArchives.id })
      .from(customerArchives)
      .where(and(eq(customerArchives.sys_sn, String(next.sys_sn)), others))
      .limit(1);
    if (sameSystem) throw exists('sys_sn');
    return { ...values, ...place, user_id: system.userId };
  },
  async afterSave(row, { db, existing }) {
    // The records follow their archive's system: the row scope reads it on each record (resources/customerRecords.ts).
    if (existing && existing.sys_sn !== row.sys_sn)
      await db
        .update(customerRecords)
        .set({ sys_sn: String(row.sys_sn) })
        .where(eq(customerRecords.archive_id, Number(row.id)));
  },
  async beforeDelete(existing, { db }) {
    // Its records go with it (the foreign key cascades); their files are let go for the hourly clean-up.
    const records = await db
      .select({ id: customerRecords.id })
      .from(customerRecords)
      .where(eq(customerRecords.archive_id, Number(existing.id)));
    for (const { id } of records) await releaseRecordFiles(db, recordsDeclaration.name, id);
  },
  async expand(rows, _view, actor) {
    if (rows.length === 0) return;
    const ids = rows.map((row) => Number(row.id));
    // The count the complaints tab lists: an installer counts only the complaints of systems they see.
    const counts = await countComplaints(db, ids, rowScope('system', actor, clock(), complaints.sys_sn));
    const userIds = rows.map((row) => row.user_id).filter((id): id is number => typeof id === 'number');
    const names = new Map<number, string>();
    if (userIds.length) {
      for (const user of await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)))
        names.set(user.id, user.username);
    }
    for (const row of rows) {
      row.complaint_count = counts.get(Number(row.id)) ?? 0;
      row.username = typeof row.user_id === 'number' ? (names.get(row.user_id) ?? null) : null;
    }
  },
});

/**
 * The state and city of an archive (resources/customerArchives.ts) are the reference data's: the state a code of the
 * country's (GetStatecode), the city a name of the state's cities (GetCitycode), any name where the data set lists
 * none. Checked when the country, state or city changes: a value stored before the pickers (free text) stays valid as
 * long as it is left as it is. Code 2 naming the field; answers the state as stored (upper case).
 */
async function checkPlace(next: Row, existing: Row | undefined): Promise<{ state?: string }> {
  const country = String(next.country ?? '');
  const state = String(next.state ?? '').trim();
  const city = String(next.city ?? '').trim();
  const changed = (field: string) => !existing || String(existing[field] ?? '') !== String(next[field] ?? '');
  const refuse = (field: string) => new ApiError(Code.PARAM_ERROR, `Parameter error: ${field}`, { data: { field } });
  if ((changed('country') || changed('state')) && !(await isStateOf(country, state))) throw refuse('state');
  if ((changed('country') || changed('state') || changed('city')) && !(await isCityOf(country, state, city))) throw refuse('city');
  return changed('state') ? { state: state.toUpperCase() } : {};
}

/** The number of complaints on each archive's customer's systems that `inScope` admits, in one query. */
async function countComplaints(db: Database, ids: number[], inScope: SQL | undefined): Promise<Map<number, number>> {
  const ofCustomer = customerComplaints({ sys_sn: sql`${customerArchives.sys_sn}`, user_id: sql`${customerArchives.user_id}` });
  const rows = await db
    .select({
      id: customerArchives.id,
      n: sql<number>`(SELECT count(*)::int FROM ${complaints} WHERE ${and(ofCustomer, inScope)})`,
    })
    .from(customerArchives)
    .where(inArray(customerArchives.id, ids));
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

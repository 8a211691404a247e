import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { CrudHooks, CrudService, Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaints, customerArchives } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { customerComplaints } from './service';

/**
 * The rules of a customer's record (resources/customerRecords.ts): its archive must be in the caller's scope (45, as
 * if it did not exist), the record takes the archive's system (its row scope), and a complaint it names must be one
 * of that customer's (2 naming the field). Lists and details carry the customer's name.
 */
export const recordHooks = (db: Database, archives: CrudService): CrudHooks => ({
  async beforeSave(values, { request, existing }) {
    const archiveId = Number(values.archive_id ?? existing?.archive_id);
    const archive = await archives.findInScope(request, archiveId);
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
    return { ...values, sys_sn: archive.sys_sn } as Row;
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
    for (const row of rows) row.customer_name = names.get(Number(row.archive_id)) ?? '';
  },
});

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { CrudHooks, Row } from '../core/crud/factory';
import { escapeLike } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaints, componentHistory, installerCompanies, systems } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import type { Column } from '../monitoring/exports/xlsx';
import { assertNotMoving } from './components';

/**
 * The rules of a maintenance record (resources/maintenanceRecords.ts) beyond its declaration: it names a system (the
 * engine checks its scope; 9 for an S/N no system has; 85 while it is being moved), its day lies not ahead, a complaint it answers is one of that
 * system's (2 naming the field). The list filters by a part of the installer company's name; answers carry the
 * company and the parts the record replaced (the component history naming it).
 */

const bad = (field: string, why: string) => new ApiError(Code.PARAM_ERROR, `Parameter error: ${field} (${why})`, { data: { field } });

export const maintenanceHooks = (db: Database): CrudHooks => ({
  async beforeSave(values, { existing, now }) {
    const [system] = await db
      .select({ sysSn: systems.sysSn })
      .from(systems)
      .where(sql`lower(${systems.sysSn}) = lower(${String(values.sys_sn ?? existing?.sys_sn)})`)
      .limit(1);
    if (!system) throw new ApiError(Code.NO_SYSTEM_FOR_SN, undefined, { data: { field: 'sys_sn' } });
    await assertNotMoving(db, system.sysSn);
    if (String(values.performed_on) > now.toISOString().slice(0, 10)) throw bad('performed_on', 'in the future');
    const complaintId = values.complaint_id;
    if (complaintId !== undefined && complaintId !== null) {
      const [own] = await db
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.id, Number(complaintId)), eq(complaints.sys_sn, system.sysSn)))
        .limit(1);
      if (!own) throw bad('complaint_id', 'not a complaint of this system');
    }
    return { ...values, sys_sn: system.sysSn } as Row;
  },
  listWhere(_actor, body) {
    const installer = typeof body.installer === 'string' ? body.installer.trim() : '';
    if (!installer) return undefined;
    return sql`sys_sn IN (SELECT ${systems.sysSn} FROM ${systems} JOIN ${installerCompanies} ON ${installerCompanies.id} = ${systems.installerCompanyId} WHERE ${installerCompanies.name} ILIKE ${`%${escapeLike(installer)}%`})`;
  },
  async expand(rows) {
    const sns = [...new Set(rows.map((row) => String(row.sys_sn)))];
    if (sns.length === 0) return;
    const companies = await db
      .select({ sn: systems.sysSn, company: installerCompanies.name })
      .from(systems)
      .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
      .where(inArray(systems.sysSn, sns));
    const companyOf = new Map(companies.map((row) => [row.sn, row.company ?? '']));
    const swaps = await db
      .select()
      .from(componentHistory)
      .where(
        inArray(
          componentHistory.maintenance_record_id,
          rows.map((row) => Number(row.id)),
        ),
      )
      .orderBy(asc(componentHistory.changed_at), asc(componentHistory.id));
    for (const row of rows) {
      row.installer_company = companyOf.get(String(row.sys_sn)) ?? '';
      row.parts_replaced = swaps
        .filter((swap) => swap.maintenance_record_id === row.id)
        .map((swap) => `${swap.kind}: ${swap.old_sn} → ${swap.new_sn}`)
        .join('\n');
    }
  },
});

/** The export's columns: the list's columns, in its order, headed in the reader's language. */
export function maintenanceColumns(t: (key: string) => string): Column<Row>[] {
  const text = (field: string, width?: number): Column<Row> => ({
    header: t(`records:sysMaintenanceRecordsCheck.fields.${field}`),
    value: (row) => (row[field] === null || row[field] === undefined ? '' : String(row[field])),
    width,
  });
  return [
    text('sys_sn', 18),
    text('performed_on', 12),
    text('performed_time', 8),
    { ...text('kind', 10), value: (row) => t(`records:sysMaintenanceRecordsCheck.options.kind.${String(row.kind)}`) },
    text('engineer', 18),
    text('installer_company', 22),
    text('remarks', 50),
    text('work_done', 40),
    text('firmware_before', 14),
    text('firmware_after', 14),
    text('complaint_id', 10),
    text('alarm_ref', 14),
    text('parts_replaced', 40),
  ];
}

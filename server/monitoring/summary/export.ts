import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes';
import type { SummaryRow, SummarySearch } from '../../../contract/summary';
import type { Actor } from '../../core/auth/actor';
import type { Database } from '../../core/db';
import type { FileAnswer } from '../../core/http/endpoint';
import { ApiError } from '../../core/http/envelope';
import { declareReportKind } from '../../reports/kinds';
import { exportTexts } from '../exports/texts';
import { localTime, xlsxBuffer, type Column } from '../exports/xlsx';
import { summaryAll } from './service';

const FILE_NAME = 'system-summary.xlsx';

/** The summary's columns in the language of `t`: the list's, in its order. */
export function summaryColumns(t: TFunction): Column<SummaryRow>[] {
  const h = (key: string) => t(`monitoring:summary.columns.${key}`);
  const status = (value: string | null) => t(`monitoring:status.${value ?? 'unknown'}`);
  return [
    { header: h('sys_sn'), value: (r) => r.sys_sn, width: 22 },
    { header: h('sys_name'), value: (r) => r.sys_name, width: 24 },
    { header: h('minv'), value: (r) => r.minv, width: 18 },
    { header: `${h('popv')} (kW)`, value: (r) => r.popv },
    { header: `${h('poinv')} (kW)`, value: (r) => r.poinv },
    { header: `${h('cobat')} (kWh)`, value: (r) => r.cobat },
    { header: h('inverter_fw'), value: (r) => r.inverter_fw },
    { header: h('battery_fw'), value: (r) => r.battery_fw },
    { header: h('meter_fw'), value: (r) => r.meter_fw },
    { header: h('ems_fw'), value: (r) => r.ems_fw },
    { header: h('ems_status'), value: (r) => status(r.ems_status) },
    { header: h('installer'), value: (r) => r.installer, width: 24 },
    { header: h('customer'), value: (r) => r.customer, width: 20 },
    { header: h('country_code'), value: (r) => r.country_code },
    { header: h('city'), value: (r) => r.city, width: 16 },
    { header: h('commissioned_on'), value: (r) => r.commissioned_on },
    { header: t('warranty:summary.warranty_end'), value: (r) => r.warranty_end },
    { header: h('last_seen_at'), value: (r) => localTime(r.last_seen_at, r.time_zone), width: 18 },
    { header: h('open_faults'), value: (r) => r.open_faults },
    { header: h('worst_fault_level'), value: (r) => (r.worst_fault_level === null ? null : status(r.worst_fault_level)) },
    { header: h('open_complaints'), value: (r) => r.open_complaints },
  ];
}

function workbook(t: TFunction, rows: SummaryRow[]): Promise<Buffer> {
  if (rows.length === 0) throw new ApiError(Code.NO_DATA);
  return xlsxBuffer(t('monitoring:summary.sheet'), summaryColumns(t), rows);
}

/** The summary made in the background (server/reports): the same file as the direct export, in the asker's scope now. */
export const summaryReport = declareReportKind<SummarySearch>({
  name: 'systemSummary',
  permission: { subject: 'systemSummary', action: 'export' },
  fileName: () => FILE_NAME,
  async produce({ db, user, t, now }, search) {
    return workbook(t, await summaryAll(db, user, search, now));
  },
});

/** The summary's file made now from rows already read, in the caller's language. */
export async function summaryFile(db: Database, actor: Pick<Actor, 'id'>, rows: SummaryRow[]): Promise<FileAnswer> {
  return { name: FILE_NAME, bytes: await workbook(await exportTexts(db, actor), rows) };
}

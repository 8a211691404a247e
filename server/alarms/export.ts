import type { TFunction } from 'i18next';
import { Code } from '../../contract/codes';
import type { AlarmRow, AlarmSearch } from '../../contract/alarms';
import { faultTitle } from '../../contract/fault-codes';
import type { Actor } from '../core/auth/actor';
import type { Database } from '../core/db';
import type { FileAnswer } from '../core/http/endpoint';
import { ApiError } from '../core/http/envelope';
import { exportTexts } from '../monitoring/exports/texts';
import { localTime, xlsxBuffer, type Column } from '../monitoring/exports/xlsx';
import { declareReportKind } from '../reports/kinds';
import { alarmRows } from './service';

const FILE_NAME = 'fault-list.xlsx';

/** The fault list's columns in the language of `t`: the screen's, in its order, with the catalogue's titles. */
export function alarmColumns(t: TFunction): Column<AlarmRow>[] {
  const h = (key: string) => t(`alarms:columns.${key}`);
  return [
    { header: h('severity'), value: (r) => t(`alarms:severity.${r.severity}`) },
    { header: h('state'), value: (r) => t(`alarms:state.${r.state}`) },
    { header: h('sys_sn'), value: (r) => r.sys_sn, width: 20 },
    { header: h('sys_name'), value: (r) => r.sys_name, width: 22 },
    { header: h('model'), value: (r) => r.model, width: 16 },
    { header: h('code'), value: (r) => r.code },
    { header: h('fault'), value: (r) => faultTitle(t, r), width: 36 },
    { header: h('component'), value: (r) => t(`alarms:component.${r.component}`) },
    { header: h('first_seen_at'), value: (r) => localTime(r.first_seen_at, r.time_zone), width: 18 },
    { header: h('last_seen_at'), value: (r) => localTime(r.last_seen_at, r.time_zone), width: 18 },
    { header: h('occurrences'), value: (r) => r.occurrences },
    { header: h('cleared_at'), value: (r) => localTime(r.cleared_at, r.time_zone), width: 18 },
    {
      header: h('acknowledged'),
      value: (r) => (r.acknowledged_by ? `${r.acknowledged_by} ${localTime(r.acknowledged_at, r.time_zone)}` : null),
      width: 22,
    },
    { header: h('assignee'), value: (r) => r.assignee, width: 18 },
    { header: h('country_code'), value: (r) => r.country_code },
    { header: h('installer'), value: (r) => r.installer, width: 24 },
  ];
}

function workbook(t: TFunction, rows: AlarmRow[]): Promise<Buffer> {
  if (rows.length === 0) throw new ApiError(Code.NO_DATA);
  return xlsxBuffer(t('alarms:sheet'), alarmColumns(t), rows);
}

/** The fault list made in the background (server/reports): the same file, in the asker's scope when the job runs. */
export const alarmReport = declareReportKind<AlarmSearch>({
  name: 'faultList',
  permission: { subject: 'alarm', action: 'export' },
  fileName: () => FILE_NAME,
  async produce({ db, user, t, now }, search) {
    return workbook(t, await alarmRows(db, user, search, now));
  },
});

/** The fault list's file made now from rows already read, in the caller's language. */
export async function alarmFile(db: Database, actor: Pick<Actor, 'id'>, rows: AlarmRow[]): Promise<FileAnswer> {
  return { name: FILE_NAME, bytes: await workbook(await exportTexts(db, actor), rows) };
}

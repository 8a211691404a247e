import type { TFunction } from 'i18next';
import type { Row } from '../core/crud/factory';
import type { Column } from '../monitoring/exports/xlsx';

/** The archive list's columns in the sheet: every field of spec §3's customer file, headed as the screen heads them. */
const EXPORTED = [
  'name',
  'contact',
  'phone',
  'email',
  'address',
  'area',
  'country',
  'state',
  'city',
  'postcode',
  'remarks',
  'complaint_count',
  'installer_company',
  'installer_contact',
  'installer_phone',
  'installer_email',
  'installer_address',
  'installer_remark',
  'license',
  'sys_sn',
  'inverter_sn',
  'battery_model',
] as const;

export function archiveColumns(t: TFunction): Column<Row>[] {
  return EXPORTED.map((field) => ({
    header: t(`archives:customerArchives.fields.${field}`),
    value: (row: Row) => {
      const value = row[field];
      return typeof value === 'number' ? value : value === null || value === undefined ? '' : String(value);
    },
    width: field === 'remarks' || field === 'address' ? 30 : 16,
  }));
}

import type { TFunction } from 'i18next';
import { countryLabel } from '../../contract/countries';
import type { Language } from '../../contract/languages';
import type { Row } from '../core/crud/factory';
import type { Column } from '../monitoring/exports/xlsx';
import { stateName } from '../reference/service';

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

/**
 * The sheet's columns for `rows`, read as the screen shows them: the country and state by their names in the
 * reader's language (the data set names states in English), not by the codes stored.
 */
export async function archiveColumns(t: TFunction, language: Language, rows: readonly Row[]): Promise<Column<Row>[]> {
  const states = new Map<string, string>();
  for (const row of rows) {
    const key = placeKey(row);
    if (key && !states.has(key)) states.set(key, await stateName(String(row.country), String(row.state), language));
  }
  return EXPORTED.map((field) => ({
    header: t(`archives:customerArchives.fields.${field}`),
    value: (row: Row) => {
      if (field === 'country' && row.country) return countryLabel(String(row.country), language);
      if (field === 'state' && placeKey(row)) return states.get(placeKey(row)!)!;
      const value = row[field];
      return typeof value === 'number' ? value : value === null || value === undefined ? '' : String(value);
    },
    width: field === 'remarks' || field === 'address' ? 30 : 16,
  }));
}

/** 'DE-BY' for a row with a country and a state, else undefined. */
function placeKey(row: Row): string | undefined {
  return row.country && row.state ? `${String(row.country)}-${String(row.state)}` : undefined;
}

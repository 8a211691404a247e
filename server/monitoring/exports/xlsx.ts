import ExcelJS from 'exceljs';
import { Code } from '../../../contract/codes';
import type { FileAnswer } from '../../core/http/endpoint';
import { ApiError } from '../../core/http/envelope';

/**
 * Exports (DESIGN §4): an xlsx with a content-disposition file name, or the envelope with code 8 when there
 * is nothing to export.
 */

export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null;
  width?: number;
}

/** The workbook of one sheet as bytes (the direct export sends it, a background one stores it: the same file). */
export async function xlsxBuffer<T>(sheetName: string, columns: Column<T>[], rows: T[], created?: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (created) {
    workbook.created = created;
    workbook.modified = created;
  }
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A download endpoint's answer: the sheet of these rows as an xlsx file; code 8 when there are none. */
export async function xlsxFile<T>(
  fileName: string,
  sheetName: string,
  columns: Column<T>[],
  rows: T[],
): Promise<FileAnswer & { bytes: Buffer }> {
  if (rows.length === 0) throw new ApiError(Code.NO_DATA);
  return { name: fileName, bytes: await xlsxBuffer(sheetName, columns, rows) };
}

/** The system's local time of an instant, as a sortable text ('2026-03-01 14:05'). */
export function localTime(iso: string | null, timeZone: string): string | null {
  if (iso === null) return null;
  return new Date(iso).toLocaleString('sv-SE', { timeZone, hour12: false }).slice(0, 16);
}

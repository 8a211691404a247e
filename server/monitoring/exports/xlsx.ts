import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Code } from '../../../contract/codes';
import { exportFileAnswer } from '../../../contract/monitoring';
import { ApiError } from '../../core/http/envelope';

/**
 * Exports (DESIGN §4): an xlsx with a content-disposition file name, or the envelope with code 8 when there
 * is nothing to export.
 */

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The answer part of an export route's schema: the xlsx file, under its media type in the OpenAPI document (the
 * JSON envelope with code 8 leaves through the error handler, as every refusal does, never through this schema).
 */
export const xlsxExport = { produces: [XLSX_MEDIA_TYPE], response: { 200: exportFileAnswer } };

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

export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: Column<T>[],
  rows: T[],
): Promise<FastifyReply> {
  if (rows.length === 0) throw new ApiError(Code.NO_DATA);
  const buffer = await xlsxBuffer(sheetName, columns, rows);
  return reply
    .header('content-type', XLSX_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(buffer);
}

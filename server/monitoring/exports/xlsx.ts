import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Code } from '../../../contract/codes';
import { exportFileAnswer } from '../../../contract/monitoring';
import { ApiError } from '../../core/http/envelope';

/**
 * Exports (DESIGN §4): an xlsx with a content-disposition file name, or the envelope with code 8 when there
 * is nothing to export.
 */

const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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

export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: Column<T>[],
  rows: T[],
): Promise<FastifyReply> {
  if (rows.length === 0) throw new ApiError(Code.NO_DATA);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(buffer);
}

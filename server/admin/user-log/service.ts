import ExcelJS from 'exceljs';
import { Code } from '../../../contract/codes';
import type { Row } from '../../core/crud/factory';
import { ApiError } from '../../core/http/envelope';

const EXPORT_LIMIT = 50_000;

/** The audit trail's rows (as its generated list answers them) as an xlsx workbook. */
export async function userLogWorkbook(rows: readonly Row[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('User log');
  sheet.columns = [
    { header: 'Time (UTC)', key: 'created_at', width: 22 },
    { header: 'User', key: 'username', width: 18 },
    { header: 'Action', key: 'action', width: 28 },
    { header: 'Record', key: 'target', width: 30 },
    { header: 'Address', key: 'ip', width: 16 },
    { header: 'Detail', key: 'detail', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      ...row,
      created_at: String(row.created_at).replace('T', ' ').slice(0, 19),
      detail: row.detail ? JSON.stringify(row.detail) : '',
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The export of the audit trail: the rows the list answers for `filters` (its filters and order, up to 50,000 rows,
 * read by `list`) as the day's workbook; 8 when there are none.
 */
export async function userLogExport(
  list: (body: Row) => Promise<{ data: Row[] }>,
  filters: Row,
  now: Date,
): Promise<{ name: string; bytes: Buffer }> {
  const { data } = await list({ ...filters, pageIndex: 1, pageSize: EXPORT_LIMIT });
  if (data.length === 0) throw new ApiError(Code.NO_DATA);
  return { name: `user-log-${now.toISOString().slice(0, 10)}.xlsx`, bytes: await userLogWorkbook(data) };
}

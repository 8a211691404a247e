import ExcelJS from 'exceljs';
import type { Row } from '../../core/crud/factory';

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

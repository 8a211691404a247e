import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest, tableDigests } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const sn = (over: Record<string, unknown> = {}) => ({
  sn: 'ESS2026A0001',
  check_code: 'A1B2C3',
  product_type: 'system',
  model: 'ESS-10K',
  production_date: '2026-01-15',
  state: 'free',
  ...over,
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('SN');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string) {
  const boundary = '----essboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('snManagement', () => {
  it('creates (upper-cased), lists, filters, updates and deletes; audited', async () => {
    const admin = await tokens.of('sncreator');
    const created = await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ess2026a0001' }), admin);
    expect(created).toMatchObject({ sn: 'ESS2026A0001', created_by: 'sncreator', state: 'free' });
    await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026A0002', product_type: 'battery' }), admin);
    const batteries = await expectOk(t, '/api/SN/GetSnPageList', { pageIndex: 1, pageSize: 10, product_type: 'battery' }, admin);
    expect(batteries.data.map((r: any) => r.sn)).toEqual(['ESS2026A0002']);
    const bySn = await expectOk(t, '/api/SN/GetSnPageList', { sn: 'a0001' }, admin);
    expect(bySn.dataCount).toBe(1);
    await expectOk(t, '/api/SN/SaveSn', { ...sn({ model: 'ESS-12K' }), id: created.id }, admin);
    await expectOk(t, '/api/SN/DeleteSn', { id: created.id }, admin);
    expect((await auditRows(t, 'snManagement.create')).length).toBe(2);
    expect((await auditRows(t, 'snManagement.update')).length).toBe(1);
    expect((await auditRows(t, 'snManagement.delete')).length).toBe(1);
  });

  it('25 S/N required, 61 S/N error, 52 S/N exists, 2 / 3 for the other fields, 18 unknown; nothing changed', async () => {
    const admin = await tokens.of('admin');
    await expectOk(t, '/api/SN/SaveSn', sn(), admin);
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: '' }), admin, 25);
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: undefined }), admin, 25);
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: 'ESS-1' }), admin, 61);
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: 'ess2026a0001' }), admin, 52);
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026A0009', check_code: '' }), admin, 3, 'check_code');
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026A0009', check_code: 'x!' }), admin, 2, 'check_code');
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026A0009', state: 'lost' }), admin, 2, 'state');
    await expectRejected(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026A0009', production_date: 'yesterday' }), admin, 2, 'production_date');
    await expectRejected(t, '/api/SN/GetSn', { id: 77 }, admin, 18);
    await expectRejected(t, '/api/SN/DeleteSn', { id: 77 }, admin, 18);
  });

  it('22 installed and 85 moving keep their number and cannot be deleted; CheckSn answers 25, 61, 18, 21, 22, 85, 105', async () => {
    const admin = await tokens.of('admin');
    const installed = await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026I0001', state: 'installed' }), admin);
    const moving = await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026M0001', state: 'moving' }), admin);
    await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026B0001', state: 'banned' }), admin);
    await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026F0001' }), admin);
    await expectRejected(t, '/api/SN/DeleteSn', { id: installed.id }, admin, 22);
    await expectRejected(t, '/api/SN/DeleteSn', { id: moving.id }, admin, 85);
    await expectRejected(t, '/api/SN/SaveSn', { ...sn({ sn: 'ESS2026I0002', state: 'installed' }), id: installed.id }, admin, 22);
    await expectRejected(t, '/api/SN/SaveSn', { ...sn({ sn: 'ESS2026M0002', state: 'moving' }), id: moving.id }, admin, 85);
    await expectRejected(t, '/api/SN/CheckSn', {}, admin, 25);
    await expectRejected(t, '/api/SN/CheckSn', { sn: 'bad' }, admin, 61);
    await expectRejected(t, '/api/SN/CheckSn', { sn: 'ESS2026X0001', check_code: 'A1B2C3' }, admin, 18);
    await expectRejected(t, '/api/SN/CheckSn', { sn: 'ESS2026F0001', check_code: 'ZZZZ' }, admin, 21);
    await expectRejected(t, '/api/SN/CheckSn', { sn: 'ESS2026I0001', check_code: 'a1b2c3' }, admin, 22);
    await expectRejected(t, '/api/SN/CheckSn', { sn: 'ESS2026M0001', check_code: 'A1B2C3' }, admin, 85);
    const banned = await expectRejected(t, '/api/SN/CheckSn', { sn: 'ESS2026B0001', check_code: 'A1B2C3' }, admin, 105);
    expect(banned.info).toContain('ESS2026B0001');
    expect(await expectOk(t, '/api/SN/CheckSn', { sn: 'ess2026f0001', check_code: 'A1B2C3' }, admin)).toMatchObject({ sn: 'ESS2026F0001' });
  });

  it('imports an xlsx sheet with a result per row; bad files answer 34 / 95', async () => {
    const admin = await tokens.of('admin');
    await expectOk(t, '/api/SN/SaveSn', sn({ sn: 'ESS2026E0001' }), admin);
    const file = await xlsx([
      ['sn', 'check_code', 'product_type', 'model', 'production_date', 'state'],
      ['ESS2026N0001', 'AB12', 'battery', 'HV-5', '2026-02-01', ''],
      ['ESS2026N0002', 'AB13', 'inverter', 'INV-8', new Date(Date.UTC(2026, 1, 2)), 'free'],
      ['ESS2026E0001', 'AB14', 'system', '', '2026-02-03', ''],
      ['', 'AB15', 'system', '', '2026-02-03', ''],
      ['BAD', 'AB16', 'system', '', '2026-02-03', ''],
      ['ESS2026N0001', 'AB17', 'system', '', '2026-02-03', ''],
      ['ESS2026N0003', 'AB18', 'fridge', '', '2026-02-03', ''],
    ]);
    const response = await t.inject({
      method: 'POST',
      url: '/api/SN/ImportSn',
      ...multipart(file, 'sns.xlsx'),
      headers: { ...multipart(file, 'sns.xlsx').headers, authorization: `Bearer ${admin}` },
    });
    const body = response.json();
    expect(body.code, body.info).toBe(200);
    expect(body.data).toMatchObject({ total: 7, created: 2, failed: 5 });
    expect(body.data.rows.map((r: any) => r.code)).toEqual([200, 200, 52, 25, 61, 52, 2]);
    const list = await expectOk(t, '/api/SN/GetSnPageList', { pageSize: 50 }, admin);
    expect(list.dataCount).toBe(3);
    // One audit row per S/N created, naming its record, the file and the sheet row; none for the refused rows.
    const audit = await auditRows(t, 'snManagement.import');
    const byId = new Map(list.data.map((r: any) => [`snManagement:${r.id}`, r.sn]));
    expect(audit.map((a) => byId.get(a.target)).sort()).toEqual(['ESS2026N0001', 'ESS2026N0002']);
    expect(audit.map((a) => a.detail).sort((a: any, b: any) => a.row - b.row)).toMatchObject([
      { file: 'sns.xlsx', row: 2, after: { sn: 'ESS2026N0001', created_by: 'admin' } },
      { file: 'sns.xlsx', row: 3, after: { sn: 'ESS2026N0002', created_by: 'admin' } },
    ]);
    expect(audit.every((a) => a.username === 'admin')).toBe(true);

    const customerToken = await tokens.of('customer');
    const before = await tableDigests(t);
    const notXlsx = multipart(Buffer.from('MZ this is not a sheet'), 'evil.xlsx');
    const bad = await t.inject({
      method: 'POST',
      url: '/api/SN/ImportSn',
      payload: notXlsx.payload,
      headers: { ...notXlsx.headers, authorization: `Bearer ${admin}` },
    });
    expect(bad.json().code).toBe(95);
    const empty = multipart(Buffer.alloc(0), 'empty.xlsx');
    const none = await t.inject({
      method: 'POST',
      url: '/api/SN/ImportSn',
      payload: empty.payload,
      headers: { ...empty.headers, authorization: `Bearer ${admin}` },
    });
    expect(none.json().code).toBe(34);
    expect(await tableDigests(t)).toEqual(before);
    // A role without the S/N registry: 45, nothing imported.
    const refused = multipart(await xlsx([['sn'], ['ESS2026R0001']]), 'sns.xlsx');
    const customer = await t.inject({
      method: 'POST',
      url: '/api/SN/ImportSn',
      payload: refused.payload,
      headers: { ...refused.headers, authorization: `Bearer ${customerToken}` },
    });
    expect(customer.json().code).toBe(45);
    expect(await tableDigests(t)).toEqual(before);
    const template = await t.inject({ method: 'POST', url: '/api/SN/GetSnImportTemplate', headers: { authorization: `Bearer ${admin}` } });
    expect(template.headers['content-disposition']).toContain('sn-import-template.xlsx');
  });
});

import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import { multipart, PNG } from '../crud/attach-helpers';
import { insertComplaint, systemsOf } from '../complaints/samples';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * Maintenance records (GetMaintenancePageList, GetMaintenance, SaveMaintenance, ExportMaintenance): the good paths,
 * 66 for a missing time or remarks and the other rules with nothing changed, the row scope (service partners their
 * systems, 45 outside and for roles without the records), parts replaced through UpdateSystemSN naming the record
 * with their history, the fleet list's filters and order, and the export holding exactly the list's rows.
 */
const LIST = '/api/ESSMainTain/GetMaintenancePageList';
const ONE = '/api/ESSMainTain/GetMaintenance';
const SAVE = '/api/ESSMainTain/SaveMaintenance';
const EXPORT = '/api/ESSMainTain/ExportMaintenance';
const UPLOAD = '/api/ESSMainTain/UploadMaintenanceFile';
const DOWNLOAD = '/api/ESSMainTain/DownMaintenanceFile';
const UPDATE_SN = '/api/ESSMainTain/UpdateSystemSN';
const HISTORY = '/api/ESSMainTain/GetComponentHistory';

let t: TestApp;
const tokens: Record<string, string> = {};
let spSn: string;
let outsideSpSn: string;

function visit(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sys_sn: spSn,
    performed_on: '2026-02-20',
    performed_time: '09:30',
    kind: 'visit',
    engineer: 'Lukas Brandt',
    remarks: 'Battery module 2 reported a cell imbalance',
    work_done: 'Module swapped, system restarted',
    firmware_before: 'BMS 1.4.2',
    firmware_after: 'BMS 1.5.0',
    alarm_ref: 'BMS-0x21',
    ...overrides,
  };
}

async function exportRows(body: Record<string, unknown>, token: string): Promise<string[][]> {
  const response = await t.inject({ method: 'POST', url: EXPORT, headers: { authorization: `Bearer ${token}` }, payload: body });
  expect(response.headers['content-type']).toContain('spreadsheetml');
  expect(String(response.headers['content-disposition'])).toMatch(/maintenance-records-2026-03-02\.xlsx/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as never);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['admin', 'servicer', 'installer', 'reseller', 'servicepartner', 'customer', 'sharer', 'supplier', 'vppmanager'])
    tokens[role] = (await t.login(role)).AccessToken;
  ({ inside: spSn, outside: outsideSpSn } = (await systemsOf(t, 'servicepartner')) as { inside: string; outside: string });
  await t.db.execute(sql`CREATE TABLE seeded_components AS SELECT id, sn, model FROM system_components`);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE maintenance_records, component_history, sn_registry, complaints RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM uploads`);
  await t.db.execute(sql`UPDATE system_components c SET sn = o.sn, model = o.model FROM seeded_components o WHERE o.id = c.id`);
});

describe('a maintenance record', () => {
  it('staff record a visit answering a complaint; the detail carries the installer company', async () => {
    const complaint = await insertComplaint(t, spSn, 'processing');
    const saved = await expectOk(t, SAVE, visit({ complaint_id: complaint }), tokens.servicer!);
    expect(saved).toMatchObject({ sys_sn: spSn, kind: 'visit', complaint_id: complaint, created_by: 'servicer', alarm_ref: 'BMS-0x21' });
    const one = await expectOk(t, ONE, { id: saved.id }, tokens.servicer!);
    expect(one.installer_company).not.toBe('');
    expect(one.parts_replaced).toBe('');
    const edited = await expectOk(t, SAVE, { ...visit(), id: saved.id, remarks: 'Cell imbalance, module 2' }, tokens.servicer!);
    expect(edited.remarks).toBe('Cell imbalance, module 2');
  });

  it('the service partner records on the systems it serves and reads them; another system answers 45', async () => {
    const saved = await expectOk(t, SAVE, visit({ kind: 'remote', engineer: 'servicepartner' }), tokens.servicepartner!);
    expect((await expectOk(t, ONE, { id: saved.id }, tokens.servicepartner!)).kind).toBe('remote');
    await expectRejected(t, SAVE, visit({ sys_sn: outsideSpSn }), tokens.servicepartner!, 45);
    const other = await expectOk(t, SAVE, visit({ sys_sn: outsideSpSn }), tokens.servicer!);
    await expectRejected(t, ONE, { id: other.id }, tokens.servicepartner!, 45);
    await expectRejected(t, SAVE, { ...visit({ sys_sn: outsideSpSn }), id: other.id }, tokens.servicepartner!, 45);
    const list = await expectOk(t, LIST, { pageIndex: 1, pageSize: 50 }, tokens.servicepartner!);
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([saved.id]);
  });

  it.each([
    ['performed_time', { performed_time: '' }, 66],
    ['performed_time', { performed_time: undefined }, 66],
    ['remarks', { remarks: ' ' }, 66],
    ['remarks', { remarks: undefined }, 66],
    ['performed_on', { performed_on: undefined }, 66],
    ['performed_time', { performed_time: '25:00' }, 2],
    ['performed_on', { performed_on: '2026-03-03' }, 2],
    ['kind', { kind: 'phone' }, 2],
    ['engineer', { engineer: '' }, 3],
    ['remarks', { remarks: 'x'.repeat(2001) }, 2],
    ['firmware_after', { firmware_after: 'x'.repeat(65) }, 2],
    ['alarm_ref', { alarm_ref: 'x'.repeat(101) }, 2],
    ['sys_sn', { sys_sn: 'NOSUCHSYSTEM1' }, 9],
  ])('%s %j answers %i and writes nothing', async (field, change, code) => {
    await expectRejected(t, SAVE, visit(change), tokens.servicer!, code, field);
  });

  it('a system whose S/N is being moved answers 85 and nothing is written', async () => {
    await t.db.execute(sql`INSERT INTO sn_registry (sn, check_code, product_type, model, production_date, state)
                           VALUES (${spSn}, 'SYS111', 'system', '', '2024-01-05', 'moving')`);
    await expectRejected(t, SAVE, visit(), tokens.servicer!, 85);
  });

  it('a complaint of another system answers 2 naming the field', async () => {
    const elsewhere = await insertComplaint(t, outsideSpSn, 'processing');
    await expectRejected(t, SAVE, visit({ complaint_id: elsewhere }), tokens.servicer!, 2, 'complaint_id');
  });

  it.each(['installer', 'customer', 'sharer', 'supplier', 'vppmanager'])('%s gets 45 on every call', async (role) => {
    const saved = await expectOk(t, SAVE, visit(), tokens.servicer!);
    await expectRejected(t, LIST, { pageIndex: 1, pageSize: 20 }, tokens[role]!, 45);
    await expectRejected(t, ONE, { id: saved.id }, tokens[role]!, 45);
    await expectRejected(t, SAVE, visit(), tokens[role]!, 45);
    await expectRejected(t, EXPORT, {}, tokens[role]!, 45);
    await expectRejected(t, DOWNLOAD, { id: 1 }, tokens[role]!, 45);
    const form = multipart([
      { name: 'field', value: 'photos' },
      { name: 'file', filename: 'site.png', content: PNG },
    ]);
    const uploaded = await t.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...form.headers, authorization: `Bearer ${tokens[role]}` },
      payload: form.payload,
    });
    expect(uploaded.json().code).toBe(45);
  });

  it('a photo of a visit uploads, is saved with it and downloads for the staff and the service partner of the system', async () => {
    const form = multipart([
      { name: 'field', value: 'photos' },
      { name: 'file', filename: 'module-2.png', content: PNG },
    ]);
    const uploaded = (
      await t.inject({
        method: 'POST',
        url: UPLOAD,
        headers: { ...form.headers, authorization: `Bearer ${tokens.servicepartner}` },
        payload: form.payload,
      })
    ).json();
    expect(uploaded.code, uploaded.info).toBe(200);
    const saved = await expectOk(t, SAVE, visit({ photos: [uploaded.data.id] }), tokens.servicepartner!);
    expect((await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)).photos).toEqual([
      expect.objectContaining({ id: uploaded.data.id, name: 'module-2.png' }),
    ]);
    for (const role of ['servicer', 'servicepartner']) {
      const file = await t.inject({
        method: 'POST',
        url: DOWNLOAD,
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: { id: uploaded.data.id },
      });
      expect(String(file.headers['content-disposition'])).toContain('module-2.png');
    }
    await t.db.execute(sql`UPDATE maintenance_records SET sys_sn = ${outsideSpSn} WHERE id = ${saved.id}`);
    await expectRejected(t, DOWNLOAD, { id: uploaded.data.id }, tokens.servicepartner!, 45);
  });
});

describe('parts replaced', () => {
  it('a swap naming the record updates the component and shows on the record and in the history', async () => {
    const [battery] = await queryRows<{ sn: string }>(
      t.db,
      sql`SELECT c.sn FROM system_components c JOIN systems s ON s.id = c.system_id WHERE s.sys_sn = ${spSn} AND c.kind = 'battery' ORDER BY c.sn LIMIT 1`,
    );
    await t.db.execute(sql`INSERT INTO sn_registry (sn, check_code, product_type, model, production_date, state) VALUES
      (${battery!.sn}, 'OLD111', 'battery', 'B-10', '2024-01-05', 'installed'),
      ('BAT2026SWAP001', 'NEW222', 'battery', 'B-10', '2026-01-05', 'free')`);
    const saved = await expectOk(t, SAVE, visit(), tokens.servicepartner!);
    // The service partner may swap as part of its record (no installation edit window applies to maintenance).
    const swap = await expectOk(
      t,
      UPDATE_SN,
      { sysSn: spSn, oldSn: battery!.sn, newSn: 'BAT2026SWAP001', checkCode: 'NEW222', reason: 'Cell imbalance', maintenanceId: saved.id },
      tokens.servicepartner!,
    );
    expect(swap).toMatchObject({ maintenance_record_id: saved.id, old_sn: battery!.sn, new_sn: 'BAT2026SWAP001', old_sn_state: 'banned' });
    const one = await expectOk(t, ONE, { id: saved.id }, tokens.servicer!);
    expect(one.parts_replaced).toBe(`battery: ${battery!.sn} → BAT2026SWAP001`);
    expect(await expectOk(t, HISTORY, { sysSn: spSn, maintenanceId: saved.id }, tokens.servicepartner!)).toEqual([swap]);
    const [component] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM system_components WHERE sn = 'BAT2026SWAP001'`,
    );
    expect(component!.n).toBe(1);
    // Without a record the service partner may not swap: that changes the installation.
    await t.db.execute(
      sql`INSERT INTO sn_registry (sn, check_code, product_type, model, production_date, state) VALUES ('BAT2026SWAP002', 'NEW333', 'battery', 'B-10', '2026-01-05', 'free')`,
    );
    await expectRejected(
      t,
      UPDATE_SN,
      { sysSn: spSn, oldSn: 'BAT2026SWAP001', newSn: 'BAT2026SWAP002', checkCode: 'NEW333', reason: 'again' },
      tokens.servicepartner!,
      45,
    );
  });

  it('a record of another system answers 2; a record outside the scope 45', async () => {
    const here = await expectOk(t, SAVE, visit(), tokens.servicer!);
    const there = await expectOk(t, SAVE, visit({ sys_sn: outsideSpSn }), tokens.servicer!);
    const body = { sysSn: outsideSpSn, oldSn: 'ANY', newSn: 'BAT2026SWAP001', checkCode: 'NEW222', reason: 'r', maintenanceId: here.id };
    await expectRejected(t, UPDATE_SN, body, tokens.servicer!, 2, 'maintenanceId');
    await expectRejected(t, UPDATE_SN, { ...body, sysSn: spSn, maintenanceId: there.id }, tokens.servicepartner!, 45);
  });
});

describe('the fleet list and its export', () => {
  beforeEach(async () => {
    await expectOk(t, SAVE, visit({ performed_on: '2026-01-10', engineer: 'Anna Kurz', kind: 'remote' }), tokens.servicer!);
    await expectOk(t, SAVE, visit({ performed_on: '2026-02-05', engineer: 'Lukas Brandt' }), tokens.servicer!);
    await expectOk(t, SAVE, visit({ sys_sn: outsideSpSn, performed_on: '2026-02-15', engineer: 'Lukas Brandt' }), tokens.servicer!);
    await expectOk(
      t,
      SAVE,
      visit({ sys_sn: outsideSpSn, performed_on: '2025-12-01', engineer: 'Mia Roth', kind: 'remote' }),
      tokens.servicer!,
    );
  });

  it('filters by S/N, period, kind, engineer and installer, and sorts', async () => {
    const page = (body: Record<string, unknown>) => expectOk(t, LIST, { pageIndex: 1, pageSize: 50, ...body }, tokens.servicer!);
    expect((await page({})).data.map((r: { performed_on: string }) => r.performed_on)).toEqual([
      '2026-02-15',
      '2026-02-05',
      '2026-01-10',
      '2025-12-01',
    ]);
    expect((await page({ sys_sn: spSn })).dataCount).toBe(2);
    expect((await page({ performed_on: ['2026-01-01', '2026-02-10'] })).dataCount).toBe(2);
    expect((await page({ kind: 'remote' })).dataCount).toBe(2);
    expect((await page({ engineer: 'lukas' })).dataCount).toBe(2);
    const [company] = await queryRows<{ name: string }>(
      t.db,
      sql`SELECT ic.name FROM systems s JOIN installer_companies ic ON ic.id = s.installer_company_id WHERE s.sys_sn = ${spSn}`,
    );
    const byInstaller = await page({ installer: company!.name.slice(0, 6) });
    expect(
      byInstaller.data.every(
        (r: { sys_sn: string; installer_company: string }) => r.sys_sn === spSn || r.installer_company === company!.name,
      ),
    ).toBe(true);
    expect(byInstaller.dataCount).toBeGreaterThanOrEqual(2);
    const sorted = await page({ sort: [{ field: 'engineer', order: 'asc' }] });
    expect(sorted.data.map((r: { engineer: string }) => r.engineer)).toEqual(['Anna Kurz', 'Lukas Brandt', 'Lukas Brandt', 'Mia Roth']);
    await expectRejected(t, LIST, { pageIndex: 1, pageSize: 50, sort: [{ field: 'remarks', order: 'asc' }] }, tokens.servicer!, 2);
    await expectRejected(t, LIST, { pageIndex: 1, pageSize: 50, engineer: 'x'.repeat(500) }, tokens.servicer!, 2);
  });

  it.each([
    ['every record', {}],
    ['one engineer, sorted by S/N', { engineer: 'Lukas', sort: [{ field: 'sys_sn', order: 'asc' }] }],
    ['a period of remote interventions', { kind: 'remote', performed_on: ['2025-01-01', '2026-12-31'] }],
  ])('the export of %s holds the list’s rows and figures in its order', async (_name, filters) => {
    const list = await expectOk(t, LIST, { pageIndex: 1, pageSize: 50, ...filters }, tokens.servicer!);
    const rows = await exportRows(filters, tokens.servicer!);
    expect(rows[0]).toEqual(expect.arrayContaining(['System S/N', 'Date', 'Time', 'Engineer', 'Remarks', 'Parts replaced']));
    const body = rows.slice(1);
    expect(body.length).toBe(list.dataCount);
    expect(body.map((row) => [row[0], row[1], row[2], row[4], row[6], row[8], row[9]])).toEqual(
      list.data.map((r: Record<string, string>) => [
        r.sys_sn,
        r.performed_on,
        r.performed_time,
        r.engineer,
        r.remarks,
        r.firmware_before,
        r.firmware_after,
      ]),
    );
    expect(body.map((row) => row[3])).toEqual(
      list.data.map((r: { kind: string }) => (r.kind === 'visit' ? 'Visit on site' : 'Remote intervention')),
    );
  });

  it('a reseller’s export holds its scope only, the service partner (no screen) has none (45); an empty search answers 8', async () => {
    const resellerSn = (await systemsOf(t, 'reseller')).inside!;
    await expectOk(t, SAVE, visit({ sys_sn: resellerSn, performed_on: '2026-03-01' }), tokens.servicer!);
    const list = await expectOk(t, LIST, { pageIndex: 1, pageSize: 50 }, tokens.reseller!);
    expect(list.dataCount).toBeGreaterThan(0);
    expect(list.dataCount).toBeLessThan(5);
    const rows = await exportRows({}, tokens.reseller!);
    expect(rows.slice(1).map((row) => row[0])).toEqual(list.data.map((r: { sys_sn: string }) => r.sys_sn));
    await expectRejected(t, EXPORT, {}, tokens.servicepartner!, 45);
    await expectRejected(t, EXPORT, { engineer: 'nobody' }, tokens.servicer!, 8);
  });
});

import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from '../monitoring/world';

/**
 * The system summary (sysSummaryInfo): one row per system in the caller's scope with its open faults and complaints,
 * filtered and sorted, and its xlsx export holding the list's rows.
 */

const LIST = '/api/Information/GetEssSummaryList';
const EXPORT = '/api/Information/ExportEssSummaryList';
const NO_PERMISSION = { code: 45, data: null, info: 'No permission' };

let t: TestApp;
/** Two systems of the installer's company: `faulty` gets known faults and complaints, `quiet` none. */
let faulty: { sn: string; customer: string };
let quiet: string;
let installerCompany: { id: number; name: string };

const at = (iso: string) => new Date(iso).toISOString();

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  [installerCompany] = (await queryRows<{ id: number; name: string }>(
    t.db,
    sql`SELECT c.id, c.name FROM users u JOIN installer_companies c ON c.id = u.installer_company_id WHERE u.username = 'installer'`,
  )) as [{ id: number; name: string }];
  const own = await queryRows<{ id: number; sys_sn: string }>(
    t.db,
    sql`SELECT id, sys_sn FROM systems WHERE installer_company_id = ${installerCompany.id} ORDER BY sys_sn LIMIT 2`,
  );
  expect(own).toHaveLength(2);
  // The customer user owns it (the installer's demo systems have no owner): whose name the summary shows.
  await t.db.execute(
    sql`UPDATE systems SET customer_user_id = (SELECT id FROM users WHERE username = 'customer') WHERE id = ${own[0]!.id}`,
  );
  const [owner] = await queryRows<{ name: string }>(
    t.db,
    sql`SELECT COALESCE(NULLIF(display_name, ''), username) AS name FROM users WHERE username = 'customer'`,
  );
  faulty = { sn: own[0]!.sys_sn, customer: owner!.name };
  quiet = own[1]!.sys_sn;
  const [a, b] = [own[0]!.id, own[1]!.id];
  await t.db.execute(sql`DELETE FROM system_faults WHERE system_id IN (${a}, ${b})`);
  await t.db.execute(sql`DELETE FROM complaints WHERE sys_sn IN (${faulty.sn}, ${quiet})`);
  // Two open faults (the worst a fault), one ended: 2 open, worst 'fault'.
  await t.db.execute(sql`INSERT INTO system_faults (system_id, code, level, description, started_at, ended_at) VALUES
    (${a}, 'W1', 'warning', 'w', ${at('2026-01-01T00:00:00Z')}, NULL),
    (${a}, 'F1', 'fault', 'f', ${at('2026-01-01T01:00:00Z')}, NULL),
    (${a}, 'P1', 'protection', 'p', ${at('2026-01-01T02:00:00Z')}, ${at('2026-01-01T03:00:00Z')})`);
  // One complaint in progress, one archived, one rejected: 1 open.
  await t.db.execute(sql`INSERT INTO complaints (title, description, type, sys_sn, status, created_by) VALUES
    ('a', 'a', 'other', ${faulty.sn}, 'processing', 'admin'),
    ('b', 'b', 'other', ${faulty.sn}, 'archived', 'admin'),
    ('c', 'c', 'other', ${faulty.sn}, 'rejected', 'admin')`);
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { sys_sn: string };
const page = async (user: string, body: Record<string, unknown>) =>
  (await as(t, user)).post(LIST, { pageIndex: 1, pageSize: 500, ...body });

describe('GetEssSummaryList', () => {
  test("a system's figures: its open faults (count, worst level), open complaints, firmware and customer", async () => {
    const { body } = await page('admin', { q: faulty.sn });
    expect(body.code).toBe(200);
    expect(body.data.dataCount).toBe(1);
    const row = body.data.data[0] as Row;
    expect(row).toMatchObject({
      sys_sn: faulty.sn,
      open_faults: 2,
      worst_fault_level: 'fault',
      open_complaints: 1,
      customer: faulty.customer,
    });
    expect(row.installer).toBe(installerCompany.name);
    const [inverter] = await queryRows<{ fw: string }>(
      t.db,
      sql`SELECT string_agg(DISTINCT firmware_version, ', ' ORDER BY firmware_version) AS fw FROM system_components
          WHERE kind = 'inverter' AND system_id = (SELECT id FROM systems WHERE sys_sn = ${faulty.sn})`,
    );
    expect(row.inverter_fw).toBe(inverter!.fw);
    expect((await page('admin', { q: quiet })).body.data.data[0]).toMatchObject({
      open_faults: 0,
      worst_fault_level: null,
      open_complaints: 0,
    });
  });

  test('filters: open faults and complaints with and without, model, firmware, country, status; counts as the database has them', async () => {
    const sns = async (body: Record<string, unknown>) => ((await page('admin', body)).body.data.data as Row[]).map((r) => r.sys_sn);
    const withComplaints = await sns({ hasOpenComplaints: true });
    expect(withComplaints).toContain(faulty.sn);
    expect(withComplaints).not.toContain(quiet);
    expect(await sns({ hasOpenComplaints: false })).toContain(quiet);
    expect(await sns({ hasOpenFaults: false })).not.toContain(faulty.sn);
    const [open] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(DISTINCT system_id)::int AS n FROM system_faults WHERE ended_at IS NULL`,
    );
    expect((await page('admin', { hasOpenFaults: true })).body.data.dataCount).toBe(open!.n);
    const [system] = await queryRows<{ minv: string; country_code: string; ems_status: string | null; fw: string }>(
      t.db,
      sql`SELECT s.minv, s.country_code, s.ems_status, c.firmware_version AS fw FROM systems s
          JOIN system_components c ON c.system_id = s.id AND c.kind = 'ems' WHERE s.sys_sn = ${faulty.sn}`,
    );
    const all = { model: system!.minv, countryCode: system!.country_code.toLowerCase(), firmware: system!.fw, q: faulty.sn };
    expect(await sns({ ...all, status: system!.ems_status ?? 'unknown' })).toEqual([faulty.sn]);
    expect(await sns({ ...all, firmware: 'no-such-firmware' })).toEqual([]);
  });

  test('sorting by every column, paging without overlap', async () => {
    const { body } = await page('admin', { sort: [{ field: 'open_faults', order: 'desc' }] });
    const faults = (body.data.data as Row[]).map((r) => r.open_faults as number);
    expect(faults).toEqual([...faults].sort((x, y) => y - x));
    const keys = ['sys_sn', 'sys_name', 'minv', 'popv', 'poinv', 'cobat', 'inverter_fw', 'battery_fw', 'meter_fw', 'ems_fw'];
    for (const field of [
      ...keys,
      'ems_status',
      'installer',
      'customer',
      'country_code',
      'city',
      'commissioned_on',
      'last_seen_at',
      'open_complaints',
    ]) {
      const sorted = await page('admin', { sort: [{ field, order: 'asc' }] });
      expect(sorted.body.code, field).toBe(200);
      expect(sorted.body.data.dataCount).toBe(body.data.dataCount);
    }
    const complaintsFirst = await page('admin', { sort: [{ field: 'open_complaints', order: 'desc' }], pageSize: 1 });
    expect(complaintsFirst.body.data.data[0].open_complaints).toBeGreaterThanOrEqual(1);
    const one = await page('admin', { pageSize: 2 });
    const two = await page('admin', { pageSize: 2, pageIndex: 2 });
    expect(two.body.data.dataCount).toBe(one.body.data.dataCount);
    const first = (one.body.data.data as Row[]).map((r) => r.sys_sn);
    for (const r of two.body.data.data as Row[]) expect(first).not.toContain(r.sys_sn);
    const past = await page('admin', { pageSize: 500, pageIndex: 1000 });
    expect(past.body.data).toEqual({ data: [], dataCount: body.data.dataCount });
  });

  test('bad input: 3 for what is missing, 2 for a wrong value, 8 for an empty export, a clear message, and nothing asked of the report queue', async () => {
    const admin = await as(t, 'admin');
    const reports = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM generated_reports`))[0]!.n;
    const before = await reports();
    const bad: Array<[string, unknown, number]> = [
      [LIST, {}, 3],
      [LIST, { pageIndex: 1, pageSize: 0 }, 2],
      [LIST, { pageIndex: 1, pageSize: 501 }, 2],
      [LIST, { pageIndex: 1, pageSize: 20, status: 'broken' }, 2],
      [LIST, { pageIndex: 1, pageSize: 20, countryCode: 'DEU' }, 2],
      [LIST, { pageIndex: 1, pageSize: 20, q: 'x'.repeat(65) }, 2],
      [LIST, { pageIndex: 1, pageSize: 20, sort: [{ field: 'device_key_hash', order: 'asc' }] }, 2],
      [LIST, { pageIndex: 1, pageSize: 20, hasOpenFaults: 'yes' }, 2],
      [EXPORT, { background: true, countryCode: '1' }, 2],
      [EXPORT, { background: true, q: 'NO-SUCH-SYSTEM' }, 8],
    ];
    for (const [path, body, code] of bad) {
      const answer = await admin.post(path, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
      expect(answer.body.info).toBeTruthy();
    }
    expect(await reports()).toBe(before);
  });

  test("scope: an installer sees only its company's systems; roles without the screen get 45", async () => {
    const { body } = await page('installer', {});
    const [own] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM systems WHERE installer_company_id = ${installerCompany.id}`,
    );
    expect(body.data.dataCount).toBe(own!.n);
    for (const row of body.data.data as Row[]) expect(row.installer).toBe(installerCompany.name);
    // Another company's system is not found by its S/N either.
    const [foreign] = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE installer_company_id IS DISTINCT FROM ${installerCompany.id} LIMIT 1`,
    );
    expect((await page('installer', { q: foreign!.sys_sn })).body.data).toEqual({ data: [], dataCount: 0 });
    for (const role of ['customer', 'sharer']) {
      const user = await as(t, role);
      expect((await user.post(LIST, { pageIndex: 1, pageSize: 20 })).body).toEqual(NO_PERMISSION);
      expect((await user.post(EXPORT, {})).body).toEqual(NO_PERMISSION);
    }
  });

  test("the customer's name only for the roles that keep customers' files", async () => {
    for (const role of ['admin', 'installer'])
      expect((await page(role, { q: faulty.sn })).body.data.data[0].customer).toBe(faulty.customer);
    const dev = await page('dev', { q: faulty.sn });
    expect(dev.body.data.data[0]).toMatchObject({ sys_sn: faulty.sn, customer: null });
    // Sorting by it orders by S/N instead for them (the order would tell the names).
    const sorted = await page('dev', { sort: [{ field: 'customer', order: 'desc' }] });
    const sns = (sorted.body.data.data as Row[]).map((r) => r.sys_sn);
    expect(sns).toEqual([...sns].sort());
  });

  test("the export's rows are the list's for the same search, in its order", async () => {
    const search = { hasOpenFaults: true, sort: [{ field: 'open_faults', order: 'desc' }] };
    const list = (await page('installer', search)).body.data.data as Row[];
    expect(list.length).toBeGreaterThan(0);
    const response = await t.inject({
      method: 'POST',
      url: EXPORT,
      payload: search,
      headers: { authorization: `Bearer ${(await as(t, 'installer')).token}` },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('System summary');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['S/N', 'System name', 'Model']);
    const rows = (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => r.slice(1));
    expect(rows.map((r) => r[0])).toEqual(list.map((r) => r.sys_sn));
    const faultsColumn = header.indexOf('Open faults');
    const complaintsColumn = header.indexOf('Open complaints');
    expect(rows.map((r) => r[faultsColumn])).toEqual(list.map((r) => r.open_faults));
    expect(rows.map((r) => r[complaintsColumn])).toEqual(list.map((r) => r.open_complaints));
    expect(rows.map((r) => r[header.indexOf('Customer')] ?? null)).toEqual(list.map((r) => r.customer));
  });
});

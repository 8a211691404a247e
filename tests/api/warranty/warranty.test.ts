import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { multipart, pdf } from '../crud/attach-helpers';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from '../monitoring/world';

/**
 * The warranty (/Warranty/*): ends by years and by throughput against figures computed by hand from inserted energy
 * rows, every CDKEY code with nothing changed, 92 after five wrong keys in a minute, the row scope of every call (45),
 * the delivery note through the attachments calls, and the system summary's warranty column and its export.
 */

const GET = '/api/Warranty/GetWarranty';
const LIST = '/api/Warranty/GetWarrantyPageList';
const SAVE = '/api/Warranty/SaveSystemwarranty';
const REDEEM = '/api/Warranty/UpdateWarranty';
const KEYS = '/api/Warranty/SaveWarrantyData';
const KEY_LIST = '/api/Warranty/GetWarrantyKeyList';
const UPLOAD = '/api/Warranty/UploadDelivery';
const DELIVERY = '/api/Warranty/GetDelivery';
const SUMMARY = '/api/Information/GetEssSummaryList';
const SUMMARY_EXPORT = '/api/Information/ExportEssSummaryList';

let t: TestApp;
/** The demo customer's system (commissioned 2020-03-01 here), one of the installer's company not theirs, one of neither. */
let own: string;
let installers: string;
let foreign: string;

const terms = (sn: string, over: Record<string, unknown> = {}) => ({
  sys_sn: sn,
  start_basis: 'commissioning',
  inverter_years: 10,
  battery_years: 10,
  battery_mwh: 1,
  battery_extendable: true,
  ...over,
});

/** What a refused call must leave as it was: the terms, extensions, keys, files and the audit trail. */
async function state(): Promise<string> {
  const [row] = await queryRows<{ d: string }>(
    t.db,
    sql`SELECT (SELECT md5(coalesce(string_agg(w::text, ',' ORDER BY w.id), '')) FROM system_warranties w)
      || (SELECT md5(coalesce(string_agg(e::text, ',' ORDER BY e.id), '')) FROM warranty_extensions e)
      || (SELECT md5(coalesce(string_agg(k::text, ',' ORDER BY k.id), '')) FROM warranty_keys k)
      || (SELECT count(*)::text FROM user_log WHERE action LIKE 'warranty.%') || (SELECT count(*)::text FROM uploads) AS d`,
  );
  return row!.d;
}

async function key(
  code: string,
  kind: 'inverter' | 'battery',
  over: Partial<{ state: string; expires_on: string; years: number; mwh: number }> = {},
) {
  const k = { state: 'unused', expires_on: '2027-01-01', years: 5, mwh: kind === 'battery' ? 2 : 0, ...over };
  await t.db.execute(sql`INSERT INTO warranty_keys (code, kind, years, mwh, state, expires_on, created_at)
    VALUES (${code}, ${kind}, ${k.years}, ${k.mwh}, ${k.state}, ${k.expires_on}, now())`);
}

async function energy(sn: string, rows: Array<[day: string, charge: number, discharge: number]>) {
  const id = sql`(SELECT id FROM systems WHERE sys_sn = ${sn})`;
  await t.db.execute(sql`DELETE FROM energy_daily WHERE system_id = ${id}`);
  for (const [day, charge, discharge] of rows)
    await t.db.execute(sql`INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh,
      self_consumption_kwh, samples) VALUES (${id}, ${day}, 0, 0, ${charge}, ${discharge}, 0, 0, 0, 288)`);
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  [{ sys_sn: own }] = (await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE customer_user_id = (SELECT id FROM users WHERE username = 'customer') ORDER BY sys_sn LIMIT 1`,
  )) as [{ sys_sn: string }];
  const company = sql`(SELECT installer_company_id FROM users WHERE username = 'installer')`;
  [{ sys_sn: installers }] = (await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE installer_company_id = ${company}
          AND customer_user_id IS DISTINCT FROM (SELECT id FROM users WHERE username = 'customer') ORDER BY sys_sn LIMIT 1`,
  )) as [{ sys_sn: string }];
  [{ sys_sn: foreign }] = (await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE installer_company_id IS DISTINCT FROM ${company}
          AND customer_user_id IS DISTINCT FROM (SELECT id FROM users WHERE username = 'customer') ORDER BY sys_sn LIMIT 1`,
  )) as [{ sys_sn: string }];
  await t.db.execute(sql`UPDATE systems SET commissioned_on = '2020-03-01' WHERE sys_sn IN (${own}, ${installers}, ${foreign})`);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-03-02T08:00:00Z');
  await t.db.execute(sql`DELETE FROM registration_failures WHERE purpose = 'cdkey'`);
});

describe('the ends, computed by hand', () => {
  test('battery by throughput: (charge + discharge) / 2 from the start on; ends the day after the allowed MWh was reached', async () => {
    // Before the start: not counted. 290 + 390 = 680 kWh, + 480 = 1,160 kWh on 2020-03-03: 1 MWh reached that day.
    await energy(own, [
      ['2020-02-28', 9000, 9000],
      ['2020-03-01', 300, 280],
      ['2020-03-02', 400, 380],
      ['2020-03-03', 500, 460],
      ['2020-03-04', 100, 100],
    ]);
    const servicer = await as(t, 'servicer');
    const saved = await servicer.post(SAVE, terms(own));
    expect(saved.body.code).toBe(200);
    const { body } = await servicer.post(GET, { sys_sn: own });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ start_on: '2020-03-01', end_on: '2020-03-04', state: 'expired' });
    const battery = body.data.components.find((c: { kind: string }) => c.kind === 'battery');
    // 1,160 + 100 = 1,260 kWh used.
    expect(battery).toMatchObject({
      years: 10,
      allowed_mwh: 1,
      used_mwh: 1.26,
      end_on: '2020-03-04',
      ended_by: 'throughput',
      state: 'expired',
    });
    const inverter = body.data.components.find((c: { kind: string }) => c.kind === 'inverter');
    expect(inverter).toMatchObject({ years: 10, end_on: '2030-03-01', ended_by: 'years', state: 'under' });
  });

  test('battery by years when the throughput is not reached; a delivery start; an end within 90 days is expiring', async () => {
    await energy(own, [['2020-03-01', 300, 280]]);
    const servicer = await as(t, 'servicer');
    const saved = await servicer.post(
      SAVE,
      terms(own, { start_basis: 'delivery', delivered_on: '2019-05-20', battery_years: 7, battery_mwh: 50 }),
    );
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ start_on: '2019-05-20', delivered_on: '2019-05-20', end_on: '2026-05-20', state: 'expiring' });
    const battery = saved.body.data.components.find((c: { kind: string }) => c.kind === 'battery');
    // 290 kWh since 2019-05-20 (the row is after it): 0.29 of 50 MWh; 2019-05-20 + 7 years.
    expect(battery).toMatchObject({ used_mwh: 0.29, allowed_mwh: 50, end_on: '2026-05-20', ended_by: 'years', state: 'expiring' });
    expect(saved.body.data.components.find((c: { kind: string }) => c.kind === 'inverter').end_on).toBe('2029-05-20');
  });
});

describe('CDKEYs', () => {
  beforeAll(async () => {
    await energy(own, [['2020-03-01', 300, 280]]);
    await (await as(t, 'servicer')).post(SAVE, terms(own, { battery_mwh: 40 }));
    await key('WK-USED-0001', 'inverter', { state: 'used' });
    await key('WK-VOID-0001', 'inverter', { state: 'void' });
    await key('WK-OLD-00001', 'battery', { expires_on: '2026-03-01' });
    await key('WK-INV-00001', 'inverter');
    await key('WK-BAT-00001', 'battery', { years: 2, mwh: 5 });
    await key('WK-BAT-00002', 'battery');
  });

  test('every refusal with its code, and nothing changed', async () => {
    const customer = await as(t, 'customer');
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ component: 'inverter', cdkey: 'WK-NONE-0000' }, 75],
      [{ component: 'inverter', cdkey: 'WK-BAT-00001' }, 76],
      [{ component: 'battery', cdkey: 'WK-INV-00001' }, 77],
      [{ component: 'inverter', cdkey: 'WK-USED-0001' }, 78],
      [{ component: 'inverter', cdkey: 'WK-VOID-0001' }, 79],
      [{ component: 'battery', cdkey: 'WK-OLD-00001' }, 80],
    ];
    for (const [body, code] of cases) {
      await t.db.execute(sql`DELETE FROM registration_failures WHERE purpose = 'cdkey'`);
      const before = await state();
      const answer = await customer.post(REDEEM, { sys_sn: own, ...body });
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
      expect(answer.body.info).toBeTruthy();
      expect(await state()).toBe(before);
    }
  });

  test('81: a battery whose terms admit no extension; 94: a battery no longer under warranty; 87: a system without terms', async () => {
    const servicer = await as(t, 'servicer');
    const customer = await as(t, 'customer');
    await servicer.post(SAVE, terms(own, { battery_mwh: 40, battery_extendable: false }));
    let before = await state();
    expect((await customer.post(REDEEM, { sys_sn: own, component: 'battery', cdkey: 'WK-BAT-00001' })).body.code).toBe(81);
    expect(await state()).toBe(before);
    // 0.29 MWh used of 0.2 allowed: ended by throughput.
    await servicer.post(SAVE, terms(own, { battery_mwh: 0.2 }));
    before = await state();
    expect((await customer.post(REDEEM, { sys_sn: own, component: 'battery', cdkey: 'WK-BAT-00001' })).body.code).toBe(94);
    expect(await state()).toBe(before);
    await t.db.execute(sql`DELETE FROM system_warranties WHERE sys_sn = ${installers}`);
    before = await state();
    expect((await servicer.post(REDEEM, { sys_sn: installers, component: 'inverter', cdkey: 'WK-INV-00001' })).body.code).toBe(87);
    expect((await servicer.post(GET, { sys_sn: installers })).body.code).toBe(87);
    expect(await state()).toBe(before);
    await servicer.post(SAVE, terms(own, { battery_mwh: 40 }));
  });

  test('a battery key adds its years and MWh, once; an inverter key its years', async () => {
    const customer = await as(t, 'customer');
    const battery = await customer.post(REDEEM, { sys_sn: own, component: 'battery', cdkey: ' wk-bat-00001 ' });
    expect(battery.body.code).toBe(200);
    expect(battery.body.data.components.find((c: { kind: string }) => c.kind === 'battery')).toMatchObject({
      years: 12,
      extra_years: 2,
      allowed_mwh: 45,
      extra_mwh: 5,
      end_on: '2032-03-01',
    });
    expect(battery.body.data.extensions).toMatchObject([{ component: 'battery', years: 2, mwh: 5, by: 'customer' }]);
    const inverter = await customer.post(REDEEM, { sys_sn: own, component: 'inverter', cdkey: 'WK-INV-00001' });
    expect(inverter.body.data.components.find((c: { kind: string }) => c.kind === 'inverter')).toMatchObject({
      years: 15,
      end_on: '2035-03-01',
    });
    expect(inverter.body.data.end_on).toBe('2032-03-01');
    expect((await customer.post(REDEEM, { sys_sn: own, component: 'inverter', cdkey: 'WK-INV-00001' })).body.code).toBe(78);
  });

  test('92 after five wrong keys within a minute by the user or from the address, whatever the sixth is; a minute later it counts again', async () => {
    const customer = await as(t, 'customer');
    for (let i = 0; i < 5; i++)
      expect((await customer.post(REDEEM, { sys_sn: own, component: 'battery', cdkey: `WK-GUESS-${i}` })).body.code).toBe(75);
    const before = await state();
    const held = await customer.post(REDEEM, { sys_sn: own, component: 'battery', cdkey: 'WK-BAT-00002' });
    expect(held.body).toMatchObject({ code: 92, data: { field: 'cdkey' } });
    // The same address, another user: held too.
    expect((await (await as(t, 'servicer')).post(REDEEM, { sys_sn: own, component: 'battery', cdkey: 'WK-BAT-00002' })).body.code).toBe(92);
    expect(await state()).toBe(before);
    t.clock.advance(61_000);
    expect((await customer.post(REDEEM, { sys_sn: own, component: 'battery', cdkey: 'WK-BAT-00002' })).body.code).toBe(200);
  });

  test('staff issue keys and void one; an inverter key adds no MWh (2); a used key is not voided (78)', async () => {
    const servicer = await as(t, 'servicer');
    const issued = await servicer.post(KEYS, { action: 'issue', kind: 'battery', years: 3, mwh: 10, count: 3, expires_on: '2027-12-31' });
    expect(issued.body.code).toBe(200);
    expect(issued.body.data.keys).toHaveLength(3);
    for (const k of issued.body.data.keys)
      expect(k).toMatchObject({ kind: 'battery', years: 3, mwh: 10, state: 'unused', expires_on: '2027-12-31' });
    const voided = await servicer.post(KEYS, { action: 'void', cdkey: issued.body.data.keys[0].code });
    expect(voided.body.data.keys[0].state).toBe('void');
    const before = await state();
    expect(
      (await servicer.post(KEYS, { action: 'issue', kind: 'inverter', years: 3, mwh: 1, count: 1, expires_on: '2027-12-31' })).body.code,
    ).toBe(2);
    expect((await servicer.post(KEYS, { action: 'issue', kind: 'inverter', years: 3, count: 1, expires_on: '2025-12-31' })).body.code).toBe(
      2,
    );
    expect(
      (await servicer.post(KEYS, { action: 'issue', kind: 'inverter', years: 3, count: 101, expires_on: '2027-12-31' })).body.code,
    ).toBe(2);
    expect((await servicer.post(KEYS, { action: 'void', cdkey: 'WK-USED-0001' })).body.code).toBe(78);
    expect((await servicer.post(KEYS, { action: 'void', cdkey: 'WK-NONE-0000' })).body.code).toBe(75);
    expect(await state()).toBe(before);
  });

  test('the list of issued keys: each state, the system a used key extended, filters; after-sales staff alone', async () => {
    const servicer = await as(t, 'servicer');
    const page = async (body: Record<string, unknown> = {}) =>
      (await servicer.post(KEY_LIST, { pageIndex: 1, pageSize: 100, ...body })).body.data as {
        dataCount: number;
        data: Array<{ code: string; state: string; expired: boolean; used_sn: string | null; created_by: string | null }>;
      };
    const all = await page();
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM warranty_keys`);
    expect(all.dataCount).toBe(n);
    const byCode = new Map(all.data.map((k) => [k.code, k]));
    // Redeemed by the customer above on their own system.
    expect(byCode.get('WK-BAT-00001')).toMatchObject({ state: 'used', used_sn: own, expired: false });
    expect(byCode.get('WK-OLD-00001')).toMatchObject({ state: 'unused', expired: true, used_sn: null });
    // The keys the servicer issued above are named by who issued them; the one voided says so.
    const issued = all.data.filter((k) => k.created_by !== null);
    expect(issued).toHaveLength(3);
    expect(issued.map((k) => k.state).sort()).toEqual(['unused', 'unused', 'void']);
    const codes = async (body: Record<string, unknown>) => (await page(body)).data.map((k) => k.code).sort();
    expect(await codes({ state: 'expired' })).toEqual(['WK-OLD-00001']);
    expect(await codes({ state: 'unused' })).not.toContain('WK-OLD-00001');
    expect(await codes({ state: 'used', kind: 'inverter' })).toEqual(['WK-INV-00001', 'WK-USED-0001']);
    expect(await codes({ q: 'bat-0000' })).toEqual(['WK-BAT-00001', 'WK-BAT-00002']);
    expect((await servicer.post(KEY_LIST, { pageIndex: 1, pageSize: 501 })).body.code).toBe(2);
    expect((await servicer.post(KEY_LIST, { pageIndex: 1, pageSize: 10, state: 'lost' })).body.code).toBe(2);
    for (const username of ['customer', 'installer', 'dev', 'supplier']) {
      const answer = (await (await as(t, username)).post(KEY_LIST, { pageIndex: 1, pageSize: 10 })).body;
      expect(answer.code, username).toBe(45);
      expect(answer.data ?? null).toBeNull();
    }
  });
});

describe('terms and the delivery note', () => {
  test('bad input: 3 for a delivery start without its date, 2 for terms out of range; nothing changed', async () => {
    const servicer = await as(t, 'servicer');
    const before = await state();
    const bad: Array<[Record<string, unknown>, number]> = [
      [terms(own, { start_basis: 'delivery' }), 3],
      [terms(own, { inverter_years: 0 }), 2],
      [terms(own, { battery_mwh: -1 }), 2],
      [terms(own, { start_basis: 'shipping' }), 2],
      [terms(own, { delivered_on: '2020-02-31', start_basis: 'delivery' }), 2],
      [{ sys_sn: own }, 3],
      [terms(own, { delivery_note: [999999] }), 54],
    ];
    for (const [body, code] of bad) {
      const answer = await servicer.post(SAVE, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await state()).toBe(before);
  });

  test('the delivery note: uploaded, held by the terms, read in scope through GetDelivery', async () => {
    const servicer = await as(t, 'servicer');
    const form = multipart([{ name: 'file', filename: 'delivery-note.pdf', content: pdf('Delivery note 4711') }]);
    const uploaded = await t.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...form.headers, authorization: `Bearer ${servicer.token}` },
      payload: form.payload,
    });
    const file = uploaded.json();
    expect(file.code).toBe(200);
    const saved = await servicer.post(
      SAVE,
      terms(installers, { start_basis: 'delivery', delivered_on: '2020-02-20', battery_mwh: 40, delivery_note: [file.data.id] }),
    );
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.delivery_note).toMatchObject([{ id: file.data.id, name: 'delivery-note.pdf' }]);
    for (const user of ['servicer', 'installer', 'dev']) {
      const response = await t.inject({
        method: 'POST',
        url: DELIVERY,
        payload: { id: file.data.id },
        headers: { authorization: `Bearer ${(await as(t, user)).token}` },
      });
      expect(response.headers['content-type'], `${user}: ${response.body.slice(0, 100)}`).toContain('pdf');
    }
    // Not the customer's system: 45, as for a file that does not exist.
    for (const user of ['customer']) {
      const response = await t.inject({
        method: 'POST',
        url: DELIVERY,
        payload: { id: file.data.id },
        headers: { authorization: `Bearer ${(await as(t, user)).token}` },
      });
      expect(response.json().code, user).toBe(45);
    }
    const missing = await t.inject({
      method: 'POST',
      url: DELIVERY,
      payload: { id: 999999 },
      headers: { authorization: `Bearer ${servicer.token}` },
    });
    expect(missing.json().code).toBe(45);
    expect((await servicer.post(GET, { sys_sn: installers })).body.data.start_basis).toBe('delivery');
  });
});

describe('scope and rights: 45 for every call outside them', () => {
  beforeAll(async () => {
    const servicer = await as(t, 'servicer');
    for (const sn of [installers, foreign]) await servicer.post(SAVE, terms(sn, { battery_mwh: 40 }));
    await key('WK-SCOPE-001', 'inverter');
  });

  test('reads: a customer their own, an installer its company, staff every system', async () => {
    const customer = await as(t, 'customer');
    const installer = await as(t, 'installer');
    expect((await customer.post(GET, { sys_sn: own })).body.code).toBe(200);
    expect((await customer.post(GET, { sys_sn: foreign })).body).toMatchObject({ code: 45, data: null });
    expect((await customer.post(GET, { sys_sn: 'NO-SUCH-SN' })).body).toMatchObject({ code: 45, data: null });
    expect((await installer.post(GET, { sys_sn: installers })).body.code).toBe(200);
    expect((await installer.post(GET, { sys_sn: foreign })).body.code).toBe(45);
    expect((await (await as(t, 'dev')).post(GET, { sys_sn: foreign })).body.code).toBe(200);
    const list = await installer.post(LIST, { pageIndex: 1, pageSize: 500 });
    const sns = list.body.data.data.map((r: { sys_sn: string }) => r.sys_sn);
    expect(sns).toContain(installers);
    expect(sns).not.toContain(foreign);
    expect((await customer.post(LIST, { pageIndex: 1, pageSize: 20 })).body.code).toBe(45);
  });

  test('writes: terms and keys for after-sales staff alone; a customer redeems only on their own system', async () => {
    const before = await state();
    for (const role of ['installer', 'reseller', 'customer', 'dev']) {
      const user = await as(t, role);
      expect((await user.post(SAVE, terms(installers))).body.code, role).toBe(45);
      expect((await user.post(KEYS, { action: 'void', cdkey: 'WK-SCOPE-001' })).body.code, role).toBe(45);
    }
    for (const role of ['installer', 'reseller', 'dev'])
      expect(
        (await (await as(t, role)).post(REDEEM, { sys_sn: installers, component: 'inverter', cdkey: 'WK-SCOPE-001' })).body.code,
        role,
      ).toBe(45);
    expect(
      (await (await as(t, 'customer')).post(REDEEM, { sys_sn: foreign, component: 'inverter', cdkey: 'WK-SCOPE-001' })).body.code,
    ).toBe(45);
    const form = multipart([{ name: 'file', filename: 'note.pdf', content: pdf() }]);
    const upload = await t.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...form.headers, authorization: `Bearer ${(await as(t, 'customer')).token}` },
      payload: form.payload,
    });
    expect(upload.json().code).toBe(45);
    expect(await state()).toBe(before);
  });
});

describe('the list and the system summary', () => {
  test("the staff list: state filters and sorting; the summary's warranty end is GetWarranty's, and its export's column the list's", async () => {
    const admin = await as(t, 'admin');
    const list = await admin.post(LIST, { pageIndex: 1, pageSize: 500, sort: [{ field: 'warranty_end', order: 'asc' }] });
    expect(list.body.code).toBe(200);
    const ends = list.body.data.data.map((r: { warranty_end: string }) => r.warranty_end);
    expect(ends).toEqual([...ends].sort());
    const expired = await admin.post(LIST, { pageIndex: 1, pageSize: 500, state: 'expired' });
    for (const row of expired.body.data.data) expect(row.state).toBe('expired');

    for (const sn of [own, installers, foreign]) {
      const warranty = (await admin.post(GET, { sys_sn: sn })).body.data;
      const row = (await admin.post(SUMMARY, { pageIndex: 1, pageSize: 1, q: sn })).body.data.data[0];
      expect(row.warranty_end, sn).toBe(warranty.end_on);
    }
    const withTerms = await admin.post(SUMMARY, { pageIndex: 1, pageSize: 500, warranty: 'none' });
    for (const row of withTerms.body.data.data) expect(row.warranty_end).toBeNull();

    const search = { sort: [{ field: 'warranty_end', order: 'asc' }] };
    const rows = (await admin.post(SUMMARY, { pageIndex: 1, pageSize: 500, ...search })).body.data.data as Array<{
      warranty_end: string | null;
    }>;
    const response = await t.inject({
      method: 'POST',
      url: SUMMARY_EXPORT,
      payload: search,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Warranty end');
    expect(column).toBeGreaterThan(0);
    const values = (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => r.slice(1)[column] ?? null);
    expect(values).toEqual(rows.map((r) => r.warranty_end));
    expect(values.filter((v) => v !== null).length).toBeGreaterThanOrEqual(3);
  });
});

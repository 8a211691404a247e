import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSTALLATION_EDIT_DAYS } from '../../../contract/records-constants';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import { multipart, PNG } from '../crud/attach-helpers';
import { systemsOf } from '../complaints/samples';
import { TEST_EPOCH, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * Installation records (GetTheSysInstall, LoadInstall, SaveSysInstall, UploadInstallFile, DownInstallFile) and the
 * swap of a component's S/N (UpdateSystemSN, GetComponentHistory): every call's good path, bad input with its code and
 * nothing changed, the row scope (45), the installer's edit window after commissioning, and the component history.
 */
const LIST = '/api/ESSMainTain/GetTheSysInstall';
const ONE = '/api/ESSMainTain/LoadInstall';
const SAVE = '/api/ESSMainTain/SaveSysInstall';
const UPLOAD = '/api/ESSMainTain/UploadInstallFile';
const DOWNLOAD = '/api/ESSMainTain/DownInstallFile';
const UPDATE_SN = '/api/ESSMainTain/UpdateSystemSN';
const HISTORY = '/api/ESSMainTain/GetComponentHistory';

let t: TestApp;
const tokens: Record<string, string> = {};
let installerSn: string;
let foreignSn: string;
const ROLES = ['admin', 'servicer', 'installer', 'reseller', 'servicepartner', 'customer', 'sharer', 'supplier', 'vppmanager'];

async function login() {
  for (const role of ROLES) tokens[role] = (await t.login(role)).AccessToken;
}

function record(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sys_sn: installerSn,
    installer_person: 'Jonas Weber',
    installed_on: '2026-02-10',
    commissioned_on: '2026-02-11',
    wiring_notes: 'AC cable 5x6 mm², 40 A breaker in the garage board',
    settings_notes: 'Export limit 70 %',
    insulation_mohm: 550,
    grid_code: 'VDE-AR-N 4105',
    ct_direction_checked: true,
    backup_tested: true,
    customer_instructed: true,
    accepted_by: 'Petra Hoffmann',
    accepted_on: '2026-02-11',
    ...overrides,
  };
}

/** Sets the system's commissioning day `days` before the test clock's today. */
async function commissionedDaysAgo(sn: string, days: number) {
  const day = new Date(t.clock().getTime() - days * 86_400_000).toISOString().slice(0, 10);
  await t.db.execute(sql`UPDATE systems SET commissioned_on = ${day} WHERE sys_sn = ${sn}`);
  return day;
}

async function componentOf(sn: string, kind = 'battery') {
  const [row] = await queryRows<{ sn: string; model: string }>(
    t.db,
    sql`SELECT c.sn, c.model FROM system_components c JOIN systems s ON s.id = c.system_id
        WHERE s.sys_sn = ${sn} AND c.kind = ${kind} ORDER BY c.sn LIMIT 1`,
  );
  return row!;
}

async function registry(sn: string, state: string, productType = 'battery', checkCode = 'CHK123') {
  await t.db.execute(sql`INSERT INTO sn_registry (sn, check_code, product_type, model, production_date, state)
                         VALUES (${sn}, ${checkCode}, ${productType}, 'B-10 NEW', '2026-01-05', ${state})
                         ON CONFLICT ((lower(sn))) DO UPDATE SET state = EXCLUDED.state`);
}

async function stateOf(sn: string) {
  const [row] = await queryRows<{ state: string }>(t.db, sql`SELECT state FROM sn_registry WHERE lower(sn) = lower(${sn})`);
  return row?.state;
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await login();
  installerSn = (await systemsOf(t, 'installer')).inside!;
  foreignSn = (await systemsOf(t, 'installer')).outside!;
  // The fleet's components as seeded: each test starts from them (a swap changes them).
  await t.db.execute(sql`CREATE TABLE seeded_components AS SELECT id, sn, model FROM system_components`);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE installation_records, maintenance_records, component_history, sn_registry RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM uploads`);
  await t.db.execute(sql`UPDATE system_components c SET sn = o.sn, model = o.model FROM seeded_components o WHERE o.id = c.id`);
  if (t.clock().getTime() !== TEST_EPOCH.getTime()) {
    t.clock.set(TEST_EPOCH);
    await login();
  }
});

describe('an installation record', () => {
  it('the installer records their own system; the list and the detail carry its company, components and window', async () => {
    const commissioned = await commissionedDaysAgo(installerSn, 5);
    const saved = await expectOk(
      t,
      SAVE,
      record({ commissioned_on: commissioned, installed_on: commissioned, accepted_on: commissioned }),
      tokens.installer!,
    );
    expect(saved).toMatchObject({ sys_sn: installerSn, created_by: 'installer', grid_code: 'VDE-AR-N 4105', backup_tested: true });
    const one = await expectOk(t, ONE, { id: saved.id }, tokens.installer!);
    const battery = await componentOf(installerSn);
    expect(one.installer_company).not.toBe('');
    expect(one.components).toContain(`battery: ${battery.sn}`);
    const until = new Date(Date.parse(`${commissioned}T00:00:00Z`) + INSTALLATION_EDIT_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(one).toMatchObject({ editable_until: until, editable: true, insulation_mohm: 550 });
    const list = await expectOk(t, LIST, { pageIndex: 1, pageSize: 20, sys_sn: installerSn }, tokens.installer!);
    expect(list.dataCount).toBe(1);
    expect(list.data[0]).toMatchObject({ id: saved.id, installer_person: 'Jonas Weber', editable: true });
    // Staff see it in the fleet's list; the installer's list holds only its company's systems.
    await expectOk(t, SAVE, record({ sys_sn: foreignSn }), tokens.servicer!);
    expect((await expectOk(t, LIST, { pageIndex: 1, pageSize: 20 }, tokens.servicer!)).dataCount).toBe(2);
    expect((await expectOk(t, LIST, { pageIndex: 1, pageSize: 20 }, tokens.installer!)).dataCount).toBe(1);
  });

  it('the service partner of the system reads it; nobody else outside its scope does', async () => {
    const spSn = (await systemsOf(t, 'servicepartner')).inside!;
    const saved = await expectOk(t, SAVE, record({ sys_sn: spSn }), tokens.servicer!);
    expect((await expectOk(t, ONE, { id: saved.id }, tokens.servicepartner!)).sys_sn).toBe(spSn);
    await expectRejected(t, SAVE, { ...record({ sys_sn: spSn }), id: saved.id }, tokens.servicepartner!, 45);
  });

  it.each([
    ['installer_person', { installer_person: '' }, 3],
    ['installed_on', { installed_on: undefined }, 3],
    ['installed_on', { installed_on: '2026-02-30' }, 2],
    ['commissioned_on', { commissioned_on: '2026-02-01' }, 2],
    ['commissioned_on', { commissioned_on: '2026-12-01' }, 2],
    ['accepted_on', { accepted_on: '2026-01-01' }, 2],
    ['insulation_mohm', { insulation_mohm: -1 }, 2],
    ['insulation_mohm', { insulation_mohm: 100001 }, 2],
    ['grid_code', { grid_code: 'x'.repeat(65) }, 2],
    ['wiring_notes', { wiring_notes: 'x'.repeat(2001) }, 2],
    ['sys_sn', { sys_sn: 'NOSUCHSYSTEM1' }, 9],
  ])('%s %j answers %i and writes nothing', async (field, change, code) => {
    await expectRejected(t, SAVE, record(change), tokens.servicer!, code, field);
  });

  it('a system whose S/N is being moved answers 85 to a record and a swap, and nothing changes', async () => {
    const battery = await componentOf(installerSn);
    await registry(installerSn, 'moving', 'system');
    await registry(battery.sn, 'installed');
    await registry('BAT2026NEW0001', 'free');
    await expectRejected(t, SAVE, record(), tokens.servicer!, 85);
    const swap = { sysSn: installerSn, oldSn: battery.sn, newSn: 'BAT2026NEW0001', checkCode: 'CHK123', reason: 'swap' };
    await expectRejected(t, UPDATE_SN, swap, tokens.servicer!, 85);
  });

  it('a second record of the same system answers 52', async () => {
    await expectOk(t, SAVE, record(), tokens.servicer!);
    await expectRejected(t, SAVE, record({ installer_person: 'Someone else' }), tokens.servicer!, 52, 'sys_sn');
  });

  it('the installer edits within the window after commissioning, then reads only (45, nothing changed); staff always edit', async () => {
    const commissioned = await commissionedDaysAgo(installerSn, 3);
    const saved = await expectOk(
      t,
      SAVE,
      record({ installed_on: commissioned, commissioned_on: commissioned, accepted_on: commissioned }),
      tokens.installer!,
    );
    const edited = await expectOk(
      t,
      SAVE,
      {
        ...record({ installed_on: commissioned, commissioned_on: commissioned, accepted_on: commissioned }),
        id: saved.id,
        settings_notes: 'Export limit 60 %',
      },
      tokens.installer!,
    );
    expect(edited.settings_notes).toBe('Export limit 60 %');

    t.clock.set(new Date(t.clock().getTime() + (INSTALLATION_EDIT_DAYS - 3) * 86_400_000));
    await login();
    // Moving the record's commissioning day does not reopen the window: it runs from the system's.
    const late = { ...record({ installed_on: commissioned, commissioned_on: commissioned, accepted_on: commissioned }), id: saved.id };
    await expectOk(t, SAVE, { ...late, check_notes: 'last day' }, tokens.installer!);
    t.clock.set(new Date(t.clock().getTime() + 3 * 86_400_000));
    await login();
    const answer = await expectRejected(t, SAVE, { ...late, check_notes: 'too late' }, tokens.installer!, 45);
    expect(answer.info).toContain(`${INSTALLATION_EDIT_DAYS} days`);
    expect((await expectOk(t, ONE, { id: saved.id }, tokens.installer!)).editable).toBe(false);
    await expectRejected(t, SAVE, { ...late, commissioned_on: t.clock().toISOString().slice(0, 10) }, tokens.installer!, 45);
    // The reseller of the installer is held to the same window; after-sales staff are not.
    await expectRejected(t, SAVE, { ...late, check_notes: 'reseller' }, tokens.reseller!, 45);
    const staff = await expectOk(t, SAVE, { ...late, check_notes: 'by service' }, tokens.servicer!);
    expect(staff.check_notes).toBe('by service');
  });

  it('an installer may record a system of its company that has none, but not another company’s (45)', async () => {
    await expectRejected(t, SAVE, record({ sys_sn: foreignSn }), tokens.installer!, 45);
    const theirs = await expectOk(t, SAVE, record({ sys_sn: foreignSn }), tokens.servicer!);
    await expectRejected(t, ONE, { id: theirs.id }, tokens.installer!, 45);
    await expectRejected(t, SAVE, { ...record({ sys_sn: foreignSn }), id: theirs.id }, tokens.installer!, 45);
  });

  it.each(['customer', 'sharer', 'supplier', 'vppmanager'])('%s gets 45 on every call', async (role) => {
    const saved = await expectOk(t, SAVE, record(), tokens.servicer!);
    await expectRejected(t, LIST, { pageIndex: 1, pageSize: 20 }, tokens[role]!, 45);
    await expectRejected(t, ONE, { id: saved.id }, tokens[role]!, 45);
    await expectRejected(t, SAVE, record({ id: saved.id }), tokens[role]!, 45);
    await expectRejected(t, DOWNLOAD, { id: 1 }, tokens[role]!, 45);
    await expectRejected(t, UPDATE_SN, { sysSn: installerSn, oldSn: 'X', newSn: 'Y', checkCode: 'Z', reason: 'r' }, tokens[role]!, 45);
    await expectRejected(t, HISTORY, { sysSn: installerSn }, tokens[role]!, 45);
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
    const [files] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM uploads`);
    expect(files!.n).toBe(0);
  });
});

describe('photos and documents', () => {
  async function upload(field: string, filename: string, content: Buffer, as: string) {
    const body = multipart([
      { name: 'field', value: field },
      { name: 'file', filename, content },
    ]);
    const response = await t.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...body.headers, authorization: `Bearer ${tokens[as]}` },
      payload: body.payload,
    });
    return response.json();
  }

  it('a photo uploaded and saved with the record downloads with its name; outside the scope 45', async () => {
    const photo = await upload('photos', 'inverter-wall.png', PNG, 'installer');
    expect(photo.code, photo.info).toBe(200);
    const saved = await expectOk(t, SAVE, record({ photos: [photo.data.id] }), tokens.installer!);
    const one = await expectOk(t, ONE, { id: saved.id }, tokens.installer!);
    expect(one.photos).toEqual([expect.objectContaining({ id: photo.data.id, name: 'inverter-wall.png' })]);
    const file = await t.inject({
      method: 'POST',
      url: DOWNLOAD,
      headers: { authorization: `Bearer ${tokens.installer}` },
      payload: { id: photo.data.id },
    });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('inverter-wall.png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // The installer of another company: the same answer as a file that does not exist.
    await t.db.execute(sql`UPDATE installation_records SET sys_sn = ${foreignSn} WHERE id = ${saved.id}`);
    await expectRejected(t, DOWNLOAD, { id: photo.data.id }, tokens.installer!, 45);
  });

  it('an executable is refused (95) and a save naming a file not uploaded answers 54', async () => {
    const exe = await upload('photos', 'photo.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'installer');
    expect(exe.code).toBe(95);
    await expectRejected(t, SAVE, record({ photos: [999] }), tokens.installer!, 54);
  });
});

describe('replacing a component (UpdateSystemSN)', () => {
  it('staff swap a battery: the component takes the new S/N, the registry and the history follow', async () => {
    const battery = await componentOf(installerSn);
    await registry(battery.sn, 'installed');
    await registry('BAT2026NEW0001', 'free');
    const row = await expectOk(
      t,
      UPDATE_SN,
      { sysSn: installerSn, oldSn: battery.sn, newSn: 'bat2026new0001', checkCode: 'chk123', reason: 'Cell imbalance, module swapped' },
      tokens.servicer!,
    );
    expect(row).toMatchObject({
      sys_sn: installerSn,
      kind: 'battery',
      old_sn: battery.sn,
      new_sn: 'BAT2026NEW0001',
      old_model: battery.model,
      new_model: 'B-10 NEW',
      old_sn_state: 'banned',
      maintenance_record_id: null,
      changed_by: 'servicer',
      changed_at: TEST_EPOCH.toISOString(),
    });
    expect((await componentOf(installerSn)).sn).toBe('BAT2026NEW0001');
    expect(await stateOf('BAT2026NEW0001')).toBe('installed');
    expect(await stateOf(battery.sn)).toBe('banned');
    const history = await expectOk(t, HISTORY, { sysSn: installerSn }, tokens.installer!);
    expect(history).toEqual([row]);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM user_log WHERE action = 'systemComponent.replace'`,
    );
    expect(audit!.n).toBe(1);
  });

  it.each([
    ['newSn', { newSn: '' }, 25],
    ['newSn', { newSn: 'not-an-sn!' }, 61],
    ['newSn', { newSn: 'BAT2026NOPE999' }, 18],
    ['checkCode', { checkCode: 'WRONG1' }, 21],
    ['newSn', { newSn: 'BAT2026USED001' }, 22],
    ['newSn', { newSn: 'BAT2026BANN001' }, 105],
    ['newSn', { newSn: 'INV2026FREE001' }, 2],
    ['oldSn', { oldSn: 'NOTACOMPONENT1' }, 2],
    ['reason', { reason: '' }, 3],
    ['reason', { reason: 'x'.repeat(501) }, 2],
    ['maintenanceId', { maintenanceId: 0 }, 2],
  ])('%s %j answers %i and changes nothing', async (field, change, code) => {
    const battery = await componentOf(installerSn);
    await registry(battery.sn, 'installed');
    await registry('BAT2026NEW0001', 'free');
    await registry('BAT2026USED001', 'installed');
    await registry('BAT2026BANN001', 'banned');
    await registry('INV2026FREE001', 'free', 'inverter');
    const body = { sysSn: installerSn, oldSn: battery.sn, newSn: 'BAT2026NEW0001', checkCode: 'CHK123', reason: 'swap', ...change };
    await expectRejected(t, UPDATE_SN, body, tokens.servicer!, code, code === 2 || code === 3 ? field : undefined);
  });

  it('an installer swaps within the window only (45 after it), and never on another company’s system', async () => {
    const battery = await componentOf(installerSn);
    await registry(battery.sn, 'installed');
    await registry('BAT2026NEW0001', 'free');
    await registry('BAT2026NEW0002', 'free');
    const body = { sysSn: installerSn, oldSn: battery.sn, newSn: 'BAT2026NEW0001', checkCode: 'CHK123', reason: 'Typo in the label' };
    await commissionedDaysAgo(installerSn, INSTALLATION_EDIT_DAYS + 1);
    await expectRejected(t, UPDATE_SN, body, tokens.installer!, 45);
    await commissionedDaysAgo(installerSn, 1);
    await expectOk(t, UPDATE_SN, body, tokens.installer!);
    const other = await componentOf(foreignSn);
    await registry(other.sn, 'installed');
    await expectRejected(t, UPDATE_SN, { ...body, sysSn: foreignSn, oldSn: other.sn, newSn: 'BAT2026NEW0002' }, tokens.installer!, 45);
    await expectRejected(t, HISTORY, { sysSn: foreignSn }, tokens.installer!, 45);
  });
});

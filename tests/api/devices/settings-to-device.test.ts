import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { digestsBesidesLogins } from './helpers/digests';
import type { TestApp } from '../helpers';
import { as, CUSTOMER_SN, createMonitoringWorld } from '../monitoring/world';
import { SAFETY_SAMPLE } from '../sample-bodies';

/**
 * Settings that go to the device as commands: a customer's own system settings (the installer may keep the export
 * limit), and the safety settings staff write (GetCosSettings / SetCosSettings), each change in the user log.
 */
let t: TestApp;

const settings = {
  sn: CUSTOMER_SN,
  backupReserveSoc: 20,
  gridCharge: false,
  feedInLimitPercent: 70,
  chargeWindows: [],
  workMode: 'selfConsumption',
};

async function ownerCommands(): Promise<{ command: string; params: Record<string, unknown>; state: string }[]> {
  return queryRows(
    t.db,
    sql`SELECT command, params, state FROM device_commands
         WHERE source = 'owner' AND system_id = (SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN}) ORDER BY id`,
  );
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 120_000);
afterAll(() => t.close());

describe("a customer's settings reach the device", () => {
  it('the first save sends every setting as its command; a later one only what changed; the screen reads their states back', async () => {
    const customer = await as(t, 'customer');
    expect((await customer.post('/api/Account/CustomUseESSSetting', settings)).body.code).toBe(200);
    const [{ popv, poinv }] = await queryRows<{ popv: number; poinv: number }>(
      t.db,
      sql`SELECT popv, poinv FROM systems WHERE sys_sn = ${CUSTOMER_SN}`,
    );
    expect(await ownerCommands()).toEqual([
      { command: 'workMode', params: { mode: 'selfConsumption' }, state: 'pending' },
      { command: 'backupReserve', params: { reserveSoc: 20 }, state: 'pending' },
      { command: 'exportLimit', params: { limitW: Math.round(Math.min(popv * 1000 * 0.7, poinv * 1000)) }, state: 'pending' },
      { command: 'chargeSchedule', params: { gridCharge: false, windows: [] }, state: 'pending' },
    ]);
    expect((await customer.post('/api/Account/CustomUseESSSetting', { ...settings, workMode: 'backup' })).body.code).toBe(200);
    const commands = await ownerCommands();
    expect(commands).toHaveLength(5);
    // The newer work mode replaced the waiting one.
    expect(commands.filter((c) => c.command === 'workMode').map((c) => c.state)).toEqual(['superseded', 'pending']);

    const [{ id }] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN}`);
    const { body } = await customer.get(`/api/Account/GetCustomUseESSSetting?system_id=${id}`);
    expect(body.data).toMatchObject({ workMode: 'backup', export_limit_editable: true, device: { online: false, state_at: null } });
    expect(body.data.device.settings.map((s: { command: string; state: string }) => `${s.command}:${s.state}`).sort()).toEqual([
      'backupReserve:pending',
      'chargeSchedule:pending',
      'exportLimit:pending',
      'workMode:pending',
    ]);
  });

  it('when the installer keeps the export limit, a customer changing it gets 45 naming the field, and nothing changes', async () => {
    // The demo installer works for the company that installed the customer's system (the link user management sets).
    await t.db.execute(
      sql`UPDATE users SET installer_company_id = (SELECT installer_company_id FROM systems WHERE sys_sn = ${CUSTOMER_SN}) WHERE username = 'installer'`,
    );
    const installer = await as(t, 'installer');
    const { body: current } = await installer.get('/api/Account/GetInstallSetting');
    expect((await installer.post('/api/Account/InstallSetting', { ...current.data, customerExportLimit: false })).body.code).toBe(200);
    const customer = await as(t, 'customer');
    const before = await digestsBesidesLogins(t);
    const { body } = await customer.post('/api/Account/CustomUseESSSetting', { ...settings, workMode: 'backup', feedInLimitPercent: 100 });
    expect(body).toMatchObject({ code: 45, data: { field: 'feedInLimitPercent' } });
    expect(await digestsBesidesLogins(t)).toEqual(before);
    // The other settings still go through.
    expect((await customer.post('/api/Account/CustomUseESSSetting', { ...settings, workMode: 'timeOfUse' })).body.code).toBe(200);
    expect((await customer.get('/api/Account/GetCustomUseESSList')).body.data[0].export_limit_editable).toBe(false);
  });
});

describe('safety settings (GetCosSettings, SetCosSettings)', () => {
  it('staff write them through the ledger with before and after in the user log; a refresh asks the device', async () => {
    const servicer = await as(t, 'servicer');
    const read = await servicer.post('/api/ESS/GetCosSettings', { sn: CUSTOMER_SN });
    expect(read.body.data).toMatchObject({ sys_sn: CUSTOMER_SN, settings: null, open: null, last: null });
    const { body } = await servicer.post('/api/ESS/SetCosSettings', { sn: CUSTOMER_SN, settings: SAFETY_SAMPLE });
    expect(body.data).toMatchObject({ command: 'safetySettings', state: 'pending', params: SAFETY_SAMPLE });
    const [log] = await queryRows<{ detail: { before: unknown; after: unknown } }>(
      t.db,
      sql`SELECT detail FROM user_log WHERE action = 'device.safety_settings' ORDER BY id DESC LIMIT 1`,
    );
    expect(log!.detail).toMatchObject({ before: null, after: SAFETY_SAMPLE });
    const refreshed = await servicer.post('/api/ESS/GetCosSettings', { sn: CUSTOMER_SN, refresh: true });
    expect(refreshed.body.data.open).toMatchObject({ command: 'readSettings', state: 'pending' });
  });

  it('bad values are refused naming the parameter, nothing queued; dev reads but may not write (45); outside scope 45', async () => {
    const servicer = await as(t, 'servicer');
    const dev = await as(t, 'dev');
    const installer = await as(t, 'installer');
    const before = await digestsBesidesLogins(t);
    const bad: [Record<string, unknown>, number, string][] = [
      [{ ...SAFETY_SAMPLE, overVoltageV: 400 }, 2, 'overVoltageV'],
      [{ ...SAFETY_SAMPLE, underVoltageV: 230, overVoltageV: 230 }, 2, 'overVoltageV'],
      [{ ...SAFETY_SAMPLE, gridCode: 'whatever' }, 2, 'gridCode'],
      [{ ...SAFETY_SAMPLE, powerFactor: undefined }, 65, 'powerFactor'],
    ];
    for (const [values, code, field] of bad) {
      const { body } = await servicer.post('/api/ESS/SetCosSettings', { sn: CUSTOMER_SN, settings: values });
      expect(body.code, field).toBe(code);
      expect(body.data.field, field).toBe(field);
    }
    expect((await dev.post('/api/ESS/GetCosSettings', { sn: CUSTOMER_SN })).body.code).toBe(200);
    expect((await dev.post('/api/ESS/SetCosSettings', { sn: CUSTOMER_SN, settings: SAFETY_SAMPLE })).body).toMatchObject({
      code: 45,
      data: null,
    });
    expect((await installer.post('/api/ESS/GetCosSettings', { sn: CUSTOMER_SN })).body).toMatchObject({ code: 45, data: null });
    expect((await servicer.post('/api/ESS/SetCosSettings', { sn: 'ESS-NOPE-9', settings: SAFETY_SAMPLE })).body).toMatchObject({
      code: 45,
      data: null,
    });
    expect(await digestsBesidesLogins(t)).toEqual(before);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { sweepLedger } from '../../../server/devices/ledger/sweep';
import { digestsBesidesLogins } from './helpers/digests';
import type { TestApp } from '../helpers';
import { as, CUSTOMER_SN, createMonitoringWorld } from '../monitoring/world';

/**
 * Commands to one system (commandManagement) without a broker: every command waits for its device as for an offline
 * one, so what is checked here is the ledger's side: the catalogue's rules and codes, scope, supersede, cancel, retry,
 * expiry. tests/api/devices/channel.test.ts runs the same rows through a real broker and simulated devices.
 */
let t: TestApp;
let servicer: Awaited<ReturnType<typeof as>>;

async function modelSystem(model: string): Promise<string> {
  const [row] = await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE minv = ${model} ORDER BY sys_sn LIMIT 1`);
  return row!.sys_sn;
}

async function history(id: number): Promise<string[]> {
  const rows = await queryRows<{ state: string }>(t.db, sql`SELECT state FROM device_command_events WHERE command_id = ${id} ORDER BY id`);
  return rows.map((r) => r.state);
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  servicer = await as(t, 'servicer');
}, 120_000);
afterAll(() => t.close());

describe('SendCommand', () => {
  it('queues a command of the catalogue: pending until the device hears of it, with its history and a user-log line', async () => {
    const { body } = await servicer.post('/api/DeviceCommand/SendCommand', {
      sn: CUSTOMER_SN,
      command: 'exportLimit',
      params: { limitW: 3000 },
    });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      sys_sn: CUSTOMER_SN,
      command: 'exportLimit',
      params: { limitW: 3000 },
      state: 'pending',
      source: 'staff',
      requested_by: 'servicer',
    });
    expect(await history(body.data.id)).toEqual(['pending']);
    const [log] = await queryRows<{ action: string; target: string }>(
      t.db,
      sql`SELECT action, target FROM user_log WHERE action = 'device.command' ORDER BY id DESC LIMIT 1`,
    );
    expect(log).toEqual({ action: 'device.command', target: CUSTOMER_SN });
    // A day later nobody heard of it: expired, never sent (the sweep as the queue runs it then).
    expect((await sweepLedger(t.db, new Date(t.clock().getTime() + 24 * 3_600_000 + 1))).expired).toBeGreaterThanOrEqual(1);
    const { body: detail } = await servicer.post('/api/DeviceCommand/GetCommand', { id: body.data.id });
    expect(detail.data.state).toBe('expired');
    expect(detail.data.history.map((h: { state: string }) => h.state)).toEqual(['pending', 'expired']);
    expect(detail.data.history[0].by).toBe('servicer');
  });

  it('a newer command for the same setting supersedes the open one; another setting is left alone', async () => {
    const first = (
      await servicer.post('/api/DeviceCommand/SendCommand', { sn: CUSTOMER_SN, command: 'feedIn', params: { enabled: false } })
    ).body.data;
    const other = (
      await servicer.post('/api/DeviceCommand/SendCommand', { sn: CUSTOMER_SN, command: 'workMode', params: { mode: 'backup' } })
    ).body.data;
    const second = (
      await servicer.post('/api/DeviceCommand/SendCommand', { sn: CUSTOMER_SN, command: 'feedIn', params: { enabled: true } })
    ).body.data;
    const states = async (id: number) => (await servicer.post('/api/DeviceCommand/GetCommand', { id })).body.data.state;
    expect(await states(first.id)).toBe('superseded');
    expect(await states(other.id)).toBe('pending');
    expect(await states(second.id)).toBe('pending');
    const [open] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM device_commands WHERE setting = 'feedIn' AND state IN ('pending', 'sent', 'delivered') AND system_id = (SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN})`,
    );
    expect(open!.n).toBe(1);
  });

  it('refuses a missing name or parameter (65), a value out of range naming it (2), cycle-test rules (67-72), an unknown parameter, a model without the feature; nothing is queued', async () => {
    const before = await digestsBesidesLogins(t);
    const h5 = await modelSystem('ESS-H5 Hybrid');
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ sn: CUSTOMER_SN }, 65, 'command'],
      [{ sn: CUSTOMER_SN, command: 'exportLimit' }, 65, 'limitW'],
      [{ sn: CUSTOMER_SN, command: 'exportLimit', params: { limitW: -1 } }, 2, 'limitW'],
      [{ sn: CUSTOMER_SN, command: 'exportLimit', params: { limitW: 5_000_001 } }, 2, 'limitW'],
      [{ sn: CUSTOMER_SN, command: 'exportLimit', params: { limitW: '3000' } }, 2, 'limitW'],
      [{ sn: CUSTOMER_SN, command: 'exportLimit', params: { limitW: 3000, extra: 1 } }, 2, 'extra'],
      [{ sn: CUSTOMER_SN, command: 'socWindow', params: { minSoc: 80, maxSoc: 20 } }, 2, 'maxSoc'],
      [{ sn: CUSTOMER_SN, command: 'workMode', params: { mode: 'turbo' } }, 2, 'mode'],
      [{ sn: CUSTOMER_SN, command: 'selfDestruct' }, 2, 'command'],
      [{ sn: CUSTOMER_SN, command: 'cycleTest', params: {} }, 72, 'count'],
      [{ sn: CUSTOMER_SN, command: 'cycleTest', params: { count: 'ten', durationMinutes: 30 } }, 67, 'count'],
      [{ sn: CUSTOMER_SN, command: 'cycleTest', params: { count: 3, durationMinutes: 'half an hour' } }, 68, 'durationMinutes'],
      [{ sn: CUSTOMER_SN, command: 'cycleTest', params: { count: 501, durationMinutes: 30 } }, 70, 'count'],
      [{ sn: CUSTOMER_SN, command: 'cycleTest', params: { count: 3, durationMinutes: 1.5 } }, 71, 'durationMinutes'],
      [{ sn: CUSTOMER_SN, command: 'recollect', params: { from: 'yesterday', to: '2026-03-02T06:00:00Z' } }, 57, 'from'],
      [{ sn: CUSTOMER_SN, command: 'recollect', params: { to: '2026-03-02T06:00:00Z' } }, 64, 'from'],
      [{ sn: CUSTOMER_SN, command: 'recollect', params: { from: '2026-03-02T06:00:00Z', to: '2026-03-01T06:00:00Z' } }, 2, 'to'],
      [
        {
          sn: CUSTOMER_SN,
          command: 'chargeSchedule',
          params: {
            gridCharge: true,
            windows: [
              { start: '01:00', end: '05:00' },
              { start: '04:00', end: '06:00' },
            ],
          },
        },
        110,
        'windows',
      ],
      [{ sn: h5, command: 'powerLimits', params: { chargeW: 2000, dischargeW: 2000 } }, 2, 'command'],
    ];
    for (const [payload, code, field] of cases) {
      const { body } = await servicer.post('/api/DeviceCommand/SendCommand', payload);
      expect(body.code, JSON.stringify(payload)).toBe(code);
      if (field) expect(body.data?.field ?? body.info, JSON.stringify(payload)).toContain(field);
    }
    expect(await digestsBesidesLogins(t)).toEqual(before);
  });

  it('a cycle test within the rules is queued with a result time of its length', async () => {
    const { body } = await servicer.post('/api/DeviceCommand/SendCommand', {
      sn: CUSTOMER_SN,
      command: 'cycleTest',
      params: { count: 500, durationMinutes: 60 },
    });
    expect(body.code).toBe(200);
    const [row] = await queryRows<{ result_minutes: number }>(
      t.db,
      sql`SELECT result_minutes FROM device_commands WHERE id = ${body.data.id}`,
    );
    expect(row!.result_minutes).toBe(500 * 60 + 30);
  });

  it("roles without commandManagement get 45, and so do systems outside the caller's scope; nothing is queued", async () => {
    const users = await Promise.all(
      ['customer', 'installer', 'fasw', 'vppmanager', 'supplier'].map(async (role) => [role, await as(t, role)] as const),
    );
    const before = await digestsBesidesLogins(t);
    for (const [role, user] of users) {
      const { body } = await user.post('/api/DeviceCommand/SendCommand', {
        sn: CUSTOMER_SN,
        command: 'feedIn',
        params: { enabled: false },
      });
      expect(body, role).toMatchObject({ code: 45, data: null });
    }
    const { body } = await servicer.post('/api/DeviceCommand/SendCommand', {
      sn: 'ESS-NO-SUCH',
      command: 'feedIn',
      params: { enabled: false },
    });
    expect(body).toMatchObject({ code: 45, data: null });
    expect(await digestsBesidesLogins(t)).toEqual(before);
  });

  it('safety settings are not sent as a plain command by those who may not change them (dev: 45)', async () => {
    const dev = await as(t, 'dev');
    const { body } = await dev.post('/api/DeviceCommand/SendCommand', {
      sn: CUSTOMER_SN,
      command: 'safetySettings',
      params: { gridCode: 'VDE-AR-N 4105' },
    });
    expect(body.code).toBe(45);
  });
});

describe('CancelCommand and RetryCommand', () => {
  it('cancels a pending command, refuses a second cancel (400), and retries it as a new attempt that names the old one', async () => {
    const sent = (await servicer.post('/api/DeviceCommand/SendCommand', { sn: CUSTOMER_SN, command: 'reboot' })).body.data;
    const canceled = await servicer.post('/api/DeviceCommand/CancelCommand', { id: sent.id });
    expect(canceled.body.data.state).toBe('canceled');
    expect((await servicer.post('/api/DeviceCommand/CancelCommand', { id: sent.id })).body.code).toBe(400);
    const retried = (await servicer.post('/api/DeviceCommand/RetryCommand', { id: sent.id })).body.data;
    expect(retried).toMatchObject({ command: 'reboot', state: 'pending', retry_of: sent.id });
    expect(retried.id).not.toBe(sent.id);
    expect((await servicer.post('/api/DeviceCommand/GetCommand', { id: sent.id })).body.data.state).toBe('canceled');
    // An open command is not retried.
    expect((await servicer.post('/api/DeviceCommand/RetryCommand', { id: retried.id })).body.code).toBe(400);
  });

  it('loose ids are refused (2) and a command nobody may see answers 45', async () => {
    for (const id of ['0x10', -1, 1.5, '1e3', true]) {
      expect((await servicer.post('/api/DeviceCommand/GetCommand', { id })).body.code, String(id)).toBe(2);
    }
    expect((await servicer.post('/api/DeviceCommand/GetCommand', { id: 999_999 })).body).toMatchObject({ code: 45, data: null });
  });
});

describe('GetCommandList', () => {
  it('filters by S/N, command, states and sender, newest first, with the count of every match', async () => {
    const { body } = await servicer.post('/api/DeviceCommand/GetCommandList', {
      sn: CUSTOMER_SN,
      states: ['pending'],
      sender: 'servic',
      pageSize: 50,
    });
    expect(body.code).toBe(200);
    expect(body.data.dataCount).toBe(body.data.data.length);
    expect(body.data.data.every((r: { state: string; sys_sn: string }) => r.state === 'pending' && r.sys_sn === CUSTOMER_SN)).toBe(true);
    const times = body.data.data.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const feedIn = (await servicer.post('/api/DeviceCommand/GetCommandList', { command: 'feedIn' })).body.data;
    expect(feedIn.data.map((r: { command: string }) => r.command)).toEqual(Array(feedIn.data.length).fill('feedIn'));
    expect((await servicer.post('/api/DeviceCommand/GetCommandList', { states: ['nonsense'] })).body.code).toBe(2);
  });
});

describe('GetSystemControl and RotateDeviceKey', () => {
  it('answers the commands the model accepts, open and recent commands; a rotated key is shown once and replaces the old one', async () => {
    const control = (await servicer.post('/api/DeviceCommand/GetSystemControl', { sn: CUSTOMER_SN })).body.data;
    expect(control).toMatchObject({ sys_sn: CUSTOMER_SN, online: false, state_at: null });
    expect(control.commands).toContain('exportLimit');
    expect(control.open.length).toBeGreaterThan(0);
    const [before] = await queryRows<{ device_key_hash: string }>(
      t.db,
      sql`SELECT device_key_hash FROM systems WHERE sys_sn = ${CUSTOMER_SN}`,
    );
    const { body } = await servicer.post('/api/DeviceCommand/RotateDeviceKey', { sn: CUSTOMER_SN });
    expect(body.data.device_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [after] = await queryRows<{ device_key_hash: string }>(
      t.db,
      sql`SELECT device_key_hash FROM systems WHERE sys_sn = ${CUSTOMER_SN}`,
    );
    expect(after!.device_key_hash).not.toBe(before!.device_key_hash);
    // The HTTP ingest takes the new key and refuses the old one.
    const ingest = (key: string) =>
      t.inject({ method: 'POST', url: '/api/Device/Ingest', headers: { 'x-device-key': key }, payload: { samples: [] } });
    expect((await ingest(body.data.device_key)).statusCode).toBe(200);
    // dev reads the control tab but may not rotate keys.
    const dev = await as(t, 'dev');
    expect((await dev.post('/api/DeviceCommand/GetSystemControl', { sn: CUSTOMER_SN })).body.code).toBe(200);
    expect((await dev.post('/api/DeviceCommand/RotateDeviceKey', { sn: CUSTOMER_SN })).body.code).toBe(45);
  });
});

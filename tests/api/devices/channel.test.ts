import { sql } from 'drizzle-orm';
import { connectAsync as mqttConnect } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../contract/device-messages';
import { queryRows } from '../../../server/core/db';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { SimulatedDevice } from '../../../server/simulator/mqtt-device';
import { SiteSimulator } from '../../../server/simulator/simulate';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { createTestDatabase } from '../helpers/database';
import { as, CUSTOMER_SN } from '../monitoring/world';
import { allowDevice, deviceUrlOf, mqttConfigForTests } from './helpers/broker';

/**
 * The whole channel: the app with its broker (embedded, or the Mosquitto of CI), the customer's demo system as a
 * simulated device with its seeded key. A servicer's command is applied and reported back; the device's refusal of a
 * value beyond its rating answers 56 to a caller who waits; a customer's setting reaches the device and their settings
 * screen says so; a batch finishes.
 */
let t: TestApp;
let device: SimulatedDevice;
let systemId: number;
const mqtt = mqttConfigForTests();

async function startDevice(sn: string): Promise<SimulatedDevice> {
  const [system] = await queryRows<{
    latitude: number;
    longitude: number;
    time_zone: string;
    popv: number;
    poinv: number;
    surpluscobat: number;
    minv: string;
    country_code: string;
  }>(t.db, sql`SELECT latitude, longitude, time_zone, popv, poinv, surpluscobat, minv, country_code FROM systems WHERE sys_sn = ${sn}`);
  const key = demoDeviceKey(sn, DEMO_PASSWORD);
  await allowDevice(mqtt, sn, key);
  const started = new SimulatedDevice({
    url: deviceUrlOf(mqtt, t.app.devices.brokerPort),
    key,
    simulator: new SiteSimulator(
      {
        sn,
        latitude: system!.latitude,
        longitude: system!.longitude,
        timeZone: system!.time_zone,
        pvKwp: system!.popv,
        inverterKw: system!.poinv,
        batteryKwh: system!.surpluscobat,
        load: 'household',
        annualLoadKwh: 4500,
      },
      t.clock().getTime(),
    ),
    profile: { model: system!.minv, inverterKw: system!.poinv, batteryKwh: system!.surpluscobat },
    countryCode: system!.country_code,
    clock: () => t.clock().getTime(),
    reconnectPeriod: 100,
  });
  await started.start();
  return started;
}

async function online(sn: string): Promise<boolean> {
  const [row] = await queryRows<{ online: boolean }>(
    t.db,
    sql`SELECT d.online FROM device_states d JOIN systems s ON s.id = d.system_id WHERE s.sys_sn = ${sn}`,
  );
  return row?.online === true;
}

beforeAll(async () => {
  const database = await createTestDatabase({ from: 'world' });
  t = await createTestApp({ database, config: { mqtt } });
  [{ id: systemId }] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${CUSTOMER_SN}`);
  device = await startDevice(CUSTOMER_SN);
  await eventuallyAsync(() => online(CUSTOMER_SN), 'the device online');
}, 120_000);
afterAll(async () => {
  await device?.stop();
  await t?.close();
});

/** Polls an async check until it holds (the device answers in its own time). */
async function eventuallyAsync(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  let holds = false;
  const poll = async () => {
    holds = await check();
  };
  const until = Date.now() + ms;
  while (!holds) {
    await poll();
    if (holds) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a command over the broker', () => {
  it('a device announces what it has set as it connects: the control tab shows it before any command', async () => {
    const servicer = await as(t, 'servicer');
    const control = (await servicer.post('/api/DeviceCommand/GetSystemControl', { sn: CUSTOMER_SN })).body.data;
    expect(control).toMatchObject({
      online: true,
      settings: { exportLimit: device.settings.exportLimit, workMode: device.settings.workMode },
    });
    expect(control.settings_at).not.toBeNull();
    expect(control.open).toEqual([]);
  });

  it('goes pending → sent → delivered → succeeded, and the device reports the setting it now has', async () => {
    const servicer = await as(t, 'servicer');
    const { body } = await servicer.post('/api/DeviceCommand/SendCommand', {
      sn: CUSTOMER_SN,
      command: 'exportLimit',
      params: { limitW: 1500 },
      wait_seconds: 10,
    });
    expect(body.code).toBe(200);
    expect(body.data.state).toBe('succeeded');
    const detail = (await servicer.post('/api/DeviceCommand/GetCommand', { id: body.data.id })).body.data;
    const states = detail.history.map((h: { state: string }) => h.state);
    expect(states[0]).toBe('pending');
    expect(states.at(-1)).toBe('succeeded');
    expect(states).toContain('delivered');
    const control = (await servicer.post('/api/DeviceCommand/GetSystemControl', { sn: CUSTOMER_SN })).body.data;
    expect(control).toMatchObject({ online: true, settings: { exportLimit: { limitW: 1500 } } });
    expect(device.settings.exportLimit).toEqual({ limitW: 1500 });
  });

  it("a value beyond the device's rating is refused by the device itself: 56 to a caller who waits, with its words", async () => {
    const servicer = await as(t, 'servicer');
    const [{ poinv }] = await queryRows<{ poinv: number }>(t.db, sql`SELECT poinv FROM systems WHERE id = ${systemId}`);
    const { body } = await servicer.post('/api/DeviceCommand/SendCommand', {
      sn: CUSTOMER_SN,
      command: 'powerLimits',
      params: { chargeW: poinv * 1000 + 500, dischargeW: 1000 },
      wait_seconds: 10,
    });
    expect(body.code).toBe(56);
    expect(body.data).toMatchObject({ command: 'powerLimits', state: 'rejected' });
    expect(body.info).toMatch(/^Instruction failed: /);
    expect(device.settings.powerLimits?.chargeW).not.toBe(poinv * 1000 + 500);
  });

  it("a customer's saved setting reaches the device, and their settings screen says it was applied", async () => {
    const customer = await as(t, 'customer');
    const saved = await customer.post('/api/Account/CustomUseESSSetting', {
      sn: CUSTOMER_SN,
      backupReserveSoc: 30,
      gridCharge: false,
      feedInLimitPercent: 100,
      chargeWindows: [],
      workMode: 'backup',
    });
    expect(saved.body.code).toBe(200);
    await eventuallyAsync(async () => {
      const { body } = await customer.get(`/api/Account/GetCustomUseESSSetting?system_id=${systemId}`);
      return body.data.device.settings.length === 4 && body.data.device.settings.every((s: { state: string }) => s.state === 'succeeded');
    }, 'every setting applied');
    expect(device.settings.workMode).toEqual({ mode: 'backup' });
    expect(device.settings.backupReserve).toEqual({ reserveSoc: 30 });
    const { body } = await customer.get(`/api/Account/GetCustomUseESSSetting?system_id=${systemId}`);
    expect(body.data.device.online).toBe(true);
  });

  it('a batch over the device finishes, counted from the ledger', async () => {
    const servicer = await as(t, 'servicer');
    const { body } = await servicer.post('/api/BatchSetting/CreateBatch', {
      command: 'feedIn',
      params: { enabled: false },
      target: { kind: 'list', sns: [CUSTOMER_SN] },
    });
    expect(body.code).toBe(200);
    await eventuallyAsync(
      async () => (await servicer.post('/api/BatchSetting/GetBatch', { id: body.data.id })).body.data.status === 'finished',
      'the batch finished',
    );
    expect((await servicer.post('/api/BatchSetting/GetBatch', { id: body.data.id })).body.data.counts).toEqual({ succeeded: 1 });
    expect(device.settings.feedIn).toEqual({ enabled: false });
  });

  it('a device that says it goes offline is offline, a command waits for it and reaches it when it is back', async () => {
    await device.stop();
    await eventuallyAsync(async () => !(await online(CUSTOMER_SN)), 'the device offline');
    const servicer = await as(t, 'servicer');
    const { body } = await servicer.post('/api/DeviceCommand/SendCommand', {
      sn: CUSTOMER_SN,
      command: 'feedIn',
      params: { enabled: true },
    });
    expect(body.data.state).toBe('pending');
    device = await startDevice(CUSTOMER_SN);
    await eventuallyAsync(
      async () => (await servicer.post('/api/DeviceCommand/GetCommand', { id: body.data.id })).body.data.state === 'succeeded',
      'the waiting command applied on reconnect',
    );
    expect(device.settings.feedIn).toEqual({ enabled: true });
  });
});

describe('the channel as operators see it', () => {
  it("counts the systems in scope, those connected, and this node's messages handed on and dropped", async () => {
    const servicer = await as(t, 'servicer');
    const status = async () => (await servicer.post('/api/DeviceCommand/GetChannelStatus', {})).body.data;
    const [{ n: fleet }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM systems`);
    const [{ n: connected }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM device_states WHERE online`);
    const before = await status();
    expect(before).toMatchObject({ broker: mqtt.url ? 'external' : 'embedded', systems: fleet, online: connected });
    expect(before.online).toBeGreaterThanOrEqual(1);
    expect(before.received).toBeGreaterThan(0);

    // A message the portal refuses (not JSON) is counted as dropped, and nothing else changes.
    const key = demoDeviceKey(CUSTOMER_SN, DEMO_PASSWORD);
    const raw = await mqttConnect(deviceUrlOf(mqtt, t.app.devices.brokerPort), {
      username: CUSTOMER_SN,
      password: key,
      clientId: `${CUSTOMER_SN}_raw`,
    });
    await raw.publishAsync(topics.up(CUSTOMER_SN, 'event'), '{"id": "x", ', { qos: 1 });
    await raw.endAsync();
    await eventuallyAsync(async () => (await status()).dropped > before.dropped, 'the dropped message counted');
    expect((await status()).dropped).toBe(before.dropped + 1);
  });

  it('is for the roles of the command screen only: 45 for a customer and an installer', async () => {
    for (const username of ['customer', 'installer']) {
      const { body } = await (await as(t, username)).post('/api/DeviceCommand/GetChannelStatus', {});
      expect(body).toMatchObject({ code: 45 });
      expect(body.data ?? null).toBeNull();
    }
  });
});

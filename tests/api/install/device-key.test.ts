import { connectAsync } from 'mqtt';
import { snRegistry } from '../../../server/core/db/schema';
import { SimulatedDevice } from '../../../server/simulator/mqtt-device';
import { SiteSimulator } from '../../../server/simulator/simulate';
import { multipart, PNG } from '../crud/attach-helpers';
import { createTestApp, type TestApp } from '../helpers';
import { createTestDatabase } from '../helpers/database';
import { allowDevice, deviceUrlOf, mqttConfigForTests } from '../devices/helpers/broker';
import { as } from '../monitoring/world';

/**
 * The key a new system gets works: a simulated device connects to the broker with the new S/N and the key shown once,
 * publishes what it measures, and the system's live data (the monitoring calls) shows it to its installer. A wrong
 * key is refused by the broker.
 */
let t: TestApp;
let device: SimulatedDevice | undefined;
const mqtt = mqttConfigForTests();
const CHECK = 'H3W9KD';
const SN = 'ESS2026K0001';

beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ from: 'world' }), config: { mqtt } });
  const row = (sn: string, product_type: string) => ({ sn, check_code: CHECK, product_type, model: '', production_date: '2026-09-01' });
  await t.db
    .insert(snRegistry)
    .values([row(SN, 'system'), row('INV26K0001', 'inverter'), row('BAT26K00011', 'battery'), row('EMS26K0001', 'ems')]);
}, 60_000);
afterAll(async () => {
  await device?.stop();
  await t?.close();
});

async function upload(token: string, content: Buffer): Promise<number> {
  const body = multipart([
    { name: 'field', value: 'photos' },
    { name: 'file', filename: 'site.png', content },
  ]);
  const response = await t.inject({
    method: 'POST',
    url: '/api/ESSMainTain/UploadInstallFile',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return response.json().data.id;
}

async function eventuallyAsync(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('the simulator connects with the new S/N and key, and the installer sees its live data', async () => {
  const installer = await as(t, 'installer');
  const photos = [await upload(installer.token, PNG), await upload(installer.token, Buffer.concat([PNG, Buffer.from('meter cabinet')]))];
  const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', {
    sn: SN,
    check_code: CHECK,
    minv: 'ESS-H6 Hybrid',
    mbat: 'LFP-5.5',
    components: [
      { kind: 'inverter', sn: 'INV26K0001', check_code: CHECK },
      { kind: 'battery', sn: 'BAT26K00011', check_code: CHECK },
      { kind: 'ems', sn: 'EMS26K0001', check_code: CHECK, mac: '02-00-5E-10-00-01' },
    ],
    popv: 6.4,
    poinv: 6,
    cobat: 5.5,
    surpluscobat: 5,
    address: 'Corso Vittorio Emanuele 41',
    postcode: '10125',
    city: 'Torino',
    country: 'IT',
    latitude: 45.0625,
    longitude: 7.6787,
    timeZone: 'Europe/Rome',
    commissionedOn: t.clock().toISOString().slice(0, 10),
    customer: { inviteEmail: 'paolo.greco@mail.example' },
    photos,
  });
  expect(body.code).toBe(200);
  const key: string = body.data.device_key;
  await allowDevice(mqtt, SN, key);
  const url = deviceUrlOf(mqtt, t.app.devices.brokerPort);

  // Another key is no key: the broker refuses the connection.
  await expect(
    connectAsync(url, { username: SN, password: `${key}x`, clientId: `${SN}-wrong`, reconnectPeriod: 0, connectTimeout: 3_000 }, false),
  ).rejects.toThrow();

  const live = async () => (await installer.get(`/api/ESS/GetSecondDataBySn?sn=${SN}`)).body;
  // Installed, never heard from: no sample yet.
  expect((await live()).data).toMatchObject({ sn: SN, ts: null, soc: null, online: false });

  const start = t.clock().getTime() - 30 * 60_000;
  device = new SimulatedDevice({
    url,
    key,
    simulator: new SiteSimulator(
      {
        sn: SN,
        latitude: 45.0625,
        longitude: 7.6787,
        timeZone: 'Europe/Rome',
        pvKwp: 6.4,
        inverterKw: 6,
        batteryKwh: 5,
        load: 'household',
        annualLoadKwh: 3800,
      },
      start,
    ),
    profile: { model: 'ESS-H6 Hybrid', inverterKw: 6, batteryKwh: 5 },
    countryCode: 'IT',
    clock: () => t.clock().getTime(),
    reconnectPeriod: 100,
  });
  await device.start();
  expect(await device.report()).toBeGreaterThan(0);
  await eventuallyAsync(async () => (await live()).data.ts !== null, 'the live data of the new system');
  const sample = (await live()).data;
  expect(sample).toMatchObject({ sn: SN });
  expect(typeof sample.soc).toBe('number');
  expect(Date.parse(sample.ts)).toBeGreaterThan(start);
});

import { createServer, type AddressInfo } from 'node:net';
import { connectAsync } from 'mqtt';
import { topics } from '../../../../contract/device-messages';
import { createDeviceChannel } from '../../../../server/devices/transport/create';
import { PORTAL_USERNAME, portalPassword } from '../../../../server/devices/transport/identities';
import { withoutCredentials } from '../../../../server/devices/transport/portal-client';
import { parseMqttPort } from '../../../../server/env';
import { brokerForTests, type TestBroker } from '../helpers/broker';

let broker: TestBroker;
beforeAll(async () => {
  broker = await brokerForTests({ embedded: true });
});
afterAll(() => broker.close());

const handlers = { telemetry: async () => {}, event: async () => {}, reply: async () => {}, state: async () => {} };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

test('MQTT_PORT: 1883 when unset, a port number, or the start stops', () => {
  expect(parseMqttPort(undefined)).toBe(1883);
  expect(parseMqttPort('')).toBe(1883);
  expect(parseMqttPort('0')).toBe(0);
  expect(parseMqttPort('8883')).toBe(8883);
  for (const wrong of ['-1', '65536', '18.5', 'mqtt']) expect(() => parseMqttPort(wrong)).toThrow('MQTT_PORT');
});

test('the log names the external broker without the credentials MQTT_URL may carry', () => {
  expect(withoutCredentials('mqtts://portal:s3cret@broker.example:8883')).toBe('mqtts://broker.example:8883');
  expect(withoutCredentials('wss://portal:s3cret@broker.example/mqtt')).toBe('wss://broker.example/mqtt');
  expect(withoutCredentials('not a url')).toBe('(an unreadable MQTT_URL)');
});

test("the portal's login is derived from the token secret and may only read devices' messages and send commands", async () => {
  const portal = (password: string) =>
    connectAsync(
      broker.deviceUrl,
      { username: PORTAL_USERNAME, password, clientId: `${PORTAL_USERNAME}_test`, protocolVersion: 4, reconnectPeriod: 0 },
      false,
    );
  await expect(portal(portalPassword('another secret'))).rejects.toThrow(/bad username or password/i);

  const client = await portal(portalPassword(broker.jwtSecret));
  await expect(client.subscribeAsync('ess/+/down/#', { qos: 1 })).rejects.toThrow(/subscribe error/i);
  await expect(client.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/subscribe error/i);
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.publish(topics.up('T0000000001', 'event'), JSON.stringify({ id: 'forged', status: 'normal' }), { qos: 1 });
  await closed;
  expect(broker.handled.some((h) => h.message.id === 'forged')).toBe(false);
  await client.endAsync(true);
});

test('a device may not take the portal client id', async () => {
  const { sn, key } = await broker.addDevice();
  await expect(broker.connectDevice(sn, key, { clientId: `${PORTAL_USERNAME}_x` })).rejects.toThrow(/identifier rejected/i);
});

test('the channel does not start on a taken port or without its external broker', async () => {
  const options = { db: broker.database.db, jwtSecret: 'secret', handlers, log: quiet };
  await expect(createDeviceChannel({ ...options, mqtt: { port: broker.brokerPort } })).rejects.toThrow(/EADDRINUSE/);

  const free = createServer();
  await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
  const { port } = free.address() as AddressInfo;
  await new Promise<void>((resolve) => free.close(() => resolve()));
  await expect(createDeviceChannel({ ...options, mqtt: { url: `mqtt://127.0.0.1:${port}` } })).rejects.toThrow(/ECONNREFUSED|connect/i);
});

test.runIf(process.env.MQTT_TEST_URL)('the channel does not start when the external broker refuses its login', async () => {
  const mqtt = { url: process.env.MQTT_TEST_URL, username: process.env.MQTT_TEST_USERNAME, password: 'not the password' };
  await expect(createDeviceChannel({ db: broker.database.db, jwtSecret: 'secret', mqtt, handlers, log: quiet })).rejects.toThrow(
    /not authorized|bad username or password/i,
  );
});

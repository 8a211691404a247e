import type { AddressInfo } from 'node:net';
import { connect as connectTcp } from 'node:net';
import { topics } from '../../../../contract/device-messages';
import { createTestApp, type TestApp } from '../../helpers';
import { brokerForTests, eventually, type TestBroker } from '../helpers/broker';

let t: TestApp;
let broker: TestBroker;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  broker = await brokerForTests({ httpServer: t.app.server, database: t.database, embedded: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await broker.close();
  await t.close();
});

test("a device speaks MQTT over WebSocket at /mqtt on the portal's own port, beside the API", async () => {
  const { sn, key } = await broker.addDevice();
  const device = await broker.connectDevice(sn, key, { url: `ws://127.0.0.1:${port}/mqtt` });
  await device.subscribeAsync(topics.command(sn), { qos: 1 });
  await device.publishAsync(topics.state(sn), JSON.stringify({ id: 'ws1', state: 'online', session: 'w' }), { qos: 1 });
  await eventually(() => broker.handled.some((h) => h.sn === sn && h.message.id === 'ws1'), 10_000, 'the message over WebSocket');

  const got = new Promise<string>((resolve) => device.once('message', (_topic, payload) => resolve(payload.toString())));
  await broker.channel.publishCommand(sn, { id: 5, command: 'reboot', params: {}, expires_at: '2026-03-02T09:00:00.000Z' });
  expect(JSON.parse(await got)).toMatchObject({ id: 5, command: 'reboot' });

  await expect(broker.connectDevice(sn, 'wrong', { url: `ws://127.0.0.1:${port}/mqtt` })).rejects.toThrow(/bad username or password/i);
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  await device.endAsync(true);
});

test('a WebSocket upgrade anywhere else is closed without an answer', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.write(
        'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
    });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
  expect(answer).toBe('');
});

test("closed in the app's preClose hook, the channel lets the app close while devices are connected over WebSocket", async () => {
  // In onClose it would be too late: the HTTP server waits there for every connection, the upgraded ones too.
  let closeChannel = async () => {};
  const app = await createTestApp({ configure: (fastify) => fastify.addHook('preClose', () => closeChannel()) });
  const own = await brokerForTests({ httpServer: app.app.server, database: app.database, embedded: true });
  closeChannel = () => own.channel.close();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { sn, key } = await own.addDevice();
  const device = await own.connectDevice(sn, key, { url: `ws://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/mqtt` });
  const deviceClosed = new Promise<void>((resolve) => device.once('close', () => resolve()));
  await app.app.close();
  await deviceClosed;
  await own.close();
  await app.database.close();
});

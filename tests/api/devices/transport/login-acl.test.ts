import type { MqttClient } from 'mqtt';
import { topics, type CommandMessage } from '../../../../contract/device-messages';
import { brokerForTests, eventually, type TestBroker } from '../helpers/broker';

let broker: TestBroker;
beforeAll(async () => {
  broker = await brokerForTests();
});
afterAll(() => broker.close());

const clients: MqttClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
async function connect(...args: Parameters<TestBroker['connectDevice']>) {
  const client = await broker.connectDevice(...args);
  clients.push(client);
  return client;
}

const command = (id: number): CommandMessage => ({ id, command: 'reboot', params: {}, expires_at: '2026-03-02T09:00:00.000Z' });
const state = (id: string) => JSON.stringify({ id, state: 'online', session: 's1' });

/** Whether the promise settles within ms (a message that never comes). */
const closedWithin = (client: MqttClient, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (!client.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

test('a device logs in with its S/N and key; a wrong key, an unknown S/N or an odd user name is refused', async () => {
  const { sn, key } = await broker.addDevice();
  const device = await connect(sn, key);
  expect(device.connected).toBe(true);

  await expect(broker.connectDevice(sn, `${key}x`)).rejects.toThrow(/bad username or password|not authorized/i);
  await expect(broker.connectDevice('T0000000000', key, { clientId: 'T0000000000' })).rejects.toThrow(
    /bad username or password|not authorized/i,
  );
  await expect(broker.connectDevice('ess/#', key, { clientId: 'x' })).rejects.toThrow(/bad username or password|not authorized/i);
});

test('the portal sends a command to a device, which gets it on its own topic; the promise waits for the broker', async () => {
  const { sn, key } = await broker.addDevice();
  const device = await connect(sn, key);
  await device.subscribeAsync(topics.command(sn), { qos: 1 });
  const got = new Promise<string>((resolve) => device.once('message', (_topic, payload) => resolve(payload.toString())));
  await broker.channel.publishCommand(sn, command(7));
  expect(JSON.parse(await got)).toEqual(command(7));
});

test("a device cannot read another's commands", async () => {
  const a = await broker.addDevice();
  const b = await broker.addDevice();
  const intruder = await connect(a.sn, a.key);
  // aedes answers the refusal (SUBACK 0x80, which MQTT.js turns into an error).
  const subscribed = intruder.subscribeAsync(topics.command(b.sn), { qos: 1 });
  if (broker.isolated) await expect(subscribed).rejects.toThrow(/subscribe error/i);
  else await subscribed.catch(() => {});
  const victim = await connect(b.sn, b.key);
  await victim.subscribeAsync(topics.command(b.sn), { qos: 1 });
  const seen: string[] = [];
  intruder.on('message', (topic) => seen.push(topic));
  const delivered = new Promise<void>((resolve) => victim.once('message', () => resolve()));
  await broker.channel.publishCommand(b.sn, command(8));
  await delivered;
  // The intruder's copy would have come by now: the victim's came through the same broker.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(seen).toEqual([]);
});

test('a device publishing under another S/N is cut off and the portal never gets the message; its own go through', async () => {
  const a = await broker.addDevice();
  const b = await broker.addDevice();
  const intruder = await connect(a.sn, a.key);
  // Not awaited: a cut-off client never gets its PUBACK.
  intruder.publish(topics.state(b.sn), state('forged'), { qos: 1 });
  if (broker.isolated) expect(await closedWithin(intruder, 2_000)).toBe(true);

  const honest = await connect(b.sn, b.key);
  await honest.publishAsync(topics.state(b.sn), state('real'), { qos: 1 });
  await eventually(() => broker.handled.some((h) => h.message.id === 'real'), 10_000, 'the honest message');
  expect(broker.handled.filter((h) => h.sn === b.sn).map((h) => h.message.id)).toEqual(['real']);
  expect(broker.handled.some((h) => h.message.id === 'forged')).toBe(false);
});

test.runIf(!process.env.MQTT_TEST_URL)(
  'a device publishing outside its topics, or taking another S/N as client id, is refused',
  async () => {
    const a = await broker.addDevice();
    const b = await broker.addDevice();
    const device = await connect(a.sn, a.key);
    device.publish(`ess/${a.sn}/down/command`, JSON.stringify(command(9)), { qos: 1 });
    expect(await closedWithin(device, 2_000)).toBe(true);

    const victim = await connect(b.sn, b.key);
    await expect(broker.connectDevice(a.sn, a.key, { clientId: b.sn })).rejects.toThrow(/identifier rejected/i);
    expect(victim.connected).toBe(true);
  },
);

test.runIf(!process.env.MQTT_TEST_URL)("disconnectDevice closes that device's connections only", async () => {
  const a = await broker.addDevice();
  const b = await broker.addDevice();
  const rotated = await connect(a.sn, a.key);
  const other = await connect(b.sn, b.key);
  const closed = closedWithin(rotated, 2_000);
  await broker.channel.disconnectDevice(a.sn);
  expect(await closed).toBe(true);
  expect(other.connected).toBe(true);
});

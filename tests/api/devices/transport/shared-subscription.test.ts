import { topics } from '../../../../contract/device-messages';
import { brokerForTests, eventually, type TestBroker, type TestPortal } from '../helpers/broker';

// Shared subscriptions are for an external broker (MQTT_TEST_URL: .ci/mosquitto.sh); the embedded one serves one node.
describe.runIf(process.env.MQTT_TEST_URL)('two portal nodes on one external broker', () => {
  let broker: TestBroker;
  let second: TestPortal;
  beforeAll(async () => {
    broker = await brokerForTests();
    second = await broker.openPortal();
  });
  afterAll(() => broker.close());

  test('handle each device message once between them', async () => {
    const { sn, key } = await broker.addDevice();
    const device = await broker.connectDevice(sn, key);
    const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const id of ids) await device.publishAsync(topics.up(sn, 'event'), JSON.stringify({ id, status: 'normal' }), { qos: 1 });
    const handled = () => [...broker.handled, ...second.handled].filter((h) => h.sn === sn).map((h) => h.message.id);
    await eventually(() => handled().length >= ids.length, 10_000, 'every message');
    // Late copies would have come with the last of the first ones.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handled().sort()).toEqual([...ids].sort());
    // Both nodes took part (Mosquitto hands the group's messages round).
    expect(broker.handled.some((h) => h.sn === sn)).toBe(true);
    expect(second.handled.some((h) => h.sn === sn)).toBe(true);

    // Either node's command reaches the device.
    await device.subscribeAsync(topics.command(sn), { qos: 1 });
    const got = new Promise<string>((resolve) => device.once('message', (_topic, payload) => resolve(payload.toString())));
    await second.channel.publishCommand(sn, { id: 11, command: 'reboot', params: {}, expires_at: '2026-03-02T09:00:00.000Z' });
    expect(JSON.parse(await got)).toMatchObject({ id: 11 });
    await device.endAsync(true);
  });
});

import type { MqttClient } from 'mqtt';
import { MAX_MESSAGE_BYTES, topics } from '../../../../contract/device-messages';
import { createDispatcher } from '../../../../server/devices/transport/dispatch';
import { brokerForTests, eventually, type TestBroker } from '../helpers/broker';

let broker: TestBroker;
let device: MqttClient;
let sn: string;
beforeAll(async () => {
  broker = await brokerForTests();
  const added = await broker.addDevice();
  sn = added.sn;
  device = await broker.connectDevice(added.sn, added.key);
});
afterAll(async () => {
  await device.endAsync(true);
  await broker.close();
});

const telemetry = (id: string) => ({
  id,
  status: 'normal',
  samples: [{ ts: '2026-03-02T07:55:00.000Z', pv_w: 1200, load_w: 600, battery_w: -300, grid_w: -300, soc: 55 }],
});
const event = (id: string) => ({ id, status: 'fault', faults: [] });
const reply = (id: string) => ({ id, command_id: 3, status: 'succeeded', settings: { grid: { export_limit_w: 3000 } } });
const state = (id: string) => ({ id, state: 'online', session: 'c1' });

const mine = () => broker.handled.filter((h) => h.sn === sn);
const myWarnings = () => broker.warnings.filter((w) => String(w.fields.topic).includes(sn));
const handledId = (id: string) => () => mine().some((h) => h.message.id === id);

test('each kind of message reaches its handler with the S/N of its topic, parsed by its schema', async () => {
  await device.publishAsync(topics.up(sn, 'telemetry'), JSON.stringify(telemetry('t1')), { qos: 1 });
  await device.publishAsync(topics.up(sn, 'event'), JSON.stringify(event('e1')), { qos: 1 });
  await device.publishAsync(topics.up(sn, 'reply'), JSON.stringify(reply('r1')), { qos: 1 });
  await device.publishAsync(topics.state(sn), JSON.stringify(state('s1')), { qos: 1, retain: true });
  await eventually(() => mine().length >= 4, 10_000, `four messages, not ${JSON.stringify(mine())}`);
  expect(mine().sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
    { kind: 'event', sn, message: event('e1') },
    { kind: 'reply', sn, message: reply('r1') },
    { kind: 'state', sn, message: state('s1') },
    { kind: 'telemetry', sn, message: { ...telemetry('t1'), samples: [expect.objectContaining(telemetry('t1').samples[0])] } },
  ]);
});

test('malformed, schema-failing, oversized payloads and a failing handler are dropped, logged once and counted; the channel goes on', async () => {
  const before = broker.channel.counts();
  const warningsBefore = myWarnings().length;
  broker.failing.add('boom');
  const bad = [
    [topics.up(sn, 'telemetry'), '{"id": "x", "samples": ['], // not JSON
    [topics.up(sn, 'event'), JSON.stringify({ id: 'e2', status: 'on fire' })], // not the schema
    [topics.up(sn, 'reply'), JSON.stringify({ ...reply('r2'), command_id: -1 })],
    [topics.state(sn), JSON.stringify(telemetry('s2'))],
    [topics.up(sn, 'event'), JSON.stringify(event('boom'))], // the handler throws
  ] as const;
  for (const [topic, payload] of bad) await device.publishAsync(topic, payload, { qos: 1 });

  await device.publishAsync(topics.up(sn, 'event'), JSON.stringify(event('after')), { qos: 1 });
  await eventually(handledId('after'), 10_000, 'the good message after the bad ones');
  await eventually(() => myWarnings().length - warningsBefore >= bad.length, 10_000, 'the warnings');
  expect(
    myWarnings()
      .slice(warningsBefore)
      .map((w) => w.fields.reason),
  ).toEqual([
    'not JSON',
    expect.stringMatching(/^not a event message: status/),
    expect.stringMatching(/^not a reply message: command_id/),
    expect.stringMatching(/^not a state message: state/),
    'handler failed',
  ]);
  const after = broker.channel.counts();
  if (broker.isolated) expect(after).toEqual({ received: before.received + 1, dropped: before.dropped + bad.length });
  else expect(after.dropped - before.dropped).toBeGreaterThanOrEqual(bad.length);
  expect(mine().map((h) => h.message.id)).not.toContain('boom');
});

test('a payload over MAX_MESSAGE_BYTES is refused at the broker (the embedded one cuts the device off); the portal never sees it', async () => {
  const added = await broker.addDevice();
  const big = await broker.connectDevice(added.sn, added.key);
  const closed = new Promise<void>((resolve) => big.once('close', () => resolve()));
  big.publish(topics.up(added.sn, 'telemetry'), Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20), { qos: 1 });
  if (broker.isolated) await closed;
  // The first device still talks to the portal.
  await device.publishAsync(topics.up(sn, 'event'), JSON.stringify(event('still')), { qos: 1 });
  await eventually(handledId('still'), 10_000, 'a message after the big one');
  expect(broker.handled.some((h) => h.sn === added.sn)).toBe(false);
  await big.endAsync(true);
});

test('the portal drops a payload over MAX_MESSAGE_BYTES itself too (an external broker may allow more)', async () => {
  const warnings: unknown[] = [];
  const handled: unknown[] = [];
  const record = async (...args: unknown[]) => void handled.push(args);
  const dispatcher = createDispatcher(
    { telemetry: record, event: record, reply: record, state: record },
    { info: () => {}, warn: (fields) => warnings.push(fields), error: () => {} },
  );
  const padded = Buffer.from(JSON.stringify({ ...event('big'), padding: ' '.repeat(MAX_MESSAGE_BYTES) }));
  await dispatcher.dispatch(topics.up(sn, 'event'), padded);
  await dispatcher.dispatch(`ess/${sn}/up/firmware`, Buffer.from(JSON.stringify(event('odd'))));
  await dispatcher.dispatch(topics.up(sn, 'event'), Buffer.from(JSON.stringify(event('fits'))));
  expect(warnings).toEqual([
    { topic: topics.up(sn, 'event'), reason: `over ${MAX_MESSAGE_BYTES} bytes` },
    { topic: `ess/${sn}/up/firmware`, reason: 'unknown topic' },
  ]);
  expect(handled).toEqual([[sn, event('fits')]]);
  expect(dispatcher.counts()).toEqual({ received: 1, dropped: 2 });
});

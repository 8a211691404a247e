import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics, type EventMessage, type TelemetryMessage } from '../../../contract/device-messages';
import { queryRows } from '../../../server/core/db';
import { pgArray } from '../../../server/monitoring/sql-arrays';
import { createTestApp, TEST_EPOCH, type TestApp } from '../helpers';
import { as } from '../monitoring/world';
import { mqttConfigForTests } from './helpers/broker';
import { allowDevices, insertSystems, TestDevice, until, type FleetSystem } from './helpers/fleet';

/**
 * Two API nodes on one database and one external broker, in the same shared-subscription group: every device message
 * is handled by one of them, once, and a batch created on one finishes with replies handled by both. Only with an
 * external broker: the embedded one runs inside one node and has no second node to share with.
 */
const external = process.env.MQTT_TEST_URL;
const SYSTEMS = 20;
const TELEMETRY_PER_DEVICE = 5;
const SAMPLES_PER_MESSAGE = 3;
const STEP_MS = 300_000;

let a: TestApp;
let b: TestApp;
let fleet: FleetSystem[];
const devices: TestDevice[] = [];

beforeAll(async () => {
  if (!external) return;
  const shareGroup = `nodes${randomBytes(4).toString('hex')}`;
  a = await createTestApp({ config: { mqtt: mqttConfigForTests(shareGroup) } });
  await a.reset();
  b = await createTestApp({ database: a.database, config: { mqtt: mqttConfigForTests(shareGroup) } });
  fleet = await insertSystems(a.db, SYSTEMS);
  await allowDevices(a.config.mqtt!, fleet);
  for (const system of fleet) devices.push(new TestDevice(system.sn, system.key, external));
  await Promise.all(devices.map((d) => d.connect()));
}, 60_000);
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  // The second node leaves the shared database to the first, which closes it.
  await b?.app.close();
  await a?.close();
});

const handledBy = (t: TestApp) => t.app.devices.counts();
/**
 * Messages the nodes handled. Not those they dropped: on subscribing, each node is also handed the retained state
 * messages of the devices of other files on the same Mosquitto, whose systems this database does not hold.
 */
const total = () => handledBy(a).received + handledBy(b).received;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(a.db, query);
  return Number(row!.n);
}

// Skipped without MQTT_TEST_URL: the embedded broker runs inside one node, there is no second to share it with.
describe.skipIf(!external)('two API nodes on one external broker (MQTT_TEST_URL)', () => {
  it('share the messages between them, each message taking effect once', async () => {
    // The devices' online messages, one each.
    await until(() => total() >= SYSTEMS, 10_000, 'the online messages');
    const before = total();
    const start = TEST_EPOCH.getTime() - 2 * 3_600_000;
    let sent = 0;
    await Promise.all(
      devices.map(async (device) => {
        for (let m = 0; m < TELEMETRY_PER_DEVICE; m++) {
          const samples = Array.from({ length: SAMPLES_PER_MESSAGE }, (_, i) => ({
            ts: new Date(start + (m * SAMPLES_PER_MESSAGE + i) * STEP_MS).toISOString(),
            pv_w: 1000,
            load_w: 500,
            battery_w: 300,
            grid_w: -200,
            soc: 50,
          }));
          const message: TelemetryMessage = { id: `t-${m}`, samples };
          await device.client!.publishAsync(topics.up(device.sn, 'telemetry'), JSON.stringify(message), { qos: 1 });
          sent++;
        }
        const event: EventMessage = { id: 'e-1', status: 'normal', faults: [] };
        await device.client!.publishAsync(topics.up(device.sn, 'event'), JSON.stringify(event), { qos: 1 });
        sent++;
      }),
    );
    await until(() => total() >= before + sent, 15_000, `${sent} messages handled`);
    // QoS 1 is at least once: a node that lost its connection for a moment may be handed a message again. What must
    // hold is the effect: every sample stored once. (What the nodes drop is not counted: other files' devices on the
    // same Mosquitto reach them too.)
    expect(total()).toBeGreaterThanOrEqual(before + sent);
    // Both nodes took their share.
    expect(handledBy(a).received).toBeGreaterThan(0);
    expect(handledBy(b).received).toBeGreaterThan(0);
    const ids = fleet.map((s) => s.id);
    expect(await count(sql`SELECT count(*)::int AS n FROM telemetry WHERE system_id = ANY(${pgArray(ids)}::int[])`)).toBe(
      SYSTEMS * TELEMETRY_PER_DEVICE * SAMPLES_PER_MESSAGE,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM device_states WHERE online AND system_id = ANY(${pgArray(ids)}::int[])`)).toBe(
      SYSTEMS,
    );
  });

  it('a batch created on one node finishes with replies handled by both, each transition once', async () => {
    const servicer = await as(a, 'servicer');
    const before = { a: handledBy(a).received, b: handledBy(b).received };
    const { body } = await servicer.post('/api/BatchSetting/CreateBatch', {
      command: 'feedIn',
      params: { enabled: false },
      target: { kind: 'list', sns: fleet.map((s) => s.sn) },
      rate_per_minute: 1000,
    });
    expect(body.code, body.info).toBe(200);
    const batchId = body.data.id;
    await until(
      async () => (await servicer.post('/api/BatchSetting/GetBatch', { id: batchId })).body.data.counts.succeeded === SYSTEMS,
      15_000,
      'the batch succeeded',
    );
    expect((await servicer.post('/api/BatchSetting/GetBatch', { id: batchId })).body.data.status).toBe('finished');
    // Two replies per device (acknowledgement and result; at least once), shared between the nodes.
    expect(handledBy(a).received - before.a + (handledBy(b).received - before.b)).toBeGreaterThanOrEqual(2 * SYSTEMS);
    expect(handledBy(a).received).toBeGreaterThan(before.a);
    expect(handledBy(b).received).toBeGreaterThan(before.b);
    for (const device of devices) expect([...device.applied.values()]).toEqual([1]);
    // No transition recorded twice.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM (SELECT e.command_id, e.state FROM device_command_events e
                        JOIN device_commands c ON c.id = e.command_id WHERE c.batch_id = ${batchId}
                       GROUP BY e.command_id, e.state HAVING count(*) > 1) twice`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM device_command_events e JOIN device_commands c ON c.id = e.command_id
                       WHERE c.batch_id = ${batchId} AND e.state = 'succeeded'`),
    ).toBe(SYSTEMS);
  });
});

import { parseArgs } from 'node:util';
import { demoDeviceKey } from '../monitoring/ingest/device-keys';
import { MAX_SAMPLES_PER_BATCH } from '../../contract/ingest';
import { demoFleet, type DemoSystem } from '../demo/monitoring/fleet';
import { toIngestBatches } from './batches';
import { unknownSystems, unknownSystemsMessage } from './fleet-check';
import { SimulatedDevice } from './mqtt-device';
import { alignToStep, SiteSimulator } from './simulate';
import type { Site } from './site';

/**
 * `npm run simulate -- --systems N --days D [--live] [--url http://localhost:8080]`
 * `npm run simulate -- --mqtt [mqtt://localhost:1883] --systems N [--days D]`
 *
 * Plays the demo systems as devices: D days of history for the first N demo systems, posted in batches to
 * the running server's /api/Device/Ingest (re-sending what the seed stored changes nothing); with --live,
 * one sample per system every reporting interval after that. Device keys come from the demo password
 * (DEMO_PASSWORD, as the server's seed derived them). Asked for systems the server does not have (more
 * than its demo fleet), it refuses before posting anything. Each batch reports the device's status (normal,
 * or the worst fault running) and its faults, as the simulator's fault model produces them.
 *
 * With --mqtt the systems are devices on a broker (the portal's embedded one by default, or any other): each logs in
 * with its S/N and key, publishes its D days of history and then its telemetry live, and obeys the commands the
 * portal sends (DESIGN §12) until Ctrl+C, when each says offline.
 */
const STEP_MS = 300_000;
const DAY_MS = 86_400_000;

const DEFAULT_BROKER = process.env.SIMULATE_MQTT_URL ?? 'mqtt://localhost:1883';
// `--mqtt` may stand alone (the default broker): parseArgs knows no optional values, so give it one.
const args = process.argv
  .slice(2)
  .map((arg, i, all) => (arg === '--mqtt' && (all[i + 1] ?? '--').startsWith('--') ? `--mqtt=${DEFAULT_BROKER}` : arg));
const { values } = parseArgs({
  args,
  options: {
    mqtt: { type: 'string' },
    systems: { type: 'string', default: '10' },
    days: { type: 'string', default: '1' },
    live: { type: 'boolean', default: false },
    url: { type: 'string', default: process.env.SIMULATE_URL ?? 'http://localhost:8080' },
  },
});
const count = Number(values.systems);
const days = Number(values.days);
if (!Number.isInteger(count) || count < 1 || !Number.isFinite(days) || days < 0) {
  console.error(
    'usage: npm run simulate -- --systems N --days D [--live] [--url http://localhost:8080]\n       npm run simulate -- --mqtt [mqtt://localhost:1883] --systems N [--days D]',
  );
  process.exit(2);
}
const password = process.env.DEMO_PASSWORD ?? 'demo2026';
const endpoint = `${values.url.replace(/\/$/, '')}/api/Device/Ingest`;

function siteOf(demo: DemoSystem): Site {
  return {
    sn: demo.sn,
    latitude: demo.latitude,
    longitude: demo.longitude,
    timeZone: demo.place.timeZone,
    pvKwp: demo.popv,
    inverterKw: demo.poinv,
    batteryKwh: demo.surpluscobat,
    load: demo.kind,
    annualLoadKwh: demo.annualLoadKwh,
  };
}

async function send(sn: string, batch: unknown): Promise<{ code: number; info: string }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-device-key': demoDeviceKey(sn, password) },
    body: JSON.stringify(batch),
  });
  return (await response.json()) as { code: number; info: string };
}

async function post(sn: string, batch: unknown): Promise<void> {
  const answer = await send(sn, batch);
  if (answer.code !== 200) console.error(`${sn}: ${answer.code} ${answer.info}`);
}

// Systems that never report stay unknown, as in the demo.
const planned = demoFleet(count);
const fleet = planned.filter((s) => s.status !== null);

if (values.mqtt) await runDevices(values.mqtt);

/** The systems as MQTT devices: history first, then live until Ctrl+C. */
async function runDevices(url: string): Promise<never> {
  const start = alignToStep(Date.now() - days * DAY_MS, STEP_MS);
  const devices = fleet.map(
    (demo) =>
      new SimulatedDevice({
        url,
        key: demoDeviceKey(demo.sn, password),
        simulator: new SiteSimulator(siteOf(demo), start, STEP_MS, 55),
        profile: { model: demo.minv, inverterKw: demo.poinv, batteryKwh: demo.surpluscobat },
        countryCode: demo.place.countryCode,
        clock: Date.now,
        log: (message) => console.error(message),
      }),
  );
  const started = await Promise.allSettled(devices.map((d) => d.start()));
  const refused = started.flatMap((r, i) => (r.status === 'rejected' ? [`${devices[i]!.sn}: ${String(r.reason)}`] : []));
  for (const line of refused.slice(0, 5)) console.error(line);
  const live = devices.filter((_, i) => started[i]!.status === 'fulfilled');
  if (live.length === 0) {
    console.error(`no device could connect to ${url} (is the broker running, and are these systems and keys known there?)`);
    process.exit(2);
  }
  let samples = 0;
  for (const device of live) samples += await device.report();
  console.log(`${live.length} devices on ${url} (${refused.length} refused), ${samples} samples of history; live until Ctrl+C`);
  const tick = async () => {
    for (const device of live) await device.report();
  };
  setTimeout(
    () => {
      void tick();
      setInterval(() => void tick(), STEP_MS);
    },
    alignToStep(Date.now(), STEP_MS) - Date.now() + 1000,
  );
  process.once('SIGINT', () => {
    void Promise.allSettled(live.map((d) => d.stop())).then(() => process.exit(0));
  });
  return new Promise<never>(() => {});
}
const unknown = await unknownSystems(
  fleet.map((s) => s.sn),
  send,
).catch((error: unknown) => {
  console.error(`cannot reach ${endpoint}: ${error instanceof Error ? error.message : String(error)} (is the portal running? --url)`);
  process.exit(2);
});
if (unknown.length > 0) {
  // Demo S/Ns are numbered in order: the systems before the first missing one are there.
  console.error(
    unknownSystemsMessage(
      unknown,
      planned.findIndex((s) => s.sn === unknown[0]),
      values.url,
    ),
  );
  process.exit(2);
}
const start = alignToStep(Date.now() - days * DAY_MS, STEP_MS);
const simulators = fleet.map((demo) => ({ demo, sim: new SiteSimulator(siteOf(demo), start, STEP_MS, 55) }));

let samples = 0;
const began = Date.now();
for (const { demo, sim } of simulators) {
  for (const batch of toIngestBatches(sim.run(Date.now()), STEP_MS, MAX_SAMPLES_PER_BATCH)) {
    await post(demo.sn, batch);
    samples += batch.samples.length;
  }
}
console.log(`${fleet.length} systems, ${samples} samples in ${((Date.now() - began) / 1000).toFixed(1)} s to ${endpoint}`);

if (values.live) {
  console.log(`live: one sample per system every ${STEP_MS / 60_000} minutes (Ctrl+C to stop)`);
  const tick = async () => {
    for (const { demo, sim } of simulators) {
      const batches = toIngestBatches(sim.run(Date.now()), STEP_MS, MAX_SAMPLES_PER_BATCH);
      for (const batch of batches) await post(demo.sn, batch);
    }
  };
  // Report just after each interval boundary, like a device clock does (timers, not the server's job queue: this
  // process stands for the devices, which report on their own clocks).
  setTimeout(
    () => {
      void tick();
      setInterval(() => void tick(), STEP_MS);
    },
    alignToStep(Date.now(), STEP_MS) - Date.now() + 1000,
  );
}

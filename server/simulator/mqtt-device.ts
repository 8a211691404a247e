import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { DeviceSettings } from '../../contract/device-commands';
import {
  commandMessage,
  topics,
  type CommandMessage,
  type DeviceReplyStatus,
  type EventMessage,
  type ReplyMessage,
  type StateMessage,
  type TelemetryMessage,
} from '../../contract/device-messages';
import { MAX_SAMPLES_PER_BATCH, type IngestBatch } from '../../contract/ingest';
import { toIngestBatches } from './batches';
import { factorySettings, obey, type DeviceProfile } from './obey';
import type { SiteSimulator } from './simulate';
import type { Sample } from './site';

/**
 * A simulated system as a real device on MQTT (DESIGN §12): it logs in with its S/N and device key, announces itself
 * online (its Last Will says offline), reports its measurements and its status, and obeys commands with the physics
 * of its model (server/simulator/simulate.ts) and the judgement of its firmware (./obey.ts). Every command is
 * acknowledged `delivered` at once and answered with its result and everything the device has set; a command id the
 * device has done already is answered again, never done twice (the portal redelivers open commands on reconnect).
 *
 * Its clock is the caller's: `report()` runs the simulator up to the clock's now and publishes what it measured, so
 * tests play hours in milliseconds and the demo plays in real time.
 */
export interface SimulatedDeviceOptions {
  /** mqtt://, mqtts://, ws:// or wss:// URL of the broker. */
  url: string;
  /** The device key (the MQTT password). */
  key: string;
  simulator: SiteSimulator;
  profile: DeviceProfile;
  /** For the factory grid-protection settings. */
  countryCode?: string;
  /** What the device has set when it starts (a device keeps its settings through restarts); default: factory. */
  settings?: DeviceSettings;
  clock: () => number;
  /** How long a reboot keeps the device off the broker (real milliseconds). */
  rebootMs?: number;
  /** How far back the device keeps its measurements for a re-collection (simulated milliseconds). */
  keepMs?: number;
  /** The final replies of the commands done, by command id (pass one in to keep it through a restart of this object). */
  done?: Map<number, ReplyMessage>;
  /** Real milliseconds between reconnection attempts. */
  reconnectPeriod?: number;
  log?: (message: string) => void;
}

/** The most done commands remembered: enough for any redelivery, bounded for a device that runs for months. */
const MAX_DONE = 1000;

export class SimulatedDevice {
  readonly sn: string;
  private client: MqttClient | null = null;
  private session = '';
  private settingsNow: DeviceSettings;
  private readonly done: Map<number, ReplyMessage>;
  /** Commands under way (a cycle test, a reboot): a redelivery is acknowledged again, not started again. */
  private readonly working = new Set<number>();
  private testCommand: number | null = null;
  private recorded: Sample[] = [];
  private lastEvent = '';
  private rebooting: Promise<void> | null = null;
  private stopped = false;
  private readonly log: (message: string) => void;

  constructor(private readonly options: SimulatedDeviceOptions) {
    this.sn = options.simulator.site.sn;
    this.settingsNow = options.settings ?? factorySettings(options.profile, options.countryCode ?? '');
    options.simulator.settings = this.settingsNow;
    this.done = options.done ?? new Map();
    this.log = options.log ?? (() => {});
  }

  get settings(): DeviceSettings {
    return this.settingsNow;
  }

  /** The final replies of the commands done, by command id (to hand to the same device's next incarnation). */
  get doneReplies(): Map<number, ReplyMessage> {
    return this.done;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects, subscribes to its commands and announces itself online; rejects if the broker refuses it. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  private stateMessage(state: StateMessage['state']): StateMessage {
    // Online, it announces what it has set (a real device's birth message); the Will is fixed at connect, so says less.
    const settings = state === 'online' ? (this.settingsNow as Record<string, Record<string, unknown>>) : undefined;
    return { id: `${state}-${this.session}`, state, session: this.session, ...(settings ? { settings } : {}) };
  }

  private will() {
    return {
      topic: topics.state(this.sn),
      payload: Buffer.from(JSON.stringify(this.stateMessage('offline'))),
      qos: 1 as const,
      retain: true,
    };
  }

  private connect(): Promise<void> {
    this.session = randomUUID();
    const client = mqtt.connect(this.options.url, {
      username: this.sn,
      password: this.options.key,
      clientId: this.sn,
      clean: true,
      reconnectPeriod: this.options.reconnectPeriod ?? 5000,
      connectTimeout: 10_000,
      will: this.will(),
    });
    this.client = client;
    // Each connection is a session of its own: the Last Will of the one before must not mark this one offline.
    client.on('reconnect', () => {
      this.session = randomUUID();
      client.options.will = this.will();
    });
    // Subscribed and announced on every connection (a clean session forgets the subscription).
    let announced: Promise<unknown> = Promise.resolve();
    client.on('connect', () => {
      this.lastEvent = '';
      announced = Promise.all([
        client.subscribeAsync(topics.command(this.sn), { qos: 1 }),
        client.publishAsync(topics.state(this.sn), JSON.stringify(this.stateMessage('online')), { qos: 1, retain: true }),
      ]);
      announced.catch((error: unknown) => this.log(`${this.sn}: ${String(error)}`));
    });
    client.on('message', (_topic, payload) => {
      void this.onCommand(payload).catch((error: unknown) => this.log(`${this.sn}: command: ${String(error)}`));
    });
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => {
        client.off('connect', onConnect);
        client.end(true);
        reject(error);
      };
      const onConnect = () => {
        client.off('error', onError);
        client.on('error', (error) => this.log(`${this.sn}: ${error.message}`));
        // Started once subscribed and announced: a command sent from then on reaches it.
        announced.then(() => resolve(), reject);
      };
      client.once('connect', onConnect);
      client.once('error', onError);
    });
  }

  private async publish(topic: string, message: object): Promise<void> {
    await this.client?.publishAsync(topic, JSON.stringify(message), { qos: 1 });
  }

  private async reply(commandId: number, status: DeviceReplyStatus, message: string): Promise<void> {
    const reply: ReplyMessage = { id: `${commandId}-${status}`, command_id: commandId, status, message, settings: this.replySettings() };
    if (status !== 'delivered') {
      this.done.set(commandId, reply);
      this.working.delete(commandId);
      if (this.done.size > MAX_DONE) this.done.delete(this.done.keys().next().value!);
    }
    await this.publish(topics.up(this.sn, 'reply'), reply);
  }

  private replySettings(): ReplyMessage['settings'] {
    return this.settingsNow as ReplyMessage['settings'];
  }

  private async onCommand(payload: Buffer): Promise<void> {
    let parsed: CommandMessage;
    try {
      const result = commandMessage.safeParse(JSON.parse(payload.toString('utf8')));
      if (!result.success) throw new Error(result.error.issues[0]?.message);
      parsed = result.data;
    } catch (error) {
      this.log(`${this.sn}: a command it cannot read was ignored (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    const earlier = this.done.get(parsed.id);
    if (earlier) {
      await this.publish(topics.up(this.sn, 'reply'), earlier);
      return;
    }
    if (this.working.has(parsed.id)) {
      await this.reply(parsed.id, 'delivered', 'already under way');
      return;
    }
    this.working.add(parsed.id);
    await this.reply(parsed.id, 'delivered', 'received');
    await this.carryOut(parsed);
  }

  private async carryOut(command: CommandMessage): Promise<void> {
    const sim = this.options.simulator;
    const now = this.options.clock();
    const outcome = obey(this.options.profile, this.settingsNow, command, {
      now,
      batteryIdle: sim.batteryIdleAt(now),
      cycleTestRunning: sim.cycleTest !== null,
      recordedFrom: this.recorded[0]?.ts ?? null,
    });
    switch (outcome.result) {
      case 'applied':
        this.settingsNow = outcome.settings;
        sim.settings = outcome.settings;
        return this.reply(command.id, 'succeeded', outcome.message);
      case 'rejected':
      case 'failed':
        return this.reply(command.id, outcome.result, outcome.message);
      case 'cycleTest':
        sim.startCycleTest(outcome.count, outcome.durationMinutes);
        this.testCommand = command.id;
        return;
      case 'recollect': {
        const samples = this.recorded.filter((s) => s.ts >= outcome.from && s.ts < outcome.to);
        for (let i = 0; i < samples.length; i += MAX_SAMPLES_PER_BATCH) {
          const chunk = samples.slice(i, i + MAX_SAMPLES_PER_BATCH);
          await this.publishTelemetry(`r${command.id}-${chunk[0]!.ts}`, chunk);
        }
        return this.reply(command.id, 'succeeded', `${samples.length} measurements sent again`);
      }
      case 'reboot':
        await this.reboot();
        return this.reply(command.id, 'succeeded', outcome.message);
    }
  }

  /** Off the broker without a goodbye (the Last Will says offline), back after `rebootMs` with a new session. */
  private reboot(): Promise<void> {
    this.rebooting = (async () => {
      await this.client?.endAsync(true);
      await new Promise((resolve) => setTimeout(resolve, this.options.rebootMs ?? 5000));
      if (!this.stopped) await this.connect();
    })().finally(() => {
      this.rebooting = null;
    });
    return this.rebooting;
  }

  private async publishTelemetry(id: string, samples: readonly Sample[]): Promise<void> {
    const message: TelemetryMessage = {
      id,
      samples: samples.map((s) => ({
        ts: new Date(s.ts).toISOString(),
        pv_w: s.pvW,
        load_w: s.loadW,
        battery_w: s.batteryW,
        grid_w: s.gridW,
        soc: s.soc,
      })),
    };
    await this.publish(topics.up(this.sn, 'telemetry'), message);
  }

  /**
   * Runs the system up to the clock's now and publishes what it measured since the last report: the samples, and the
   * status and faults when they changed. A cycle test that ended is answered. Answers the samples published.
   */
  async report(): Promise<number> {
    if (this.rebooting || this.stopped) return 0;
    const sim = this.options.simulator;
    const now = this.options.clock();
    const results = sim.run(now + 1);
    const keepFrom = now - (this.options.keepMs ?? 86_400_000);
    for (const r of results) this.recorded.push(r.measured);
    const stale = this.recorded.findIndex((s) => s.ts >= keepFrom);
    if (stale > 0) this.recorded.splice(0, stale);
    let published = 0;
    for (const batch of toIngestBatches(results, sim.stepMs, MAX_SAMPLES_PER_BATCH)) {
      if (batch.samples.length > 0) {
        const first = Date.parse(batch.samples[0]!.ts);
        await this.publish(topics.up(this.sn, 'telemetry'), { id: `t-${first}-${batch.samples.length}`, samples: batch.samples });
        published += batch.samples.length;
      }
      await this.publishEvent(batch);
    }
    const ended = results.find((r) => r.cycleTestEnded)?.cycleTestEnded;
    if (ended && this.testCommand !== null) {
      const id = this.testCommand;
      this.testCommand = null;
      await this.reply(id, 'succeeded', `cycle test finished: ${ended.cycles} cycles`);
    }
    return published;
  }

  private async publishEvent(batch: IngestBatch): Promise<void> {
    const faults = batch.faults ?? [];
    const key = JSON.stringify([batch.status, faults]);
    if (key === this.lastEvent) return;
    this.lastEvent = key;
    const last = batch.samples.at(-1)?.ts ?? faults.at(-1)?.started_at ?? '';
    const event: EventMessage = { id: `e-${Date.parse(last) || this.options.clock()}`, status: batch.status, faults };
    await this.publish(topics.up(this.sn, 'event'), event);
  }

  /** Says offline itself and leaves (a device switched off on purpose); waits for a reboot under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.rebooting;
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (client.connected) {
      await client
        .publishAsync(topics.state(this.sn), JSON.stringify(this.stateMessage('offline')), { qos: 1, retain: true })
        .catch(() => undefined);
    }
    await client.endAsync(!client.connected);
  }
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../core/db';
import { systemFaults, systems } from '../../core/db/schema/monitoring';
// The demo plays its fleet's devices with the simulator: this folder is the simulator's one production user.
import { toIngestBatches } from '../../simulator/batches';
import { FAULT_TYPES_BY_CODE, type FaultEvent } from '../../simulator/faults';
import { SimulatedDevice } from '../../simulator/mqtt-device';
import { alignToStep, SiteSimulator } from '../../simulator/simulate';
import type { DeviceSettings } from '../../../contract/device-commands';
import type { ReplyMessage } from '../../../contract/device-messages';
import { MAX_SAMPLES_PER_BATCH } from '../../../contract/ingest';
import { demoDeviceKey } from '../../monitoring/ingest/device-keys';
import { ingestBatch } from '../../monitoring/ingest/service';
import type { SystemRow } from '../../core/system-scope';
import { demoFleet, type DemoSystem } from './fleet';
import type { AdvisoryLock } from './lock';
import { demoMarker } from './marker';
import { siteOfSystem } from './site';

/**
 * The demo fleet, live (DESIGN §8): a portal running on the demo data keeps its systems reporting. At start
 * it back-fills every demo system from its last sample to now (at most `maxBackfillDays`), then pushes one
 * sample per system every reporting interval, all through the ingest service a device's batch runs.
 * Systems the demo planned as offline or never reporting stay so. One process per database plays the
 * fleet: the one holding the advisory lock; the others try again every interval (and take over when the
 * holder stops).
 *
 * With a broker, every live system is a device on it after the back-fill (DESIGN §12): it logs in with its S/N and
 * key, reports over MQTT and obeys the commands the portal sends. The back-fill stays a direct call (a week of a
 * fleet in seconds).
 */
export interface LiveDemoOptions {
  db: Database;
  clock: () => Date;
  lock: AdvisoryLock;
  maxBackfillDays?: number;
  log?: (message: string) => void;
  /** The broker the demo devices connect to (the embedded one); without it the fleet reports by direct ingest. */
  brokerUrl?: string;
  /** A demo system's device key (default: derived from DEMO_PASSWORD, as the seed derived it). */
  deviceKey?: (sn: string) => string;
  /**
   * What a demo device has set when this process starts playing it (a real device keeps its settings through the
   * portal's restarts): the settings it last reported. Default: its factory settings.
   */
  settingsOf?: (system: SystemRow) => Promise<DeviceSettings | undefined>;
}

export interface PushCount {
  systems: number;
  samples: number;
}

interface Player {
  demo: DemoSystem;
  system: SystemRow;
  sim: SiteSimulator;
  /** Once connected to the broker, the system reports and obeys as this device. */
  device?: SimulatedDevice;
}

const DAY_MS = 86_400_000;

export class LiveDemoFleet {
  private players: Player[] | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly maxBackfillMs: number;
  private readonly log: (message: string) => void;
  /**
   * Each device's settings and done commands, kept while this process runs: a device played again after the lock
   * came back is the same device (it keeps its settings and does a redelivered command once).
   */
  private readonly memory = new Map<string, { settings: DeviceSettings; done: Map<number, ReplyMessage> }>();

  constructor(private readonly options: LiveDemoOptions) {
    this.maxBackfillMs = (options.maxBackfillDays ?? 7) * DAY_MS;
    this.log = options.log ?? (() => {});
  }

  /** True once this process holds the lock and plays the fleet. */
  get leading(): boolean {
    return this.options.lock.isHeld && this.players !== null;
  }

  /**
   * Takes the lock if free and back-fills; false when another process plays the fleet (or no demo here).
   * A holder that lost the lock (its connection broke) stops playing until it has it again.
   */
  async lead(): Promise<boolean> {
    if (!(await demoMarker(this.options.db))) return false;
    if (!(await this.options.lock.tryAcquire())) {
      if (this.players) await this.disconnectDevices(this.players);
      this.players = null;
      return false;
    }
    if (this.players) return true;
    const count = await this.backfill();
    const connected = await this.connectDevices();
    this.log(
      `demo fleet: this node plays ${(this.players as Player[] | null)?.length ?? 0} demo systems live${
        this.options.brokerUrl ? ` (${connected} as devices on ${this.options.brokerUrl})` : ''
      }; back-filled ${count.samples} samples up to now`,
    );
    return true;
  }

  /** Connects every player to the broker as its device; one the broker refuses goes on by direct ingest. */
  private async connectDevices(): Promise<number> {
    const url = this.options.brokerUrl;
    if (!url || !this.players) return 0;
    const keyOf = this.options.deviceKey ?? ((sn: string) => demoDeviceKey(sn, process.env.DEMO_PASSWORD ?? 'demo2026'));
    const players = this.players;
    const started = await Promise.allSettled(
      players.map(async (player) => {
        const { system, sim } = player;
        const kept = this.memory.get(system.sysSn);
        const device = new SimulatedDevice({
          url,
          key: keyOf(system.sysSn),
          simulator: sim,
          profile: { model: system.minv, inverterKw: system.poinv, batteryKwh: system.surpluscobat },
          countryCode: system.countryCode,
          settings: kept?.settings ?? (await this.options.settingsOf?.(system)),
          done: kept?.done ?? new Map(),
          clock: () => this.options.clock().getTime(),
          log: this.log,
        });
        await device.start();
        player.device = device;
      }),
    );
    const refused = started.filter((r) => r.status === 'rejected');
    if (refused.length > 0) this.log(`demo fleet: ${refused.length} devices could not connect (${String(refused[0]!.reason)})`);
    return started.length - refused.length;
  }

  private async disconnectDevices(players: readonly Player[]): Promise<void> {
    for (const { system, device } of players)
      if (device) this.memory.set(system.sysSn, { settings: device.settings, done: device.doneReplies });
    await Promise.allSettled(players.map((p) => p.device?.stop()));
  }

  /** Brings every live demo system from its last sample up to now (bounded), in device-sized batches. */
  async backfill(): Promise<PushCount> {
    const now = this.options.clock().getTime();
    const players: Player[] = [];
    for (const { demo, system } of await this.liveSystems()) {
      const step = system.transFrequency * 1000;
      const [last] = await queryRows<{ ms: number; soc: number }>(
        this.options.db,
        sql`SELECT (extract(epoch FROM ts) * 1000)::float8 AS ms, soc FROM telemetry WHERE system_id = ${system.id} ORDER BY ts DESC LIMIT 1`,
      );
      const floor = alignToStep(now - this.maxBackfillMs, step);
      const from = last ? Math.max(Number(last.ms) + step, floor) : floor;
      players.push({
        demo,
        system,
        sim: new SiteSimulator(
          siteOfSystem(system, demo.annualLoadKwh),
          from,
          step,
          last ? Number(last.soc) : 55,
          await this.openFaults(system),
        ),
      });
    }
    this.players = players;
    return this.push();
  }

  /**
   * The faults the system reported and nobody closed (the demo's planned ones): the simulator keeps them running, so
   * that a system whose inverter a fault disconnected goes on reporting no PV while the fault is open.
   */
  private async openFaults(system: SystemRow): Promise<FaultEvent[]> {
    const open = await this.options.db
      .select({ code: systemFaults.code, startedAt: systemFaults.startedAt })
      .from(systemFaults)
      .where(and(eq(systemFaults.systemId, system.id), isNull(systemFaults.endedAt)));
    return open.flatMap(({ code, startedAt }) => {
      const type = FAULT_TYPES_BY_CODE.get(code);
      return type ? [{ type, start: startedAt.getTime(), end: Infinity }] : [];
    });
  }

  /** One round: every live system reports what it measured since its last report (one sample per interval). */
  async tick(): Promise<PushCount> {
    if (!this.players) return { systems: 0, samples: 0 };
    return this.push();
  }

  private async push(): Promise<PushCount> {
    const now = this.options.clock();
    let samples = 0;
    let reporting = 0;
    for (const player of this.players ?? []) {
      if (player.device) {
        const published = await player.device.report();
        samples += published;
        if (published > 0) reporting++;
        continue;
      }
      const batches = toIngestBatches(player.sim.run(now.getTime() + 1), player.sim.stepMs, MAX_SAMPLES_PER_BATCH);
      for (const batch of batches) {
        const result = await ingestBatch(this.options.db, player.system, batch, now);
        samples += result.accepted;
      }
      if (batches.some((b) => b.samples.length > 0)) reporting++;
    }
    return { systems: reporting, samples };
  }

  /** The demo systems planned to report (not offline, not unknown) that still exist. */
  private async liveSystems(): Promise<{ demo: DemoSystem; system: SystemRow }[]> {
    const marker = await demoMarker(this.options.db);
    if (!marker) return [];
    const plan = demoFleet(marker.size).filter((d) => d.status !== null && d.status !== 'offline');
    if (plan.length === 0) return [];
    const rows = await this.options.db
      .select()
      .from(systems)
      .where(
        inArray(
          systems.sysSn,
          plan.map((d) => d.sn),
        ),
      );
    const bySn = new Map(rows.map((r) => [r.sysSn, r]));
    return plan.flatMap((demo) => {
      const system = bySn.get(demo.sn);
      return system ? [{ demo, system }] : [];
    });
  }

  /** Leads or ticks now, then just after every interval boundary (as a device clock reports) until stop(). */
  start(intervalMs = 300_000): void {
    this.stopped = false;
    const cycle = () => {
      this.running = this.running
        .then(async () => {
          const wasLeading = this.leading;
          if ((await this.lead()) && wasLeading) await this.tick();
        })
        .catch((error) => this.log(`demo fleet: ${error instanceof Error ? error.message : String(error)}`));
      return this.running;
    };
    const schedule = () => {
      if (this.stopped) return;
      const now = this.options.clock().getTime();
      this.timer = setTimeout(
        () => {
          void cycle().then(schedule);
        },
        alignToStep(now + 1, intervalMs) - now + 1000,
      );
      this.timer.unref?.();
    };
    void cycle().then(schedule);
  }

  /** Stops the timer, waits for a round under way, and lets another process take the fleet. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    if (this.players) await this.disconnectDevices(this.players);
    this.players = null;
    await this.options.lock.release();
  }
}

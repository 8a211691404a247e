import type { Server as HttpServer } from 'node:http';
import { sql } from 'drizzle-orm';
import type { ChannelStatus } from '../../contract/devices';
import type { AppDeps } from '../config';
import { declareJob, type JobDeclaration } from '../core/jobs/declaration';
import type { NewFaultsListener } from '../monitoring/ingest/service';
import { DeviceIdentities } from '../monitoring/ingest/device-identities';
import { releaseWaves } from './batches/service';
import type { DevicesDeps } from './commands/service';
import { Dispatcher } from './dispatch';
import { sweepLedger } from './ledger/sweep';
import { deviceMessageHandlers } from './messages';
import type { ChannelCounts, DeviceChannel } from './transport/channel';
import { createDeviceChannel } from './transport/create';
import type { TransportLog } from './transport/log';

/**
 * The device channel of the app (DESIGN §12): the ledger's dispatcher and the handlers of device messages, and, when
 * the app is configured with MQTT (AppConfig.mqtt), the broker connection they ride on (./transport: the embedded broker, or the external one at its URL). Without MQTT
 * (most tests) commands are queued and wait as they would for an offline device. The sweep of expiries and timeouts
 * and the batches' waves are jobs of the queue (DESIGN §11), every minute.
 */
export interface AppDevices extends DevicesDeps {
  /** The broker connection (null without MQTT). */
  channel(): DeviceChannel | null;
  counts(): ChannelCounts;
  /** Which broker the channel rides on; 'none' without MQTT. */
  broker: ChannelStatus['broker'];
  /** Since when this node counts the device messages. */
  startedAt: Date;
  /** The embedded broker's TCP port (the simulated demo devices connect there); none without it. */
  brokerPort?: number;
}

/** How long a command the broker took may wait for its device's acknowledgement before it is told again. */
const REDELIVER_AFTER_MS = 2 * 60_000;

export interface DeviceWiring {
  devices: AppDevices;
  /** The sweep of expiries and timeouts and the batches' waves, for the app's queue. */
  jobs: JobDeclaration[];
  /** Closes the broker connection (and the embedded broker) before the HTTP server closes. */
  close(): Promise<void>;
}

/** Builds the device channel of an app; app.ts decorates the app with it and declares its jobs. */
export async function createDevices(
  deps: AppDeps,
  hooks: { log: TransportLog; httpServer: HttpServer; onNewFaults: NewFaultsListener },
): Promise<DeviceWiring> {
  let channel = null as DeviceChannel | null;
  const log = (message: string, error?: unknown) => hooks.log.warn({ err: error }, message);
  const identities = new DeviceIdentities(deps.db);
  const dispatcher = new Dispatcher(deps.db, deps.clock, () => channel, log);
  const devices: AppDevices = {
    db: deps.db,
    clock: deps.clock,
    dispatcher,
    identities,
    disconnect: async (sn) => channel?.disconnectDevice(sn),
    channel: () => channel,
    counts: () => channel?.counts() ?? { received: 0, dropped: 0 },
    broker: deps.config.mqtt ? (deps.config.mqtt.url ? 'external' : 'embedded') : 'none',
    startedAt: deps.clock(),
  };
  const jobs = [
    declareJob({
      name: 'devices.sweep',
      cron: '* * * * *',
      retryLimit: 0,
      run: async ({ db, clock }) => {
        const now = clock();
        await sweepLedger(db, now);
        // A command the broker took but whose device never acknowledged it in two minutes went astray: told again.
        await dispatcher.redeliverWaiting(new Date(now.getTime() - REDELIVER_AFTER_MS), ['sent']);
      },
    }),
    declareJob({
      name: 'devices.waves',
      cron: '* * * * *',
      retryLimit: 0,
      run: async ({ clock }) => {
        await releaseWaves(devices, clock());
      },
    }),
  ];
  const handlers = deviceMessageHandlers({
    db: deps.db,
    clock: deps.clock,
    identities,
    dispatcher,
    onNewFaults: hooks.onNewFaults,
    rawRetentionDays: deps.config.rawRetentionDays,
  });
  if (deps.config.mqtt) {
    // The embedded broker starts with nobody connected: who was online before this process is so no more (an
    // external broker keeps its connections and hands the retained states over as the portal subscribes).
    if (!deps.config.mqtt.url)
      await deps.db.execute(
        sql`UPDATE device_states SET online = false, state_at = ${deps.clock().toISOString()}::timestamptz WHERE online`,
      );
    const handle = await createDeviceChannel({
      db: deps.db,
      jwtSecret: deps.config.jwtSecret,
      mqtt: deps.config.mqtt,
      httpServer: hooks.httpServer,
      handlers,
      log: hooks.log,
    });
    channel = handle.channel;
    devices.brokerPort = handle.brokerPort;
    // What was under way when this node (or the whole portal) last stopped: answers in flight then are lost.
    dispatcher.redeliverWaiting(deps.clock()).catch((error: unknown) => log('redelivery at start failed', error));
  }
  return { devices, jobs, close: async () => channel?.close() };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device channel: dispatcher, identities, broker connection (server/devices). */
    devices: AppDevices;
  }
}

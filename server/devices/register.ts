import type { Server as HttpServer } from 'node:http';
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
  /** The embedded broker's TCP port (the simulated demo devices connect there); none without it. */
  brokerPort?: number;
}

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
  };
  const jobs = [
    declareJob({
      name: 'devices.sweep',
      cron: '* * * * *',
      retryLimit: 0,
      run: async ({ db, clock }) => {
        await sweepLedger(db, clock());
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
  }
  return { devices, jobs, close: async () => channel?.close() };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The device channel: dispatcher, identities, broker connection (server/devices). */
    devices: AppDevices;
  }
}

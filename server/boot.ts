import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { LocalFolderStorage } from './core/storage';
import { migrate, openDatabase, type Database, type DatabaseHandle } from './core/db';
import { isEmpty } from './demo/users';
import { seedDemoWorld } from './demo/world';
import { jwtSecret, readEnv } from './env';
import { smtpTransport } from './core/mail/transport';
import { LiveDemoFleet } from './demo/monitoring/live';
import { AdvisoryLock, sessionOnDatabase, sessionOnUrl } from './demo/monitoring/lock';
import { adoptEarlierDemoSeed } from './demo/monitoring/marker';
import type { Storage } from './core/storage';
import { seedMenus } from './admin/menus/service';
import { fillNameSkeletons } from './account/confusables';
import { demoDeviceKey } from './monitoring/ingest/device-keys';
import { reportedSettings } from './devices/reported-settings';

export interface Booted {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: ReturnType<typeof readEnv>;
  seeded: boolean;
  /** Starts the live demo fleet on a demo database (call after listen); the job queue runs with the app itself. */
  startBackground(): Promise<void>;
  /** Stops it again (its devices leave while the broker still runs); closing the app does it too. */
  stopBackground(): Promise<void>;
}

export interface BootOptions {
  staticDir?: string;
  /**
   * When the database stopped answering for good (the app has logged it at fatal). By default the process
   * exits with 1, for its supervisor (systemd, Docker, Kubernetes) to start a fresh one on a fresh database.
   */
  onDatabaseDead?: (reason: string) => void;
}

/** Shared by start.ts and dev.ts: open the database, migrate, seed an empty one, build the app. */
export async function boot(options: BootOptions): Promise<Booted> {
  const env = readEnv();
  const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: `${env.dataDir}/pglite` });
  const clock = () => new Date();
  const config: AppConfig = {
    jwtSecret: jwtSecret(env.dataDir),
    demoPassword: env.demoPassword,
    staticDir: options.staticDir,
    logLevel: env.logLevel,
    trustProxy: env.trustProxy,
    mailFrom: env.mailFrom,
    portalUrl: env.portalUrl ?? `http://localhost:${env.port}`,
    rawRetentionDays: env.rawRetentionDays,
    uploadMinFreeBytes: env.uploadMinFreeBytes,
    mqtt: env.mqtt,
  };
  // Migrations and the demo seed may run one long statement each: on PostgreSQL they get their own
  // connections without the interactive statement timeout. PGlite has one connection (and no timeout).
  const setup = env.databaseUrl ? await openDatabase({ url: env.databaseUrl, statementTimeoutMs: 0 }) : database;
  // Uploaded files: a folder beside the database (server/core/storage explains how another store would follow).
  const storage = new LocalFolderStorage(`${env.dataDir}/uploads`);
  let seeded: boolean;
  try {
    seeded = await migrateAndSeed(setup.db, config, clock(), storage);
  } finally {
    if (setup !== database) await setup.close();
  }
  const onDatabaseDead = options.onDatabaseDead ?? (() => process.exit(1));
  // The job queue (server/core/jobs: retention purge, offline watch, upload clean-up) runs from ready to close.
  const app = await buildApp({
    db: database.db,
    clock,
    config,
    mailTransport: smtpTransport(env.smtpUrl),
    storage,
    onDatabaseDead,
    jobQueue: {},
  });
  const stops: (() => Promise<void>)[] = [];
  const stopBackground = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  // Timers stop and the demo lock is released before the database closes.
  app.addHook('onClose', async () => {
    await stopBackground();
  });
  const startBackground = async () => {
    const log = (message: string) => app.log.info(message);
    if (!env.demoLive) return;
    if (await adoptEarlierDemoSeed(database.db, config.demoPassword, clock()))
      log('demo fleet: a demo database seeded by an earlier version, marked as such');
    const session = env.databaseUrl ? await sessionOnUrl(env.databaseUrl, database.db, log) : sessionOnDatabase(database.db);
    // Its own timer, not a job (DESIGN §11): the demo's stand-in for devices reporting every five minutes, led by one
    // process through the advisory lock; a missed tick is simply the next one's work.
    // The demo systems are devices on the embedded broker, with the keys the seed gave them; with an external broker
    // (whose logins the portal does not keep) they report by direct ingest.
    const brokerPort = app.devices.brokerPort;
    const fleet = new LiveDemoFleet({
      db: database.db,
      clock,
      lock: new AdvisoryLock(session),
      log,
      brokerUrl: brokerPort === undefined ? undefined : `mqtt://127.0.0.1:${brokerPort}`,
      deviceKey: (sn) => demoDeviceKey(sn, config.demoPassword),
      settingsOf: (system) => reportedSettings(database.db, system.id),
    });
    stops.push(async () => {
      await fleet.stop();
      await session.close();
    });
    fleet.start();
  };
  return { app, database, env, seeded, startBackground, stopBackground };
}

/** Brings the schema up to date and seeds the demo into an empty database; answers whether it seeded. */
async function migrateAndSeed(db: Database, config: AppConfig, now: Date, storage: Storage): Promise<boolean> {
  await migrate(db);
  // Users from before the name skeleton existed get theirs, so look-alike names are refused against them too.
  await fillNameSkeletons(db);
  // The menu tree starts as the route table (on any database, demo or not); administrators edit it from there.
  await seedMenus(db, now);
  if (!(await isEmpty(db))) return false;
  await seedDemoWorld(db, { password: config.demoPassword, now, storage, portalUrl: config.portalUrl });
  return true;
}

/** Closes the server, then the database, once, on SIGINT or SIGTERM. */
export function closeOnSignals(booted: Booted, extra: () => void = () => {}): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    booted.app.log.info(`${signal}: shutting down`);
    extra();
    try {
      await booted.stopBackground();
      await booted.app.close();
      await booted.database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db';
import { isEmpty, seedDemo } from './db/seed';
import { jwtSecret, readEnv } from './env';
import { seedMonitoringDemo } from './monitoring/demo/seed';

export interface Booted {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: ReturnType<typeof readEnv>;
  seeded: boolean;
}

/** Shared by start.ts and dev.ts: open the database, migrate, seed an empty one, build the app. */
export async function boot(options: { staticDir?: string }): Promise<Booted> {
  const env = readEnv();
  const database = await openDatabase(env.databaseUrl ? { url: env.databaseUrl } : { dataDir: `${env.dataDir}/pglite` });
  await migrate(database.db);
  const clock = () => new Date();
  const config: AppConfig = {
    jwtSecret: jwtSecret(env.dataDir),
    demoPassword: env.demoPassword,
    staticDir: options.staticDir,
    logLevel: env.logLevel,
    trustProxy: env.trustProxy,
  };
  const seeded = await isEmpty(database.db);
  if (seeded) await seedDemo(database.db, { password: config.demoPassword, now: clock() });
  if (seeded) await seedMonitoringDemo(database.db, { password: config.demoPassword, now: clock() });
  const app = await buildApp({ db: database.db, clock, config });
  return { app, database, env, seeded };
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

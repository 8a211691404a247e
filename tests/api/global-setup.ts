import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/core/db';
import { demoPasswordHashes } from '../../server/demo/users';
import { DEMO_PASSWORD } from './helpers';
import { databaseUrl, withAdminClient } from './helpers/postgres-server';
import { seedMonitoringWorld, WORLD_TEMPLATE_DAYS } from './monitoring/world';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (tarball) holding the migrated, empty schema; '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The same with the demo world of tests/api/monitoring/world.ts seeded (WORLD_TEMPLATE_DAYS of history). */
    pgliteWorldTemplate: string;
    /** On PostgreSQL (DATABASE_URL), the name of a migrated, empty database to copy; '' on PGlite. */
    postgresTemplate: string;
    /** The same with the demo world seeded. */
    postgresWorldTemplate: string;
  }
}

/**
 * Once per run of the API tests: creates and migrates one database, which every test file's database starts
 * from (tests/api/helpers/database.ts) instead of running every migration again, and a copy of it holding the
 * demo world that most monitoring, complaint and authorization files start from (tests/api/monitoring/world.ts)
 * instead of each seeding the fleet's history through the ingest service. On PGlite they are saved data
 * folders; on PostgreSQL template databases that CREATE DATABASE … TEMPLATE copies.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const hashes = await demoPasswordHashes(DEMO_PASSWORD);
  if (serverUrl) {
    const suffix = randomBytes(6).toString('hex');
    const name = `test_template_${suffix}`;
    const world = `test_world_${suffix}`;
    const drop = () =>
      withAdminClient(serverUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${world} WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    await withHandle(await openDatabase({ url: databaseUrl(serverUrl, name) }), (handle) => migrate(handle.db));
    // No connection may stay open on a database that others are copied from.
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${world} TEMPLATE ${name}`));
    await withHandle(await openDatabase({ url: databaseUrl(serverUrl, world), statementTimeoutMs: 0 }), (handle) =>
      seedMonitoringWorld(handle.db, WORLD_TEMPLATE_DAYS, hashes),
    );
    project.provide('pgliteTemplate', '');
    project.provide('pgliteWorldTemplate', '');
    project.provide('postgresTemplate', name);
    project.provide('postgresWorldTemplate', world);
    return drop;
  }
  const handle = await openDatabase({ inMemory: true });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const path = join(tmpdir(), `ess-test-template-${process.pid}-${project.name}.tar`);
  const worldPath = join(tmpdir(), `ess-test-world-${process.pid}-${project.name}.tar`);
  await withHandle(handle, async () => {
    await migrate(handle.db);
    writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedMonitoringWorld(handle.db, WORLD_TEMPLATE_DAYS, hashes);
    writeFileSync(worldPath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  });
  project.provide('pgliteTemplate', path);
  project.provide('pgliteWorldTemplate', worldPath);
  project.provide('postgresTemplate', '');
  project.provide('postgresWorldTemplate', '');
  return () => {
    rmSync(path, { force: true });
    rmSync(worldPath, { force: true });
  };
}

async function withHandle(handle: DatabaseHandle, work: (handle: DatabaseHandle) => Promise<unknown>): Promise<void> {
  try {
    await work(handle);
  } finally {
    await handle.close();
  }
}

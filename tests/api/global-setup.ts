import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../../server/core/db';
import { databaseUrl, withAdminClient } from './helpers/postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (tarball) holding the migrated, empty schema; '' on PostgreSQL. */
    pgliteTemplate: string;
    /** On PostgreSQL (DATABASE_URL), the name of a migrated, empty database to copy; '' on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Once per run of the API tests: creates and migrates one database, which every test file's database starts
 * from (tests/api/helpers/database.ts) instead of running every migration again. On PGlite it is a saved data
 * folder; on PostgreSQL a template database that CREATE DATABASE … TEMPLATE copies.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name) });
    await migrate(handle.db);
    // No connection may stay open on a database that others are copied from.
    await handle.close();
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', name);
    return () => withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  const handle = await openDatabase({ inMemory: true });
  await migrate(handle.db);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const path = join(tmpdir(), `ess-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', path);
  project.provide('postgresTemplate', '');
  return () => rmSync(path, { force: true });
}

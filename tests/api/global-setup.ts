import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '../../server/core/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (tarball) holding the migrated, empty schema; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run of the API tests on PGlite: creates and migrates one database and saves its data folder, which
 * every test file's in-memory database starts from (tests/api/helpers/database.ts). On PostgreSQL each file
 * still creates its own database and migrates it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const handle = await openDatabase({ inMemory: true });
  await migrate(handle.db);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const path = join(tmpdir(), `ess-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', path);
  return () => rmSync(path, { force: true });
}

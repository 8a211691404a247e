import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { jobQueueDatabase } from '../../../server/core/jobs/database-adapter';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

/**
 * pg-boss sends some work as one text of several statements in `BEGIN; …; COMMIT;`. When one of them fails, the
 * connection it ran on must not be left in an aborted transaction: on PGlite that connection is the whole app's.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

test("a failing BEGIN … COMMIT block is rolled back; the app's next queries work", async () => {
  const adapter = jobQueueDatabase(database.db);
  await database.db.execute(sql`CREATE TABLE adapter_probe (n int)`);
  await expect(
    adapter.executeSql("BEGIN;\n SET LOCAL lock_timeout = '30s';\n INSERT INTO adapter_probe VALUES (1);\n SELECT 1/0;\n COMMIT;", []),
  ).rejects.toThrow(/division by zero/);
  for (let i = 0; i < 3; i++) expect(await queryRows(database.db, sql`SELECT count(*)::int AS n FROM adapter_probe`)).toEqual([{ n: 0 }]);
  // A block that works is committed.
  await adapter.executeSql('BEGIN; INSERT INTO adapter_probe VALUES (2); COMMIT;', []);
  expect(await queryRows(database.db, sql`SELECT n FROM adapter_probe`)).toEqual([{ n: 2 }]);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { installationRecords, systemComponents, systems, uploads, users } from '../../../server/core/db/schema';
import { queryRows } from '../../../server/core/db';
import { multipart, PNG } from '../crud/attach-helpers';
import { createTestApp, type TestApp } from '../helpers';
import { createTestDatabase } from '../helpers/database';
import { as } from '../monitoring/world';

/**
 * The migration that made installations installation records (0041_unify_installations.sql) keeps what the rows of
 * system_installations held: each becomes its system's record unless the system has one, the EMS's MAC goes onto the
 * EMS, the photos onto the record's photos field, and the table goes. Run on the demo fleet with the old table made
 * again as 0039 made it, then the migration's statements after its new column (which the schema has already).
 */
const MIGRATIONS = join(__dirname, '../../../server/core/db/migrations');
const statements = (file: string) =>
  readFileSync(join(MIGRATIONS, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ from: 'world' }) });
}, 60_000);
afterAll(() => t?.close());

async function upload(token: string, content: Buffer): Promise<number> {
  const body = multipart([
    { name: 'field', value: 'photos' },
    { name: 'file', filename: 'site.png', content },
  ]);
  const response = await t.inject({
    method: 'POST',
    url: '/api/ESSMainTain/UploadInstallFile',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return response.json().data.id;
}

test('the installations become installation records, the MAC goes onto the EMS, the photos onto the record', async () => {
  const [installer] = await t.db
    .select({ company: users.installerCompanyId, name: users.displayName })
    .from(users)
    .where(eq(users.username, 'installer'));
  const [first, second] = await t.db
    .select({ id: systems.id, sn: systems.sysSn })
    .from(systems)
    .where(eq(systems.installerCompanyId, installer!.company!))
    .orderBy(asc(systems.id))
    .limit(2);
  // The second system has a record already: it stays as it is.
  await t.db.insert(installationRecords).values({
    sys_sn: second!.sn,
    installer_person: 'Marco Bianchi',
    installed_on: '2025-03-01',
    commissioned_on: '2025-03-02',
    created_by: 'installer',
  });
  await t.db.update(systemComponents).set({ mac: null });
  const token = (await as(t, 'installer')).token;
  const attached = [await upload(token, PNG), await upload(token, Buffer.concat([PNG, Buffer.from('wall')]))];
  const pending = await upload(token, Buffer.concat([PNG, Buffer.from('pending')]));

  // As the installations left them.
  await t.db.execute(sql.raw(statements('0039_install.sql')[0]!));
  await t.db.execute(sql`INSERT INTO system_installations (system_id, sys_sn, installed_by, ems_mac, commissioned_on, created_at)
    VALUES (${first!.id}, ${first!.sn}, 'installer', '02:E5:50:00:00:01', '2025-06-10', '2025-06-10T09:30:00Z'),
           (${second!.id}, ${second!.sn}, 'installer', '02:E5:50:00:00:02', '2025-03-02', '2025-03-02T09:30:00Z')`);
  const [old] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM system_installations WHERE system_id = ${first!.id}`);
  await t.db
    .update(uploads)
    .set({ resource: 'installNewSystem', recordId: old!.id })
    .where(sql`${uploads.id} IN (${attached[0]}, ${attached[1]})`);
  await t.db.update(uploads).set({ resource: 'installNewSystem' }).where(eq(uploads.id, pending));

  const migration = statements('0041_unify_installations.sql');
  expect(migration[0]).toMatch(/^ALTER TABLE "system_components" ADD COLUMN "mac"/);
  for (const statement of migration.slice(1)) await t.db.execute(sql.raw(statement));

  const records = await t.db.select().from(installationRecords).orderBy(asc(installationRecords.id));
  expect(records.map((r) => [r.sys_sn, r.installer_person, r.installed_on, r.commissioned_on])).toEqual([
    [second!.sn, 'Marco Bianchi', '2025-03-01', '2025-03-02'],
    [first!.sn, installer!.name || 'installer', '2025-06-10', '2025-06-10'],
  ]);
  const macs = await t.db
    .select({ system: systemComponents.systemId, mac: systemComponents.mac })
    .from(systemComponents)
    .where(and(eq(systemComponents.kind, 'ems'), sql`${systemComponents.mac} IS NOT NULL`))
    .orderBy(asc(systemComponents.systemId));
  expect(macs).toEqual([
    { system: first!.id, mac: '02:E5:50:00:00:01' },
    { system: second!.id, mac: '02:E5:50:00:00:02' },
  ]);
  const files = await t.db
    .select({ id: uploads.id, resource: uploads.resource, record: uploads.recordId })
    .from(uploads)
    .where(sql`${uploads.id} IN (${attached[0]}, ${attached[1]}, ${pending})`)
    .orderBy(asc(uploads.id));
  expect(files).toEqual([
    { id: attached[0], resource: 'InstallationRecord', record: records[1]!.id },
    { id: attached[1], resource: 'InstallationRecord', record: records[1]!.id },
    { id: pending, resource: 'InstallationRecord', record: null },
  ]);
  // The record shows them; the old table is gone.
  const one = await (await as(t, 'installer')).post('/api/ESSMainTain/LoadInstall', { id: records[1]!.id });
  expect(one.body.data.photos.map((p: { id: number }) => p.id).sort()).toEqual([...attached].sort());
  expect(await queryRows(t.db, sql`SELECT 1 FROM pg_tables WHERE tablename = 'system_installations'`)).toEqual([]);
});

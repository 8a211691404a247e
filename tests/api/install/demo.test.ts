import { eq } from 'drizzle-orm';
import { systemInstallations, systems, users } from '../../../server/core/db/schema';
import { seedInstallationsDemo } from '../../../server/demo/installations';
import { createTestApp, type TestApp } from '../helpers';
import { createTestDatabase } from '../helpers/database';
import { as } from '../monitoring/world';

/** The demo's installations agree with the fleet: the installer's company's systems, their owners, the open invitations. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ from: 'world' }) });
  await seedInstallationsDemo(t.db);
}, 60_000);
afterAll(() => t?.close());

test("the installer's list holds their company's systems, each for its owner or with an open invitation", async () => {
  const [installer] = await t.db.select({ company: users.installerCompanyId }).from(users).where(eq(users.username, 'installer'));
  const own = await t.db.select({ sn: systems.sysSn }).from(systems).where(eq(systems.installerCompanyId, installer!.company!));
  const { body } = await (await as(t, 'installer')).post('/api/SystemInstall/GetInstallationPageList', { pageIndex: 1, pageSize: 200 });
  expect(body.code).toBe(200);
  const listed = body.data.data as Array<{ sys_sn: string; customer: string; invited_email: string; installed_by: string }>;
  expect(listed.length).toBeGreaterThan(0);
  expect(new Set(listed.map((r) => r.sys_sn))).toEqual(new Set(own.map((s) => s.sn).filter((sn) => listed.some((r) => r.sys_sn === sn))));
  for (const row of listed) {
    expect(own.map((s) => s.sn)).toContain(row.sys_sn);
    expect(row.installed_by).toBe('installer');
    // Owned, or invited: never both, never neither.
    expect(Boolean(row.customer) !== Boolean(row.invited_email)).toBe(true);
  }
  const rows = await t.db.select().from(systemInstallations);
  for (const row of rows) expect(row.ems_mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
  // Seeding again adds nothing.
  await seedInstallationsDemo(t.db);
  expect((await t.db.select().from(systemInstallations)).length).toBe(rows.length);
});

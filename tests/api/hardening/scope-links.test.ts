import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { installerCompanies, organizations, users } from '../../../server/core/db/schema';
import { expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from '../monitoring/world';

/**
 * Scope followed the free-text company a user edits on their own profile, so an installer
 * who renamed themselves to another company saw its systems, and a supplier foreign ones. Scope now follows
 * links by id that only the staff who manage users set (DESIGN §10).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const NO_PERMISSION = { code: 45, data: null, info: 'No permission' };

type User = Awaited<ReturnType<typeof as>>;

async function listed(user: User): Promise<string[]> {
  const { body } = await user.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 500 });
  expect(body.code).toBe(200);
  return body.data.data.map((s: { sys_sn: string }) => s.sys_sn).sort();
}

async function snsWhere(where: ReturnType<typeof sql>): Promise<string[]> {
  return (await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems WHERE ${where} ORDER BY sys_sn`)).map((r) => r.sys_sn);
}

async function installerCompanyId(name: string): Promise<number> {
  return (await t.db.select().from(installerCompanies).where(eq(installerCompanies.name, name)))[0]!.id;
}

async function organizationId(kind: string, name: string): Promise<number> {
  return (
    await t.db
      .select()
      .from(organizations)
      .where(sql`${organizations.kind} = ${kind} AND ${organizations.name} = ${name}`)
  )[0]!.id;
}

async function userRow(username: string) {
  return (await t.db.select().from(users).where(eq(users.username, username)))[0]!;
}

/** The user renames their company on their own profile, and tries to send a link along. */
async function renameOwnCompany(user: User, company: string, link: Record<string, number>) {
  const profile = (await user.post('/api/UserInfo/GetMyUserInfo')).body.data;
  const { body } = await user.post('/api/UserInfo/SaveMyUserInfo', { ...profile, company, ...link });
  expect(body.code).toBe(200);
  expect(body.data.company).toBe(company);
}

/** Saves a user through user management as `staff`, with the given changes. */
async function saveUser(staff: User, username: string, changes: Record<string, unknown>) {
  const { id } = await userRow(username);
  const record = (await staff.post('/api/User/GetUser', { id })).body.data;
  return (await staff.post('/api/User/SaveUser', { ...record, ...changes })).body;
}

test('an installer who renames their company on their profile keeps exactly their systems', async () => {
  const installer = await as(t, 'installer');
  const before = await listed(installer);
  expect(before).toEqual(
    await snsWhere(sql`installer_company_id = (SELECT id FROM installer_companies WHERE name = 'Sole Impianti S.r.l.')`),
  );
  const other = 'SonnenDach Montage GmbH';
  const foreign = (await snsWhere(sql`installer_company_id = ${await installerCompanyId(other)}`))[0]!;

  await renameOwnCompany(installer, other, { installer_company_id: await installerCompanyId(other) });

  expect(await listed(installer)).toEqual(before);
  expect((await installer.post('/api/ESS/SticsSummeryDataForUser', { sn: foreign })).body).toEqual(NO_PERMISSION);
  await expectRejected(t, '/api/ESS/UpdateSystemRemark', { sn: foreign, remark: 'mine now' }, installer.token, 45);
  expect((await userRow('installer')).installerCompanyId).toBe(await installerCompanyId('Sole Impianti S.r.l.'));
});

test('a supplier who renames their company keeps exactly the systems holding their components', async () => {
  const supplier = await as(t, 'supplier');
  const before = await listed(supplier);
  const own = await organizationId('supplier', 'CellWorks Co., Ltd.');
  expect(before).toEqual(await snsWhere(sql`id IN (SELECT system_id FROM system_components WHERE supplier_id = ${own})`));
  const other = await organizationId('supplier', 'Voltaris Cells GmbH');
  const foreign = (
    await snsWhere(
      sql`id IN (SELECT system_id FROM system_components WHERE supplier_id = ${other}) AND id NOT IN (SELECT system_id FROM system_components WHERE supplier_id = ${own})`,
    )
  )[0]!;

  await renameOwnCompany(supplier, 'Voltaris Cells GmbH', { organization_id: other });

  expect(await listed(supplier)).toEqual(before);
  expect((await supplier.post('/api/ESS/SticsSummeryDataForUser', { sn: foreign })).body).toEqual(NO_PERMISSION);
  expect((await userRow('supplier')).organizationId).toBe(own);
});

test('staff set the link and the scope follows it; the company text plays no part', async () => {
  const admin = await as(t, 'admin');
  const alpen = await installerCompanyId('Alpen Solartechnik GmbH');
  expect((await saveUser(admin, 'installer', { installer_company_id: alpen })).code).toBe(200);
  const installer = await as(t, 'installer');
  expect(await listed(installer)).toEqual(await snsWhere(sql`installer_company_id = ${alpen}`));

  const systemmanager = await as(t, 'systemmanager');
  const voltaris = await organizationId('supplier', 'Voltaris Cells GmbH');
  expect((await saveUser(systemmanager, 'supplier', { organization_id: voltaris })).code).toBe(200);
  expect(await listed(await as(t, 'supplier'))).toEqual(
    await snsWhere(sql`id IN (SELECT system_id FROM system_components WHERE supplier_id = ${voltaris})`),
  );

  // A reseller moved to another reseller sees that one's installers' systems.
  const alpine = await organizationId('reseller', 'Alpine Energy Trading AG');
  expect((await saveUser(admin, 'reseller', { organization_id: alpine })).code).toBe(200);
  expect(await listed(await as(t, 'reseller'))).toEqual(
    await snsWhere(sql`installer_company_id IN (SELECT id FROM installer_companies WHERE reseller_id = ${alpine})`),
  );

  // An edit that leaves the link out keeps it; a role that does not use a link clears it.
  expect((await saveUser(admin, 'installer', { phone: '+39 02 5557 3199', installer_company_id: undefined })).code).toBe(200);
  expect((await userRow('installer')).installerCompanyId).toBe(alpen);
  const dev = await saveUser(admin, 'dev', { installer_company_id: alpen, organization_id: voltaris });
  expect(dev.code).toBe(200);
  expect(await userRow('dev')).toMatchObject({ installerCompanyId: null, organizationId: null });
});

test('a link to no such company, or to an organization of another kind, answers 2 naming the field', async () => {
  const admin = await as(t, 'admin');
  const { id } = await userRow('supplier');
  const record = (await admin.post('/api/User/GetUser', { id })).body.data;
  const reseller = await organizationId('reseller', 'Énergie Distribution SAS');
  await expectRejected(t, '/api/User/SaveUser', { ...record, organization_id: reseller }, admin.token, 2, 'organization_id');
  await expectRejected(t, '/api/User/SaveUser', { ...record, organization_id: 999_999 }, admin.token, 2, 'organization_id');
  const installer = await userRow('installer');
  const installerRecord = (await admin.post('/api/User/GetUser', { id: installer.id })).body.data;
  await expectRejected(
    t,
    '/api/User/SaveUser',
    { ...installerRecord, installer_company_id: 999_999 },
    admin.token,
    2,
    'installer_company_id',
  );
  await expectRejected(
    t,
    '/api/User/SaveUser',
    { ...installerRecord, installer_company_id: '0x10' },
    admin.token,
    2,
    'installer_company_id',
  );
});

test('a user who does not manage users cannot set a link, on any call', async () => {
  const sole = await installerCompanyId('Sole Impianti S.r.l.');
  const admin = await as(t, 'admin');
  for (const role of ['installer', 'reseller', 'servicer', 'dasw', 'customer']) {
    const user = await as(t, role);
    const { id } = await userRow(role);
    // Their own record, whole and valid (a body missing a field is refused with 2 / 3 before the permission).
    const record = (await admin.post('/api/User/GetUser', { id })).body.data;
    await expectRejected(t, '/api/User/SaveUser', { ...record, installer_company_id: sole }, user.token, 45);
    await expectRejected(t, '/api/Company/GetInstallerCompanyPageList', { pageIndex: 1, pageSize: 10 }, user.token, 45);
    await expectRejected(t, '/api/Company/GetOrganizationPageList', { pageIndex: 1, pageSize: 10 }, user.token, 45);
  }
});

test('the link selects list the companies by name for the staff who manage users', async () => {
  const systemmanager = await as(t, 'systemmanager');
  const installers = (await systemmanager.post('/api/Company/GetInstallerCompanyPageList', { pageIndex: 1, pageSize: 1000 })).body;
  expect(installers.data.data.map((c: { name: string }) => c.name)).toContain('Sole Impianti S.r.l.');
  const suppliers = (await systemmanager.post('/api/Company/GetOrganizationPageList', { pageIndex: 1, pageSize: 1000, kind: 'supplier' }))
    .body;
  expect(suppliers.data.data.map((o: { name: string }) => o.name).sort()).toEqual(['CellWorks Co., Ltd.', 'Voltaris Cells GmbH']);
});

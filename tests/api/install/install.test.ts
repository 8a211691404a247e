import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { installationRecords, mailOutbox, snRegistry, systemComponents, systems, uploads, users } from '../../../server/core/db/schema';
import { hashDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { multipart, PNG } from '../crud/attach-helpers';
import { createTestApp, type TestApp } from '../helpers';
import { createTestDatabase } from '../helpers/database';
import { recordingTransport } from '../mail/recording-transport';
import { as } from '../monitoring/world';

/**
 * Installing a system through HTTP: the labels checked against the S/N registry (18, 21, 22, 52), the EMS's MAC (62,
 * 63), the customer (an account or an invitation that lets them register and own it), two photos, the device key
 * answered once and stored hashed, the system in the installer's scope and the registry's rows installed; a failure
 * half way (a component the database refuses) leaves nothing. Then giving a customer another system (19, 82, 45),
 * which their selector shows with the 'All' sums. Every refusal changes nothing.
 */
const transport = recordingTransport();
let t: TestApp;
let n = 0;
const CHECK = 'Q4T8ZP';

/** Fresh labels for one installation: the system and its inverter, two batteries, meter and EMS, all free. */
async function labels(): Promise<{ system: string; inverter: string; batteries: string[]; meter: string; ems: string }> {
  n += 1;
  const tag = `26N${String(n).padStart(4, '0')}`;
  const set = {
    system: `ESS20${tag}`,
    inverter: `INV${tag}`,
    batteries: [`BAT${tag}1`, `BAT${tag}2`],
    meter: `MTR${tag}`,
    ems: `EMS${tag}`,
  };
  const row = (sn: string, product_type: string) => ({
    sn,
    check_code: CHECK,
    product_type,
    model: '',
    production_date: '2026-09-01',
    state: 'free',
  });
  await t.db
    .insert(snRegistry)
    .values([
      { ...row(set.system, 'system'), model: 'ESS-H10 Hybrid' },
      { ...row(set.inverter, 'inverter'), model: 'H10-INV' },
      ...set.batteries.map((sn) => ({ ...row(sn, 'battery'), model: 'LFP-5.5' })),
      row(set.meter, 'meter'),
      { ...row(set.ems, 'ems'), model: 'EMS-Gateway 2' },
    ]);
  return set;
}

async function upload(token: string, content: Buffer, name = 'site.png') {
  const body = multipart([
    { name: 'field', value: 'photos' },
    { name: 'file', filename: name, content },
  ]);
  const response = await t.inject({
    method: 'POST',
    url: '/api/ESSMainTain/UploadInstallFile',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return response.json();
}

/** Two different photos uploaded by the caller (the same bytes twice on one record answer 96). */
async function photos(token: string): Promise<number[]> {
  const a = await upload(token, PNG, 'front.png');
  const b = await upload(token, Buffer.concat([PNG, Buffer.from('inverter wall')]), 'wall.png');
  expect([a.code, b.code]).toEqual([200, 200]);
  return [a.data.id, b.data.id];
}

function form(set: Awaited<ReturnType<typeof labels>>, photoIds: number[], extra: Record<string, unknown> = {}) {
  return {
    sn: set.system,
    check_code: CHECK.toLowerCase(),
    minv: 'ESS-H10 Hybrid',
    mbat: 'LFP-5.5',
    components: [
      { kind: 'inverter', sn: set.inverter, check_code: CHECK },
      ...set.batteries.map((sn) => ({ kind: 'battery', sn, check_code: CHECK })),
      { kind: 'meter', sn: set.meter, check_code: CHECK },
      { kind: 'ems', sn: set.ems, check_code: CHECK, mac: '00:1a:2b:3c:4d:5e' },
    ],
    popv: 9.6,
    poinv: 10,
    cobat: 11,
    surpluscobat: 9.9,
    address: 'Via Garibaldi 12',
    postcode: '40121',
    city: 'Bologna',
    country: 'IT',
    latitude: 44.4949,
    longitude: 11.3426,
    timeZone: 'Europe/Rome',
    commissionedOn: '2026-01-10',
    customer: { inviteEmail: 'giulia.ferri@mail.example', language: 'en' },
    photos: photoIds,
    ...extra,
  };
}

/** Every table's rows but the wrong-try counters (counting them is the point of their limit) and the uploads made. */
async function counts() {
  const { registration_failures: _f, uploads: _u, ...rest } = await t.database.rowCounts();
  const states = await t.db.select({ sn: snRegistry.sn, state: snRegistry.state }).from(snRegistry).orderBy(snRegistry.sn);
  const owners = await t.db.select({ id: systems.id, owner: systems.customerUserId }).from(systems).orderBy(systems.id);
  const attached = await t.db.select({ id: uploads.id, record: uploads.recordId }).from(uploads).orderBy(uploads.id);
  return { rest, states, owners, attached };
}

async function companyOf(username: string): Promise<number | null> {
  const [row] = await t.db.select({ id: users.installerCompanyId }).from(users).where(eq(users.username, username));
  return row?.id ?? null;
}

beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ from: 'world' }), mailTransport: transport });
}, 60_000);
afterAll(() => t?.close());

describe('InstallNewSystem', () => {
  test('an installer installs with an invitation: one transaction makes everything, the key works once, the invitation leads to /register', async () => {
    const installer = await as(t, 'installer');
    const set = await labels();
    const ids = await photos(installer.token);
    const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', form(set, ids));
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ sys_sn: set.system, customer: '', invited_email: 'giulia.ferri@mail.example' });
    const key: string = body.data.device_key;
    expect(key.length).toBeGreaterThanOrEqual(32);

    const [system] = await t.db.select().from(systems).where(eq(systems.sysSn, set.system));
    expect(system).toMatchObject({
      installerCompanyId: await companyOf('installer'),
      customerUserId: null,
      countryCode: 'IT',
      timeZone: 'Europe/Rome',
      commissionedOn: '2026-01-10',
      uscapacity: 90,
    });
    // Stored hashed only: the answer was the one readable copy.
    expect(system!.deviceKeyHash).toBe(hashDeviceKey(key));
    expect(JSON.stringify(system)).not.toContain(key);
    const parts = await t.db.select().from(systemComponents).where(eq(systemComponents.systemId, system!.id));
    expect(parts.map((p) => p.kind).sort()).toEqual(['battery', 'battery', 'ems', 'inverter', 'meter']);
    // The EMS's MAC is the EMS's own, normalised; the other components have none.
    expect(parts.map((p) => [p.kind, p.mac]).filter(([, mac]) => mac !== null)).toEqual([['ems', '00:1A:2B:3C:4D:5E']]);
    const states = await t.db
      .select({ state: snRegistry.state })
      .from(snRegistry)
      .where(inArray(snRegistry.sn, [set.system, set.inverter, ...set.batteries, set.meter, set.ems]));
    expect(states.map((s) => s.state)).toEqual(Array(6).fill('installed'));
    // The system's installation record: the installer in person, the commissioning day, the photos on its field.
    const [person] = await t.db.select({ name: users.displayName }).from(users).where(eq(users.username, 'installer'));
    const [record] = await t.db.select().from(installationRecords).where(eq(installationRecords.sys_sn, set.system));
    expect(record).toMatchObject({
      installer_person: person!.name || 'installer',
      installed_on: '2026-01-10',
      commissioned_on: '2026-01-10',
      created_by: 'installer',
    });
    expect(body.data.installation_record_id).toBe(record!.id);
    const attached = await t.db
      .select({ id: uploads.id, resource: uploads.resource, field: uploads.field })
      .from(uploads)
      .where(eq(uploads.recordId, record!.id));
    expect(attached.filter((a) => a.resource === 'InstallationRecord').sort((a, b) => a.id - b.id)).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => ({ id, resource: 'InstallationRecord', field: 'photos' })),
    );

    // In the installer's scope: the record on the installation records' screen (its photos with it), and the system.
    const list = await installer.post('/api/ESSMainTain/GetTheSysInstall', { pageIndex: 1, pageSize: 20, sys_sn: set.system });
    expect(list.body.data.data.map((r: { sys_sn: string }) => r.sys_sn)).toEqual([set.system]);
    const one = await installer.post('/api/ESSMainTain/LoadInstall', { id: record!.id });
    expect(one.body.code).toBe(200);
    expect(one.body.data.photos.map((p: { id: number }) => p.id).sort()).toEqual([...ids].sort());
    expect(one.body.data.components).toContain(`ems: ${set.ems} (EMS-Gateway 2, MAC 00:1A:2B:3C:4D:5E)`);
    expect((await installer.post('/api/ESS/GetSystemComponents', { sn: set.system })).body.code).toBe(200);

    // The invitation, which is who was invited (the system has no owner yet): naming the system, masked in the outbox,
    // the label's S/N and check code in the mail the customer gets.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'giulia.ferri@mail.example'));
    expect(mail).toMatchObject({ category: 'system_invitation', systemId: system!.id });
    expect(mail!.body).not.toContain(CHECK);
    await t.app.mailer.deliver();
    const sent = transport.sent.find((m) => m.to === 'giulia.ferri@mail.example');
    expect(sent?.text).toContain(`/register?sn=${set.system}&check_code=${CHECK}`);
    // The label now lets the invited person register and own it (CheckSysSn of self-registration).
    const check = await t.post('/api/Account/CheckSysSn', { sn: set.system, check_code: CHECK }, { ip: '203.0.113.7' });
    expect(check.body).toMatchObject({ code: 200, data: { sn: set.system, countryCode: 'IT' } });
  });

  test("an EMS swapped in keeps none of the old unit's MAC", async () => {
    const installer = await as(t, 'installer');
    const set = await labels();
    expect((await installer.post('/api/SystemInstall/InstallNewSystem', form(set, await photos(installer.token)))).body.code).toBe(200);
    // Labels of a later installation: its EMS is free.
    const spare = await labels();
    const swap = await (
      await as(t, 'servicer')
    ).post('/api/ESSMainTain/UpdateSystemSN', {
      sysSn: set.system,
      oldSn: set.ems,
      newSn: spare.ems,
      checkCode: CHECK,
      reason: 'EMS replaced',
    });
    expect(swap.body.code).toBe(200);
    const [system] = await t.db.select({ id: systems.id }).from(systems).where(eq(systems.sysSn, set.system));
    const [ems] = await t.db
      .select({ sn: systemComponents.sn, mac: systemComponents.mac })
      .from(systemComponents)
      .where(and(eq(systemComponents.systemId, system!.id), eq(systemComponents.kind, 'ems')));
    expect(ems).toEqual({ sn: spare.ems, mac: null });
  });

  test('staff install for the company they choose, owned by an existing customer from the start', async () => {
    const admin = await as(t, 'admin');
    const set = await labels();
    const companies = await admin.post('/api/SystemInstall/GetInstallCompanies');
    const company = companies.body.data[0];
    const found = await admin.post('/api/SystemInstall/FindInstallCustomer', { keyword: 'becker' });
    const customer = found.body.data.find((c: { username: string }) => c.username === 'customer');
    expect(customer).toBeDefined();
    const { body } = await admin.post(
      '/api/SystemInstall/InstallNewSystem',
      form(set, await photos(admin.token), { installerCompanyId: company.id, customer: { userId: customer.id } }),
    );
    expect(body).toMatchObject({ code: 200, data: { customer: 'customer', invited_email: '' } });
    const [system] = await t.db.select().from(systems).where(eq(systems.sysSn, set.system));
    expect(system).toMatchObject({ installerCompanyId: company.id, customerUserId: customer.id });
  });

  test('a battery banned from upgrading is installed and stays banned; the others become installed', async () => {
    const installer = await as(t, 'installer');
    const set = await labels();
    await t.db.update(snRegistry).set({ state: 'banned' }).where(eq(snRegistry.sn, set.batteries[1]!));
    const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', form(set, await photos(installer.token)));
    expect(body.code).toBe(200);
    const states = await t.db
      .select({ sn: snRegistry.sn, state: snRegistry.state })
      .from(snRegistry)
      .where(inArray(snRegistry.sn, set.batteries));
    expect(Object.fromEntries(states.map((s) => [s.sn, s.state]))).toEqual({
      [set.batteries[0]!]: 'installed',
      [set.batteries[1]!]: 'banned',
    });
  });

  test('an installer finds a customer by the exact e-mail only (no listing of the customers)', async () => {
    const installer = await as(t, 'installer');
    expect((await installer.post('/api/SystemInstall/FindInstallCustomer', { keyword: 'becker' })).body.data).toEqual([]);
    const exact = await installer.post('/api/SystemInstall/FindInstallCustomer', { keyword: 'Thomas.Becker@mail.example' });
    expect(exact.body.data.map((c: { username: string }) => c.username)).toEqual(['customer']);
  });

  test('a failure half way (the database refuses a component) answers 99 and leaves nothing', async () => {
    const installer = await as(t, 'installer');
    const set = await labels();
    const ids = await photos(installer.token);
    // A real refusal by the database, after the system row was written in the same transaction.
    // (A function body takes no parameters: the S/N, letters and digits only, is written into it.)
    expect(set.meter).toMatch(/^[A-Z0-9]+$/);
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_meter() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.kind = 'meter' AND NEW.sn = '${set.meter}' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`),
    );
    await t.db.execute(sql`CREATE TRIGGER refuse_meter BEFORE INSERT ON system_components FOR EACH ROW EXECUTE FUNCTION refuse_meter()`);
    try {
      const before = await counts();
      const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', form(set, ids));
      expect(body.code).toBe(99);
      expect(await counts()).toEqual(before);
      expect(await t.db.select().from(systems).where(eq(systems.sysSn, set.system))).toEqual([]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_meter ON system_components`);
      await t.db.execute(sql`DROP FUNCTION refuse_meter()`);
    }
    // Nothing was half made: the same form goes through once the fault is gone.
    expect((await installer.post('/api/SystemInstall/InstallNewSystem', form(set, ids))).body.code).toBe(200);
  });

  describe('every refusal answers its code and changes nothing', () => {
    type Set = Awaited<ReturnType<typeof labels>>;
    const cases: Array<[string, number, (set: Set, ids: number[], installed: Set) => Record<string, unknown>]> = [
      ['an unknown S/N', 18, (s, ids) => form(s, ids, { sn: 'ESS2099ZZ9999' })],
      ['a wrong check code', 21, (s, ids) => form(s, ids, { check_code: 'AAAAAA' })],
      ['a component S/N given as the system', 22, (s, ids) => form(s, ids, { sn: s.inverter })],
      ['a system that exists', 52, (s, ids, done) => form(s, ids, { sn: done.system })],
      [
        'a battery built into another system',
        22,
        (s, ids, done) => {
          const body = form(s, ids);
          (body.components as Array<Record<string, unknown>>)[1]!.sn = done.batteries[0];
          return body;
        },
      ],
      [
        "a component's wrong check code",
        21,
        (s, ids) => {
          const body = form(s, ids);
          (body.components as Array<Record<string, unknown>>)[0]!.check_code = 'ZZZZZZ';
          return body;
        },
      ],
      [
        "an unknown component's S/N",
        18,
        (s, ids) => {
          const body = form(s, ids);
          (body.components as Array<Record<string, unknown>>)[3]!.sn = 'MTR2099ZZ99';
          return body;
        },
      ],
      ['no MAC for the EMS', 62, (s, ids) => withMac(form(s, ids), '')],
      ['a MAC with illegal characters', 63, (s, ids) => withMac(form(s, ids), '00:1G:2B:3C:4D:5E')],
      ['one photo', 3, (s, ids) => form(s, ids.slice(0, 1))],
      ['usable above installed capacity', 2, (s, ids) => form(s, ids, { surpluscobat: 12 })],
      ['an unknown time zone', 2, (s, ids) => form(s, ids, { timeZone: 'Mars/Olympus' })],
      ['a customer who is no customer account', 82, (s, ids) => form(s, ids, { customer: { email: 'li.wei@ess-portal.example' } })],
      [
        'an invitation to an address with an account',
        37,
        (s, ids) => form(s, ids, { customer: { inviteEmail: 'thomas.becker@mail.example' } }),
      ],
      ['a company not the installer’s own', 45, (s, ids) => form(s, ids, { installerCompanyId: 999_999 })],
      ['a customer by id from an installer', 45, (s, ids) => form(s, ids, { customer: { userId: 1 } })],
    ];
    function withMac(body: ReturnType<typeof form>, mac: string) {
      (body.components as Array<Record<string, unknown>>)[4]!.mac = mac;
      return body;
    }
    let installed: Set;
    beforeAll(async () => {
      const installer = await as(t, 'installer');
      installed = await labels();
      const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', form(installed, await photos(installer.token)));
      expect(body.code).toBe(200);
    });
    test.each(cases)('%s → %i', async (_, code, make) => {
      const installer = await as(t, 'installer');
      const set = await labels();
      const ids = await photos(installer.token);
      const before = await counts();
      const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', make(set, ids, installed));
      expect(body.code).toBe(code);
      expect(await counts()).toEqual(before);
    });
  });

  test('CheckInstallSn answers the same codes for one label while the form is filled', async () => {
    const installer = await as(t, 'installer');
    const set = await labels();
    const check = (body: unknown) => installer.post('/api/SystemInstall/CheckInstallSn', body);
    expect((await check({ kind: 'system', sn: set.system, check_code: CHECK })).body).toMatchObject({
      code: 200,
      data: { sn: set.system, model: 'ESS-H10 Hybrid' },
    });
    expect((await check({ kind: 'battery', sn: set.batteries[0], check_code: CHECK })).body.code).toBe(200);
    expect((await check({ kind: 'battery', sn: set.inverter, check_code: CHECK })).body.code).toBe(2);
    expect((await check({ kind: 'system', sn: set.ems, check_code: CHECK })).body.code).toBe(22);
    expect((await check({ kind: 'system', sn: 'ESS2099ZZ0001', check_code: CHECK })).body.code).toBe(18);
    expect((await check({ kind: 'system', sn: set.system, check_code: 'nope' })).body.code).toBe(21);
    expect((await check({ kind: 'system', check_code: CHECK })).body.code).toBe(25);
  });

  test('roles without the screen answer 45 on every call; the installation records keep to the scope', async () => {
    for (const username of ['customer', 'servicepartner', 'dev', 'supplier']) {
      const user = await as(t, username);
      for (const [path, body] of [
        ['/api/SystemInstall/CheckInstallSn', { kind: 'system', sn: 'ESS2026N9999', check_code: CHECK }],
        ['/api/SystemInstall/GetInstallCompanies', {}],
        ['/api/SystemInstall/FindInstallCustomer', { keyword: 'becker' }],
        ['/api/SystemInstall/InstallNewSystem', form(await labels(), [1, 2])],
      ] as const) {
        expect([username, path, (await user.post(path, body)).body.code]).toEqual([username, path, 45]);
      }
    }
    // Another installer company's installation record: not in this installer's list, and 45 when asked for by id.
    const admin = await as(t, 'admin');
    const set = await labels();
    const own = await companyOf('installer');
    const other = ((await admin.post('/api/SystemInstall/GetInstallCompanies')).body.data as Array<{ id: number }>).find(
      (c) => c.id !== own,
    )!;
    expect(
      (await admin.post('/api/SystemInstall/InstallNewSystem', form(set, await photos(admin.token), { installerCompanyId: other.id }))).body
        .code,
    ).toBe(200);
    const [row] = await t.db
      .select({ id: installationRecords.id })
      .from(installationRecords)
      .where(eq(installationRecords.sys_sn, set.system));
    const installer = await as(t, 'installer');
    expect((await installer.post('/api/ESSMainTain/LoadInstall', { id: row!.id })).body.code).toBe(45);
    const list = await installer.post('/api/ESSMainTain/GetTheSysInstall', { pageIndex: 1, pageSize: 100 });
    expect(list.body.data.data.map((r: { sys_sn: string }) => r.sys_sn)).not.toContain(set.system);
    expect((await admin.post('/api/ESSMainTain/LoadInstall', { id: row!.id })).body.code).toBe(200);
  });

  test('a reseller installs for its installers only', async () => {
    const reseller = await as(t, 'reseller');
    const companies = (await reseller.post('/api/SystemInstall/GetInstallCompanies')).body.data as Array<{ id: number }>;
    expect(companies.length).toBeGreaterThan(0);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM installer_companies c JOIN users u ON u.organization_id = c.reseller_id WHERE u.username = 'reseller'`,
    );
    expect(companies.length).toBe(n);
    const set = await labels();
    const ids = await photos(reseller.token);
    const ok = await reseller.post('/api/SystemInstall/InstallNewSystem', form(set, ids, { installerCompanyId: companies[0]!.id }));
    expect(ok.body.code).toBe(200);
    const foreign = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT c.id FROM installer_companies c WHERE c.reseller_id IS DISTINCT FROM (SELECT organization_id FROM users WHERE username = 'reseller') LIMIT 1`,
    );
    const set2 = await labels();
    const refused = await reseller.post(
      '/api/SystemInstall/InstallNewSystem',
      form(set2, await photos(reseller.token), { installerCompanyId: foreign[0]!.id }),
    );
    expect(refused.body.code).toBe(45);
  });
});

describe('AssociateSystem', () => {
  async function unownedOfInstaller(): Promise<{ sn: string }> {
    const installer = await as(t, 'installer');
    const set = await labels();
    const { body } = await installer.post('/api/SystemInstall/InstallNewSystem', form(set, await photos(installer.token)));
    expect(body.code).toBe(200);
    return { sn: set.system };
  }

  test("an installer gives a customer another system by its label; the customer's selector shows it in 'All'", async () => {
    const customer = await as(t, 'customer');
    const before = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data;
    const { sn } = await unownedOfInstaller();
    const installer = await as(t, 'installer');
    const { body } = await installer.post('/api/SystemAssociation/AssociateSystem', {
      customer: { email: 'thomas.becker@mail.example' },
      sn,
      check_code: CHECK,
    });
    expect(body).toMatchObject({ code: 200, data: { sys_sn: sn, customer: 'customer' } });
    type Entry = { sys_sn: string; popv: number; poinv: number; cobat: number; surpluscobat: number };
    const after = (await customer.post('/api/ESS/GetSystemsByCustomer')).body.data as Entry[];
    expect(after.map((s) => s.sys_sn)).toContain(sn);
    expect(after.length).toBe(before.length + 1);
    // 'All' first, its sums over every system of the customer, and grown by exactly the new system's ratings (the form's).
    expect(after[0]!.sys_sn).toBe('All');
    const added = { popv: 9.6, poinv: 10, cobat: 11, surpluscobat: 9.9 };
    for (const key of ['popv', 'poinv', 'cobat', 'surpluscobat'] as const) {
      const sum = after.slice(1).reduce((total, s) => total + s[key], 0);
      expect(after[0]![key], key).toBeCloseTo(sum, 2);
      expect(after[0]![key] - (before[0] as Entry)[key], key).toBeCloseTo(added[key], 2);
    }
    // Given once: a second time answers 19.
    const again = await installer.post('/api/SystemAssociation/AssociateSystem', {
      customer: { email: 'thomas.becker@mail.example' },
      sn,
      check_code: CHECK,
    });
    expect(again.body.code).toBe(19);
  });

  test('staff pick a system without its check code', async () => {
    const { sn } = await unownedOfInstaller();
    const admin = await as(t, 'admin');
    const unowned = (await admin.post('/api/SystemAssociation/GetUnownedSystems', { keyword: sn.slice(-6) })).body.data;
    expect(unowned.map((s: { sys_sn: string }) => s.sys_sn)).toContain(sn);
    const [customer] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
    const { body } = await admin.post('/api/SystemAssociation/AssociateSystem', { customer: { userId: customer!.id }, sn });
    expect(body.code).toBe(200);
  });

  test.each([
    ['a system with an owner', 19, 'admin', async () => ({ customer: { email: 'thomas.becker@mail.example' }, sn: 'ESS2024A0001' })],
    [
      'an account that is no customer',
      82,
      'installer',
      async () => ({ customer: { email: 'li.wei@ess-portal.example' }, sn: (await unownedOfInstaller()).sn, check_code: CHECK }),
    ],
    [
      'a wrong check code',
      21,
      'installer',
      async () => ({ customer: { email: 'thomas.becker@mail.example' }, sn: (await unownedOfInstaller()).sn, check_code: 'BADBAD' }),
    ],
    [
      'a partner without a check code',
      21,
      'installer',
      async () => ({ customer: { email: 'thomas.becker@mail.example' }, sn: (await unownedOfInstaller()).sn }),
    ],
    [
      'a customer by id from a partner',
      45,
      'installer',
      async () => ({ customer: { userId: 1 }, sn: (await unownedOfInstaller()).sn, check_code: CHECK }),
    ],
    ['a system outside the scope', 45, 'admin', async () => ({ customer: { email: 'thomas.becker@mail.example' }, sn: 'ESS2099QQ0001' })],
  ])('%s → %i, nothing changed', async (_, code, username, make) => {
    const body = await make();
    const user = await as(t, username);
    const before = await counts();
    expect((await user.post('/api/SystemAssociation/AssociateSystem', body)).body.code).toBe(code);
    expect(await counts()).toEqual(before);
  });

  test("an installer may not give another company's system (45), nor may roles without the screen", async () => {
    const admin = await as(t, 'admin');
    const own = await companyOf('installer');
    const other = ((await admin.post('/api/SystemInstall/GetInstallCompanies')).body.data as Array<{ id: number }>).find(
      (c) => c.id !== own,
    )!;
    const set = await labels();
    expect(
      (await admin.post('/api/SystemInstall/InstallNewSystem', form(set, await photos(admin.token), { installerCompanyId: other.id }))).body
        .code,
    ).toBe(200);
    const installer = await as(t, 'installer');
    const before = await counts();
    const { body } = await installer.post('/api/SystemAssociation/AssociateSystem', {
      customer: { email: 'thomas.becker@mail.example' },
      sn: set.system,
      check_code: CHECK,
    });
    expect(body.code).toBe(45);
    expect(await counts()).toEqual(before);
    // Its unowned list holds its own company's systems only.
    const unowned = (await installer.post('/api/SystemAssociation/GetUnownedSystems', { keyword: '' })).body.data;
    expect(unowned.map((s: { sys_sn: string }) => s.sys_sn)).not.toContain(set.system);
    for (const username of ['customer', 'sharer', 'servicepartner', 'fasw']) {
      const user = await as(t, username);
      for (const path of [
        '/api/SystemAssociation/AssociateSystem',
        '/api/SystemAssociation/FindCustomer',
        '/api/SystemAssociation/GetUnownedSystems',
      ]) {
        const answer = await user.post(path, {
          customer: { email: 'thomas.becker@mail.example' },
          sn: set.system,
          check_code: CHECK,
          keyword: 'x',
        });
        expect([username, path, answer.body.code]).toEqual([username, path, 45]);
      }
    }
  });
});

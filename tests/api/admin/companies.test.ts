import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installerCompanies, organizations, systemComponents, systems, users } from '../../../server/core/db/schema';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const PARTNER = {
  kind: 'servicepartner',
  name: 'ZonService B.V.',
  country: 'NL',
  contact: 'Sanne de Vries',
  phone: '+31 30 555 6120',
  email: 'planning@zonservice.example',
  address: 'Europalaan 40, 3526 KS Utrecht',
  areas: 'NL; DE; IT: Lombardy',
  remark: 'Battery swaps within 48 hours.',
};

/** A reseller, a service partner and an installer company linked to both, saved by an administrator. */
async function companies() {
  const admin = await tokens.of('admin');
  const reseller = await expectOk(
    t,
    '/api/Company/SaveOrganization',
    { kind: 'reseller', name: 'Énergie Distribution SAS', country: 'FR' },
    admin,
  );
  const partner = await expectOk(t, '/api/Company/SaveOrganization', PARTNER, admin);
  const installer = await expectOk(
    t,
    '/api/Company/SaveInstallerCompany',
    {
      name: 'Sole Impianti S.r.l.',
      country: 'IT',
      contact: 'Giulia Rossi',
      phone: '+39 02 555 0144',
      email: 'info@sole.example',
      address: 'Via Torino 44, 20123 Milano',
      areas: 'IT: Lombardy, Veneto',
      remark: '',
      reseller_id: reseller.id,
      service_partner_id: partner.id,
    },
    admin,
  );
  return { admin, reseller: reseller.id as number, partner: partner.id as number, installer: installer.id as number };
}

async function addSystem(installerCompanyId: number): Promise<number> {
  const [row] = await t.db
    .insert(systems)
    .values({
      sysSn: 'ESSTEST00000001',
      popv: 10,
      minv: 'ESS-10K',
      poinv: 10,
      cobat: 10,
      mbat: 'LFP-10',
      surpluscobat: 9,
      uscapacity: 90,
      latitude: 45.46,
      longitude: 9.19,
      countryCode: 'IT',
      timeZone: 'Europe/Rome',
      installerCompanyId,
      // Never a device's key: the system only has to exist.
      deviceKeyHash: 'not-a-key',
      createdAt: new Date(),
    })
    .returning({ id: systems.id });
  return row!.id;
}

describe('company management', () => {
  it('staff keep the companies and their links; the list counts what points at each', async () => {
    const { admin, reseller, partner, installer } = await companies();
    const one = await expectOk(t, '/api/Company/GetInstallerCompany', { id: installer }, admin);
    expect(one).toMatchObject({
      name: 'Sole Impianti S.r.l.',
      reseller_id: reseller,
      service_partner_id: partner,
      areas: 'IT: Lombardy, Veneto',
    });
    expect(one).toMatchObject({ user_count: 0, system_count: 0 });

    // The system manager edits the partner's file; the kind stays what it was created as.
    const manager = await tokens.of('systemmanager');
    await expectOk(t, '/api/Company/SaveOrganization', { ...PARTNER, id: partner, kind: 'supplier', phone: '+31 30 555 0000' }, manager);
    const [stored] = await t.db.select().from(organizations).where(eq(organizations.id, partner));
    expect(stored).toMatchObject({ kind: 'servicepartner', phone: '+31 30 555 0000', areas: 'NL; DE; IT: Lombardy' });
    expect(await auditRows(t, 'companyOrganizations.update')).toHaveLength(1);

    await t.db.update(users).set({ organizationId: partner }).where(eq(users.username, 'servicepartner'));
    const list = await expectOk(t, '/api/Company/GetOrganizationList', { kind: 'servicepartner' }, admin);
    expect(list.data).toEqual([expect.objectContaining({ id: partner, user_count: 1, company_count: 1, system_count: 0 })]);
    const filtered = await expectOk(t, '/api/Company/GetInstallerCompanyList', { reseller_id: reseller }, manager);
    expect(filtered.data.map((row: any) => row.id)).toEqual([installer]);
  });

  it('bad input answers its code and changes nothing', async () => {
    const { admin, reseller, partner } = await companies();
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: '' }, admin, 3, 'name');
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: 'x'.repeat(101) }, admin, 2, 'name');
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: 'Other', kind: 'installer' }, admin, 2, 'kind');
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: 'Other', country: 'Netherlands' }, admin, 2, 'country');
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: 'Other', email: 'planning@' }, admin, 14, 'email');
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: 'Other', areas: 'x'.repeat(501) }, admin, 2, 'areas');
    // The same name again, whatever its case.
    await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, name: 'zonservice b.v.' }, admin, 2, 'name');
    // An installer company's reseller must be a reseller, its service partner a service partner.
    const base = { name: 'Alpen Solartechnik GmbH', country: 'AT' };
    await expectRejected(t, '/api/Company/SaveInstallerCompany', { ...base, reseller_id: partner }, admin, 2, 'reseller_id');
    await expectRejected(t, '/api/Company/SaveInstallerCompany', { ...base, service_partner_id: reseller }, admin, 2, 'service_partner_id');
    await expectRejected(t, '/api/Company/SaveInstallerCompany', { ...base, service_partner_id: 99_999 }, admin, 2, 'service_partner_id');
    await expectRejected(t, '/api/Company/SaveInstallerCompany', { ...base, reseller_id: '0x10' }, admin, 2, 'reseller_id');
    await expectRejected(t, '/api/Company/SaveInstallerCompany', { ...base, name: 'SOLE IMPIANTI S.R.L.' }, admin, 2, 'name');
    await expectRejected(t, '/api/Company/GetInstallerCompany', { id: 99_999 }, admin, 8);
    await expectRejected(t, '/api/Company/DeleteOrganization', { id: 99_999 }, admin, 8);
  });

  it('a company users or systems still point at is not deleted, saying what points at it; once free it is', async () => {
    const { admin, reseller, partner, installer } = await companies();
    await t.db.update(users).set({ installerCompanyId: installer }).where(eq(users.username, 'installer'));
    const systemId = await addSystem(installer);

    let refused = await expectRejected(t, '/api/Company/DeleteInstallerCompany', { id: installer }, admin, 400);
    expect(refused.info).toBe(
      'Operation failure: 1 user(s), 1 system(s) still belong to Sole Impianti S.r.l.; link them to another company first',
    );
    expect(refused.data).toMatchObject({ user_count: 1, system_count: 1 });
    // The same row under the after-sales area's installer files is refused the same way.
    refused = await expectRejected(t, '/api/Installer/DeleteInstaller', { id: installer }, admin, 400, '1 system(s)');
    expect(
      await t.db.select({ id: installerCompanies.id }).from(installerCompanies).where(eq(installerCompanies.id, installer)),
    ).toHaveLength(1);
    // The reseller and the partner are still the installer company's.
    refused = await expectRejected(t, '/api/Company/DeleteOrganization', { id: partner }, admin, 400);
    expect(refused.data).toMatchObject({ user_count: 0, company_count: 1, system_count: 0 });
    await expectRejected(t, '/api/Company/DeleteOrganization', { id: reseller }, admin, 400, 'installer company');

    // A supplier whose battery a system holds.
    const supplier = await expectOk(
      t,
      '/api/Company/SaveOrganization',
      { kind: 'supplier', name: 'CellWorks Co., Ltd.', country: 'CN' },
      admin,
    );
    await t.db.insert(systemComponents).values({ systemId, kind: 'battery', sn: 'CWB00000001', model: 'CW-5', supplierId: supplier.id });
    refused = await expectRejected(t, '/api/Company/DeleteOrganization', { id: supplier.id }, admin, 400, 'system');
    expect(refused.data).toMatchObject({ system_count: 1 });

    // Unlinked, each goes.
    await t.db.update(users).set({ installerCompanyId: null }).where(eq(users.username, 'installer'));
    await t.db.update(systems).set({ installerCompanyId: null }).where(eq(systems.id, systemId));
    await expectOk(t, '/api/Company/DeleteInstallerCompany', { id: installer }, admin);
    await expectOk(t, '/api/Company/DeleteOrganization', { id: partner }, admin);
    expect(await t.db.select().from(installerCompanies)).toEqual([]);
    expect((await t.db.select().from(organizations)).map((row) => row.name).sort()).toEqual([
      'CellWorks Co., Ltd.',
      'Énergie Distribution SAS',
    ]);
  });

  it('roles outside the screen get 45 and nothing changes', async () => {
    const { partner, installer } = await companies();
    for (const role of ['servicer', 'installer', 'reseller', 'servicepartner', 'customer', 'dev']) {
      const token = await tokens.of(role);
      await expectRejected(t, '/api/Company/GetInstallerCompanyList', {}, token, 45);
      await expectRejected(t, '/api/Company/GetOrganization', { id: partner }, token, 45);
      await expectRejected(t, '/api/Company/SaveOrganization', { ...PARTNER, id: partner, phone: '1' }, token, 45);
      await expectRejected(t, '/api/Company/SaveInstallerCompany', { name: 'New GmbH', country: 'DE' }, token, 45);
      await expectRejected(t, '/api/Company/DeleteInstallerCompany', { id: installer }, token, 45);
    }
  });
});

describe('the service partner list', () => {
  it('answers the service partners with their areas and contacts, by name, filtered by country or keyword', async () => {
    const { admin, partner } = await companies();
    const other = await expectOk(
      t,
      '/api/Company/SaveOrganization',
      { kind: 'servicepartner', name: 'Alpine Service GmbH', country: 'AT', areas: 'AT: Styria; CH', contact: 'Eva Huber' },
      admin,
    );
    const servicer = await tokens.of('servicer');
    const all = await expectOk(t, '/api/Information/GetServiverList', {}, servicer);
    expect(all).toEqual({
      dataCount: 2,
      data: [
        { id: other.id, name: 'Alpine Service GmbH', country: 'AT', areas: 'AT: Styria; CH', contact: 'Eva Huber', phone: '', email: '' },
        {
          id: partner,
          name: 'ZonService B.V.',
          country: 'NL',
          areas: 'NL; DE; IT: Lombardy',
          contact: 'Sanne de Vries',
          phone: '+31 30 555 6120',
          email: 'planning@zonservice.example',
        },
      ],
    });
    // Germany is in ZonService's areas; Switzerland in Alpine's; a keyword matches a name or an area.
    const ids = async (body: object) => (await expectOk(t, '/api/Information/GetServiverList', body, servicer)).data.map((r: any) => r.id);
    expect(await ids({ country: 'DE' })).toEqual([partner]);
    expect(await ids({ country: 'CH' })).toEqual([other.id]);
    expect(await ids({ keyword: 'styria' })).toEqual([other.id]);
    expect(await ids({ keyword: '%' })).toEqual([]);
    expect(await ids({ country: 'FR' })).toEqual([]);
  });

  it('bad input answers 2; roles that do not see every system get 45', async () => {
    await companies();
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/Information/GetServiverList', { country: 'Germany' }, admin, 2, 'country');
    await expectRejected(t, '/api/Information/GetServiverList', { keyword: 'x'.repeat(201) }, admin, 2, 'keyword');
    for (const role of ['installer', 'reseller', 'servicepartner', 'vppmanager', 'supplier', 'customer', 'sharer', 'fasw'])
      await expectRejected(t, '/api/Information/GetServiverList', {}, await tokens.of(role), 45);
    for (const role of ['systemmanager', 'dev', 'dasw', 'sncreator'])
      await expectOk(t, '/api/Information/GetServiverList', {}, await tokens.of(role));
  });
});

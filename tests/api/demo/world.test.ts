import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { DEMO_USERS } from '../../../server/demo/users';
import { seedDemoWorld } from '../../../server/demo/world';
import { DEMO_HOME_MARKET } from '../../../server/demo/monitoring/fleet';
import { countries, stateOfCity, states } from '../../../server/reference/service';
import { FAULT_TYPES_BY_CODE } from '../../../server/simulator/faults';
import { expectOk, tokenCache } from '../admin/helpers';
import { DEMO_PASSWORD, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * The demo world `npm start` seeds (server/demo/world.ts, as server/boot.ts runs it; one day of fleet history instead
 * of each system's lifetime) says the same thing wherever a fact shows: a customer's file and the system it is about,
 * its owner, phone and state, the staff (never customers), the installer files and licence management, the times of
 * day things happened, and a system whose inverter a fault disconnected.
 */
let t: TestApp;
const tokens = tokenCache(() => t);

interface Archive {
  id: number;
  name: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  country: string;
  state: string;
  city: string;
  postcode: string;
  sys_sn: string;
  inverter_sn: string;
  battery_model: string;
  installer_company: string;
  installer_contact: string;
  installer_phone: string;
  installer_email: string;
  username: string | null;
}
let archives: Archive[];

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await seedDemoWorld(t.db, { password: DEMO_PASSWORD, now: t.clock(), storage: t.app.storage, monitoring: { days: 1 } });
  archives = (await expectOk(t, '/api/CustomerArchives/GetCustomerArchivePageList', { pageSize: 50 }, await tokens.of('servicer'))).data;
}, 300_000);
afterAll(() => t?.close());

const systemOf = async (sn: string) =>
  (
    await queryRows<{
      sys_name: string;
      address: string;
      postcode: string;
      city: string;
      country_code: string;
      owner: string | null;
      owner_email: string | null;
      owner_phone: string | null;
    }>(
      t.db,
      sql`SELECT s.sys_name, s.address, s.postcode, s.city, s.country_code, u.display_name AS owner, u.email AS owner_email,
                 u.phone AS owner_phone
          FROM systems s LEFT JOIN users u ON u.id = s.customer_user_id WHERE s.sys_sn = ${sn}`,
    )
  )[0]!;

const dialCodes = async () => new Map((await countries()).map((c) => [c.code, c.phoneCode]));

describe('the customer archives of the demo', () => {
  it('are about a dozen customers in several countries', () => {
    expect(archives.length).toBeGreaterThanOrEqual(10);
    expect(new Set(archives.map((a) => a.country)).size).toBeGreaterThanOrEqual(6);
  });

  it("name the system's inverter S/N and battery model, as the system's components list shows them", async () => {
    const servicer = await tokens.of('servicer');
    for (const archive of archives) {
      const parts: { kind: string; sn: string; model: string }[] = await expectOk(
        t,
        '/api/ESS/GetSystemComponents',
        { sn: archive.sys_sn },
        servicer,
      );
      const inverter = parts.find((p) => p.kind === 'inverter')!;
      const battery = parts.find((p) => p.kind === 'battery')!;
      expect(archive.inverter_sn, archive.sys_sn).toBe(inverter.sn);
      expect(archive.battery_model, archive.sys_sn).toBe(battery.model);
    }
  });

  it("file the system's owner at the system's address: the portal user's name, e-mail and phone, or the family the system is named after", async () => {
    for (const archive of archives) {
      const system = await systemOf(archive.sys_sn);
      expect([archive.address, archive.postcode, archive.city, archive.country], archive.sys_sn).toEqual([
        system.address,
        system.postcode,
        system.city,
        system.country_code,
      ]);
      if (system.owner) {
        expect([archive.name, archive.contact, archive.email, archive.phone]).toEqual([
          system.owner,
          system.owner,
          system.owner_email,
          system.owner_phone,
        ]);
      } else {
        // 'Home Wilson' is the Wilsons' home: its file is a Wilson's, not Paul Becker's.
        const words = system.sys_name.split(' ');
        expect(
          archive.contact.split(' ').some((part) => words.includes(part)),
          `${archive.contact} of ${system.sys_name}`,
        ).toBe(true);
      }
    }
  });

  it('have a state wherever the country has states, as every town of the fleet does', async () => {
    for (const archive of archives) {
      if ((await states(archive.country)).length > 0) expect(archive.state, `${archive.city} (${archive.country})`).not.toBe('');
    }
    const towns = await queryRows<{ country_code: string; city: string; latitude: number; longitude: number }>(
      t.db,
      sql`SELECT DISTINCT ON (country_code, city) country_code, city, latitude, longitude FROM systems ORDER BY country_code, city`,
    );
    for (const town of towns)
      expect(await stateOfCity(town.country_code, town.city, town), `${town.city} (${town.country_code})`).not.toBe('');
  });

  it("give phones of the customer's country, not one Berlin number for all", async () => {
    const dial = await dialCodes();
    for (const archive of archives) {
      expect(archive.phone, archive.sys_sn).toMatch(/^\+\d{1,3}( \d+)+$/);
      expect(archive.phone.startsWith(`${dial.get(archive.country)} `), `${archive.phone} in ${archive.country}`).toBe(true);
    }
    expect(new Set(archives.map((a) => a.phone.split(' ').slice(0, 2).join(' '))).size).toBeGreaterThanOrEqual(6);
  });

  it("name the installer as the installer's file does", async () => {
    const files: { name: string; contact: string; phone: string; email: string }[] = (
      await expectOk(t, '/api/Installer/GetInstallerPageList', { pageSize: 50 }, await tokens.of('admin'))
    ).data;
    for (const archive of archives) {
      const file = files.find((f) => f.name === archive.installer_company)!;
      expect(file, archive.installer_company).toBeTruthy();
      expect([archive.installer_contact, archive.installer_phone, archive.installer_email]).toEqual([file.contact, file.phone, file.email]);
    }
  });
});

describe('the people of the demo', () => {
  it('has no staff member as a customer: no archive under a staff name, no system owned by staff', async () => {
    const staff = DEMO_USERS.filter((u) => u.username !== 'customer' && u.username !== 'sharer');
    for (const archive of archives) {
      for (const user of staff) {
        expect(archive.name, archive.sys_sn).not.toBe(user.displayName);
        expect(archive.contact, archive.sys_sn).not.toBe(user.displayName);
      }
      if (archive.username !== null) expect(archive.username).toBe('customer');
    }
    const owners = await queryRows<{ roles: string[] }>(
      t.db,
      sql`SELECT DISTINCT u.roles FROM systems s JOIN users u ON u.id = s.customer_user_id`,
    );
    for (const owner of owners) expect(owner.roles).toEqual(['customer']);
  });

  it('lets the domestic after-sales team serve the home market only, the international team the rest', async () => {
    const records = await queryRows<{ person: string; country: string }>(
      t.db,
      sql`SELECT r.person, a.country FROM customer_records r JOIN customer_archives a ON a.id = r.archive_id`,
    );
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      if (record.country === DEMO_HOME_MARKET) expect(record.person).not.toBe('fasw');
      else expect(record.person, `a record on a customer in ${record.country}`).not.toBe('dasw');
    }
    const transfers = await queryRows<{ team: string; country: string }>(
      t.db,
      sql`SELECT h.fields->>'team' AS team, c.country FROM workflow_history h JOIN complaints c ON c.id = h.record_id
          WHERE h.entity = 'complaints' AND h.action = 'transfer'`,
    );
    for (const transfer of transfers)
      if (transfer.team !== 'rnd') expect(transfer.team).toBe(transfer.country === DEMO_HOME_MARKET ? 'domestic' : 'international');
    const rules = await expectOk(t, '/api/EmailRule/GetEmailRulePageList', { pageIndex: 1, pageSize: 50 }, await tokens.of('admin'));
    for (const rule of rules.data.filter((r: any) => r.recipient_value === 'dasw')) expect(rule.country).toBe(DEMO_HOME_MARKET);
  });
});

describe('the installer files of the demo', () => {
  it('carry the licence licence management holds for the company, and the holder as contact', async () => {
    const admin = await tokens.of('admin');
    const files: { name: string; contact: string; phone: string; email: string; license: string }[] = (
      await expectOk(t, '/api/Installer/GetInstallerPageList', { pageSize: 50 }, admin)
    ).data;
    const licenses: { license_key: string; company: string; license_type: string; assigned_user: string | null }[] = (
      await expectOk(t, '/api/License/GetLicensePageList', { pageIndex: 1, pageSize: 100 }, admin)
    ).data;
    const dial = await dialCodes();
    const companies = await queryRows<{ name: string; country: string }>(t.db, sql`SELECT name, country FROM installer_companies`);
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const license = licenses.find((l) => l.license_key === file.license);
      expect(license, `${file.name}: ${file.license}`).toBeTruthy();
      expect([license!.company, license!.license_type]).toEqual([file.name, 'installer']);
      const holder = DEMO_USERS.find((u) => u.username === license!.assigned_user);
      if (holder) expect([file.contact, file.phone, file.email]).toEqual([holder.displayName, holder.phone, holder.email]);
      const country = companies.find((c) => c.name === file.name)!.country;
      expect(file.phone.startsWith(`${dial.get(country)} `), `${file.phone} of ${file.name}`).toBe(true);
    }
  });
});

describe('the times of the demo', () => {
  it('spread over the day: records, complaints, licences, S/Ns, messages were not all made at one minute', async () => {
    const minutes = await queryRows<{ minute: number; n: number }>(
      t.db,
      sql`SELECT minute, count(*)::int AS n FROM (
            SELECT extract(hour FROM at) * 60 + extract(minute FROM at) AS minute FROM (
              SELECT created_at AS at FROM licenses UNION ALL SELECT created_at FROM sn_registry
              UNION ALL SELECT created_at FROM email_rules UNION ALL SELECT created_at FROM customer_archives
              UNION ALL SELECT created_at FROM customer_records UNION ALL SELECT created_at FROM complaints
              UNION ALL SELECT created_at FROM workflow_history UNION ALL SELECT created_at FROM complaint_messages
              UNION ALL SELECT created_at FROM product_suggestions UNION ALL SELECT created_at FROM rd_work_hours
              UNION ALL SELECT created_at FROM info_messages UNION ALL SELECT created_at FROM fault_subscriptions) times
            ) m GROUP BY minute ORDER BY n DESC`,
    );
    const total = minutes.reduce((sum, m) => sum + m.n, 0);
    expect(total).toBeGreaterThan(200);
    expect(minutes.length, 'distinct minutes of the day').toBeGreaterThan(120);
    expect(minutes[0]!.n / total, 'the commonest minute').toBeLessThan(0.05);
    // And over the hours: mornings, afternoons and evenings.
    expect(new Set(minutes.map((m) => Math.floor(m.minute / 60))).size).toBeGreaterThanOrEqual(10);
  });
});

describe('the faulted systems of the demo', () => {
  it('with a fault open that disconnects the inverter show no PV, no export and an idle battery: the load comes from the grid', async () => {
    const disconnecting = [...FAULT_TYPES_BY_CODE.values()].filter((f) => f.effect === 'inverter_trip').map((f) => f.code);
    const open = await queryRows<{ sys_sn: string; code: string }>(
      t.db,
      sql`SELECT DISTINCT ON (s.sys_sn) s.sys_sn, f.code FROM system_faults f JOIN systems s ON s.id = f.system_id
          WHERE f.ended_at IS NULL AND f.code IN ${sql.raw(`(${disconnecting.map((c) => `'${c}'`).join(', ')})`)}`,
    );
    expect(open.map((o) => o.code)).toContain('F401');
    const servicer = await tokens.of('servicer');
    for (const { sys_sn } of open) {
      const { body } = await t.get(`/api/ESS/GetSecondDataBySn?sn=${sys_sn}`, { token: servicer });
      expect(body.code).toBe(200);
      expect(body.data, sys_sn).toMatchObject({ pv_w: 0, battery_w: 0 });
      expect(body.data.grid_w, sys_sn).toBe(body.data.load_w);
      expect(body.data.grid_w).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the device channel of the demo', () => {
  it("has the German export cap as a batch whose counts are its rows': applied, refused by the 5 kW model, expired while offline", async () => {
    const batches = await expectOk(t, '/api/BatchSetting/GetBatchList', {}, await tokens.of('servicer'));
    const cap = batches.data.find((b: { command: string }) => b.command === 'exportLimit');
    expect(cap).toMatchObject({ status: 'finished', params: { limitW: 6000 }, requested_by: 'dasw' });
    const rows = await queryRows<{ state: string; minv: string; ems_status: string | null; message: string }>(
      t.db,
      sql`SELECT c.state, s.minv, s.ems_status, c.message FROM device_commands c JOIN systems s ON s.id = c.system_id WHERE c.batch_id = ${cap.id}`,
    );
    const german = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM systems WHERE country_code = 'DE'`);
    expect(rows).toHaveLength(german[0]!.n);
    expect(cap.total).toBe(rows.length);
    for (const state of ['succeeded', 'rejected', 'expired'])
      expect(cap.counts[state] ?? 0).toBe(rows.filter((r) => r.state === state).length);
    for (const row of rows) {
      if (row.state === 'rejected') expect(row.message).toContain("above the inverter's rating of 5000 W");
      if (row.state === 'expired') expect([null, 'offline']).toContain(row.ems_status);
    }
    // What applied is what those devices report having set.
    const reported = await queryRows<{ limit_w: number }>(
      t.db,
      sql`SELECT (d.settings -> 'exportLimit' ->> 'limitW')::int AS limit_w FROM device_states d
           JOIN device_commands c ON c.system_id = d.system_id AND c.batch_id = ${cap.id} AND c.state = 'succeeded'`,
    );
    expect(reported.length).toBe(cap.counts.succeeded);
    expect(reported.every((r) => r.limit_w === 6000)).toBe(true);
  });

  it("has every command's history begin with who asked and end in its state, before now", async () => {
    const rows = await queryRows<{ id: number; state: string; first: string; last: string; by: string | null; at: string }>(
      t.db,
      sql`SELECT c.id, c.state,
                 (SELECT e.state FROM device_command_events e WHERE e.command_id = c.id ORDER BY e.id LIMIT 1) AS first,
                 (SELECT e.state FROM device_command_events e WHERE e.command_id = c.id ORDER BY e.id DESC LIMIT 1) AS last,
                 (SELECT e.by_name FROM device_command_events e WHERE e.command_id = c.id ORDER BY e.id LIMIT 1) AS by,
                 (SELECT max(e.at) FROM device_command_events e WHERE e.command_id = c.id)::text AS at
            FROM device_commands c`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.first).toBe('pending');
      expect(row.last).toBe(row.state);
      expect(row.by).toMatch(/^(dasw|servicer)$/);
      expect(new Date(row.at).getTime()).toBeLessThanOrEqual(t.clock().getTime());
    }
  });
});

describe('the demo installation and maintenance records', () => {
  it('record most systems as commissioned, by their installer company’s technicians, accepted by their owner', async () => {
    const [counts] = await queryRows<{ systems: number; records: number; mismatched: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM systems) AS systems, (SELECT count(*)::int FROM installation_records) AS records,
                 (SELECT count(*)::int FROM installation_records r JOIN systems s ON s.sys_sn = r.sys_sn
                   WHERE s.commissioned_on IS NOT NULL AND s.commissioned_on <> r.commissioned_on OR r.installed_on > r.commissioned_on) AS mismatched`,
    );
    expect(counts!.records).toBeGreaterThan(counts!.systems * 0.8);
    expect(counts!.records).toBeLessThan(counts!.systems);
    expect(counts!.mismatched).toBe(0);
    const mine = await expectOk(t, '/api/ESSMainTain/GetTheSysInstall', { pageIndex: 1, pageSize: 100 }, await tokens.of('installer'));
    expect(mine.dataCount).toBeGreaterThan(0);
    expect(new Set(mine.data.map((r: { installer_company: string }) => r.installer_company))).toEqual(new Set(['Sole Impianti S.r.l.']));
  });

  it("include every system of the demo installer's company, as installing each made it; the unowned one was invited", async () => {
    const [counts] = await queryRows<{ own: number; unrecorded: number; unowned: number; invited: number }>(
      t.db,
      sql`SELECT count(*)::int AS own,
                 count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM installation_records r WHERE r.sys_sn = s.sys_sn))::int AS unrecorded,
                 count(*) FILTER (WHERE s.customer_user_id IS NULL)::int AS unowned,
                 count(*) FILTER (WHERE s.customer_user_id IS NULL AND EXISTS (SELECT 1 FROM mail_outbox m
                   WHERE m.system_id = s.id AND m.category = 'system_invitation'))::int AS invited
            FROM systems s JOIN users u ON u.installer_company_id = s.installer_company_id AND u.username = 'installer'`,
    );
    expect(counts!.own).toBeGreaterThan(0);
    expect(counts!.unrecorded).toBe(0);
    expect(counts!.unowned).toBeGreaterThan(0);
    expect(counts!.invited).toBe(counts!.unowned);
  });

  it('have visits and remote interventions before now, one answering a complaint of its system, and one battery swapped', async () => {
    const list = await expectOk(t, '/api/ESSMainTain/GetMaintenancePageList', { pageIndex: 1, pageSize: 200 }, await tokens.of('servicer'));
    expect(list.dataCount).toBeGreaterThan(10);
    expect(new Set(list.data.map((r: { kind: string }) => r.kind))).toEqual(new Set(['visit', 'remote']));
    expect(list.data.every((r: { performed_on: string }) => r.performed_on <= t.clock().toISOString().slice(0, 10))).toBe(true);
    const [answered] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM maintenance_records m JOIN complaints c ON c.id = m.complaint_id AND c.sys_sn = m.sys_sn`,
    );
    expect(answered!.n).toBeGreaterThan(0);
    const swapped = list.data.filter((r: { parts_replaced: string }) => r.parts_replaced !== '');
    expect(swapped).toHaveLength(1);
    const [swap] = await queryRows<{ new_sn: string; old_sn: string; installed: number; state: string }>(
      t.db,
      sql`SELECT h.new_sn, h.old_sn, (SELECT count(*)::int FROM system_components c WHERE c.sn = h.new_sn AND c.system_id = h.system_id) AS installed,
                 (SELECT state FROM sn_registry WHERE sn = h.old_sn) AS state
            FROM component_history h`,
    );
    expect(swap).toMatchObject({ installed: 1, state: 'banned' });
    expect(swapped[0].parts_replaced).toBe(`battery: ${swap!.old_sn} → ${swap!.new_sn}`);
  });
});

describe('the data migration', () => {
  it("has the Freiburg house's old system moved to the new S/N and confirmed: the new one's lifetime starts with the old one's", async () => {
    const page = await expectOk(t, '/api/DataMigration/GetMigrationList', { pageIndex: 1, pageSize: 10 }, await tokens.of('servicer'));
    expect(page.data).toMatchObject([
      { old_sn: 'ESS2020B0417', new_sn: 'ESS2024A0002', state: 'confirmed', created_by: 'servicer', finished_by: 'servicer' },
    ]);
    const [migration] = page.data;
    for (const kind of migration.kinds) expect(kind.moved, kind.kind).toBe(kind.total);
    expect(migration.kinds.find((k: { kind: string }) => k.kind === 'energy_daily').total).toBeGreaterThan(1000);
    const [rows] = await queryRows<{ old_days: number; first: string; faults: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM energy_daily d JOIN systems s ON s.id = d.system_id WHERE s.sys_sn = 'ESS2020B0417') AS old_days,
                 (SELECT min(day)::text FROM energy_daily d JOIN systems s ON s.id = d.system_id WHERE s.sys_sn = 'ESS2024A0002') AS first,
                 (SELECT count(*)::int FROM system_faults f JOIN systems s ON s.id = f.system_id WHERE s.sys_sn = 'ESS2024A0002' AND f.code = 'E301') AS faults`,
    );
    expect(rows!.old_days).toBe(0);
    expect(rows!.first < '2023-01-01').toBe(true);
    expect(rows!.faults).toBe(1);
    // Confirmed: both S/Ns take writes again, and the migration's times are in the past, not at the seed's minute.
    expect(new Date(migration.finished_at).getTime()).toBeLessThan(t.clock().getTime());
    expect(new Date(migration.created_at).getTime()).toBeLessThan(new Date(migration.finished_at).getTime());
  });
});

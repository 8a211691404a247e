import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAdminDemo } from '../../../server/demo/admin';
import { seedInstallerFilesDemo } from '../../../server/demo/installer-files';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * Installer files and their scorecard (spec §3, §5, §8 codes 48 and 90): every field
 * required with its code and nothing written when refused, the row scope (installers their own company's file,
 * customers and sharers nothing: 45), the overview's systems and complaints, and the scorecard's figures against a
 * hand-computed set.
 */
const SAVE = '/api/Installer/SaveInstaller';
const LIST = '/api/Installer/GetInstallerPageList';
const ONE = '/api/Installer/GetInstaller';
const DELETE = '/api/Installer/DeleteInstaller';
const SCORECARDS = '/api/Installer/GetInstallerScorecards';
const OVERVIEW = '/api/Installer/GetInstallerOverview';

let t: TestApp;
const tokens: Record<string, string> = {};
/** The demo installer's own company. */
let ownCompany: number;

function file(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test Solar Montage GmbH',
    contact: 'Jonas Berger',
    phone: '+49 89 555 0101',
    email: 'jonas@solar-montage.example',
    address: 'Werkstraße 4, 80331 München',
    remark: 'Installs in Bavaria',
    license: 'LIC-INST-T001',
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['admin', 'customer', 'installer', 'servicer', 'sharer']) tokens[role] = (await t.login(role)).AccessToken;
  const [me] = await queryRows<{ id: number }>(t.db, sql`SELECT installer_company_id AS id FROM users WHERE username = 'installer'`);
  ownCompany = Number(me!.id);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM workflow_history`);
  await t.db.execute(sql`UPDATE systems SET installer_company_id = ${ownCompany} WHERE installer_company_id IN
                           (SELECT id FROM installer_companies WHERE name LIKE 'Test %')`);
  await t.db.execute(sql`DELETE FROM installer_companies WHERE name LIKE 'Test %'`);
});

describe('an installer file', () => {
  it('staff create one and read it back', async () => {
    const saved = await expectOk(t, SAVE, file(), tokens.servicer!);
    expect(await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)).toMatchObject(file());
  });

  it.each([
    ['name', { name: '' }, 3],
    ['contact', { contact: ' ' }, 3],
    ['phone', { phone: undefined }, 3],
    ['email', { email: '' }, 3],
    ['email', { email: 'jonas@example' }, 14],
    ['address', { address: '' }, 3],
    ['remark', { remark: undefined }, 3],
    ['license', { license: '' }, 48],
    ['license', { license: undefined }, 48],
    ['remark', { remark: 'x'.repeat(1001) }, 2],
  ])('%s %j answers %i and writes nothing', async (field, change, code) => {
    await expectRejected(t, SAVE, file(change), tokens.servicer!, code, field);
  });

  it('a license another installer file holds answers 90 (in any case), a name in use 2; nothing written', async () => {
    await expectOk(t, SAVE, file(), tokens.servicer!);
    await expectRejected(t, SAVE, file({ name: 'Test Other GmbH', license: 'lic-inst-t001' }), tokens.servicer!, 90, 'license');
    await expectRejected(t, SAVE, file({ license: 'LIC-INST-T002' }), tokens.servicer!, 2, 'name');
  });

  it('its own license may be saved again', async () => {
    const saved = await expectOk(t, SAVE, file(), tokens.servicer!);
    await expectOk(t, SAVE, { ...file({ remark: 'Also Austria' }), id: saved.id }, tokens.servicer!);
  });

  it('customers and sharers get 45 for every call; installers see and keep only their own company’s file', async () => {
    const other = await expectOk(t, SAVE, file(), tokens.servicer!);
    for (const role of ['customer', 'sharer']) {
      await expectRejected(t, LIST, {}, tokens[role]!, 45);
      await expectRejected(t, ONE, { id: other.id }, tokens[role]!, 45);
      await expectRejected(t, SAVE, file({ name: 'Test C', license: 'L-C' }), tokens[role]!, 45);
      await expectRejected(t, SCORECARDS, {}, tokens[role]!, 45);
      await expectRejected(t, OVERVIEW, { id: other.id }, tokens[role]!, 45);
    }
    const list = await expectOk(t, LIST, {}, tokens.installer!);
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([ownCompany]);
    const cards = await expectOk(t, SCORECARDS, {}, tokens.installer!);
    expect(cards.map((row: { id: number }) => row.id)).toEqual([ownCompany]);
    await expectRejected(t, ONE, { id: other.id }, tokens.installer!, 45);
    await expectRejected(t, OVERVIEW, { id: other.id }, tokens.installer!, 45);
    await expectRejected(t, SAVE, { ...file({ remark: 'Mine now' }), id: other.id }, tokens.installer!, 45);
    await expectRejected(t, DELETE, { id: other.id }, tokens.installer!, 45);
    // A new file is opened by staff only.
    await expectRejected(t, SAVE, file({ name: 'Test New', license: 'L-N' }), tokens.installer!, 45);
    // Their own file they keep (put back afterwards: the other tests read the demo company).
    const [before] = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM installer_companies WHERE id = ${ownCompany}`);
    await expectOk(t, SAVE, { ...file({ name: 'Test Own Company', license: 'LIC-OWN' }), id: ownCompany }, tokens.installer!);
    const overview = await expectOk(t, OVERVIEW, { id: ownCompany }, tokens.installer!);
    expect(overview.scorecard.license).toBe('LIC-OWN');
    await t.db.execute(sql`UPDATE installer_companies SET name = ${before!.name} WHERE id = ${ownCompany}`);
  });
});

describe('partners', () => {
  it('resellers and service partners see the files of the installer companies they work with', async () => {
    for (const role of ['reseller', 'servicepartner']) {
      const { AccessToken } = await t.login(role);
      const column = role === 'reseller' ? sql`reseller_id` : sql`service_partner_id`;
      const theirs = await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM installer_companies WHERE ${column} = (SELECT organization_id FROM users WHERE username = ${role}) ORDER BY id`,
      );
      expect(theirs.length).toBeGreaterThan(0);
      const cards = await expectOk(t, SCORECARDS, {}, AccessToken);
      expect(cards.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b)).toEqual(theirs.map((row) => Number(row.id)));
      const [outside] = await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM installer_companies WHERE ${column} IS DISTINCT FROM (SELECT organization_id FROM users WHERE username = ${role}) LIMIT 1`,
      );
      await expectRejected(t, OVERVIEW, { id: outside!.id }, AccessToken, 45);
    }
  });
});

describe('the scorecard', () => {
  it('matches a hand-computed set', async () => {
    const now = t.clock();
    const day = 86_400_000;
    const ago = (days: number) => new Date(now.getTime() - days * day).toISOString();
    const windowStart = new Date(now);
    windowStart.setUTCMonth(windowStart.getUTCMonth() - 12);
    const company = (await expectOk(t, SAVE, file(), tokens.servicer!)).id as number;
    const empty = (await expectOk(t, SAVE, file({ name: 'Test Empty GmbH', license: 'LIC-EMPTY' }), tokens.servicer!)).id;
    const picked = await queryRows<{ id: number; sys_sn: string }>(t.db, sql`SELECT id, sys_sn FROM systems ORDER BY sys_sn LIMIT 4`);
    const [a, b, c, d] = picked;
    // Three systems in service before the window (12 system-months each), one for its last quarter (3).
    const quarter = new Date(now.getTime() - (now.getTime() - windowStart.getTime()) / 4).toISOString();
    // In service from the commissioning day, else from the registration.
    await t.db
      .execute(sql`UPDATE systems SET installer_company_id = ${company}, created_at = ${ago(1)}, commissioned_on = ${ago(800).slice(0, 10)}
                           WHERE id IN (${a!.id}, ${b!.id}, ${c!.id})`);
    await t.db.execute(
      sql`UPDATE systems SET installer_company_id = ${company}, created_at = ${quarter}, commissioned_on = NULL WHERE id = ${d!.id}`,
    );
    await t.db.execute(sql`DELETE FROM system_events WHERE system_id IN (${a!.id}, ${b!.id}, ${c!.id}, ${d!.id})`);
    // Three faults started in the window; one before it and an end of a fault do not count.
    for (const [systemId, kind, at] of [
      [a!.id, 'fault_started', ago(3)],
      [a!.id, 'fault_ended', ago(2)],
      [b!.id, 'fault_started', ago(40)],
      [d!.id, 'fault_started', ago(10)],
      [c!.id, 'fault_started', ago(400)],
    ] as const)
      await t.db.execute(sql`INSERT INTO system_events (system_id, kind, at) VALUES (${systemId}, ${kind}, ${at})`);

    const complaint = async (
      sn: string,
      filedDaysAgo: number,
      ratings: [number | null, number | null, number | null] = [null, null, null],
    ) => {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`INSERT INTO complaints (title, description, type, sys_sn, contact_email, status, created_by, created_at,
                                    rating_solved, rating_time, rating_attitude)
            VALUES ('Seeded', 'Seeded complaint', 'battery', ${sn}, 'owner@example.com', 'completed', 'customer',
                    ${ago(filedDaysAgo)}, ${ratings[0]}, ${ratings[1]}, ${ratings[2]}) RETURNING id`,
      );
      return Number(row!.id);
    };
    const step = (id: number, action: string, to: string, at: string) =>
      t.db.execute(sql`INSERT INTO workflow_history (entity, record_id, action, from_state, to_state, username, created_at)
                       VALUES ('customerComplaintList', ${id}, ${action}, 'processing', ${to}, 'fasw', ${at})`);
    // Filed → first completed: 48 h, 24 h (then reopened and completed again later), 96 h; one still open.
    const first = await complaint(a!.sys_sn, 10, [5, 4, 3]);
    await step(first, 'confirm', 'completed', ago(8));
    const second = await complaint(b!.sys_sn, 20);
    await step(second, 'confirm', 'completed', ago(19));
    await step(second, 'reopen', 'reopened', ago(18));
    await step(second, 'confirm', 'completed', ago(1));
    const third = await complaint(d!.sys_sn, 30, [4, 4, null]);
    await step(third, 'confirm', 'completed', ago(26));
    await complaint(c!.sys_sn, 5);
    // Filed before the window: in the overview, not in the figures.
    const old = await complaint(a!.sys_sn, 400, [1, 1, 1]);
    await step(old, 'reopen', 'reopened', ago(399));

    const cards = await expectOk(t, SCORECARDS, {}, tokens.servicer!);
    const card = cards.find((row: { id: number }) => row.id === company);
    expect(card).toMatchObject({ systems: 4, complaints: 4, complaints_per_100: 100, reopened_share: 0.25, average_rating: 4 });
    expect(card.median_resolution_hours).toBeCloseTo(48, 6);
    expect(card.faults_per_system_month).toBeCloseTo(3 / 39, 6);
    expect(cards.find((row: { id: number }) => row.id === empty)).toMatchObject({
      systems: 0,
      complaints: 0,
      complaints_per_100: null,
      median_resolution_hours: null,
      reopened_share: null,
      average_rating: null,
      faults_per_system_month: null,
    });

    const overview = await expectOk(t, OVERVIEW, { id: company }, tokens.servicer!);
    expect(overview.scorecard).toEqual(card);
    expect(overview.systems.map((s: { sys_sn: string }) => s.sys_sn)).toEqual(picked.map((s) => s.sys_sn));
    expect(overview.complaints).toHaveLength(5);
    expect(overview.complaints[0].id).not.toBe(old);
  });
});

describe('the scorecard’s links', () => {
  const COMPLAINTS = '/api/Complaints/GetComplaintPageList';
  it('open exactly the complaints each complaint figure counts, the edges of its 12 months included', async () => {
    const company = (await expectOk(t, SAVE, file(), tokens.servicer!)).id as number;
    const [a, b] = await queryRows<{ id: number; sys_sn: string }>(t.db, sql`SELECT id, sys_sn FROM systems ORDER BY sys_sn LIMIT 2`);
    await t.db.execute(sql`UPDATE systems SET installer_company_id = ${company} WHERE id IN (${a!.id}, ${b!.id})`);
    const before = (await expectOk(t, SCORECARDS, {}, tokens.servicer!)).find((row: { id: number }) => row.id === company);
    const firstDay = Date.parse(`${before.window_from}T00:00:00Z`);
    const minute = 60_000;
    const filed = async (sn: string, at: number, rated = false) => {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`INSERT INTO complaints (title, description, type, sys_sn, contact_email, status, created_by, created_at, rating_time)
            VALUES ('Edge', 'Seeded complaint', 'battery', ${sn}, 'owner@example.com', 'processing', 'customer',
                    ${new Date(at).toISOString()}, ${rated ? 3 : null}) RETURNING id`,
      );
      return Number(row!.id);
    };
    const step = (id: number, action: string, to: string) =>
      t.db.execute(sql`INSERT INTO workflow_history (entity, record_id, action, from_state, to_state, username, created_at)
                       VALUES ('customerComplaintList', ${id}, ${action}, 'processing', ${to}, 'fasw', ${t.clock().toISOString()})`);
    // The window's first minute and its last day count; the minute before it does not.
    const first = await filed(a!.sys_sn, firstDay + minute, true);
    await step(first, 'confirm', 'completed');
    await step(first, 'reopen', 'reopened');
    const last = await filed(b!.sys_sn, t.clock().getTime() - minute);
    await step(last, 'confirm', 'completed');
    await filed(b!.sys_sn, t.clock().getTime() - 90 * 86_400_000);
    await filed(a!.sys_sn, firstDay - minute, true);

    const card = (await expectOk(t, SCORECARDS, {}, tokens.servicer!)).find((row: { id: number }) => row.id === company);
    const rows = async (outcome?: string) =>
      (
        await expectOk<{ dataCount: number }>(
          t,
          COMPLAINTS,
          { pageIndex: 1, pageSize: 10, installer_id: card.id, created_at: [card.window_from, card.window_to], outcome },
          tokens.servicer!,
        )
      ).dataCount;
    expect(card.complaints).toBe(3);
    expect(await rows()).toBe(card.complaints);
    expect(await rows('reopened')).toBe(Math.round(card.reopened_share * card.complaints));
    // The median is over the two completed ones, the rating over the one rated.
    expect(await rows('resolved')).toBe(2);
    expect(card.average_rating).toBe(3);
    expect(await rows('rated')).toBe(1);
  });
});

describe('the demo', () => {
  it('fills the file of every demo installer company, each with its own license from licence management', async () => {
    // The files read the licences (and their holders) the administration demo issued, as `npm start` seeds them.
    await seedAdminDemo(t.db, { now: t.clock() });
    await seedInstallerFilesDemo(t.db);
    const cards = await expectOk(t, SCORECARDS, {}, tokens.admin!);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.license, card.name).not.toBe('');
    expect(new Set(cards.map((card: { license: string }) => card.license)).size).toBe(cards.length);
    expect(cards.some((card: { systems: number }) => card.systems > 0)).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, tableDigests } from '../admin/helpers';
import { insertComplaint, systemsOf } from '../complaints/samples';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { WORK_KINDS } from '../../../contract/workhours-constants';

const KIND = WORK_KINDS[0];

/**
 * Write rights on customers' files are by role and entity, not by having a screen: suppliers and VPP managers
 * neither read nor write archives, records or client data (45 on every call, nothing changed, nothing revealed);
 * R&D hours are the engineers' own; and a save changes only the fields it names.
 */
const SAVE = '/CustomerArchives/SaveCustomerArchive';
const ONE = '/CustomerArchives/GetCustomerArchive';

let t: TestApp;
const tokens: Record<string, string> = {};
let archiveId: number;
let recordId: number;
let complaintId: number;
let customerSn: string;

const ARCHIVE = () => ({
  name: 'Anna Schmidt',
  contact: 'Anna Schmidt',
  phone: '+49 30 1234567',
  email: 'anna@example.com',
  address: 'Hauptstraße 1',
  country: 'DE',
  postcode: '10115',
  remarks: 'Prefers calls in the morning',
  license: 'LIC-RIGHTS-0001',
  sys_sn: customerSn,
});

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['servicer', 'installer', 'supplier', 'vppmanager', 'reseller', 'servicepartner', 'dev', 'admin', 'fasw'])
    tokens[role] = (await t.login(role)).AccessToken;
  customerSn = (await systemsOf(t, 'customer')).inside!;
  archiveId = (await expectOk(t, `/api${SAVE}`, ARCHIVE(), tokens.servicer!)).id;
  complaintId = await insertComplaint(t, customerSn, 'accepted');
  recordId = (
    await expectOk(
      t,
      '/api/CustomerArchives/SaveCustomerRecord',
      { archive_id: archiveId, kind: 'visit', record_date: '2026-03-02', person: 'servicer', contents: 'Visited the site' },
      tokens.servicer!,
    )
  ).id;
}, 120_000);
afterAll(() => t.close());

describe("customers' files", () => {
  it.each(['supplier', 'vppmanager'])('%s: every archive, record and client call answers 45 and changes nothing', async (role) => {
    const before = await tableDigests(t);
    const calls: Array<[string, Record<string, unknown>]> = [
      [SAVE, { id: archiveId, name: 'X', country: 'DE', postcode: '1', license: 'L', sys_sn: customerSn }],
      [SAVE, { ...ARCHIVE(), license: 'LIC-RIGHTS-0002' }],
      [ONE, { id: archiveId }],
      ['/CustomerArchives/GetCustomerArchivePageList', { pageIndex: 1, pageSize: 10 }],
      ['/CustomerArchives/DeleteCustomerArchive', { id: archiveId }],
      ['/CustomerArchives/GetCustomerArchiveComplaints', { id: archiveId }],
      ['/CustomerArchives/ExportCustomerArchives', {}],
      ['/CustomerArchives/GetClientPageList', { pageIndex: 1, pageSize: 10 }],
      ['/CustomerArchives/SaveCustomerRecord', { id: recordId, kind: 'visit', record_date: '2026-03-02', person: 'x', contents: 'x' }],
      ['/CustomerArchives/GetCustomerRecordPageList', { pageIndex: 1, pageSize: 10 }],
      ['/CustomerArchives/DeleteCustomerRecord', { id: recordId }],
      ['/CustomerArchives/DownloadCustomerRecordFile', { id: 1 }],
    ];
    for (const [path, body] of calls) {
      const answer = await t.post(`/api${path}`, body, { token: tokens[role] });
      expect(answer.body, `${role} ${path}`).toMatchObject({ code: 45, data: null });
      expect(JSON.stringify(answer.body)).not.toMatch(/Anna|Seeded/);
    }
    expect(await tableDigests(t)).toEqual(before);
  });

  it('a save changes only the fields it names; null clears a field; a missing field is not an empty one', async () => {
    await expectOk(
      t,
      `/api${SAVE}`,
      { id: archiveId, name: 'Anna Schmidt', country: 'DE', postcode: '10117', license: 'LIC-RIGHTS-0001', sys_sn: customerSn },
      tokens.servicer!,
    );
    expect(await expectOk(t, `/api${ONE}`, { id: archiveId }, tokens.servicer!)).toMatchObject({
      postcode: '10117',
      contact: 'Anna Schmidt',
      phone: '+49 30 1234567',
      email: 'anna@example.com',
      address: 'Hauptstraße 1',
      remarks: 'Prefers calls in the morning',
    });
    await expectOk(t, `/api${SAVE}`, { ...ARCHIVE(), id: archiveId, remarks: null }, tokens.servicer!);
    expect(await expectOk(t, `/api${ONE}`, { id: archiveId }, tokens.servicer!)).toMatchObject({ remarks: '', phone: '+49 30 1234567' });
  });

  it('installers, resellers and service partners keep the files of their own customers; R&D reads none', async () => {
    for (const role of ['installer', 'admin', 'fasw']) {
      const answer = await t.post(
        '/api/CustomerArchives/GetCustomerArchivePageList',
        { pageIndex: 1, pageSize: 10 },
        { token: tokens[role] },
      );
      expect(answer.body.code, role).toBe(200);
    }
    const dev = await t.post(`/api${ONE}`, { id: archiveId }, { token: tokens.dev });
    expect(dev.body).toMatchObject({ code: 45, data: null });
  });
});

describe('R&D working hours', () => {
  it.each(['installer', 'reseller', 'servicepartner', 'vppmanager', 'supplier'])('%s: 45 on the hours, nothing revealed', async (role) => {
    const before = await tableDigests(t);
    const list = await t.post('/api/WorkHours/GetWorkHourPageList', { pageIndex: 1, pageSize: 10 }, { token: tokens[role] });
    expect(list.body).toMatchObject({ code: 45, data: null });
    const save = await t.post(
      '/api/WorkHours/SaveWorkHour',
      { work_date: '2026-03-02', hours: 1, kind: KIND, complaint_id: complaintId, note: 'probe' },
      { token: tokens[role] },
    );
    expect(save.body).toMatchObject({ code: 45, data: null });
    expect(await tableDigests(t)).toEqual(before);
  });

  it('administrators read everyone’s hours but log none', async () => {
    const [hours] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM rd_work_hours`);
    const list = await t.post('/api/WorkHours/GetWorkHourPageList', { pageIndex: 1, pageSize: 10 }, { token: tokens.admin });
    expect(list.body.code).toBe(200);
    const save = await t.post(
      '/api/WorkHours/SaveWorkHour',
      { work_date: '2026-03-02', hours: 1, kind: KIND, project: 'Fleet review', note: 'admin' },
      { token: tokens.admin },
    );
    expect(save.body).toMatchObject({ code: 45, data: null });
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM rd_work_hours`);
    expect(after!.n).toBe(hours!.n);
  });
});

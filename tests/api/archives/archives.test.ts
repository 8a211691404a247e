import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { expectOk, expectRejected } from '../admin/helpers';
import { multipart, pdf, PNG } from '../crud/attach-helpers';
import { insertComplaint, systemsOf } from '../complaints/samples';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * Customer archives and their records (spec §3, §5, §8 codes 73 and 74): every rule with its
 * code and nothing written when refused, the row scope (installers see the archives of their systems' customers,
 * customers none: 45), the derived complaint count and portal user, one file per record, the xlsx export, the client
 * list and the handling records across customers.
 */
const SAVE = '/api/CustomerArchives/SaveCustomerArchive';
const LIST = '/api/CustomerArchives/GetCustomerArchivePageList';
const ONE = '/api/CustomerArchives/GetCustomerArchive';
const DELETE = '/api/CustomerArchives/DeleteCustomerArchive';
const EXPORT = '/api/CustomerArchives/ExportCustomerArchives';
const COMPLAINTS = '/api/CustomerArchives/GetCustomerArchiveComplaints';
const CLIENTS = '/api/CustomerArchives/GetClientPageList';
const SAVE_RECORD = '/api/CustomerArchives/SaveCustomerRecord';
const RECORDS = '/api/CustomerArchives/GetCustomerRecordPageList';
const ONE_RECORD = '/api/CustomerArchives/GetCustomerRecord';
const UPLOAD = '/api/CustomerArchives/UploadCustomerRecordFile';
const DOWNLOAD = '/api/CustomerArchives/DownloadCustomerRecordFile';

let t: TestApp;
const tokens: Record<string, string> = {};
/** The demo customer's system, one the demo installer installed, and one outside the installer's scope. */
let customerSn: string;
let installerSn: string;
let foreignSn: string;

function archive(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Anna Schmidt',
    contact: 'Anna Schmidt',
    phone: '+49 30 1234567',
    email: 'anna@example.com',
    address: 'Hauptstraße 1',
    area: 'Berlin-Brandenburg',
    country: 'DE',
    state: 'BE',
    city: 'Berlin',
    postcode: '10115',
    remarks: 'Prefers calls in the morning',
    installer_company: 'Sonnen Montage GmbH',
    license: 'LIC-CUST-0001',
    sys_sn: customerSn,
    inverter_sn: 'INV-0001',
    battery_model: 'B-10',
    ...overrides,
  };
}

function record(archiveId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    archive_id: archiveId,
    kind: 'phone',
    record_date: '2026-03-02',
    person: 'servicer',
    contents: 'Called about the battery',
    ...overrides,
  };
}

async function upload(filename: string, content: Buffer, as = 'servicer') {
  const body = multipart([
    { name: 'field', value: 'attachments' },
    { name: 'file', filename, content },
  ]);
  const response = await t.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...body.headers, authorization: `Bearer ${tokens[as]}` },
    payload: body.payload,
  });
  return response.json();
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['admin', 'customer', 'installer', 'servicer', 'sharer']) tokens[role] = (await t.login(role)).AccessToken;
  customerSn = (await systemsOf(t, 'customer')).inside!;
  installerSn = (await systemsOf(t, 'installer')).inside!;
  // Neither the installer's nor the demo customer's.
  const [foreign] = await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE sys_sn <> ${customerSn} AND installer_company_id IS DISTINCT FROM
          (SELECT installer_company_id FROM users WHERE username = 'installer') ORDER BY sys_sn LIMIT 1`,
  );
  foreignSn = foreign!.sys_sn;
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE customer_archives, complaints RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM uploads`);
});

describe('a customer archive', () => {
  it('staff create one: the portal user comes from the system, the complaint count from its complaints', async () => {
    await insertComplaint(t, customerSn, 'processing');
    await insertComplaint(t, customerSn, 'archived');
    const saved = await expectOk(t, SAVE, archive(), tokens.servicer!);
    const one = await expectOk(t, ONE, { id: saved.id }, tokens.servicer!);
    expect(one).toMatchObject({
      name: 'Anna Schmidt',
      sys_sn: customerSn,
      username: 'customer',
      complaint_count: 2,
      created_by: 'servicer',
    });
    const complaints = await expectOk(t, COMPLAINTS, { id: saved.id }, tokens.servicer!);
    expect(complaints.map((c: { status: string }) => c.status).sort()).toEqual(['archived', 'processing']);
  });

  it.each([
    ['name', { name: '' }, 3],
    ['postcode', { postcode: '' }, 73],
    ['license', { license: ' ' }, 73],
    ['sys_sn', { sys_sn: undefined }, 73],
    ['country', { country: undefined }, 73],
    ['country', { country: 'Germany' }, 51],
    ['email', { email: 'anna@example' }, 14],
    ['sys_sn', { sys_sn: 'NO-SUCH-SN' }, 18],
    ['remarks', { remarks: 'x'.repeat(1001) }, 2],
  ])('%s %j answers %i and writes nothing', async (field, change, code) => {
    await expectRejected(t, SAVE, archive(change), tokens.servicer!, code, field);
  });

  it.each([
    ['license', { name: 'Other', postcode: '99999', license: 'lic-cust-0001' }],
    ['name', { license: 'LIC-2', sys_sn: undefined }],
    ['sys_sn', { name: 'Other', postcode: '99999', license: 'LIC-3' }],
  ])('a customer who exists (same %s) answers 74 and writes nothing', async (field, change) => {
    await expectOk(t, SAVE, archive(), tokens.servicer!);
    const [other] = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE sys_sn <> ${customerSn} ORDER BY sys_sn LIMIT 1`,
    );
    const body = archive(change);
    if (field === 'name') body.sys_sn = other!.sys_sn;
    await expectRejected(t, SAVE, body, tokens.servicer!, 74, field);
  });

  it('the database refuses a second archive of the same customer too', async () => {
    await expectOk(t, SAVE, archive(), tokens.servicer!);
    await expect(
      t.db.execute(
        sql`INSERT INTO customer_archives (name, country, postcode, license, sys_sn, created_by) VALUES ('ANNA SCHMIDT', 'DE', '10115', 'X', 'Y', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it('customers and sharers get 45 for every call; installers see only their systems’ customers', async () => {
    const mine = await expectOk(t, SAVE, archive({ sys_sn: installerSn }), tokens.servicer!);
    const theirs = await expectOk(t, SAVE, archive({ name: 'B', postcode: '1', license: 'L2', sys_sn: foreignSn }), tokens.servicer!);
    for (const role of ['customer', 'sharer']) {
      await expectRejected(t, LIST, {}, tokens[role]!, 45);
      await expectRejected(t, ONE, { id: mine.id }, tokens[role]!, 45);
      await expectRejected(t, SAVE, archive({ name: 'C', license: 'L3' }), tokens[role]!, 45);
      await expectRejected(t, CLIENTS, {}, tokens[role]!, 45);
      await expectRejected(t, RECORDS, {}, tokens[role]!, 45);
    }
    const list = await expectOk(t, LIST, {}, tokens.installer!);
    expect(list.data.map((a: { id: number }) => a.id)).toEqual([mine.id]);
    await expectRejected(t, ONE, { id: theirs.id }, tokens.installer!, 45);
    await expectRejected(t, COMPLAINTS, { id: theirs.id }, tokens.installer!, 45);
    await expectRejected(
      t,
      SAVE,
      { ...archive({ name: 'B', postcode: '1', license: 'L2', sys_sn: foreignSn }), id: theirs.id },
      tokens.installer!,
      45,
    );
    await expectRejected(t, DELETE, { id: theirs.id }, tokens.installer!, 45);
    await expectRejected(t, SAVE, archive({ name: 'C', postcode: '2', license: 'L4', sys_sn: foreignSn }), tokens.installer!, 45);
    await expectRejected(t, SAVE_RECORD, record(theirs.id, { sys_sn: installerSn }), tokens.installer!, 45);
  });

  it("an installer's complaint count counts only the complaints of systems they see, as the complaints tab lists them", async () => {
    // One customer owns a system the installer installed and one they did not, each with a complaint.
    const owners = await queryRows<{ sys_sn: string; customer_user_id: number | null }>(
      t.db,
      sql`SELECT sys_sn, customer_user_id FROM systems WHERE sys_sn IN (${installerSn}, ${foreignSn})`,
    );
    await t.db.execute(
      sql`UPDATE systems SET customer_user_id = (SELECT id FROM users WHERE username = 'customer') WHERE sys_sn IN (${installerSn}, ${foreignSn})`,
    );
    try {
      await insertComplaint(t, installerSn, 'processing');
      await insertComplaint(t, foreignSn, 'processing');
      const saved = await expectOk(t, SAVE, archive({ sys_sn: installerSn }), tokens.servicer!);
      expect((await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)).complaint_count).toBe(2);
      expect((await expectOk(t, ONE, { id: saved.id }, tokens.installer!)).complaint_count).toBe(1);
      const [row] = (await expectOk(t, LIST, {}, tokens.installer!)).data;
      expect(row.complaint_count).toBe(1);
      expect(await expectOk(t, COMPLAINTS, { id: saved.id }, tokens.installer!)).toHaveLength(1);
    } finally {
      for (const owner of owners)
        await t.db.execute(sql`UPDATE systems SET customer_user_id = ${owner.customer_user_id} WHERE sys_sn = ${owner.sys_sn}`);
    }
  });

  it('the export is an xlsx of the filtered list with the headers in the caller’s language', async () => {
    await expectOk(t, SAVE, archive(), tokens.servicer!);
    await expectOk(
      t,
      SAVE,
      archive({ name: 'Bruno Weber', postcode: '80331', state: 'BY', city: 'Munich', license: 'LIC-2', sys_sn: foreignSn }),
      tokens.servicer!,
    );
    await t.db.execute(sql`UPDATE users SET language_code = 'de-DE' WHERE username = 'servicer'`);
    const response = await t.inject({
      method: 'POST',
      url: EXPORT,
      headers: { authorization: `Bearer ${tokens.servicer}` },
      payload: { name: 'bruno' },
    });
    await t.db.execute(sql`UPDATE users SET language_code = 'en-US' WHERE username = 'servicer'`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(1).getCell(10).value).toBe('Postleitzahl');
    expect(sheet.getRow(2).getCell(1).value).toBe('Bruno Weber');
    // Country and state by name, in the reader's language as the screen shows them, not the codes stored.
    expect(sheet.getRow(1).getCell(7).value).toBe('Land');
    expect(sheet.getRow(2).getCell(7).value).toBe('Deutschland');
    expect(sheet.getRow(2).getCell(8).value).toBe('Bayern');
    expect((await t.post(EXPORT, { name: 'nobody' }, { token: tokens.servicer })).body.code).toBe(8);
  });
});

describe("an archive's state and city (the reference data's)", () => {
  it('a state code of the country and a city of the state are stored (the code in upper case)', async () => {
    const saved = await expectOk(t, SAVE, archive({ state: 'by', city: 'Munich' }), tokens.servicer!);
    expect(await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)).toMatchObject({ country: 'DE', state: 'BY', city: 'Munich' });
  });

  it.each([
    ['state', { state: 'Bavaria' }],
    ['state', { country: 'AT', state: 'BY', city: '' }],
    ['city', { state: 'BY', city: 'Hamburg' }],
    ['city', { state: '', city: 'Atlantis' }],
  ])('a %s %j that is none answers 2 naming it and writes nothing', async (field, change) => {
    await expectRejected(t, SAVE, archive(change), tokens.servicer!, 2, field);
  });

  it('any city is typed where the data set lists none for the state', async () => {
    const saved = await expectOk(
      t,
      SAVE,
      archive({ country: 'IT', state: 'BN', city: 'San Giorgio del Sannio', postcode: '82018' }),
      tokens.servicer!,
    );
    expect(await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)).toMatchObject({ state: 'BN', city: 'San Giorgio del Sannio' });
  });

  it('a state and city typed before the pickers stay valid while unchanged; changing them checks them', async () => {
    const saved = await expectOk(t, SAVE, archive(), tokens.servicer!);
    await t.db.execute(sql`UPDATE customer_archives SET state = 'Bayern', city = 'München' WHERE id = ${saved.id}`);
    const edited = { ...(await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)), remarks: 'Moved the meter' };
    await expectOk(t, SAVE, edited, tokens.servicer!);
    expect(await expectOk(t, ONE, { id: saved.id }, tokens.servicer!)).toMatchObject({
      state: 'Bayern',
      city: 'München',
      remarks: 'Moved the meter',
    });
    await expectRejected(t, SAVE, { ...edited, state: 'Bayern', country: 'AT' }, tokens.servicer!, 2, 'state');
    await expectOk(t, SAVE, { ...edited, state: 'BY', city: 'Munich' }, tokens.servicer!);
  });
});

describe('records on an archive', () => {
  it('a staff member named as the person is linked by user name and shown by display name; other people stay as written', async () => {
    const saved = await expectOk(t, SAVE, archive({ name: 'Linked Person', license: 'LP1' }), tokens.servicer!);
    // The form's default: the writer's own display name (the demo servicer is Li Wei).
    const saveAndRead = async (person: string) => {
      const made = await expectOk(t, SAVE_RECORD, record(saved.id, { person }), tokens.servicer!);
      return expectOk(t, ONE_RECORD, { id: made.id }, tokens.servicer!);
    };
    expect(await saveAndRead('Li Wei')).toMatchObject({
      person: 'servicer',
      person_name: 'Li Wei',
      created_by: 'servicer',
      created_by_name: 'Li Wei',
    });
    // Another staff member, by user name, in any case.
    expect(await saveAndRead('FASW')).toMatchObject({ person: 'fasw', person_name: 'Zhang Min' });
    // Someone outside the portal, and a customer's user name: kept as the text, shown as it is.
    const outsider = 'Technician of the installer';
    expect(await saveAndRead(outsider)).toMatchObject({ person: outsider, person_name: outsider });
    expect(await saveAndRead('customer')).toMatchObject({ person: 'customer', person_name: 'customer' });
    const list = await expectOk(t, RECORDS, { archive_id: saved.id, pageSize: 50 }, tokens.servicer!);
    expect(list.data.map((r: { person_name: string }) => r.person_name).sort()).toEqual(
      ['Li Wei', 'Technician of the installer', 'Zhang Min', 'customer'].sort(),
    );
    await expectOk(t, DELETE, { id: saved.id }, tokens.servicer!);
  });

  it('a servicer records a phone call with its one file; it is listed across customers with the customer’s name', async () => {
    const saved = await expectOk(t, SAVE, archive({ sys_sn: installerSn }), tokens.servicer!);
    const file = await upload('call-notes.pdf', pdf('call notes'));
    expect(file.code).toBe(200);
    const made = await expectOk(t, SAVE_RECORD, record(saved.id, { attachments: [file.data.id] }), tokens.servicer!);
    expect(made.sys_sn).toBe(installerSn);
    const list = await expectOk(
      t,
      RECORDS,
      { kind: 'phone', person: 'servic', record_date: ['2026-03-01', '2026-03-31'], archive_id: saved.id },
      tokens.servicer!,
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ customer_name: 'Anna Schmidt', kind: 'phone', attachments: [{ name: 'call-notes.pdf' }] });
    const download = await t.inject({
      method: 'POST',
      url: DOWNLOAD,
      headers: { authorization: `Bearer ${tokens.installer}` },
      payload: { id: file.data.id },
    });
    expect(download.headers['content-disposition']).toContain('call-notes.pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('at most one file per record (spec §5), nothing written', async () => {
    const saved = await expectOk(t, SAVE, archive(), tokens.servicer!);
    const a = await upload('a.png', PNG);
    const b = await upload('b.pdf', pdf('b'));
    await expectRejected(t, SAVE_RECORD, record(saved.id, { attachments: [a.data.id, b.data.id] }), tokens.servicer!, 2, 'attachments');
  });

  it.each([
    ['kind', { kind: 'fax' }, 2],
    ['record_date', { record_date: '2026-02-31' }, 2],
    ['person', { person: '' }, 3],
    ['contents', { contents: ' ' }, 3],
  ])('%s %j answers %i and writes nothing', async (field, change, code) => {
    const saved = await expectOk(t, SAVE, archive(), tokens.servicer!);
    await expectRejected(t, SAVE_RECORD, record(saved.id, change), tokens.servicer!, code, field);
  });

  it('a complaint it names must be one of the customer’s (2); the newest record comes first; a foreign record answers 45', async () => {
    const mine = await expectOk(t, SAVE, archive({ sys_sn: installerSn }), tokens.servicer!);
    const theirs = await expectOk(t, SAVE, archive({ name: 'B', postcode: '1', license: 'L2', sys_sn: foreignSn }), tokens.servicer!);
    const foreignComplaint = await insertComplaint(t, foreignSn, 'processing');
    const ownComplaint = await insertComplaint(t, installerSn, 'processing');
    await expectRejected(t, SAVE_RECORD, record(mine.id, { complaint_id: foreignComplaint }), tokens.servicer!, 2, 'complaint_id');
    await expectOk(t, SAVE_RECORD, record(mine.id, { complaint_id: ownComplaint, record_date: '2026-03-01' }), tokens.servicer!);
    const newest = await expectOk(t, SAVE_RECORD, record(mine.id, { kind: 'visit', record_date: '2026-03-05' }), tokens.servicer!);
    const hidden = await expectOk(t, SAVE_RECORD, record(theirs.id), tokens.servicer!);
    const byComplaint = await expectOk(t, RECORDS, { complaint_id: ownComplaint }, tokens.servicer!);
    expect(byComplaint.data).toHaveLength(1);
    const installers = await expectOk(t, RECORDS, {}, tokens.installer!);
    expect(installers.data.map((r: { id: number }) => r.id)[0]).toBe(newest.id);
    expect(installers.data).toHaveLength(2);
    await expectRejected(t, ONE_RECORD, { id: hidden.id }, tokens.installer!, 45);
  });

  it('deleting an archive deletes its records and lets their files go', async () => {
    const saved = await expectOk(t, SAVE, archive(), tokens.servicer!);
    const file = await upload('a.png', PNG);
    await expectOk(t, SAVE_RECORD, record(saved.id, { attachments: [file.data.id] }), tokens.servicer!);
    await expectOk(t, DELETE, { id: saved.id }, tokens.admin!);
    const [left] = await queryRows<{ n: number; held: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM customer_records) AS n, (SELECT count(*)::int FROM uploads WHERE record_id IS NOT NULL) AS held`,
    );
    expect(left).toEqual({ n: 0, held: 0 });
  });
});

describe('the client list', () => {
  it('lists customer users with their systems and their archive', async () => {
    const saved = await expectOk(t, SAVE, archive(), tokens.servicer!);
    const all = await expectOk(t, CLIENTS, { keyword: 'customer' }, tokens.servicer!);
    const row = all.data.find((c: { username: string }) => c.username === 'customer');
    expect(row).toMatchObject({ archive_id: saved.id, display_name: 'Thomas Becker' });
    expect(row.systems.map((s: { sys_sn: string }) => s.sys_sn)).toContain(customerSn);
  });

  it('an installer sees exactly the owners of their company’s systems: users, and owners known by their archive alone', async () => {
    // The demo installer's company's systems have no portal owner: their owners are known by their customer files.
    const company = sql`(SELECT installer_company_id FROM users WHERE username = 'installer')`;
    const theirs = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`SELECT sys_sn FROM systems WHERE installer_company_id = ${company} AND customer_user_id IS NULL ORDER BY sys_sn LIMIT 2`,
    );
    expect(theirs).toHaveLength(2);
    const owners = ['Giulia Marino', 'Luca Ferrari'];
    const files = [];
    for (const [i, { sys_sn }] of theirs.entries()) {
      const name = owners[i]!;
      files.push(await expectOk(t, SAVE, archive({ name, contact: name, license: `IT-${i}`, sys_sn }), tokens.servicer!));
    }
    // A file of a system of another company, and the demo customer's (a portal user, outside the installer's scope).
    await expectOk(t, SAVE, archive({ name: 'Outside Owner', license: 'X-1', sys_sn: foreignSn }), tokens.servicer!);
    await expectOk(t, SAVE, archive({ license: 'X-2' }), tokens.servicer!);
    // One system of the company owned by a portal user: that user is listed (not their file), with that system alone.
    const [owner] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO users (username, display_name, email, password_hash, roles, country, created_at)
          SELECT 'owner.bianchi', 'Sara Bianchi', 'sara.bianchi@mail.example', password_hash, ARRAY['customer'], 'IT', now()
          FROM users WHERE username = 'customer' RETURNING id`,
    );
    const [registered] = await queryRows<{ sys_sn: string }>(
      t.db,
      sql`UPDATE systems SET customer_user_id = ${owner!.id}
          WHERE sys_sn = (SELECT sys_sn FROM systems WHERE installer_company_id = ${company} AND customer_user_id IS NULL
                          AND sys_sn NOT IN (${theirs[0]!.sys_sn}, ${theirs[1]!.sys_sn}) ORDER BY sys_sn LIMIT 1)
          RETURNING sys_sn`,
    );
    try {
      const page = await expectOk(t, CLIENTS, { pageSize: 200 }, tokens.installer!);
      const names = page.data.map((c: { display_name: string }) => c.display_name).sort();
      expect(names).toEqual(['Giulia Marino', 'Luca Ferrari', 'Sara Bianchi']);
      expect(page.dataCount).toBe(3);
      const byName = (name: string) => page.data.find((c: { display_name: string }) => c.display_name === name);
      expect(byName('Giulia Marino')).toMatchObject({ user_id: null, username: null, archive_id: files[0]!.id });
      expect(byName('Giulia Marino').systems.map((s: { sys_sn: string }) => s.sys_sn)).toEqual([theirs[0]!.sys_sn]);
      expect(byName('Sara Bianchi')).toMatchObject({ user_id: owner!.id, archive_id: null });
      expect(byName('Sara Bianchi').systems.map((s: { sys_sn: string }) => s.sys_sn)).toEqual([registered!.sys_sn]);
      // The search finds an unregistered owner by name; paging counts both kinds.
      expect((await expectOk(t, CLIENTS, { keyword: 'marino' }, tokens.installer!)).data).toHaveLength(1);
      const first = await expectOk(t, CLIENTS, { pageSize: 2 }, tokens.installer!);
      const second = await expectOk(t, CLIENTS, { pageSize: 2, pageIndex: 2 }, tokens.installer!);
      expect([...first.data, ...second.data].map((c: { display_name: string }) => c.display_name).sort()).toEqual(names);
      // Staff see every owner, the outside one too.
      const staff = await expectOk(t, CLIENTS, { pageSize: 200 }, tokens.servicer!);
      expect(staff.data.map((c: { display_name: string }) => c.display_name)).toEqual(
        expect.arrayContaining(['Outside Owner', 'Sara Bianchi']),
      );
    } finally {
      await queryRows(t.db, sql`UPDATE systems SET customer_user_id = NULL WHERE customer_user_id = ${owner!.id}`);
      await queryRows(t.db, sql`DELETE FROM users WHERE id = ${owner!.id}`);
    }
  });
});

describe('the demo archives', () => {
  it('a dozen files or one per customer system, each with records, one record with a real PDF the servicer downloads', async () => {
    const { seedArchivesDemo } = await import('../../../server/demo/archives');
    await seedArchivesDemo(t.db, { now: t.clock(), storage: t.app.storage });
    const list = await expectOk(t, LIST, { pageSize: 50 }, tokens.servicer!);
    expect(list.dataCount).toBeGreaterThan(0);
    expect(list.dataCount).toBeLessThanOrEqual(12);
    expect(list.data.find((a: { username: string | null }) => a.username === 'customer')).toBeTruthy();
    const records = await expectOk(t, RECORDS, { pageSize: 200 }, tokens.servicer!);
    const withFile = records.data.filter((r: { attachments: unknown[] }) => r.attachments.length === 1);
    expect(withFile).toHaveLength(1);
    const download = await t.inject({
      method: 'POST',
      url: DOWNLOAD,
      headers: { authorization: `Bearer ${tokens.servicer}` },
      payload: { id: withFile[0].attachments[0].id },
    });
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

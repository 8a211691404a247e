import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX } from '../../../resources/complaints';
import { queryRows } from '../../../server/core/db';
import { RESUBMISSION_TEXT } from '../../../server/complaints/service';
import { expectOk, expectRejected } from '../admin/helpers';
import { multipart, pdf, PNG, PROGRAMS } from '../crud/attach-helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf } from './samples';

/**
 * Filing, reading and editing complaints through the generated calls (spec §3, §5; DESIGN §6, §9): each field's rule
 * with the spec's code, nothing written when refused; who sees which complaint; the files of a complaint.
 */
const SAVE = '/api/Complaints/SaveComplaint';
const LIST = '/api/Complaints/GetComplaintPageList';
const ONE = '/api/Complaints/GetComplaint';
const HISTORY = '/api/Complaints/GetComplaintHistory';
const UPLOAD = '/api/Complaints/UploadComplaintFile';
const DOWNLOAD = '/api/Complaints/DownloadComplaintFile';

let t: TestApp;
const tokens: Record<string, string> = {};
let own: string;
let foreign: string;
let installers: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['admin', 'customer', 'installer', 'servicer', 'fasw']) tokens[role] = (await t.login(role)).AccessToken;
  ({ inside: own, outside: foreign } = (await systemsOf(t, 'customer')) as { inside: string; outside: string });
  installers = (await systemsOf(t, 'installer')).inside!;
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints RESTART IDENTITY CASCADE`);
  await t.db.execute(sql`DELETE FROM uploads`);
});

async function upload(filename: string, content: Buffer, as = 'customer') {
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

describe('filing a complaint', () => {
  it('a customer files one for their own system: status new, they are its creator, the system model is taken from the system', async () => {
    const saved = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const [system] = await queryRows<{ minv: string }>(t.db, sql`SELECT minv FROM systems WHERE sys_sn = ${own}`);
    expect(saved).toMatchObject({ status: 'new', created_by: 'customer', sys_sn: own, priority: 'normal', system_model: system!.minv });
  });

  it("left out, the postcode is the system's and the phone the filer's profile's; given, they are kept", async () => {
    await t.db.execute(sql`UPDATE systems SET postcode = '10115' WHERE sys_sn = ${own}`);
    await t.db.execute(sql`UPDATE users SET phone = '+49 30 5550101' WHERE username = 'customer'`);
    const filled = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    expect(filled).toMatchObject({ postcode: '10115', phone: '+49 30 5550101' });
    const given = await expectOk(t, SAVE, newComplaint(own, { title: 'Other', postcode: '80331', phone: '089 1' }), tokens.customer!);
    expect(given).toMatchObject({ postcode: '80331', phone: '089 1' });
  });

  it.each([
    ['title', { title: '' }, 3],
    ['title', { title: 'x'.repeat(101) }, 2],
    ['description', { description: '  ' }, 3],
    ['description', { description: 'x'.repeat(DESCRIPTION_MAX + 1) }, 2],
    ['type', { type: 'toaster' }, 2],
    ['type', { type: undefined }, 3],
    ['sys_sn', { sys_sn: '' }, 3],
    ['contact_number', { contact_number: '12345' }, 2],
    ['contact_number', { contact_number: '1'.repeat(21) }, 2],
    ['contact_email', { contact_email: undefined }, 3],
    ['contact_email', { contact_email: 'owner@example' }, 14],
    ['country', { country: 'Germany' }, 2],
    ['priority', { priority: 'urgent' }, 2],
    ['attachments', { attachments: ['uploading…'] }, 2],
    ['attachments', { attachments: [999_999] }, 54],
  ])('%s %j answers %i and writes nothing', async (field, change, code) => {
    await expectRejected(t, SAVE, newComplaint(own, change), tokens.customer!, code, field);
  });

  it("the e-mail's refusal carries the spec's text for the form", async () => {
    const { body } = await t.post(SAVE, newComplaint(own, { contact_email: 'no-at-sign' }), { token: tokens.customer });
    expect(body.info).toContain('email format wrong, re-enter');
  });

  it("a S/N outside the filer's scope, or no system at all, answers 45 and reveals nothing", async () => {
    const refused = await expectRejected(t, SAVE, newComplaint(foreign), tokens.customer!, 45);
    expect(refused.data).toBeNull();
    await expectRejected(t, SAVE, newComplaint('NOSUCHSYSTEM01'), tokens.admin!, 45);
    // An installer files for the systems of his company only.
    await expectOk(t, SAVE, newComplaint(installers), tokens.installer!);
  });

  it("an identical resubmission is refused with 'Do not submit repeatly'; a changed one is filed", async () => {
    await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const refused = await expectRejected(t, SAVE, newComplaint(own), tokens.customer!, 15);
    expect(refused.info).toBe(RESUBMISSION_TEXT);
    await expectOk(t, SAVE, newComplaint(own, { description: 'And now the inverter beeps.' }), tokens.customer!);
  });

  it('in an edit at least one of e-mail and contact number stays', async () => {
    const saved = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    await expectRejected(
      t,
      SAVE,
      { ...newComplaint(own), id: saved.id, contact_email: '', contact_number: '' },
      tokens.customer!,
      3,
      'contact_email',
    );
    const edited = await expectOk(t, SAVE, { ...newComplaint(own), id: saved.id, contact_email: '' }, tokens.customer!);
    expect(edited).toMatchObject({ contact_email: '', contact_number: '+49 30 1234567' });
    // An archived complaint is read only, for staff too (the customer side may not edit it once past 'new' anyway).
    await t.db.execute(sql`UPDATE complaints SET status = 'archived' WHERE id = ${saved.id}`);
    await expectRejected(t, SAVE, { ...newComplaint(own), id: saved.id, title: 'Changed' }, tokens.servicer!, 400);
    await expectRejected(t, SAVE, { ...newComplaint(own), id: saved.id, title: 'Changed' }, tokens.customer!, 45);
  });
});

describe("the priority is the after-sales team's triage", () => {
  it("a customer's 'high' is not obeyed (filed at normal, an edit leaves it); staff set and change it", async () => {
    const filed = await expectOk(t, SAVE, newComplaint(own, { priority: 'high' }), tokens.customer!);
    expect(filed.priority).toBe('normal');
    await expectOk(t, SAVE, { ...newComplaint(own), id: filed.id, priority: 'high' }, tokens.customer!);
    const [kept] = await queryRows<{ priority: string }>(t.db, sql`SELECT priority FROM complaints WHERE id = ${filed.id}`);
    expect(kept!.priority).toBe('normal');
    await expectOk(t, SAVE, { ...newComplaint(own), id: filed.id, priority: 'high' }, tokens.servicer!);
    const [raised] = await queryRows<{ priority: string }>(t.db, sql`SELECT priority FROM complaints WHERE id = ${filed.id}`);
    expect(raised!.priority).toBe('high');
    const byStaff = await expectOk(t, SAVE, newComplaint(own, { priority: 'low', title: 'Filed by staff' }), tokens.servicer!);
    expect(byStaff.priority).toBe('low');
  });
});

describe('who sees which complaint', () => {
  it('a customer sees and acts only on complaints of their own systems, an installer on his systems; anything else answers 45', async () => {
    const mine = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const other = await expectOk(t, SAVE, newComplaint(foreign, { title: 'Elsewhere secret' }), tokens.admin!);
    const list = await expectOk(t, LIST, {}, tokens.customer!);
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    expect(list.dataCount).toBe(1);
    for (const path of [ONE, HISTORY]) {
      const refused = await expectRejected(t, path, { id: other.id }, tokens.customer!, 45);
      expect(JSON.stringify(refused)).not.toContain('Elsewhere');
    }
    await expectRejected(t, SAVE, { ...newComplaint(foreign), id: other.id }, tokens.customer!, 45);
    await expectRejected(t, '/api/Complaints/ReopenComplaint', { id: other.id, reason: 'x' }, tokens.customer!, 45);

    const installersOwn = await expectOk(t, SAVE, newComplaint(installers), tokens.admin!);
    const seen = (await expectOk(t, LIST, {}, tokens.installer!)).data.map((c: { sys_sn: string }) => c.sys_sn);
    const [inScope] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM complaints c JOIN systems s ON s.sys_sn = c.sys_sn
          WHERE s.installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')`,
    );
    expect(seen).toHaveLength(Number(inScope!.n));
    expect(seen).toContain(installersOwn.sys_sn);
    // Staff see every complaint.
    expect((await expectOk(t, LIST, {}, tokens.servicer!)).dataCount).toBe(3);
  });
});

describe("a complaint's files", () => {
  it('up to 3 files of 80 MB each, attached by the save and downloaded by those who see the complaint', async () => {
    const ids: number[] = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']) ids.push((await upload(name, pdf(name))).data.id);
    await expectRejected(t, SAVE, newComplaint(own, { attachments: ids }), tokens.customer!, 2, 'attachments');
    const saved = await expectOk(t, SAVE, newComplaint(own, { attachments: ids.slice(0, 3) }), tokens.customer!);
    expect(saved.attachments ?? (await expectOk(t, ONE, { id: saved.id }, tokens.customer!)).attachments).toHaveLength(3);
    const download = async (as: string) =>
      t.inject({ method: 'POST', url: DOWNLOAD, headers: { authorization: `Bearer ${tokens[as]}` }, payload: { id: ids[0] } });
    expect((await download('customer')).rawPayload.equals(pdf('a.pdf'))).toBe(true);
    expect((await download('servicer')).rawPayload.equals(pdf('a.pdf'))).toBe(true);
    expect((await download('installer')).json()).toMatchObject({ code: 45, data: null });
  });

  it('programs are refused whatever their name (95); a photo is taken', async () => {
    expect((await upload('invoice.pdf', PROGRAMS.exe ?? Object.values(PROGRAMS)[0]!)).code).toBe(95);
    expect((await upload('setup.exe', pdf())).code).toBe(95);
    expect((await upload('roof.png', PNG)).code).toBe(200);
  });
});

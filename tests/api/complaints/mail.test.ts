import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complaints } from '../../../resources/complaints';
import { workflowPaths } from '../../../resources/workflow';
import { filingHooks } from '../../../server/complaints/filing';
import { COMPLAINT_NEW, COMPLAINT_UPDATE } from '../../../server/complaints/mail';
import { RESUBMISSION_TEXT } from '../../../server/complaints/service';
import { queryRows } from '../../../server/core/db';
import { expectOk } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { newComplaint, systemsOf, TRANSITION_FIELDS } from './samples';

/**
 * The complaint mails: a new complaint to its handlers by the delivery rules of COMPLAINT_NEW; a
 * message, a transfer, an acceptance, a rejection, a proposed solution and a completion to whoever acts next, in their language, with the link
 * to the complaint. And filing itself: two identical submissions at once file one complaint ('Do not submit
 * repeatly'), and only one set of mails.
 */
const SAVE = '/api/Complaints/SaveComplaint';
const COMMENT = '/api/Complaints/CommentComplaint';
const REPLY = '/api/ComplaintsProcessing/ReplyComplaintsComment';
const step = (action: string) => `/api${workflowPaths(complaints.endpoints).action(action)}`;

const CUSTOMER = 'thomas.becker@mail.example';
const SERVICER = 'li.wei@ess-portal.example';
const DEV = 'kenji.watanabe@ess-portal.example';
const TICKETS = 'tickets@ess-portal.example';

let t: TestApp;
const tokens: Record<string, string> = {};
let own: string;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ['customer', 'servicer', 'dev']) tokens[role] = (await t.login(role)).AccessToken;
  own = (await systemsOf(t, 'customer')).inside!;
  // Each person reads their own language; the rules send new complaints to the servicers and a ticket address.
  await t.db.execute(
    sql`UPDATE users SET language_code = CASE username WHEN 'customer' THEN 'de-DE' WHEN 'servicer' THEN 'zh-CN' WHEN 'dev' THEN 'ja-JP' ELSE language_code END`,
  );
  await t.db.execute(sql`INSERT INTO notification_categories (category_code, name) VALUES (${COMPLAINT_NEW}, 'New complaint')`);
  await t.db.execute(sql`INSERT INTO email_rules (category_code, recipient_kind, recipient_value) VALUES
    (${COMPLAINT_NEW}, 'role', 'servicer'), (${COMPLAINT_NEW}, 'address', ${TICKETS})`);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`TRUNCATE complaints, workflow_history, mail_outbox RESTART IDENTITY CASCADE`);
});

type Mail = {
  category: string;
  recipient: string;
  language: string;
  subject: string;
  body: string;
};
async function mails(): Promise<Mail[]> {
  const rows = await queryRows<Mail>(t.db, sql`SELECT category, recipient, language, subject, body FROM mail_outbox ORDER BY id`);
  await t.db.execute(sql`TRUNCATE mail_outbox CASCADE`);
  return rows;
}
const link = (id: number) => `/customerComplaintList/attachmentDetails?customercomplaintId=${id}`;

describe('complaint mails', () => {
  it('a new complaint goes to the handlers the rules name, each in their language, with the link', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const sent = await mails();
    expect(sent.map((m) => [m.recipient, m.language, m.category]).sort()).toEqual([
      [SERVICER, 'zh', COMPLAINT_NEW],
      [TICKETS, 'en', COMPLAINT_NEW],
    ]);
    const chinese = sent.find((m) => m.recipient === SERVICER)!;
    expect(chinese.subject).toBe(`新投诉 #${id}：Battery stops charging`);
    expect(chinese.body).toContain(link(id));
    expect(chinese.body).toContain('Since Monday the battery stays at 20 % all day.');
  });

  it('along the path, each step mails whoever acts next: staff comment → customer (German), reply → handler, transfer → R&D (Japanese), solution and completion → customer', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    await mails();

    await expectOk(t, step('accept'), { id }, tokens.servicer!);
    const [accepted, ...noOther] = await mails();
    expect(noOther).toEqual([]);
    expect(accepted).toMatchObject({
      recipient: CUSTOMER,
      language: 'de',
      category: COMPLAINT_UPDATE,
      subject: `Ihre Reklamation #${id} wurde angenommen: Battery stops charging`,
    });
    // People by their names, the reader greeted by theirs: not 'servicer hat …'.
    expect(accepted!.body).toContain('Guten Tag Thomas Becker,');
    expect(accepted!.body).toContain('Li Wei hat Ihre Reklamation „Battery stops charging“');
    expect(accepted!.body).toContain(link(id));
    await expectOk(t, step('process'), { id }, tokens.servicer!);
    const comment = await expectOk(t, COMMENT, { id, commentContent: 'Bitte senden Sie ein Foto.' }, tokens.servicer!);
    const [toCustomer, ...noMore] = await mails();
    expect(noMore).toEqual([]);
    expect(toCustomer).toMatchObject({
      recipient: CUSTOMER,
      language: 'de',
      category: COMPLAINT_UPDATE,
      subject: `Neue Nachricht zur Reklamation #${id}: Battery stops charging`,
    });
    expect(toCustomer!.body).toContain('Bitte senden Sie ein Foto.');
    expect(toCustomer!.body).toContain(link(id));

    await expectOk(t, REPLY, { id, commentContent: 'Anbei.', commentId: comment.id }, tokens.customer!);
    expect((await mails()).map((m) => [m.recipient, m.language])).toEqual([[SERVICER, 'zh']]);

    await expectOk(t, step('transfer'), { id, ...TRANSITION_FIELDS.transfer }, tokens.servicer!);
    const [toRnd] = await mails();
    expect(toRnd).toMatchObject({
      recipient: DEV,
      language: 'ja',
      subject: `クレーム #${id} があなたのチームに転送されました：Battery stops charging`,
    });

    await expectOk(t, step('takeOver'), { id }, tokens.dev!);
    await expectOk(t, step('proposeSolution'), { id, ...TRANSITION_FIELDS.proposeSolution }, tokens.dev!);
    const [solution] = await mails();
    expect(solution).toMatchObject({ recipient: CUSTOMER, language: 'de' });
    expect(solution!.body).toContain('Lösung: Update the BMS firmware');

    await expectOk(t, step('confirm'), { id }, tokens.customer!);
    expect(await mails()).toEqual([]);
    await expectOk(t, step('complete'), { id }, tokens.dev!);
    const [completed] = await mails();
    expect(completed).toMatchObject({ recipient: CUSTOMER, subject: `Ihre Reklamation #${id} ist abgeschlossen: Battery stops charging` });
  });

  it('a rejection tells the filer in their language, with the reason and the link', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    await mails();
    await expectOk(t, step('reject'), { id, ...TRANSITION_FIELDS.reject }, tokens.servicer!);
    const [rejected, ...noOther] = await mails();
    expect(noOther).toEqual([]);
    expect(rejected).toMatchObject({
      recipient: CUSTOMER,
      language: 'de',
      category: COMPLAINT_UPDATE,
      subject: `Ihre Reklamation #${id} wurde abgelehnt: Battery stops charging`,
    });
    expect(rejected!.body).toContain(`Grund: ${String(TRANSITION_FIELDS.reject!.reason)}`);
    expect(rejected!.body).toContain(link(id));
  });

  it('a customer message before anyone took the complaint goes to the first line by the rules', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    await mails();
    await expectOk(t, COMMENT, { id, commentContent: 'Any news?' }, tokens.customer!);
    expect((await mails()).map((m) => m.recipient).sort()).toEqual([SERVICER, TICKETS]);
  });

  it('a refused step queues no mail', async () => {
    const { id } = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    await mails();
    const { body } = await t.post(step('complete'), { id }, { token: tokens.dev! });
    expect(body.code).toBe(400);
    expect(await mails()).toEqual([]);
  });
});

describe('filing twice at once', () => {
  it('two identical submissions at the same moment: one complaint, the other answers "Do not submit repeatly"', async () => {
    const file = () => t.post(SAVE, newComplaint(own), { token: tokens.customer! });
    const answers = (await Promise.all([file(), file()])).map(({ body }) => body);
    expect(answers.map((a) => a.code).sort()).toEqual([15, 200]);
    expect(answers.find((a) => a.code === 15)!.info).toBe(RESUBMISSION_TEXT);
    const [count] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM complaints`);
    expect(count!.n).toBe(1);
    // The refused filing's mails rolled back with it.
    expect(await mails()).toHaveLength(2);
  });

  it('inside the save, a twin the check before it could not see yet (another filing committing meanwhile) is refused too', async () => {
    // PGlite runs one transaction at a time, so the race itself happens on PostgreSQL only: here the racing filing's
    // row is written as it would be, and the save's own check (under the filer's lock) must find it.
    const first = await expectOk(t, SAVE, newComplaint(own), tokens.customer!);
    const [racing] = await queryRows<Record<string, unknown>>(
      t.db,
      sql`INSERT INTO complaints (title, description, type, sys_sn, contact_email, created_by, created_at)
          SELECT title, description, type, sys_sn, contact_email, created_by, created_at FROM complaints WHERE id = ${first.id} RETURNING *`,
    );
    const actor = { id: 0, username: 'customer', roles: ['customer'], menuDenied: [], sessionId: 's', address: '127.0.0.1' };
    const ctx = { actor, now: t.clock(), mode: 'create' as const, afterCommit: () => {} };
    const save = t.db.transaction(async (tx) => {
      await filingHooks(t.app.mailer).afterSave!(racing!, { ...ctx, db: tx }, {});
    });
    await expect(save).rejects.toMatchObject({ code: 15, message: RESUBMISSION_TEXT });
  });
});

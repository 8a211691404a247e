import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/core/auth/passwords';
import { queryRows } from '../../../server/core/db';
import { users } from '../../../server/core/db/schema';
import { seedMessagesDemo } from '../../../server/demo/messages';
import { publishIn } from '../../../server/messages/service';
import { auditRows, expectOk, expectRejected, tokenCache } from '../admin/helpers';
import { TEST_EPOCH, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * Messages and notifications (spec §3 Notification, §7 Messages): staff publish a message to an audience;
 * each of its users holds a notification they read, mark and delete for themselves; nobody reaches another's (45);
 * the public notices answer without a token.
 */
const SAVE = '/api/InfoDistribution/SaveInfoDistribution';
const LIST = '/api/InfoDistribution/GetInfoDistributionPageList';
const ONE = '/api/InfoDistribution/GetInfoDistribution';
const WITHDRAW = '/api/InfoDistribution/WithdrawInfoDistribution';
const DELETE = '/api/InfoDistribution/DeleteInfoDistribution';
const RECALL = '/api/InfoDistribution/RecallInfoDistribution';
const PREVIEW = '/api/InfoDistribution/PreviewAudience';
const OPTIONS = '/api/InfoDistribution/GetAudienceOptions';
const USERS = '/api/InfoDistribution/SearchAudienceUsers';
const UNREAD = '/api/Message/GetUnreadMyMsg';
const MINE = '/api/Message/GetListMyMsg';
const MY_ONE = '/api/Message/GetQueryMyMsg';
const MARK = '/api/Message/UpdateMyMsg';
const DEL_MINE = '/api/Message/UserDelMyMsg';
const NOTICE = '/api/Message/QueryMsgNotice';

let t: TestApp;
const tokens = tokenCache(() => t);
const token = tokens.of;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(TEST_EPOCH);
  tokens.clear();
  await queryRows(t.db, sql`TRUNCATE info_messages RESTART IDENTITY CASCADE`);
  await queryRows(t.db, sql`DELETE FROM mail_outbox`);
});

const message = (overrides: Record<string, unknown> = {}) => ({
  titles: { en: 'Firmware 3.2.0 released', de: 'Firmware 3.2.0 veröffentlicht' },
  contents: { en: 'Better charging in the cold.', de: 'Besseres Laden bei Kälte.' },
  audience: { roles: ['customer'] },
  publish: 'now',
  ...overrides,
});
const publish = async (overrides: Record<string, unknown> = {}, as = 'servicer') => expectOk(t, SAVE, message(overrides), await token(as));
const recipients = async (id: number) =>
  (
    await queryRows<{ username: string }>(
      t.db,
      sql`SELECT u.username FROM user_notifications n JOIN users u ON u.id = n.user_id WHERE n.message_id = ${id} ORDER BY u.username`,
    )
  ).map((r) => r.username);
const notificationOf = async (username: string, messageId: number) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      sql`SELECT n.id FROM user_notifications n JOIN users u ON u.id = n.user_id WHERE u.username = ${username} AND n.message_id = ${messageId}`,
    )
  )[0]!.id;

describe('the calls need a token, but the public notices', () => {
  it('QueryMsgNotice answers without a token: the published public notices not yet ended, in the language asked for', async () => {
    const until = new Date(t.clock().getTime() + 3 * 86_400_000).toISOString();
    await publish({ publicNotice: true, noticeUntil: until, audience: {} });
    await publish({ titles: { en: 'Not public' }, contents: { en: 'x' } });
    const { status, body } = await t.post(NOTICE, { language: 'de' });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toEqual([
      expect.objectContaining({
        msgtitle: 'Firmware 3.2.0 veröffentlicht',
        language: 'de',
        notice_until: until.replace('Z', '.000Z').replace('.000.000Z', '.000Z'),
      }),
    ]);
    // Without a body as the login page sends it; a language not written falls back to English.
    expect((await t.post(NOTICE, { language: 'ja' })).body.data[0].msgtitle).toBe('Firmware 3.2.0 released');
    // None asked for: the client's Accept-Language chooses (one of the portal's languages, else English).
    expect((await t.post(NOTICE, {}, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).body.data[0].msgtitle).toBe(
      'Firmware 3.2.0 veröffentlicht',
    );
    expect((await t.post(NOTICE, {}, { headers: { 'accept-language': 'fr-FR' } })).body.data[0].msgtitle).toBe('Firmware 3.2.0 released');
    // Once its end has passed it is gone.
    t.clock.advance(4 * 86_400_000);
    expect((await t.post(NOTICE, {})).body.data).toEqual([]);
  });

  it.each([UNREAD, MINE, MY_ONE, MARK, DEL_MINE, SAVE, LIST, ONE, WITHDRAW, DELETE, RECALL, PREVIEW, OPTIONS, USERS])(
    '%s without a token: HTTP 401',
    async (path) => {
      const { status } = await t.post(path, {});
      expect(status).toBe(401);
    },
  );
});

describe('audience', () => {
  let extra: string[] = [];
  beforeAll(async () => {
    // Installers and customers in and outside Germany beside the demo users (the demo installer is in Italy).
    const hash = await hashPassword('demo2026');
    const people = [
      ['inst_de_1', 'installer', 'DE'],
      ['inst_de_2', 'installer', 'DE'],
      ['inst_fr', 'installer', 'FR'],
      ['cust_de', 'customer', 'DE'],
      ['inst_de_locked', 'installer', 'DE'],
    ] as const;
    await t.db.insert(users).values(
      people.map(([username, role, country]) => ({
        username,
        passwordHash: hash,
        roles: [role],
        country,
        email: `${username}@example.com`,
        locked: username.endsWith('locked'),
        createdAt: t.clock(),
        updatedAt: t.clock(),
      })),
    );
    extra = people.map((p) => p[0]);
  });
  afterAll(async () => {
    await queryRows(t.db, sql.raw(`DELETE FROM users WHERE username IN (${extra.map((u) => `'${u}'`).join(', ')})`));
  });

  it("'installers in Germany' reaches exactly those (not a locked one, not a customer in Germany, not an installer in France)", async () => {
    const expected = (
      await queryRows<{ username: string }>(
        t.db,
        sql`SELECT username FROM users WHERE 'installer' = ANY(roles) AND country = 'DE' AND NOT locked ORDER BY username`,
      )
    ).map((r) => r.username);
    expect(expected).toEqual(expect.arrayContaining(['inst_de_1', 'inst_de_2']));
    const saved = await publish({ audience: { roles: ['installer'], countries: ['DE'] } });
    expect(await recipients(saved.id)).toEqual(expected);
    expect(saved).toMatchObject({ status: 'published', recipient_count: expected.length, read_count: 0 });
    const preview = await expectOk(t, PREVIEW, { audience: { roles: ['installer'], countries: ['DE'] } }, await token('servicer'));
    expect(preview.count).toBe(expected.length);
  });

  it('named users are added to the criteria; everyone reaches every active user', async () => {
    const [cust] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE username = 'cust_de'`);
    const saved = await publish({ audience: { roles: ['installer'], countries: ['FR'], userIds: [cust!.id] } });
    expect(await recipients(saved.id)).toEqual(['cust_de', 'inst_fr']);
    const all = await publish({ audience: { everyone: true } });
    const [{ n }] = (await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM users WHERE NOT locked AND deactivated_at IS NULL`,
    )) as [{ n: number }];
    expect((await recipients(all.id)).length).toBe(n);
  });

  it('systems of a model or firmware reach their owners, installer companies and partners, not staff who see every system', async () => {
    const [system] = await queryRows<{ id: number; minv: string; customer_user_id: number | null }>(
      t.db,
      sql`SELECT id, minv, customer_user_id FROM systems WHERE customer_user_id = (SELECT id FROM users WHERE username = 'customer') LIMIT 1`,
    );
    const model = system!.minv;
    const expected = (
      await queryRows<{ username: string }>(
        t.db,
        sql`SELECT DISTINCT u.username FROM users u JOIN systems s ON s.minv = ${model}
            LEFT JOIN installer_companies c ON c.id = s.installer_company_id
            WHERE NOT u.locked AND (u.id = s.customer_user_id
              OR ('installer' = ANY(u.roles) AND u.installer_company_id = s.installer_company_id)
              OR ('reseller' = ANY(u.roles) AND u.organization_id = c.reseller_id)
              OR ('servicepartner' = ANY(u.roles) AND u.organization_id = c.service_partner_id)
              OR ('vppmanager' = ANY(u.roles) AND u.id IN (SELECT manager_user_id FROM vpps WHERE id = s.vpp_id)))
            ORDER BY u.username`,
      )
    ).map((r) => r.username);
    expect(expected).toContain('customer');
    const saved = await publish({ audience: { models: [model] } });
    expect(await recipients(saved.id)).toEqual(expected);
    expect(expected).not.toContain('servicer');
    // A firmware version nobody runs reaches nobody; the model AND the version must both hold.
    const none = await publish({ audience: { models: [model], firmwareVersions: ['0.0.0-none'] } });
    expect(await recipients(none.id)).toEqual([]);
    const options = await expectOk(t, OPTIONS, {}, await token('servicer'));
    expect(options.models).toContain(model);
  });
});

describe('notifications of the reader', () => {
  it('the unread list: the newest first, in the reader language, with the spec fields; the badge count falls as they are read', async () => {
    const first = await publish();
    const second = await publish({ titles: { zh: '仅中文' }, contents: { zh: '只有中文的内容' } });
    const customer = await token('customer');
    const unread = await expectOk(t, UNREAD, { pageIndex: 1, pageSize: 50000, language: 'de' }, customer);
    expect(unread.data.map((n: { message_id: number }) => n.message_id)).toEqual([second.id, first.id]);
    expect(unread.data[1]).toMatchObject({
      msgtitle: 'Firmware 3.2.0 veröffentlicht',
      content: 'Besseres Laden bei Kälte.',
      userread_flag: '0',
      language: 'de',
    });
    // Written only in Chinese: read in Chinese by everyone.
    expect(unread.data[0]).toMatchObject({ msgtitle: '仅中文', language: 'zh' });
    expect(unread.data[0].sender).toBeTruthy();
    expect(unread.unreadCount).toBe(2);

    const id = await notificationOf('customer', first.id);
    expect(await expectOk(t, MARK, { ids: [id] }, customer)).toEqual({ count: 1 });
    const after = await expectOk(t, UNREAD, {}, customer);
    expect(after.data.map((n: { message_id: number }) => n.message_id)).toEqual([second.id]);
    expect((await expectOk(t, MY_ONE, { id }, customer)).userread_flag).toBe('1');
    // The sender sees one read of it.
    expect((await expectOk(t, ONE, { id: first.id }, await token('servicer'))).read_count).toBe(1);
    expect(await expectOk(t, MARK, { all: true }, customer)).toEqual({ count: 1 });
    expect((await expectOk(t, UNREAD, {}, customer)).data).toEqual([]);
    expect(await expectOk(t, MARK, { ids: [id], read: false }, customer)).toEqual({ count: 1 });
  });

  it('the list filters read / unread, words and days; deleting is for the reader alone', async () => {
    const a = await publish({ titles: { en: 'Tariff change' }, contents: { en: 'New rates' } });
    const b = await publish({ titles: { en: 'Planned outage' }, contents: { en: 'Sunday night' } });
    // Received two days after the first.
    await queryRows(t.db, sql`UPDATE user_notifications SET created_at = created_at + interval '2 days' WHERE message_id = ${b.id}`);
    const customer = await token('customer');
    await expectOk(t, MARK, { ids: [await notificationOf('customer', a.id)] }, customer);
    const ids = async (body: Record<string, unknown>) =>
      (await expectOk(t, MINE, body, customer)).data.map((n: { message_id: number }) => n.message_id);
    expect(await ids({})).toEqual([b.id, a.id]);
    expect(await ids({ read: 'unread' })).toEqual([b.id]);
    expect(await ids({ read: 'read' })).toEqual([a.id]);
    expect(await ids({ keyword: 'sunday' })).toEqual([b.id]);
    expect(await ids({ dateFrom: '2026-03-04', dateTo: '2026-03-04' })).toEqual([b.id]);
    expect(await ids({ dateTo: '2026-03-02' })).toEqual([a.id]);

    const mine = await notificationOf('customer', b.id);
    expect(await expectOk(t, DEL_MINE, { ids: [mine] }, customer)).toEqual({ count: 1 });
    expect(await ids({})).toEqual([a.id]);
    // Another reader keeps theirs; the sender's count is unchanged.
    expect(await recipients(b.id)).toContain('customer');
    expect((await expectOk(t, ONE, { id: b.id }, await token('servicer'))).recipient_count).toBeGreaterThan(0);
  });

  it("another user's notification: 45 for read, mark and delete, and nothing changes", async () => {
    const saved = await publish({ audience: { roles: ['customer', 'installer'] } });
    const theirs = await notificationOf('installer', saved.id);
    const customer = await token('customer');
    await expectRejected(t, MY_ONE, { id: theirs }, customer, 45);
    await expectRejected(t, MARK, { ids: [theirs] }, customer, 45);
    await expectRejected(t, DEL_MINE, { ids: [theirs] }, customer, 45);
    // One of theirs among the caller's own: still 45, nothing marked.
    await expectRejected(t, MARK, { ids: [await notificationOf('customer', saved.id), theirs] }, customer, 45);
    await expectRejected(t, MY_ONE, { id: 999999 }, customer, 45);
  });

  it.each([
    [MINE, { read: 'maybe' }, 2, 'read'],
    [MINE, { dateFrom: '2026-02-31' }, 2, 'dateFrom'],
    [MINE, { dateFrom: '2026-03-05', dateTo: '2026-03-01' }, 2, 'dateTo'],
    [UNREAD, { pageSize: 50001 }, 2, 'pageSize'],
    [MARK, {}, 3, 'ids'],
    [MARK, { ids: ['x'] }, 2, 'ids'],
    [DEL_MINE, { ids: [] }, 3, 'ids'],
    [MY_ONE, { id: '0x10' }, 2, 'id'],
  ])('%s %j answers %i', async (path, body, code, field) => {
    await publish();
    await expectRejected(t, path, body, await token('customer'), code, field);
  });
});

describe('information distribution (staff)', () => {
  it.each([
    [{ titles: {}, contents: {} }, 55, 'titles'],
    [{ titles: { en: 'x' }, contents: { de: 'y' } }, 3, 'contents.en'],
    [{ titles: { en: 'x'.repeat(201) } }, 2, 'titles'],
    [{ titles: { fr: 'x' } }, 2, 'titles'],
    [{ audience: {} }, 3, 'audience'],
    [{ audience: { roles: ['king'] } }, 2, 'audience'],
    [{ audience: { countries: ['Germany'] } }, 2, 'audience'],
    [{ audience: { userIds: [999999] } }, 2, 'userIds'],
    [{ publish: 'at' }, 64, 'publishAt'],
    [{ publish: 'at', publishAt: '2020-01-01T00:00:00Z' }, 2, 'publishAt'],
    [{ publicNotice: true }, 3, 'noticeUntil'],
    [{ publish: 'soon' }, 2, 'publish'],
  ])('bad message %j answers %i, nothing changed', async (overrides, code, field) => {
    await expectRejected(t, SAVE, message(overrides), await token('servicer'), code, field);
  });

  it.each(['customer', 'installer', 'sharer', 'reseller', 'supplier', 'vppmanager'])(
    '%s may not write, list or preview messages (45)',
    async (role) => {
      const draft = await publish({ publish: 'draft' });
      const who = await token(role);
      await expectRejected(t, SAVE, message(), who, 45);
      await expectRejected(t, LIST, {}, who, 45);
      await expectRejected(t, ONE, { id: draft.id }, who, 45);
      await expectRejected(t, DELETE, { id: draft.id }, who, 45);
      await expectRejected(t, RECALL, { id: draft.id }, who, 45);
      await expectRejected(t, PREVIEW, { audience: { everyone: true } }, who, 45);
      await expectRejected(t, USERS, {}, who, 45);
    },
  );

  it('a draft is kept and edited, then deleted; a published one is neither edited nor deleted; the list shows states and counts', async () => {
    const staff = await token('servicer');
    const draft = await publish({ publish: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', recipient_count: 0 });
    expect(await recipients(draft.id)).toEqual([]);
    const edited = await expectOk(
      t,
      SAVE,
      message({ id: draft.id, publish: 'draft', titles: { ja: '日本語だけ' }, contents: { ja: '本文' } }),
      staff,
    );
    expect(edited.titles).toEqual({ ja: '日本語だけ' });
    const published = await publish();
    await expectRejected(t, SAVE, message({ id: published.id }), staff, 400);
    await expectRejected(t, DELETE, { id: published.id }, staff, 400);
    await expectRejected(t, WITHDRAW, { id: published.id }, staff, 400);
    const list = await expectOk(t, LIST, { language: 'en' }, staff);
    expect(list.data.map((m: { id: number; status: string }) => [m.id, m.status])).toEqual([
      [draft.id, 'draft'],
      [published.id, 'published'],
    ]);
    expect((await expectOk(t, LIST, { status: 'published' }, staff)).dataCount).toBe(1);
    await expectOk(t, DELETE, { id: draft.id }, staff);
    await expectRejected(t, DELETE, { id: draft.id }, staff, 84);
    const found = await expectOk(t, USERS, { keyword: 'custom' }, staff);
    expect(found.map((u: { username: string }) => u.username)).toContain('customer');
  });

  it('by e-mail: one mail per recipient with an address, in their language', async () => {
    await queryRows(t.db, sql`UPDATE users SET language_code = 'de-DE' WHERE username = 'customer'`);
    try {
      await publish({ byEmail: true, audience: { roles: ['customer'] } });
      const mails = await queryRows<{ recipient: string; subject: string; language: string; body: string }>(
        t.db,
        sql`SELECT recipient, subject, language, body FROM mail_outbox WHERE category = 'info_distribution'`,
      );
      const [own] = await queryRows<{ email: string }>(t.db, sql`SELECT email FROM users WHERE username = 'customer'`);
      const mail = mails.find((m) => m.recipient === own!.email)!;
      expect(mail).toMatchObject({ language: 'de', subject: 'Firmware 3.2.0 veröffentlicht' });
      expect(mail.body).toContain('Besseres Laden bei Kälte.');
      expect(mail.body).toContain('/Notifications');
    } finally {
      await queryRows(t.db, sql`UPDATE users SET language_code = 'en-US' WHERE username = 'customer'`);
    }
  });

  it('by e-mail: a customer who turned news mails off finds the message under the bell but gets no mail', async () => {
    const settings = { faultAlerts: true, monthlyReport: true, news: false, quietHours: { enabled: false, start: '22:00', end: '07:00' } };
    await expectOk(t, '/api/Account/CustomUserSetting', settings, await token('customer'));
    const published = await publish({ byEmail: true, audience: { roles: ['customer'] } });
    const [own] = await queryRows<{ id: number; email: string }>(t.db, sql`SELECT id, email FROM users WHERE username = 'customer'`);
    const mails = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE category = 'info_distribution' AND recipient = ${own!.email}`,
    );
    expect(mails[0]!.n).toBe(0);
    const held = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM user_notifications WHERE message_id = ${published.id} AND user_id = ${own!.id}`,
    );
    expect(held[0]!.n).toBe(1);
  });

  it('the demo messages reach the demo users, some unread, with one public notice, one scheduled and one recalled', async () => {
    await seedMessagesDemo(t.db, { now: t.clock() });
    const states = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`SELECT status, count(*)::int AS n FROM info_messages GROUP BY status ORDER BY status`,
    );
    expect(states).toEqual([
      { status: 'published', n: 4 },
      { status: 'recalled', n: 1 },
      { status: 'scheduled', n: 1 },
    ]);
    expect((await t.post(NOTICE, {})).body.data).toHaveLength(1);
    const unread = await expectOk(t, UNREAD, {}, await token('customer'));
    expect(unread.unreadCount).toBeGreaterThan(0);
  });
});

describe('recall (infoDistributionSys)', () => {
  const unsentMails = async (id: number) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM mail_outbox o JOIN info_message_mails m ON m.mail_id = o.id WHERE m.message_id = ${id} AND o.sent_at IS NULL`,
      )
    )[0]!.n;

  it("its publisher recalls a published message: gone from every reader's bell and list, unsent mails dropped, sent ones kept; the list shows who and when", async () => {
    const staff = await token('servicer');
    const customer = await token('customer');
    const published = await publish({ byEmail: true, audience: { everyone: true } });
    expect(published).toMatchObject({ status: 'published', published_by: expect.any(String), recalled_at: null, can_recall: true });
    const mails = await unsentMails(published.id);
    expect(mails).toBeGreaterThan(1);
    // One mail already went out: it stays in the outbox as sent.
    await queryRows(
      t.db,
      sql`UPDATE mail_outbox SET sent_at = now() WHERE id = (SELECT min(mail_id) FROM info_message_mails WHERE message_id = ${published.id})`,
    );
    const before = await expectOk(t, UNREAD, {}, customer);
    const mine = before.data.find((n: { message_id: number }) => n.message_id === published.id);
    expect(mine).toBeDefined();

    t.clock.advance(60_000);
    expect(await expectOk(t, RECALL, { id: published.id }, staff)).toEqual({ count: mails - 1 });
    expect(await unsentMails(published.id)).toBe(0);
    const sent = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM mail_outbox o JOIN info_message_mails m ON m.mail_id = o.id WHERE m.message_id = ${published.id}`,
    );
    expect(sent[0]!.n).toBe(1);

    const after = await expectOk(t, UNREAD, {}, customer);
    expect(after.data.some((n: { message_id: number }) => n.message_id === published.id)).toBe(false);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect((await expectOk(t, MINE, {}, customer)).data.some((n: { message_id: number }) => n.message_id === published.id)).toBe(false);
    await expectRejected(t, MY_ONE, { id: mine.id }, customer, 45);
    await expectRejected(t, MARK, { ids: [mine.id] }, customer, 45);

    const row = await expectOk(t, ONE, { id: published.id }, staff);
    expect(row).toMatchObject({
      status: 'recalled',
      recalled_at: t.clock().toISOString(),
      recalled_by: row.published_by,
      can_recall: false,
    });
    expect(row.published_at).not.toBeNull();
    expect((await expectOk(t, LIST, { status: 'recalled' }, staff)).dataCount).toBe(1);
    expect(await auditRows(t, 'infoDistributionSys.recall')).toHaveLength(1);
    // Recalled is final: neither recalled again, edited, nor deleted.
    await expectRejected(t, RECALL, { id: published.id }, staff, 400);
    await expectRejected(t, SAVE, message({ id: published.id }), staff, 400);
    await expectRejected(t, DELETE, { id: published.id }, staff, 400);
  });

  it('a scheduled message is cancelled: its time comes and nothing is published; a public notice recalled leaves the login page', async () => {
    let staff = await token('servicer');
    // Scheduled as SaveInfoDistribution leaves it (this app runs no job queue: tests/api/messages/scheduled.test.ts runs one).
    const draft = await publish({ publish: 'draft' });
    const at = new Date(t.clock().getTime() + 3_600_000);
    await queryRows(
      t.db,
      sql`UPDATE info_messages SET status = 'scheduled', publish_at = ${at}, published_by = created_by WHERE id = ${draft.id}`,
    );
    const scheduled = await expectOk(t, ONE, { id: draft.id }, staff);
    expect(scheduled).toMatchObject({ status: 'scheduled', can_recall: true });
    await expectOk(t, RECALL, { id: scheduled.id }, staff);
    t.clock.advance(2 * 3_600_000);
    tokens.clear();
    staff = await token('servicer');
    expect(await t.db.transaction((tx) => publishIn(tx, scheduled.id, t.clock(), undefined, { from: ['scheduled'], due: true }))).toBe(
      false,
    );
    expect(await recipients(scheduled.id)).toEqual([]);
    expect(await expectOk(t, ONE, { id: scheduled.id }, staff)).toMatchObject({ status: 'recalled', published_at: null });

    const until = new Date(t.clock().getTime() + 86_400_000).toISOString();
    const notice = await publish({ publicNotice: true, noticeUntil: until, audience: {} });
    expect((await t.post(NOTICE, {})).body.data).toHaveLength(1);
    await expectOk(t, RECALL, { id: notice.id }, staff);
    expect((await t.post(NOTICE, {})).body.data).toEqual([]);
  });

  it("another staff member's message: 45 and nothing changes; an admin recalls anyone's", async () => {
    const published = await publish();
    const dev = await token('dev');
    expect((await expectOk(t, ONE, { id: published.id }, dev)).can_recall).toBe(false);
    await expectRejected(t, RECALL, { id: published.id }, dev, 45);
    const admin = await token('admin');
    expect((await expectOk(t, ONE, { id: published.id }, admin)).can_recall).toBe(true);
    await expectOk(t, RECALL, { id: published.id }, admin);
    expect((await expectOk(t, ONE, { id: published.id }, dev)).recalled_by).not.toBe('');
  });

  it.each([
    [{}, 3, 'id'],
    [{ id: 'x' }, 2, 'id'],
    [{ id: 999999 }, 8, ''],
  ])('bad body %j answers %i, nothing changed', async (body, code, field) => {
    await publish();
    await expectRejected(t, RECALL, body, await token('servicer'), code, field || undefined);
  });

  it('a draft is not recalled (400, nothing changed)', async () => {
    const draft = await publish({ publish: 'draft' });
    await expectRejected(t, RECALL, { id: draft.id }, await token('servicer'), 400);
  });
});

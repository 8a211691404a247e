import { eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { queryRows } from '../../../server/core/db';
import { emailRules, faultSubscriptions, mailOutbox, users } from '../../../server/core/db/schema';
import { deliverDueMails } from '../../../server/core/mail/outbox';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/** ESS2024A0001: the demo customer's house in Munich (Germany, Europe/Berlin), installed by a German installer. */
const SN = 'ESS2024A0001';
const key = demoDeviceKey(SN, DEMO_PASSWORD);

/**
 * nodemailer composing each message as it would for SMTP and keeping it instead of sending it; while
 * `failing`, it refuses every message the way a busy server would; while `held`, it waits like a slow one.
 */
function recordingTransport() {
  const sent: Array<{ to: string[]; raw: string }> = [];
  const mailer = createTransport({ streamTransport: true, buffer: true });
  const transport = {
    sent,
    failing: false,
    held: undefined as Promise<void> | undefined,
    async sendMail(message: Parameters<typeof mailer.sendMail>[0]) {
      await transport.held;
      const info = await mailer.sendMail(message);
      sent.push({ to: info.envelope.to, raw: info.message.toString() });
      return info;
    },
  };
  mailer.use('compile', (_mail, done) => done(transport.failing ? new Error('421 mail server busy') : null));
  return transport;
}

async function prepare(t: TestApp) {
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
  await t.db.update(users).set({ languageCode: 'de-DE' }).where(eq(users.username, 'customer'));
  await t.db.update(users).set({ languageCode: 'zh-CN' }).where(eq(users.username, 'servicer'));
  const rule = (recipient_kind: string, recipient_value: string, extra: Partial<typeof emailRules.$inferInsert> = {}) => ({
    category_code: 'system_fault',
    recipient_kind,
    recipient_value,
    ...extra,
  });
  await t.db.insert(emailRules).values([
    rule('role', 'servicer'), // reaches no servicer: their subscriptions decide (tests/api/faultmail)
    rule('role', 'customer'), // the owner of this system (and of others, who must not get it)
    rule('role', 'installer'), // the demo installer works in Italy: not this system's installer
    rule('role', 'servicepartner', { country: 'NL' }), // only for Dutch systems
    rule('address', 'Alarms@Ticket.example'),
    rule('address', 'alarms@ticket.example'), // the same address twice: one mail
    rule('address', 'off@ticket.example', { enabled: false }),
  ]);
  // The service engineer subscribed to every fault in Germany (sysErrorEmailNotification).
  const [servicer] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'servicer'));
  await t.db.insert(faultSubscriptions).values({ userId: servicer!.id, country: 'DE', createdAt: t.clock() });
}

const fault = (startedAt: Date) => ({ code: 'F401', level: 'fault', description: 'ISO fault', started_at: startedAt.toISOString() });
const ingest = (t: TestApp, body: unknown) => t.post('/api/Device/Ingest', body, { headers: { 'x-device-key': key } });
const outbox = (t: TestApp) => t.db.select().from(mailOutbox).orderBy(mailOutbox.recipient);
type Mail = typeof mailOutbox.$inferSelect;

describe('fault notification e-mails', () => {
  let t: TestApp;
  const transport = recordingTransport();
  beforeAll(async () => {
    t = await createTestApp({
      mailTransport: transport,
      config: { portalUrl: 'https://portal.example', mailFrom: 'Portal <noreply@portal.example>' },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await prepare(t);
    transport.sent.length = 0;
    transport.failing = false;
    transport.held = undefined;
  });

  it('a new fault mails the rule recipients who may see the system, each once and in their language', async () => {
    // The installer rule (wrong company), the other customers, the Dutch-only and the disabled rule mail nobody.
    const answer = await ingest(t, { status: 'normal', samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] });
    expect(answer.body.code).toBe(200);
    await t.app.mailer.deliver();

    const mails = await outbox(t);
    expect(mails.map((m) => [m.recipient, m.language])).toEqual([
      ['alarms@ticket.example', 'en'],
      ['li.wei@ess-portal.example', 'zh'],
      ['thomas.becker@mail.example', 'de'],
    ]);
    expect(mails.every((m) => m.sentAt !== null && m.attempts === 1)).toBe(true);
    const [english, chinese, german] = mails as [Mail, Mail, Mail];
    expect(german.subject).toBe(
      'Störung bei Haus Becker (ESS2024A0001): Isolationsfehler am Wechselrichter (Isolationswiderstand zu niedrig)',
    );
    expect(chinese.subject).toBe('Haus Becker（ESS2024A0001）出现故障：逆变器绝缘故障（绝缘电阻过低）');
    expect(english.subject).toBe('Fault on Haus Becker (ESS2024A0001): Inverter isolation fault (low insulation resistance)');
    // The time is the system's (Munich, 08:50 CET), also for the servicer in Shanghai.
    expect(german.body).toMatch(/Seit: 2\. März 2026\D+08:50 MEZ/);
    expect(chinese.body).toMatch(/开始时间: 2026年3月2日 .*08:50/);
    // Each link opens a page the recipient may open: the owner's dashboard, the staff's storage list.
    expect(german.body).toContain('https://portal.example/dashboard?sn=ESS2024A0001');
    expect(chinese.body).toContain('https://portal.example/EnergyStorageList/energyStorageList?sn=ESS2024A0001');
    expect(english.body).toContain('https://portal.example/EnergyStorageList/energyStorageList?sn=ESS2024A0001');

    expect(transport.sent.flatMap((m) => m.to).sort()).toEqual(mails.map((m) => m.recipient));
    const raw = transport.sent.find((m) => m.to[0] === 'thomas.becker@mail.example')!.raw;
    expect(raw).toContain('From: Portal <noreply@portal.example>');
    expect(raw).toContain('To: thomas.becker@mail.example');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(raw).toContain('Content-Type: text/plain; charset=utf-8');
  });

  it('a country rule mails the users located there who may see the system', async () => {
    await t.db.delete(emailRules);
    await t.db.insert(emailRules).values([
      { category_code: 'system_fault', recipient_kind: 'country', recipient_value: 'DE' },
      // The demo installer lives in Italy but did not install this system.
      { category_code: 'system_fault', recipient_kind: 'country', recipient_value: 'Italy' },
      { category_code: 'system_fault', recipient_kind: 'address', recipient_value: 'de-hotline@ticket.example', country: 'DE' },
      { category_code: 'system_fault', recipient_kind: 'address', recipient_value: 'at-hotline@ticket.example', country: 'AT' },
    ]);
    await ingest(t, { samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] });
    expect((await outbox(t)).map((m) => m.recipient)).toEqual([
      'anna.lindqvist@ess-portal.example', // admin: staff see every system
      'de-hotline@ticket.example',
      'julia.becker@mail.example', // sharer: the system is shared with her
      'li.wei@ess-portal.example', // the servicer: by the subscription, not by a rule
      'lukas.schneider@ess-portal.example', // sncreator: staff
      'thomas.becker@mail.example', // the owner
    ]);
  });

  it('re-sending the batch mails nothing more; a batch without new faults mails nothing', async () => {
    const batch = { samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] };
    await ingest(t, batch);
    await t.app.mailer.deliver();
    const first = (await outbox(t)).length;
    await ingest(t, batch);
    await ingest(t, { ...batch, faults: [{ ...batch.faults[0], ended_at: t.clock().toISOString() }] });
    await t.app.mailer.deliver();
    expect((await outbox(t)).length).toBe(first);
    expect(transport.sent.length).toBe(first);
  });

  it('a refused batch queues no mail', async () => {
    const future = new Date(t.clock().getTime() + 3_600_000);
    expect((await ingest(t, { samples: [], faults: [fault(future)] })).body.code).toBe(2);
    expect(await outbox(t)).toEqual([]);
  });

  it('a user without an e-mail address or locked gets nothing', async () => {
    await t.db.update(users).set({ email: '' }).where(eq(users.username, 'customer'));
    await t.db.update(users).set({ locked: true }).where(eq(users.username, 'servicer'));
    await ingest(t, { samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] });
    expect((await outbox(t)).map((m) => m.recipient)).toEqual(['alarms@ticket.example']);
  });

  it('a refusing mail server: the ingest still answers 200, the mail is retried with backoff and then sent', async () => {
    transport.failing = true;
    expect((await ingest(t, { samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] })).body.code).toBe(200);
    await t.app.mailer.deliver();
    let [mail] = (await outbox(t)).filter((m) => m.recipient === 'alarms@ticket.example');
    expect(mail).toMatchObject({ sentAt: null, attempts: 1, lastError: '421 mail server busy' });
    expect(mail!.nextAttemptAt.getTime() - t.clock().getTime()).toBe(60_000);

    // Not yet due: nothing is tried.
    transport.failing = false;
    await t.app.mailer.deliver();
    expect(transport.sent).toEqual([]);
    t.clock.advance(60_000);
    await t.app.mailer.deliver();
    [mail] = (await outbox(t)).filter((m) => m.recipient === 'alarms@ticket.example');
    expect(mail).toMatchObject({ attempts: 2, lastError: null });
    expect(mail!.sentAt).not.toBeNull();
    expect(transport.sent.length).toBe(3);
  });

  it('a fault reported while mails are being sent goes out in the same run; the ingest does not wait for the server', async () => {
    let release!: () => void;
    transport.held = new Promise((resolve) => (release = resolve));
    const started = new Date(t.clock().getTime() - 600_000);
    expect((await ingest(t, { samples: [], faults: [fault(started)] })).body.code).toBe(200);
    const second = { ...fault(started), code: 'F402', description: 'Battery management system fault' };
    expect((await ingest(t, { samples: [], faults: [second] })).body.code).toBe(200);
    expect(transport.sent).toEqual([]);
    release();
    await t.app.mailer.deliver();
    expect(transport.sent.length).toBe(6);
    expect((await outbox(t)).every((m) => m.sentAt !== null)).toBe(true);
  });

  it('two deliveries at once (two nodes, or the retry timer and a new fault) send each mail once', async () => {
    transport.failing = true;
    await ingest(t, { samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] });
    await t.app.mailer.deliver();
    transport.failing = false;
    t.clock.advance(60_000);
    const runs = await Promise.all([1, 2, 3].map(() => deliverDueMails(t.db, transport, 'Portal <noreply@portal.example>', t.clock())));
    expect(runs.reduce((n, run) => n + run.sent, 0)).toBe(3);
    expect(transport.sent.length).toBe(3);
  });
});

describe('fault e-mails without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => prepare(t));

  it('are kept in the outbox with the reason, and the ingest answers 200', async () => {
    expect((await ingest(t, { samples: [], faults: [fault(new Date(t.clock().getTime() - 600_000))] })).body.code).toBe(200);
    await t.app.mailer.deliver();
    const mails = await outbox(t);
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(mail).toMatchObject({ sentAt: null, attempts: 0, lastError: expect.stringContaining('SMTP_URL') });
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM system_faults WHERE code = 'F401'`);
    expect(row?.n).toBe(1);
  });
});

import { eq } from 'drizzle-orm';
import { mailOutbox, systemComponents, systems, users } from '../../../server/core/db/schema';
import { seedInvitationsDemo } from '../../../server/demo/invitations';
import { createTestApp, type TestApp } from '../helpers';
import { createTestDatabase } from '../helpers/database';

/**
 * The demo's installations agree with the fleet: each EMS has its MAC, and the installer's system nobody owns its open
 * invitation (the mail naming it). That each of the installer's systems has its installation record is the demo
 * world's test (tests/api/demo/world.test.ts), which seeds the records.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ from: 'world' }) });
}, 60_000);
afterAll(() => t?.close());

test("the installer's unowned systems carry their open invitation, each EMS its MAC; seeding again adds nothing", async () => {
  await seedInvitationsDemo(t.db);
  const [installer] = await t.db.select({ company: users.installerCompanyId }).from(users).where(eq(users.username, 'installer'));
  const own = await t.db
    .select({ id: systems.id, owner: systems.customerUserId })
    .from(systems)
    .where(eq(systems.installerCompanyId, installer!.company!));
  expect(own.length).toBeGreaterThan(0);

  const ems = await t.db
    .select({ systemId: systemComponents.systemId, mac: systemComponents.mac })
    .from(systemComponents)
    .where(eq(systemComponents.kind, 'ems'));
  for (const system of own) expect(ems.find((e) => e.systemId === system.id)?.mac).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
  const batteries = await t.db.select({ mac: systemComponents.mac }).from(systemComponents).where(eq(systemComponents.kind, 'battery'));
  expect(batteries.every((c) => c.mac === null)).toBe(true);

  // The unowned ones: invited on the day, not registered yet; the owned ones were never invited.
  const unowned = own.filter((s) => s.owner === null);
  expect(unowned.length).toBeGreaterThan(0);
  const invitations = () =>
    t.db
      .select({ systemId: mailOutbox.systemId, body: mailOutbox.body, sentAt: mailOutbox.sentAt, sealed: mailOutbox.sealedBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.category, 'system_invitation'));
  const mails = await invitations();
  expect(new Set(mails.map((m) => m.systemId))).toEqual(new Set(unowned.map((s) => s.id)));
  for (const mail of mails) {
    // Sent on the day: only the masked text is kept.
    expect(mail.body).toContain('******');
    expect([mail.sentAt !== null, mail.sealed]).toEqual([true, null]);
  }
  await seedInvitationsDemo(t.db);
  expect((await invitations()).length).toBe(mails.length);
});

import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../core/db';
import { demoMoment } from './time';
import { faultSubscriptions, mailOutbox, users } from '../core/db/schema';
import { SYSTEM_FAULT } from '../core/mail/fault-mails';
import { MAX_ATTEMPTS } from '../core/mail/outbox';
import { writeSetting } from '../core/mail/preferences';

/**
 * The demo servicer's fault mail subscriptions and the preferences of the demo users: seeded
 * before the admin demo queues the mails of the fleet's open faults, so those follow the subscriptions.
 */
export async function seedFaultMailDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const idOf = async (username: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;
  const servicer = await idOf('servicer');
  if (servicer !== undefined) {
    const at = (daysAgo: number) => demoMoment(now, daysAgo, `fault-subscription:${daysAgo}`);
    await db.insert(faultSubscriptions).values([
      // Everything in the German-speaking service area, every protection trip anywhere, and one code under watch.
      { userId: servicer, country: 'DE', createdAt: at(90) },
      { userId: servicer, country: 'AT', level: 'fault', createdAt: at(60) },
      { userId: servicer, level: 'protection', createdAt: at(45) },
      { userId: servicer, faultCode: 'F401', createdAt: at(12) },
    ]);
    await writeSetting(db, servicer, 'staff', { landingPage: 'energyStorageList', pageSize: 50, faultMailDelivery: 'immediate' }, now);
  }
  const customer = await idOf('customer');
  if (customer !== undefined) {
    await writeSetting(
      db,
      customer,
      'notifications',
      { faultAlerts: true, monthlyReport: true, news: false, quietHours: { enabled: true, start: '22:00', end: '07:00' } },
      now,
    );
  }
  const installer = await idOf('installer');
  if (installer !== undefined) {
    await writeSetting(
      db,
      installer,
      'installer',
      {
        countryCode: 'IT',
        timeZone: 'Europe/Rome',
        currency: 'EUR',
        buyPrice: 0.29,
        feedInPrice: 0.09,
        contactName: 'Sole Impianti – Assistenza',
        contactPhone: '+39 02 5550 1234',
        contactEmail: 'assistenza@sole-impianti.example',
        customerExportLimit: true,
      },
      now,
    );
  }
}

/**
 * After the admin demo queued the fault mails (server/demo/admin.ts): the servicer's ones older than three hours went out when
 * the portal still had its mail server, the oldest was refused by it, so the delivery log shows every state.
 */
export async function seedFaultMailHistory(db: Database, { now }: { now: Date }): Promise<void> {
  const [servicer] = await db.select({ email: users.email }).from(users).where(eq(users.username, 'servicer'));
  if (!servicer?.email) return;
  const older = await db
    .select({ id: mailOutbox.id, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.category, SYSTEM_FAULT),
        sql`lower(${mailOutbox.recipient}) = ${servicer.email.toLowerCase()}`,
        lt(mailOutbox.createdAt, new Date(now.getTime() - 3 * 3_600_000)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt));
  for (const [n, mail] of older.entries()) {
    if (n === 0) {
      await db
        .update(mailOutbox)
        .set({ attempts: MAX_ATTEMPTS, lastError: '550 5.1.1 mailbox temporarily disabled' })
        .where(eq(mailOutbox.id, mail.id));
    } else {
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(mail.createdAt.getTime() + 40_000), attempts: 1, lastError: null })
        .where(eq(mailOutbox.id, mail.id));
    }
  }
}

import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { Database } from '../db';
import { mailOutbox } from '../db/schema';
import type { MailTransport } from './transport';

export type QueuedMail = Pick<typeof mailOutbox.$inferInsert, 'category' | 'recipient' | 'language' | 'subject' | 'body' | 'systemId'>;

/** After this many failed attempts a mail stays in the outbox, unsent, with its last error. */
export const MAX_ATTEMPTS = 5;
const NO_SERVER = 'not sent: no mail server configured (set SMTP_URL)';
const BATCH = 100;
/** A claimed mail belongs to its sender this long; after that (the sender died mid-way) another run may send it. */
const CLAIM_MS = 10 * 60_000;

export async function queueMails(db: Database, mails: QueuedMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(mails.map((mail) => ({ ...mail, createdAt: now, nextAttemptAt: now })));
}

/**
 * Sends the mails that are due, oldest first. A failure counts an attempt and waits 1, 2, 4, 8 … minutes
 * before the next; without a mail server the mails wait, marked with the reason, until one is configured.
 */
export async function deliverDueMails(db: Database, transport: MailTransport | undefined, from: string, now: Date): Promise<{ sent: number; failed: number }> {
  if (!transport) {
    await db.update(mailOutbox).set({ lastError: NO_SERVER }).where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.lastError)));
    return { sent: 0, failed: 0 };
  }
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDue(db, now);
    for (const mail of claimed) {
      try {
        await transport.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body });
        await db.update(mailOutbox).set({ sentAt: now, attempts: mail.attempts + 1, lastError: null }).where(eq(mailOutbox.id, mail.id));
        sent++;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const retryAt = new Date(now.getTime() + 60_000 * 2 ** (attempts - 1));
        await db
          .update(mailOutbox)
          .set({ attempts, nextAttemptAt: retryAt, lastError: (error as Error).message.slice(0, 500) })
          .where(eq(mailOutbox.id, mail.id));
        failed++;
      }
    }
    if (claimed.length < BATCH) return { sent, failed };
  }
}

/**
 * Takes up to BATCH due mails for this run by moving their next attempt past the claim, in one statement:
 * another run, here or on another node of the same database, skips them, so no mail goes out twice.
 */
async function claimDue(db: Database, now: Date) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

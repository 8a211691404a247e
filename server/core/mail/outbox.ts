import { and, asc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { Database } from '../db';
import { mailOutbox } from '../db/schema';
import type { MailSeal } from './seal';
import type { MailTransport } from './transport';

export type QueuedMail = Pick<
  typeof mailOutbox.$inferInsert,
  'category' | 'recipient' | 'language' | 'subject' | 'body' | 'systemId' | 'html'
> & {
  /**
   * For a mail carrying a secret (a reset or invitation link): the text as the recipient gets it, the link in
   * clear, while `body` holds the same text with the link masked. Only sealed into the outbox (DESIGN §10).
   */
  bodyWithSecrets?: string;
  /** Not sent before this moment (a customer's quiet hours, server/core/mail/preferences.ts); now when absent. */
  notBefore?: Date;
};

/** After this many failed attempts a mail stays in the outbox, unsent, with its last error. */
export const MAX_ATTEMPTS = 5;
const NO_SERVER = 'not sent: no mail server configured (set SMTP_URL)';
const BATCH = 100;
/** A claimed mail belongs to its sender this long; after that (the sender died mid-way) another run may send it. */
const CLAIM_MS = 10 * 60_000;

/**
 * Stores mails to send; the text of a mail with secrets is sealed with `seal` (the mailer's), never kept in clear.
 * Answers the new rows' ids (a recalled message drops its unsent ones, server/messages).
 */
export async function queueMails(db: Database, mails: QueuedMail[], now: Date, seal?: MailSeal): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = mails.map(({ bodyWithSecrets, notBefore, ...mail }) => {
    if (bodyWithSecrets !== undefined && !seal) throw new Error('a mail carrying a secret needs the mail seal to be queued');
    const sealedBody = bodyWithSecrets === undefined ? null : seal!.seal(bodyWithSecrets, mail.recipient);
    return { ...mail, sealedBody, createdAt: now, nextAttemptAt: notBefore && notBefore > now ? notBefore : now };
  });
  const created = await db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
  return created.map((r) => r.id);
}

/**
 * Sends the mails that are due, oldest first. A failure counts an attempt and waits 1, 2, 4, 8 … minutes
 * before the next; without a mail server the mails wait, marked with the reason, until one is configured.
 */
export async function deliverDueMails(
  db: Database,
  transport: MailTransport | undefined,
  from: string,
  now: Date,
  /** Opens the mails with secrets (the mailer's); without it those mails fail and wait. */
  seal?: MailSeal,
): Promise<{ sent: number; failed: number }> {
  if (!transport) {
    await db
      .update(mailOutbox)
      .set({ lastError: NO_SERVER })
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.lastError)));
    return { sent: 0, failed: 0 };
  }
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claimDue(db, now);
    for (const mail of claimed) {
      try {
        // A mail with a secret goes out as sealed, its link in clear; the masked body is what screens show.
        const text = mail.sealedBody === null ? mail.body : openSealed(seal, mail.sealedBody, mail.recipient);
        await transport.sendMail({ from, to: mail.recipient, subject: mail.subject, text, ...(mail.html ? { html: mail.html } : {}) });
        // Handed over: the secret has no business in the table any longer, not even sealed.
        await db
          .update(mailOutbox)
          .set({ sentAt: now, attempts: mail.attempts + 1, lastError: null, sealedBody: null })
          .where(eq(mailOutbox.id, mail.id));
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

function openSealed(seal: MailSeal | undefined, sealedBody: string, recipient: string): string {
  try {
    if (!seal) throw new Error('no seal');
    return seal.open(sealedBody, recipient);
  } catch {
    // Sealed under another secret (JWT_SECRET changed since) or tampered with: never sent, the reason kept.
    throw new Error("not sent: the sealed text cannot be opened with this server's secret");
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

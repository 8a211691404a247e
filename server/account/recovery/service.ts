import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Clock } from '../../config';
import type { Database } from '../../core/db';
import { passwordResets, users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { passwordResetMail, portalLink, userNameMail } from '../../core/mail/account-mails';
import type { Mailer } from '../../core/mail/mailer';
import { queueMails } from '../../core/mail/outbox';
import { mailLanguage } from '../../core/mail/texts';
import { writeUserLog } from '../../core/audit/write';
import { Lockout } from '../lockout';
import { hashPassword } from '../../core/auth/passwords';
import { RecoveryLimit } from '../recovery-limit';
import { Sessions } from '../sessions';
import { sharesAllExpired } from '../sharer-access';
import { hashLinkToken as hashToken, newLinkToken as newToken } from '../tokens';

/** CONTRACT.md: a reset link works once and for one hour. */
export const RESET_LINK_TTL_MS = 60 * 60_000;

type UserRow = typeof users.$inferSelect;

const looksLikeEmail = (text: string) => text.includes('@');

/**
 * Spec §7 ForgetPassword / ResetPasswords / ForgetUserName. The codes say whether a name or an address
 * exists (4, 11) as the spec wants; the rate limit (15) keeps that from becoming a way to sweep through
 * names, and the link itself only ever goes to the account's own address.
 */
export class RecoveryService {
  private readonly limit: RecoveryLimit;

  constructor(private readonly deps: { db: Database; clock: Clock; mailer: Pick<Mailer, 'sendQueued' | 'portalUrl' | 'seal'> }) {
    this.limit = new RecoveryLimit(deps.db);
  }

  /**
   * Mails a reset link to the account named by its user name or its e-mail address (an address belongs to
   * one account at most). 4 unknown user, 11 unknown address or an account without one, 6 locked,
   * 98 a sharer whose shares all expired, 15 asked too often.
   */
  async forgetPassword(nameOrEmail: string, ip: string): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.clock();
    if (!(await this.limit.admit(nameOrEmail, ip, now))) throw new ApiError(Code.TOO_FAST);
    const [byName] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, nameOrEmail.toLowerCase()));
    const user = byName ?? (looksLikeEmail(nameOrEmail) ? await this.byEmail(nameOrEmail) : undefined);
    if (!user) throw new ApiError(looksLikeEmail(nameOrEmail) ? 11 : Code.USER_NOT_FOUND);
    if (user.email.trim() === '') throw new ApiError(Code.EMAIL_NOT_FOUND);
    if (user.locked) throw new ApiError(Code.USER_LOCKED);
    if (await sharesAllExpired(db, user, now)) throw new ApiError(Code.SHARE_EXPIRED_RECOVERY);
    // The link is in clear only in the sealed text the transport gets; the outbox shows it masked (DESIGN §10).
    await queueMails(db, [await this.resetLinkMail(user, now)], now, this.deps.mailer.seal);
    this.deps.mailer.sendQueued();
  }

  /** Sets the new password of the link's user: 12 when the link is unknown, used or expired; every session ends. */
  async resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.clock();
    const [found] = await db
      .select({ reset: passwordResets, user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
    if (!found) throw new ApiError(Code.LINK_EXPIRED);
    const { reset, user } = found;
    if (user.locked) throw new ApiError(Code.USER_LOCKED);
    if (await sharesAllExpired(db, user, now)) throw new ApiError(Code.SHARE_EXPIRED_RECOVERY);
    const passwordHash = await hashPassword(newPassword);
    const done = await db.transaction(async (tx) => {
      // Taken only if still unused: of two resets racing with one link, one wins and the other gets 12.
      const taken = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (taken.length === 0) return false;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      // The user's other links are worth nothing now.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await new Sessions(tx).revokeAll(user.id, 'password_reset', now);
      // In the reset's transaction: no new password without its user-log row.
      await writeUserLog(
        tx,
        { userId: user.id, username: user.username, action: 'password_change', ip, detail: { via: 'reset_link' } },
        now,
      );
      return true;
    });
    if (!done) throw new ApiError(Code.LINK_EXPIRED);
    await new Lockout(db).clearUsername(user.username);
  }

  /** Mails the user name registered with the address to that address (11 when none is). */
  async forgetUserName(email: string, ip: string): Promise<void> {
    const { db } = this.deps;
    const now = this.deps.clock();
    if (!(await this.limit.admit(email, ip, now))) throw new ApiError(Code.TOO_FAST);
    const user = await this.byEmail(email);
    if (!user) throw new ApiError(Code.EMAIL_NOT_FOUND);
    const to = { address: user.email.trim(), language: mailLanguage(user.languageCode), name: displayName(user) };
    await queueMails(db, [userNameMail(to, user.username, portalLink(this.deps.mailer.portalUrl, '/Login'))], now);
    this.deps.mailer.sendQueued();
  }

  private async byEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await this.deps.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    return user;
  }

  private async resetLinkMail(user: UserRow, now: Date) {
    const token = newToken();
    await this.deps.db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS), createdAt: now });
    const link = { portalUrl: this.deps.mailer.portalUrl, path: '/ResetPassword', token };
    return passwordResetMail(
      { address: user.email.trim(), language: mailLanguage(user.languageCode), name: displayName(user) },
      user.username,
      link,
    );
  }
}

function displayName(user: UserRow): string {
  return user.displayName.trim() || user.username;
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Caller } from '../../core/auth/actor';
import type { Database } from '../../core/db';
import { passwordResets, users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { passwordResetMail, portalLink, userNameMail } from '../../core/mail/account-mails';
import type { Mailer } from '../../core/mail/mailer';
import { queueMails } from '../../core/mail/outbox';
import { mailLanguage } from '../../core/mail/texts';
import { writeUserLog } from '../../core/audit/write';
import type { Lockout } from '../lockout';
import { hashPassword } from '../../core/auth/passwords';
import type { RecoveryLimit } from '../recovery-limit';
import { Sessions } from '../sessions';
import { sharesAllExpired } from '../sharer-access';
import { hashLinkToken as hashToken, newLinkToken as newToken } from '../tokens';

/**
 * Spec §7 ForgetPassword / ResetPasswords / ForgetUserName. The codes say whether a name or an address
 * exists (4, 11) as the spec wants; the rate limit (15) keeps that from becoming a way to sweep through
 * names, and the link itself only ever goes to the account's own address.
 */

/** CONTRACT.md: a reset link works once and for one hour. */
export const RESET_LINK_TTL_MS = 60 * 60_000;

type UserRow = typeof users.$inferSelect;

const looksLikeEmail = (text: string) => text.includes('@');

/**
 * What the recovery calls need beside the caller, the body and the time. The routes create it once: `limit` and
 * `lockout` are shared by every call of the area.
 */
export interface RecoveryDeps {
  db: Database;
  mailer: Pick<Mailer, 'sendQueued' | 'portalUrl' | 'seal'>;
  limit: RecoveryLimit;
  lockout: Lockout;
}

/**
 * Mails a reset link to the account named by its user name or its e-mail address (an address belongs to
 * one account at most). 4 unknown user, 11 unknown address or an account without one, 6 locked,
 * 98 a sharer whose shares all expired, 15 asked too often.
 */
export async function forgetPassword(deps: RecoveryDeps, caller: Caller, body: { username: string }, now: Date): Promise<void> {
  const { db } = deps;
  const ip = caller.address;
  const nameOrEmail = body.username;
  if (!(await deps.limit.admit(nameOrEmail, ip, now))) throw new ApiError(Code.TOO_FAST);
  const [byName] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, nameOrEmail.toLowerCase()));
  const user = byName ?? (looksLikeEmail(nameOrEmail) ? await byEmail(db, nameOrEmail) : undefined);
  if (!user) throw new ApiError(looksLikeEmail(nameOrEmail) ? 11 : Code.USER_NOT_FOUND);
  if (user.email.trim() === '') throw new ApiError(Code.EMAIL_NOT_FOUND);
  if (user.locked) throw new ApiError(Code.USER_LOCKED);
  if (await sharesAllExpired(db, user, now)) throw new ApiError(Code.SHARE_EXPIRED_RECOVERY);
  // The link is in clear only in the sealed text the transport gets; the outbox shows it masked (DESIGN §10).
  await queueMails(db, [await resetLinkMail(deps, user, now)], now, deps.mailer.seal);
  deps.mailer.sendQueued();
}

/** Sets the new password of the link's user: 12 when the link is unknown, used or expired; every session ends. */
export async function resetPassword(
  deps: RecoveryDeps,
  caller: Caller,
  body: { token: string; newPassword: string },
  now: Date,
): Promise<void> {
  const { db } = deps;
  const ip = caller.address;
  const { token, newPassword } = body;
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
    await writeUserLog(tx, { userId: user.id, username: user.username, action: 'password_change', ip, detail: { via: 'reset_link' } }, now);
    return true;
  });
  if (!done) throw new ApiError(Code.LINK_EXPIRED);
  await deps.lockout.clearUsername(user.username);
}

/** Mails the user name registered with the address to that address (11 when none is). */
export async function forgetUserName(deps: RecoveryDeps, caller: Caller, body: { email: string }, now: Date): Promise<void> {
  const { db } = deps;
  const ip = caller.address;
  const { email } = body;
  if (!(await deps.limit.admit(email, ip, now))) throw new ApiError(Code.TOO_FAST);
  const user = await byEmail(db, email);
  if (!user) throw new ApiError(Code.EMAIL_NOT_FOUND);
  const to = { address: user.email.trim(), language: mailLanguage(user.languageCode), name: displayName(user) };
  await queueMails(db, [userNameMail(to, user.username, portalLink(deps.mailer.portalUrl, '/Login'))], now);
  deps.mailer.sendQueued();
}

async function byEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

async function resetLinkMail(deps: Pick<RecoveryDeps, 'db' | 'mailer'>, user: UserRow, now: Date) {
  const token = newToken();
  await deps.db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS), createdAt: now });
  const link = { portalUrl: deps.mailer.portalUrl, path: '/ResetPassword', token };
  return passwordResetMail(
    { address: user.email.trim(), language: mailLanguage(user.languageCode), name: displayName(user) },
    user.username,
    link,
  );
}

function displayName(user: UserRow): string {
  return user.displayName.trim() || user.username;
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { ShareResult } from '../../../contract/monitoring';
import { hashPassword, isStrongPassword } from '../../core/auth/passwords';
import { isUniqueViolation, type Database } from '../../core/db';
import { shareInvitations } from '../../core/db/schema/monitoring';
import { systemShares } from '../../core/db/schema/shares';
import { users } from '../../core/db/schema/users';
import { ApiError } from '../../core/http/envelope';
import { assertUsernameFree } from '../../account/confusables';
import { nameSkeleton } from '../../core/auth/name-skeleton';
import { portalLink, shareMail } from '../../core/mail/account-mails';
import type { Mailer } from '../../core/mail/mailer';
import { queueMails } from '../../core/mail/outbox';
import { mailLanguage } from '../../core/mail/texts';
import type { SystemRow } from '../../core/system-scope';
import { logSystemChange, type SystemChangeAuthor } from '../systems/history';
import { refuseWhileMoving } from '../../sysmigration/guard';

/**
 * Spec §5 share dialog: a customer shares one of their systems with an e-mail address for some days. The
 * person gets a sharer account (read-only); one without an account gets an invitation to /shareRegister
 * where they choose a user name and password. Sharing again with the same person renews the share.
 * Either way the person is told by e-mail: the invitation link, or a notice with the login link.
 */
const DAY_MS = 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function shareSystem(
  db: Database,
  /** The owner sharing, and the address they call from (the system's user log names both). */
  owner: SystemChangeAuthor,
  system: SystemRow,
  email: string,
  days: number,
  now: Date,
  mailer: Pick<Mailer, 'portalUrl' | 'sendQueued' | 'seal'>,
): Promise<ShareResult> {
  if (system.customerUserId !== owner.id) throw new ApiError(Code.NO_PERMISSION);
  await refuseWhileMoving(db, { ids: [system.id] });
  const address = email.trim().toLowerCase();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const result = await db.transaction(async (tx) => {
    const [ownerRow] = await tx
      .select({ email: users.email, username: users.username, displayName: users.displayName, languageCode: users.languageCode })
      .from(users)
      .where(eq(users.id, owner.id));
    if (ownerRow?.email.toLowerCase() === address)
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: email (a system cannot be shared with its owner)');
    let [sharer] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, address));
    let registerToken: string | null = null;
    if (sharer && !sharer.roles.includes('sharer')) throw userExists('this e-mail belongs to an account that is not a sharer');
    // A new person, or one invited before who never registered: they cannot log in yet, so a (new) link.
    const invite = !sharer || (await stillToRegister(tx, sharer.id));
    if (!sharer) [sharer] = await createInvitedSharer(tx, address, now);
    if (invite) {
      registerToken = randomBytes(24).toString('base64url');
      await tx
        .insert(shareInvitations)
        .values({ sharerUserId: sharer!.id, tokenHash: hashToken(registerToken), expiresAt, createdAt: now });
    }
    const [existing] = await tx
      .select({ id: systemShares.id })
      .from(systemShares)
      .where(and(eq(systemShares.systemSn, system.sysSn), eq(systemShares.sharerUserId, sharer!.id)));
    if (existing) await tx.update(systemShares).set({ expiresAt, ownerUserId: owner.id }).where(eq(systemShares.id, existing.id));
    else
      await tx
        .insert(systemShares)
        .values({ systemSn: system.sysSn, ownerUserId: owner.id, sharerUserId: sharer!.id, email: address, expiresAt, createdAt: now });

    // In the share's transaction: no share without its mail, no mail about a share that was not stored.
    const shared = {
      owner: ownerRow!.displayName.trim() || ownerRow!.username,
      name: system.sysName,
      sn: system.sysSn,
      until: expiresAt,
      timeZone: system.timeZone,
      systemId: system.id,
    };
    const mail = registerToken
      ? // A new person has no language of their own yet: the owner's is the best guess.
        shareMail({ address, language: mailLanguage(ownerRow!.languageCode), name: '' }, shared, {
          register: { portalUrl: mailer.portalUrl, path: '/shareRegister', token: registerToken },
        })
      : shareMail({ address, language: mailLanguage(sharer!.languageCode), name: sharer!.displayName.trim() || sharer!.username }, shared, {
          login: portalLink(mailer.portalUrl, '/Login'),
          username: sharer!.username,
        });
    // The invitation link is in clear only in the sealed text the transport gets (DESIGN §10).
    await queueMails(tx, [mail], now, mailer.seal);
    // The share's user-log row, in the share's transaction: no share without it, no row without the share.
    await logSystemChange(tx, owner, system, 'share', { email: address, days }, owner.address, now);
    return { sharer_username: sharer!.username, expires_at: expiresAt.toISOString(), register_token: registerToken };
  });
  mailer.sendQueued();
  return result;
}

/** 37 on the dialog's e-mail field: the address is taken by an account this share cannot use. */
const userExists = (why: string) => new ApiError(Code.USER_EXISTS, `User exists: ${why}`, { data: { field: 'email' } });

/**
 * The sharer account of a person without one; its user name is the address until they choose their own at
 * /shareRegister. An address that is already another account's user name (someone chose it as theirs) is
 * refused with 37 instead of failing on the unique user name (a 500 before): that account is not this person's.
 */
async function createInvitedSharer(db: Database, address: string, now: Date) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, address));
  if (taken) throw userExists('this e-mail is the user name of another account');
  const passwordHash = await hashPassword(randomBytes(24).toString('base64'));
  try {
    return await db
      .insert(users)
      .values({
        username: address,
        usernameSkeleton: nameSkeleton(address),
        email: address,
        passwordHash,
        roles: ['sharer'],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  } catch (error) {
    // The same address shared by two owners at the same moment: the second finds the first's account taken.
    if (isUniqueViolation(error)) throw userExists('this e-mail was just given to another account');
    throw error;
  }
}

/**
 * Whether the sharer account is still waiting for its person to register: made by a share (so invited),
 * with no invitation used yet. An account that was never invited (the demo's, one made by an administrator)
 * or that registered has a user name and a password of its own.
 */
async function stillToRegister(db: Database, sharerUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ invited: sql<number>`count(*)`.mapWith(Number), registered: sql<number>`count(${shareInvitations.usedAt})`.mapWith(Number) })
    .from(shareInvitations)
    .where(eq(shareInvitations.sharerUserId, sharerUserId));
  return (row?.invited ?? 0) > 0 && row!.registered === 0;
}

async function liveInvitation(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ id: shareInvitations.id, userId: users.id, email: users.email })
    .from(shareInvitations)
    .innerJoin(users, eq(users.id, shareInvitations.sharerUserId))
    .where(and(eq(shareInvitations.tokenHash, hashToken(token)), isNull(shareInvitations.usedAt), gt(shareInvitations.expiresAt, now)));
  if (!row) throw new ApiError(Code.LINK_EXPIRED);
  return row;
}

/** Whether a /shareRegister link is still good (12 when used or expired), and for which e-mail. */
export async function checkInvitation(db: Database, token: string, now: Date): Promise<{ email: string }> {
  return { email: (await liveInvitation(db, token, now)).email };
}

/** The invited person chooses a user name (50 when taken) and a password; the link then stops working. */
export async function registerSharer(db: Database, token: string, username: string, password: string, now: Date): Promise<void> {
  const invitation = await liveInvitation(db, token, now);
  if (!isStrongPassword(password))
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: password (at least 8 characters with letters and digits)');
  // A name that only looks like another (confusables.ts) is taken too.
  await assertUsernameFree(db, username, invitation.userId);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ username, usernameSkeleton: nameSkeleton(username), passwordHash, updatedAt: now })
      .where(eq(users.id, invitation.userId));
    await tx.update(shareInvitations).set({ usedAt: now }).where(eq(shareInvitations.id, invitation.id));
  });
}

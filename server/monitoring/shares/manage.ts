import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { ExtendedShare, ShareListRow } from '../../../contract/monitoring';
import type { Database } from '../../core/db';
import { shareInvitations } from '../../core/db/schema/monitoring';
import { systemShares } from '../../core/db/schema/shares';
import { users } from '../../core/db/schema/users';
import { ApiError } from '../../core/http/envelope';
import type { SystemRow } from '../../core/system-scope';
import { logSystemChange, type SystemChangeAuthor } from '../systems/history';
import { refuseWhileMoving } from '../../sysmigration/guard';

/**
 * The owner's view of a system's shares: who it is shared with, until when, whether the
 * person has registered yet (an invitation still pending otherwise); revoke and extend one of them.
 *
 * A revoked share is deleted, not ended: the sharer's scope is read on every call (scope.ts), so their next call
 * already answers as for an ended share (45 on the system, 97 at the next login when it was their last share).
 * The system's user log keeps who revoked or extended what.
 */
const DAY_MS = 86_400_000;

/** Every share of the system, the newest end first; ended ones too, so that the owner sees whose access ended when. */
export async function sharesOf(db: Database, system: SystemRow, now: Date): Promise<ShareListRow[]> {
  const rows = await db
    .select({
      id: systemShares.id,
      email: systemShares.email,
      username: users.username,
      displayName: users.displayName,
      expiresAt: systemShares.expiresAt,
      createdAt: systemShares.createdAt,
      // Invited by a share and never registered: the invitation is still pending (see service.ts stillToRegister).
      invited: sql<number>`(SELECT count(*) FROM ${shareInvitations} WHERE ${shareInvitations.sharerUserId} = ${users.id})`.mapWith(Number),
      registered:
        sql<number>`(SELECT count(${shareInvitations.usedAt}) FROM ${shareInvitations} WHERE ${shareInvitations.sharerUserId} = ${users.id})`.mapWith(
          Number,
        ),
    })
    .from(systemShares)
    .innerJoin(users, eq(users.id, systemShares.sharerUserId))
    .where(eq(systemShares.systemSn, system.sysSn))
    .orderBy(asc(systemShares.expiresAt), asc(systemShares.id));
  return rows.map((row) => {
    const pending = row.invited > 0 && row.registered === 0;
    return {
      id: row.id,
      email: row.email,
      // A pending person's user name is still their address: no name of their own yet.
      username: pending ? null : row.username,
      display_name: pending ? null : row.displayName.trim() || null,
      registered: !pending,
      expires_at: row.expiresAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      active: row.expiresAt > now,
    };
  });
}

/**
 * One share of this system that still lasts (45 for any other id: nothing said about shares of other systems).
 * An ended share is neither extended nor revoked (2 naming `id`): it gives nothing any more, and sharing the
 * system again with the address renews it.
 */
async function liveShareOfSystem(db: Database, system: SystemRow, id: number, now: Date) {
  const [share] = await db
    .select()
    .from(systemShares)
    .where(and(eq(systemShares.id, id), eq(systemShares.systemSn, system.sysSn)));
  if (!share) throw new ApiError(Code.NO_PERMISSION);
  if (share.expiresAt <= now) {
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: id (the share has ended; share the system again to renew it)', {
      data: { field: 'id' },
    });
  }
  return share;
}

/**
 * Ends the share at once; a pending invitation of a person left with no share stops working too. The system's
 * user-log row is written in the same transaction.
 */
export async function revokeShare(db: Database, system: SystemRow, id: number, now: Date, by: SystemChangeAuthor): Promise<void> {
  await refuseWhileMoving(db, { ids: [system.id] });
  await db.transaction(async (tx) => {
    const share = await liveShareOfSystem(tx, system, id, now);
    await tx.delete(systemShares).where(eq(systemShares.id, share.id));
    const [left] = await tx
      .select({ id: systemShares.id })
      .from(systemShares)
      .where(eq(systemShares.sharerUserId, share.sharerUserId))
      .limit(1);
    if (!left) {
      await tx
        .update(shareInvitations)
        .set({ expiresAt: now })
        .where(
          and(eq(shareInvitations.sharerUserId, share.sharerUserId), isNull(shareInvitations.usedAt), gt(shareInvitations.expiresAt, now)),
        );
    }
    await logSystemChange(tx, by, system, 'share_revoke', { email: share.email }, by.address, now);
  });
}

/**
 * Adds days to the end of a share that still lasts. The person's pending invitation lasts as long as the share it
 * came with. The system's user-log row is written in the same transaction.
 */
export async function extendShare(
  db: Database,
  system: SystemRow,
  id: number,
  days: number,
  now: Date,
  by: SystemChangeAuthor,
): Promise<ExtendedShare> {
  await refuseWhileMoving(db, { ids: [system.id] });
  return db.transaction(async (tx) => {
    const share = await liveShareOfSystem(tx, system, id, now);
    const expiresAt = new Date(share.expiresAt.getTime() + days * DAY_MS);
    await tx.update(systemShares).set({ expiresAt }).where(eq(systemShares.id, share.id));
    await tx
      .update(shareInvitations)
      .set({ expiresAt })
      .where(
        and(
          eq(shareInvitations.sharerUserId, share.sharerUserId),
          isNull(shareInvitations.usedAt),
          lt(shareInvitations.expiresAt, expiresAt),
        ),
      );
    await logSystemChange(tx, by, system, 'share_extend', { email: share.email, days }, by.address, now);
    return { expires_at: expiresAt.toISOString() };
  });
}

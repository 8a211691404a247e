import { count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { UserHistory } from '../../../contract/admin/users';
import type { Database } from '../../core/db';
import { licenses, sessions, shareInvitations, systems, systemShares, userLog, vpps } from '../../core/db/schema';

/** What ties a user to the portal's records (contract/admin/users.ts): a user with any of it is deactivated, never deleted. */

async function countOf(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

export async function userHistory(db: Database, user: { id: number; username: string }): Promise<UserHistory> {
  const [owned, managed, logins, logRows, shares, invitations, held] = await Promise.all([
    countOf(db, systems, eq(systems.customerUserId, user.id)),
    countOf(db, vpps, eq(vpps.managerUserId, user.id)),
    countOf(db, sessions, eq(sessions.userId, user.id)),
    countOf(db, userLog, eq(userLog.userId, user.id)),
    countOf(db, systemShares, or(eq(systemShares.ownerUserId, user.id), eq(systemShares.sharerUserId, user.id))),
    countOf(db, shareInvitations, eq(shareInvitations.sharerUserId, user.id)),
    countOf(db, licenses, sql`lower(${licenses.assigned_user}) = lower(${user.username})`),
  ]);
  return { systems: owned + managed, sessions: logins, logRows, shares: shares + invitations, licenses: held };
}

export function hasHistory(history: UserHistory): boolean {
  return Object.values(history).some((n) => n > 0);
}

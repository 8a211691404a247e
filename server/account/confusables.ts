import { and, arrayOverlaps, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { STAFF_ROLES } from '../../permissions/roles';
import { Code } from '../../contract/codes';
import type { Database } from '../core/db';
import { users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { nameSkeleton } from '../core/auth/name-skeleton';

/**
 * Whether another user's name is the same as `username` or looks the same (its skeleton: one indexed lookup).
 * `exceptUserId` is the user being renamed.
 */
export async function isUsernameTaken(db: Database, username: string, exceptUserId?: number): Promise<boolean> {
  const same = or(eq(sql`lower(${users.username})`, username.trim().toLowerCase()), eq(users.usernameSkeleton, nameSkeleton(username)));
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? same : and(same, ne(users.id, exceptUserId)))
    .limit(1);
  return taken !== undefined;
}

/** 50 on every path that creates or renames a user when the name, or one that looks the same, is taken. */
export async function assertUsernameFree(db: Database, username: string, exceptUserId?: number): Promise<void> {
  if (await isUsernameTaken(db, username, exceptUserId))
    throw new ApiError(Code.USERNAME_EXISTS, undefined, { data: { field: 'username' } });
}

/**
 * 37 (user exists) on `field` when a customer's display name copies a staff member's (same skeleton, whatever the
 * case): a reply or a message signed with it would pass for the staff member's. Staff are few: their names are
 * compared here rather than kept as skeletons.
 */
export async function assertNotStaffDisplayName(db: Database, displayName: string, field: string, exceptUserId?: number): Promise<void> {
  const wanted = nameSkeleton(displayName);
  if (!wanted) return;
  const staff = await db
    .select({ displayName: users.displayName })
    .from(users)
    .where(
      and(
        arrayOverlaps(users.roles, [...STAFF_ROLES]),
        ne(users.displayName, ''),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  if (staff.some((s) => nameSkeleton(s.displayName) === wanted)) {
    throw new ApiError(Code.USER_EXISTS, 'User exists: this name is a staff member’s, choose another', {
      data: { field, staffName: true },
    });
  }
}

/** Gives every user written before the skeleton column (or by a path that predates it) their name's skeleton. */
export async function fillNameSkeletons(db: Database): Promise<void> {
  const missing = await db.select({ id: users.id, username: users.username }).from(users).where(isNull(users.usernameSkeleton));
  for (const user of missing) {
    await db
      .update(users)
      .set({ usernameSkeleton: nameSkeleton(user.username) })
      .where(eq(users.id, user.id));
  }
}

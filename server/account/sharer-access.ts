import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../core/db';
import { systemShares } from '../core/db/schema';

/** A user whose only role is sharer: their account is worth something only while a share lasts. */
export function isSharerOnly(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((role) => role === 'sharer');
}

/** Whether a sharer-only user has no share left that has not expired (97 at login, 98 at password recovery). */
export async function sharesAllExpired(db: Database, user: { id: number; roles: readonly string[] }, now: Date): Promise<boolean> {
  if (!isSharerOnly(user.roles)) return false;
  const [share] = await db
    .select({ id: systemShares.id })
    .from(systemShares)
    .where(and(eq(systemShares.sharerUserId, user.id), gt(systemShares.expiresAt, now)))
    .limit(1);
  return !share;
}

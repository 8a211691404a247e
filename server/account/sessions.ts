import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../core/db';
import { sessionUsedKeys, sessions, users } from '../core/db/schema';
import { SESSION_REVOKED_CHANNEL } from '../core/auth/revocations';
import { hashRefreshKey, newRefreshKey } from './tokens';

/** CONTRACT.md: a session lives 30 days from its last refresh. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type RevokeReason = 'logout' | 'password_change' | 'password_reset' | 'admin' | 'key_reuse';

export type SessionLookup =
  | { kind: 'current'; session: typeof sessions.$inferSelect; user: typeof users.$inferSelect }
  | { kind: 'used'; sessionId: string; userId: number; username: string; revoked: boolean }
  | { kind: 'unknown' };

/** The sessions table: creation, refresh-key rotation with replay detection, revocation. */
export class Sessions {
  constructor(private readonly db: Database) {}

  async create(userId: number, now: Date): Promise<{ sessionId: string; refreshKey: string }> {
    const refreshKey = newRefreshKey();
    const [row] = await this.db
      .insert(sessions)
      .values({ userId, refreshKeyHash: hashRefreshKey(refreshKey), createdAt: now, lastRefreshedAt: now })
      .returning({ id: sessions.id });
    return { sessionId: row!.id, refreshKey };
  }

  /** Finds the session a refresh key belongs to: as its current key, as a key already used, or not at all. */
  async findByRefreshKey(refreshKey: string): Promise<SessionLookup> {
    const keyHash = hashRefreshKey(refreshKey);
    const [current] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.refreshKeyHash, keyHash));
    if (current) return { kind: 'current', ...current };
    const [used] = await this.db
      .select({ sessionId: sessions.id, userId: users.id, username: users.username, revokedAt: sessions.revokedAt })
      .from(sessionUsedKeys)
      .innerJoin(sessions, eq(sessions.id, sessionUsedKeys.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessionUsedKeys.keyHash, keyHash));
    if (used)
      return { kind: 'used', sessionId: used.sessionId, userId: used.userId, username: used.username, revoked: used.revokedAt !== null };
    return { kind: 'unknown' };
  }

  /**
   * Replaces the session's key by a new one and remembers the old one as used. Null when another refresh
   * with the same key won the race (the caller treats it like a reused key).
   */
  async rotate(sessionId: string, oldKey: string, now: Date): Promise<string | null> {
    const oldHash = hashRefreshKey(oldKey);
    const refreshKey = newRefreshKey();
    const rotated = await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(sessions)
        .set({ refreshKeyHash: hashRefreshKey(refreshKey), lastRefreshedAt: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.refreshKeyHash, oldHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (updated.length === 0) return false;
      await tx.insert(sessionUsedKeys).values({ keyHash: oldHash, sessionId, usedAt: now });
      return true;
    });
    return rotated ? refreshKey : null;
  }

  async revoke(sessionId: string, reason: RevokeReason, now: Date): Promise<void> {
    await this.revokeWhere(eq(sessions.id, sessionId), reason, now);
  }

  /** Ends every live session of a user except `keepSessionId` (after a password change). */
  async revokeOthers(userId: number, keepSessionId: string, reason: RevokeReason, now: Date): Promise<void> {
    await this.revokeWhere(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))!, reason, now);
  }

  /** Ends every live session of a user (password reset, lock, a change of roles: whatever they allowed is over). */
  async revokeAll(userId: number, reason: RevokeReason, now: Date): Promise<void> {
    await this.revokeWhere(eq(sessions.userId, userId), reason, now);
  }

  /**
   * Marks the live sessions matching `where` revoked and, in the same statement, tells every node of each
   * (server/core/auth/revocations.ts): from the commit on, their access tokens are refused everywhere. One
   * statement, so that no revocation commits untold, and inside a caller's transaction the notifications
   * go out only if it commits.
   */
  private async revokeWhere(where: SQL, reason: RevokeReason, now: Date): Promise<void> {
    const revoked = this.db.$with('revoked').as(
      this.db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(where, isNull(sessions.revokedAt)))
        .returning({ id: sessions.id }),
    );
    await this.db
      .with(revoked)
      .select({ told: sql`pg_notify(${SESSION_REVOKED_CHANNEL}, ${revoked.id}::text)` })
      .from(revoked);
  }
}

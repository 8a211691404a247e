import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { loginFailures } from '../db/schema';

/** Spec §9 and CONTRACT.md: wrong entries within the window, then no login for the hold time. */
export const LOCKOUT = {
  windowMs: 15 * 60 * 1000,
  holdMs: 5 * 60 * 1000,
  perUsername: 5,
  perAddress: 50,
} as const;

/**
 * Login failures counted per user name (existing or not) and per client address. A counter trips when it
 * reaches its limit within the window and holds until `holdMs` after the last failure counted; attempts
 * during the hold are refused without being counted, so the hold ends on time.
 */
export class Lockout {
  constructor(private readonly db: Database) {}

  async isLocked(username: string, ip: string, now: Date): Promise<boolean> {
    const name = username.toLowerCase();
    const byName = and(eq(loginFailures.username, name), eq(loginFailures.usernameCleared, false));
    const byIp = eq(loginFailures.ip, ip);
    const [row] = await this.db
      .select({
        nameCount: sql<number>`count(*) filter (where ${byName})`.mapWith(Number),
        nameLast: sql<Date | null>`max(${loginFailures.createdAt}) filter (where ${byName})`.mapWith(loginFailures.createdAt),
        ipCount: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
        ipLast: sql<Date | null>`max(${loginFailures.createdAt}) filter (where ${byIp})`.mapWith(loginFailures.createdAt),
      })
      .from(loginFailures)
      .where(and(gt(loginFailures.createdAt, new Date(now.getTime() - LOCKOUT.windowMs)), or(byName, byIp)));
    if (!row) return false;
    const holding = (last: Date | null) => last !== null && now.getTime() - last.getTime() < LOCKOUT.holdMs;
    return (row.nameCount >= LOCKOUT.perUsername && holding(row.nameLast)) || (row.ipCount >= LOCKOUT.perAddress && holding(row.ipLast));
  }

  /** Counts a wrong entry; true when this one tripped a counter (the answer is then 92, not 5). */
  async recordFailure(username: string, ip: string, now: Date): Promise<boolean> {
    // Rows older than the window count for nothing any more; drop them as we go.
    await this.db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - LOCKOUT.windowMs)));
    await this.db.insert(loginFailures).values({ username: username.toLowerCase(), ip, createdAt: now });
    return this.isLocked(username, ip, now);
  }

  /** After a successful login the name starts afresh; the address keeps its count (one good account must not reset it). */
  async clearUsername(username: string): Promise<void> {
    await this.db
      .update(loginFailures)
      .set({ usernameCleared: true })
      .where(and(eq(loginFailures.username, username.toLowerCase()), eq(loginFailures.usernameCleared, false)));
  }
}

import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../core/db';
import { recoveryRequests } from '../core/db/schema';

/** CONTRACT.md: how often a reset link or a user-name reminder may be asked for (code 15 beyond). */
export const RECOVERY_LIMIT = {
  /** The same user name or address again within this time is too fast. */
  minIntervalMs: 60_000,
  windowMs: 60 * 60_000,
  perTarget: 5,
  perAddress: 20,
} as const;

/**
 * Requests for reset links and user names, counted like the login failures (account/lockout.ts) per target
 * (the lower-cased name or address asked about, existing or not) and per client address. A refused request
 * is not counted, so waiting is enough to be let through again.
 */
export class RecoveryLimit {
  constructor(private readonly db: Database) {}

  /** Records the request; false (and nothing recorded) when it comes too fast. */
  async admit(target: string, ip: string, now: Date): Promise<boolean> {
    const name = target.trim().toLowerCase();
    const byTarget = eq(recoveryRequests.target, name);
    const byIp = eq(recoveryRequests.ip, ip);
    // Rows older than the window count for nothing any more; drop them as we go.
    await this.db.delete(recoveryRequests).where(lt(recoveryRequests.createdAt, new Date(now.getTime() - RECOVERY_LIMIT.windowMs)));
    const [row] = await this.db
      .select({
        targetCount: sql<number>`count(*) filter (where ${byTarget})`.mapWith(Number),
        targetLast: sql<Date | null>`max(${recoveryRequests.createdAt}) filter (where ${byTarget})`.mapWith(recoveryRequests.createdAt),
        ipCount: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      })
      .from(recoveryRequests)
      .where(and(gt(recoveryRequests.createdAt, new Date(now.getTime() - RECOVERY_LIMIT.windowMs)), or(byTarget, byIp)));
    const recent = row?.targetLast != null && now.getTime() - row.targetLast.getTime() < RECOVERY_LIMIT.minIntervalMs;
    if (recent || (row?.targetCount ?? 0) >= RECOVERY_LIMIT.perTarget || (row?.ipCount ?? 0) >= RECOVERY_LIMIT.perAddress) return false;
    await this.db.insert(recoveryRequests).values({ target: name, ip, createdAt: now });
    return true;
  }
}

import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../core/db';
import { loginFailures } from '../core/db/schema';

/** Spec §9 and CONTRACT.md: wrong entries of one user name within the window, then no login for the hold time. */
export const LOCKOUT = {
  windowMs: 15 * 60 * 1000,
  holdMs: 5 * 60 * 1000,
  perUsername: 5,
} as const;

/**
 * The client address is slowed down, never held: many people share one address behind a proxy or a NAT,
 * and one of them guessing (or mistyping) must not lock the others out. Past `freeFailures` wrong entries
 * from an address within the window, each attempt from it waits 2^(failures − freeFailures) × stepMs, at
 * most maxMs (11 failures: 0.2 s, 15: 3.2 s, from 16 on: 5 s).
 */
export const ADDRESS_SLOWDOWN = {
  freeFailures: 10,
  stepMs: 100,
  maxMs: 5_000,
} as const;

export function addressDelayMs(failures: number): number {
  const over = failures - ADDRESS_SLOWDOWN.freeFailures;
  if (over <= 0) return 0;
  return Math.min(ADDRESS_SLOWDOWN.maxMs, ADDRESS_SLOWDOWN.stepMs * 2 ** Math.min(over, 31));
}

export interface LoginHold {
  /** The user name has reached its limit and is held: the answer is 92, whatever the password. */
  nameHeld: boolean;
  /** How long this attempt waits before the password is even looked at (0 for a quiet address). */
  addressDelayMs: number;
}

/**
 * Login failures counted per user name (existing or not) and per client address. A name trips when it
 * reaches its limit within the window and holds until `holdMs` after the last failure counted; attempts
 * during the hold are refused without being counted, so the hold ends on time. An address only waits.
 */
export class Lockout {
  constructor(private readonly db: Database) {}

  async check(username: string, ip: string, now: Date): Promise<LoginHold> {
    const name = username.toLowerCase();
    const byName = and(eq(loginFailures.username, name), eq(loginFailures.usernameCleared, false));
    const byIp = eq(loginFailures.ip, ip);
    const [row] = await this.db
      .select({
        nameCount: sql<number>`count(*) filter (where ${byName})`.mapWith(Number),
        nameLast: sql<Date | null>`max(${loginFailures.createdAt}) filter (where ${byName})`.mapWith(loginFailures.createdAt),
        ipCount: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(gt(loginFailures.createdAt, new Date(now.getTime() - LOCKOUT.windowMs)), or(byName, byIp)));
    if (!row) return { nameHeld: false, addressDelayMs: 0 };
    const holding = row.nameLast !== null && now.getTime() - row.nameLast.getTime() < LOCKOUT.holdMs;
    return { nameHeld: row.nameCount >= LOCKOUT.perUsername && holding, addressDelayMs: addressDelayMs(row.ipCount) };
  }

  /** Counts a wrong entry; true when this one tripped the name's hold (the answer is then 92, not 5). */
  async recordFailure(username: string, ip: string, now: Date): Promise<boolean> {
    // Rows older than the window count for nothing any more; drop them as we go.
    await this.db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - LOCKOUT.windowMs)));
    await this.db.insert(loginFailures).values({ username: username.toLowerCase(), ip, createdAt: now });
    return (await this.check(username, ip, now)).nameHeld;
  }

  /** After a successful login the name starts afresh; the address keeps its count (one good account must not reset it). */
  async clearUsername(username: string): Promise<void> {
    await this.db
      .update(loginFailures)
      .set({ usernameCleared: true })
      .where(and(eq(loginFailures.username, username.toLowerCase()), eq(loginFailures.usernameCleared, false)));
  }
}

import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { Database } from '../core/db';
import { registrationFailures } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';

/**
 * Wrong entries of a code that could be guessed by trying (a label's check code, a warranty CDKEY), counted in the
 * database (registration_failures) per target and per client address, each purpose on its own: past a limit within
 * the window the answer is 92 until the window has passed. One counter for every such code, so that each is slowed
 * down the same way and every API node sees the same counts.
 */
export interface WrongEntryLimit {
  /** Which code the entries were of ('snCheck', 'cdkey'): the counts of one never slow down another. */
  purpose: string;
  windowMs: number;
  perTarget: number;
  perIp: number;
}

/** 92 (naming `field`) once the target, or the client address, has had `limit` wrong entries within the window. */
export async function assertNotGuessing(
  db: Database,
  limit: WrongEntryLimit,
  target: string,
  ip: string,
  now: Date,
  field: string,
): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const ofPurpose = eq(registrationFailures.purpose, limit.purpose);
  // Rows older than the window count for nothing any more; drop them as we go.
  await db.delete(registrationFailures).where(and(ofPurpose, lt(registrationFailures.createdAt, since)));
  const byTarget = eq(registrationFailures.target, target);
  const byIp = eq(registrationFailures.ip, ip);
  const [row] = await db
    .select({
      targetCount: sql<number>`count(*) filter (where ${byTarget})`.mapWith(Number),
      ipCount: sql<number>`count(*) filter (where ${byIp})`.mapWith(Number),
    })
    .from(registrationFailures)
    .where(and(ofPurpose, gt(registrationFailures.createdAt, since), or(byTarget, byIp)));
  if ((row?.targetCount ?? 0) >= limit.perTarget || (row?.ipCount ?? 0) >= limit.perIp) {
    throw new ApiError(Code.TOO_MANY_WRONG_ENTRIES, undefined, { data: { field } });
  }
}

/** Counts one wrong entry of the target from the address. */
export async function recordWrongEntry(db: Database, limit: WrongEntryLimit, target: string, ip: string, now: Date): Promise<void> {
  await db.insert(registrationFailures).values({ purpose: limit.purpose, target, ip, createdAt: now });
}

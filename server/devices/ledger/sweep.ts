import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { applyEventWhere } from './store';

/**
 * Ends what waited too long (DESIGN §12): a command not acknowledged by its device before its time to live is
 * `expired` (it never reached the device: a retry may), one the device acknowledged but gave no result for in time
 * is `timed_out` (the device may have done it: look before retrying). Run every minute by the queue (./jobs.ts);
 * answers how many rows ended.
 */
export async function sweepLedger(db: Database, now: Date): Promise<{ expired: number; timedOut: number }> {
  const at = now.toISOString();
  const expired = await applyEventWhere(db, { kind: 'expire' }, ['pending', 'sent'], sql`expires_at <= ${at}::timestamptz`, now, {
    message: 'the device did not acknowledge it before it expired',
  });
  const timedOut = await applyEventWhere(
    db,
    { kind: 'timeout' },
    ['delivered'],
    sql`delivered_at + result_minutes * interval '1 minute' <= ${at}::timestamptz`,
    now,
    { message: 'the device acknowledged it but gave no result in time' },
  );
  return { expired: expired.length, timedOut: timedOut.length };
}

import type { Database } from '../db';
import { userLog } from '../db/schema';

export type UserLogAction = 'login' | 'login_failed' | 'logout' | 'password_change' | 'refresh_reuse';

export interface UserLogEntry {
  userId: number | null;
  username: string;
  action: UserLogAction;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Appends one row to the audit trail the admin's user-log screen lists. */
export async function writeUserLog(db: Database, entry: UserLogEntry, at: Date): Promise<void> {
  await db.insert(userLog).values({
    userId: entry.userId,
    username: entry.username,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
    createdAt: at,
  });
}

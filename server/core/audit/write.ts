import type { Database } from '../db';
import { userLog } from '../db/schema';

export type UserLogAction = 'login' | 'login_failed' | 'logout' | 'password_change' | 'refresh_reuse';

export interface UserLogEntry {
  userId: number | null;
  username: string;
  /** An account event, '<resource>.<create|update|delete|…>' for an administration write, or a system change. */
  action: UserLogAction | (string & {});
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string;
}

/**
 * The one writer of the audit trail (user_log) that the admin's user-log screen and a system's log list:
 * account events, administration writes (server/core/crud/audit.ts) and system changes all come through here, in
 * the transaction of the change they record when there is one.
 */
export async function writeUserLog(db: Database, entries: UserLogEntry | readonly UserLogEntry[], at: Date): Promise<void> {
  const rows = Array.isArray(entries) ? entries : [entries as UserLogEntry];
  if (rows.length === 0) return;
  await db.insert(userLog).values(
    rows.map((entry) => ({
      userId: entry.userId,
      username: entry.username,
      action: entry.action,
      target: entry.target ?? null,
      detail: entry.detail ?? null,
      ip: entry.ip ?? null,
      createdAt: at,
    })),
  );
}

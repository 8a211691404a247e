import type { Actor } from '../auth/actor';
import type { Database } from '../db';
import { writeUserLog, type UserLogEntry } from '../audit/write';

/** What an administration write did; `action` reads like 'licenseManagement.create'. */
export interface AuditEntry {
  action: string;
  /** '<resource>:<id>' */
  target: string;
  before?: unknown;
  after?: unknown;
  extra?: Record<string, unknown>;
}

/** Who wrote: the caller of the call. */
type Writer = Pick<Actor, 'id' | 'username' | 'address'>;

/**
 * One row of the audit trail (user_log) for a write of an administration screen: who (the caller), what
 * (action, record, before / after), from where (client address), when (the injected clock).
 */
export async function writeAudit(db: Database, by: Writer, at: Date, entry: AuditEntry): Promise<void> {
  await writeAudits(db, by, at, [entry]);
}

/** The audit rows of a bulk write (an import) in one statement, in the transaction of the write. */
export async function writeAudits(db: Database, by: Writer, at: Date, entries: AuditEntry[]): Promise<void> {
  const who = writerOf(by);
  await writeUserLog(
    db,
    entries.map((entry) => auditEntry(who, entry)),
    at,
  );
}

function writerOf(by: Writer): Pick<UserLogEntry, 'userId' | 'username' | 'ip'> {
  return { userId: by.id, username: by.username, ip: by.address };
}

function auditEntry(who: Pick<UserLogEntry, 'userId' | 'username' | 'ip'>, entry: AuditEntry): UserLogEntry {
  const detail: Record<string, unknown> = { ...entry.extra };
  if (entry.before !== undefined) detail.before = entry.before;
  if (entry.after !== undefined) detail.after = entry.after;
  return { ...who, action: entry.action, target: entry.target, detail };
}

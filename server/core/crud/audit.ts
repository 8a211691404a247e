import type { FastifyRequest } from 'fastify';
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

/**
 * One row of the audit trail (user_log) for a write of an administration screen: who (the caller), what
 * (action, record, before / after), from where (client address), when (the injected clock).
 */
export async function writeAudit(db: Database, request: FastifyRequest, at: Date, entry: AuditEntry): Promise<void> {
  await writeAudits(db, request, at, [entry]);
}

/** The audit rows of a bulk write (an import) in one statement, in the transaction of the write. */
export async function writeAudits(db: Database, request: FastifyRequest, at: Date, entries: AuditEntry[]): Promise<void> {
  await writeUserLog(
    db,
    entries.map((entry) => auditEntry(request, entry)),
    at,
  );
}

function auditEntry(request: FastifyRequest, entry: AuditEntry): UserLogEntry {
  const detail: Record<string, unknown> = { ...entry.extra };
  if (entry.before !== undefined) detail.before = entry.before;
  if (entry.after !== undefined) detail.after = entry.after;
  return {
    userId: request.user?.id ?? null,
    username: request.user?.username ?? '',
    action: entry.action,
    target: entry.target,
    detail,
    ip: request.ip,
  };
}

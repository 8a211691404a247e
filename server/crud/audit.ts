import type { FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { userLog } from '../db/schema';

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
  const detail: Record<string, unknown> = { ...entry.extra };
  if (entry.before !== undefined) detail.before = entry.before;
  if (entry.after !== undefined) detail.after = entry.after;
  await db.insert(userLog).values({
    userId: request.user?.id ?? null,
    username: request.user?.username ?? '',
    action: entry.action,
    target: entry.target,
    detail,
    ip: request.ip,
    createdAt: at,
  });
}

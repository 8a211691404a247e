import { and, arrayContains, count, eq, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { Actor } from '../core/auth/actor';
import type { Database } from '../core/db';
import { users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';

/**
 * DESIGN §10: only an admin grants the admin role or edits, resets, locks or changes the menu permissions of
 * an admin or of the admin role; nobody changes their own roles or locks themselves; one unlocked admin
 * always remains. Every refusal is 45 and comes before anything is written.
 */
export const ADMIN_ROLE = 'admin';

export function holdsAdminRole(roles: readonly string[]): boolean {
  return roles.includes(ADMIN_ROLE);
}

function refuse(): never {
  throw new ApiError(Code.NO_PERMISSION);
}

/**
 * Whether the caller is an unlocked admin in the database now: a token states the roles of up to five minutes
 * ago, and a demoted or locked admin must not grant anything meanwhile.
 */
export async function callerIsAdmin(db: Database, actor: Actor): Promise<boolean> {
  const [caller] = await db.select({ roles: users.roles, locked: users.locked }).from(users).where(eq(users.id, actor.id)).limit(1);
  return !!caller && !caller.locked && holdsAdminRole(caller.roles);
}

/** 45 unless the caller is an admin, when the user or role they act on is (or becomes) an admin. */
export async function assertMayActOnAdmin(db: Database, actor: Actor, touchesAdmin: boolean): Promise<void> {
  if (touchesAdmin && !(await callerIsAdmin(db, actor))) refuse();
}

/** 45 when the caller acts on their own account (lock, reset, role change): what they may do to others only. */
export function assertNotSelf(actor: Actor, userId: number): void {
  if (userId === actor.id) refuse();
}

export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((role, i) => role === right[i]);
}

export type AdminState = { roles: readonly string[]; locked: boolean };

/** Whether a change takes an unlocked admin out of that state (demoted or locked). */
export function losesUnlockedAdmin(before: AdminState, after: AdminState): boolean {
  return holdsAdminRole(before.roles) && !before.locked && (!holdsAdminRole(after.roles) || after.locked);
}

/**
 * Inside the transaction of a write that demoted or locked an admin, after the write: 45 (and the write rolls
 * back) when no unlocked admin is left. The advisory lock makes such writes take turns on every node, so two
 * admins demoting each other at the same moment cannot both succeed; the one waiting counts after the other
 * committed.
 */
export async function assertUnlockedAdminRemains(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ess-portal:unlocked-admins'))`);
  const [remaining] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(arrayContains(users.roles, [ADMIN_ROLE]), eq(users.locked, false)));
  if (Number(remaining?.n ?? 0) === 0) refuse();
}

import { and, arrayOverlaps, asc, eq, ne, sql } from 'drizzle-orm';
import { LICENSE_TYPES } from '../../../resources/licenseManagement';
import type * as c from '../../../contract/admin/licenses';
import { Code } from '../../../contract/codes';
import type { Actor } from '../../core/auth/actor';
import { writeAudit } from '../../core/crud/audit';
import type { CrudHooks, Row } from '../../core/crud/factory';
import type { Database } from '../../core/db';
import { licenses, users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';

export type LicenseRow = typeof licenses.$inferSelect;

/** Today in UTC as YYYY-MM-DD (a license is valid through its expiry day). */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export async function findLicenseByKey(db: Database, key: string): Promise<LicenseRow | undefined> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(sql`lower(${licenses.license_key}) = lower(${key})`)
    .limit(1);
  return row;
}

/**
 * Whether `key` may be given to `username` (who will have `roles`): 39 unknown, 38 expired, 89 held by
 * another user, 17 the license type does not match the user's role, 13 the user already holds one.
 */
export async function assertLicenseAssignable(
  db: Database,
  key: string,
  username: string,
  roles: readonly string[],
  now: Date,
): Promise<LicenseRow> {
  const license = await findLicenseByKey(db, key);
  if (!license) throw new ApiError(Code.LICENSE_MISSING, undefined, { data: { field: 'license_key' } });
  if (license.expires_at < isoDay(now)) throw new ApiError(Code.LICENSE_EXPIRED, undefined, { data: { field: 'license_key' } });
  if (license.assigned_user && license.assigned_user.toLowerCase() !== username.toLowerCase()) {
    throw new ApiError(Code.LICENSE_USED_BY_OTHER, undefined, { data: { field: 'license_key' } });
  }
  if (!roles.includes(license.license_type)) throw new ApiError(Code.LICENSE_ROLE_MISMATCH, undefined, { data: { field: 'license_key' } });
  const [other] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(sql`lower(${licenses.assigned_user}) = lower(${username})`, ne(licenses.id, license.id)))
    .limit(1);
  if (other) throw new ApiError(Code.LICENSE_ASSIGNED, undefined, { data: { field: 'license_key' } });
  return license;
}

/** licenseManagement's spec checks on its generated calls (registered with the declaration in server/admin/routes.ts). */
export const licenseHooks: CrudHooks = {
  async beforeSave(values, { db, now, existing }) {
    const holder = values.assigned_user as string | null;
    if (!holder) return;
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${holder})`)
      .limit(1);
    if (!user) throw new ApiError(Code.USER_NOT_FOUND, undefined, { data: { field: 'assigned_user' } });
    const previous = (existing?.assigned_user as string | null | undefined) ?? null;
    // Handing a license from one user straight to another: 89 (free it first).
    if (previous && previous.toLowerCase() !== holder.toLowerCase())
      throw new ApiError(Code.LICENSE_USED_BY_OTHER, undefined, { data: { field: 'assigned_user' } });
    if (!user.roles.includes(values.license_type as string))
      throw new ApiError(Code.LICENSE_ROLE_MISMATCH, undefined, { data: { field: 'assigned_user' } });
    if ((values.expires_at as string) < isoDay(now) && !previous)
      throw new ApiError(Code.LICENSE_EXPIRED, undefined, { data: { field: 'expires_at' } });
    const [other] = await db
      .select({ id: licenses.id })
      .from(licenses)
      .where(
        existing
          ? and(sql`lower(${licenses.assigned_user}) = lower(${holder})`, ne(licenses.id, existing.id as number))
          : sql`lower(${licenses.assigned_user}) = lower(${holder})`,
      )
      .limit(1);
    if (other) throw new ApiError(Code.LICENSE_ASSIGNED, undefined, { data: { field: 'assigned_user' } });
    return { ...values, assigned_user: user.username } as Row;
  },
  beforeDelete(existing) {
    // An assigned license is in use: free it first (31).
    if (existing.assigned_user) throw new ApiError(Code.LICENSE_IN_USE);
  },
};

/**
 * licenseManagement's own calls: the users a license can go to (the options of 'Assigned user', callable by
 * every role of the screen, unlike the user list) and unassign, which frees a license so
 * it can be deleted or given to someone else (point 16).
 */
export async function licenseUserOptions(
  db: Database,
  { pageIndex, pageSize }: { pageIndex: number; pageSize: number },
): Promise<c.LicenseUserOptionsAnswer> {
  const where = arrayOverlaps(users.roles, [...LICENSE_TYPES]);
  const rows = await db
    .select({ username: users.username, display_name: users.displayName })
    .from(users)
    .where(where)
    .orderBy(asc(users.username))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(where);
  return { data: rows, dataCount: Number(total?.n ?? 0) };
}

/** Frees a license from its user (10 unknown; 2 when it is not assigned). */
export async function unassignLicense(db: Database, actor: Actor, id: number, now: Date): Promise<c.UnassignLicenseAnswer> {
  const [license] = await db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  if (!license) throw new ApiError(Code.LICENSE_NOT_FOUND);
  if (!license.assigned_user)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: id (the license is not assigned)', { data: { field: 'assigned_user' } });
  await db.transaction(async (tx) => {
    await tx.update(licenses).set({ assigned_user: null, updated_at: now }).where(eq(licenses.id, id));
    await writeAudit(tx, actor, now, {
      action: 'licenseManagement.unassign',
      target: `licenseManagement:${id}`,
      before: { assigned_user: license.assigned_user },
      after: { assigned_user: null },
    });
  });
  return { id, assigned_user: null };
}

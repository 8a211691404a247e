import { and, ne, sql } from 'drizzle-orm';
import { Code } from '../../src/shared/codes';
import type { CrudHooks, Row } from '../crud/factory';
import type { Database } from '../db';
import { licenses, users } from '../db/schema';
import { ApiError } from '../http/envelope';

export type LicenseRow = typeof licenses.$inferSelect;

/** Today in UTC as YYYY-MM-DD (a license is valid through its expiry day). */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export async function findLicenseByKey(db: Database, key: string): Promise<LicenseRow | undefined> {
  const [row] = await db.select().from(licenses).where(sql`lower(${licenses.license_key}) = lower(${key})`).limit(1);
  return row;
}

/**
 * Whether `key` may be given to `username` (who will have `roles`): 39 unknown, 38 expired, 89 held by
 * another user, 17 the license type does not match the user's role, 13 the user already holds one.
 */
export async function assertLicenseAssignable(db: Database, key: string, username: string, roles: readonly string[], now: Date): Promise<LicenseRow> {
  const license = await findLicenseByKey(db, key);
  if (!license) throw new ApiError(39, undefined, { data: { field: 'license_key' } });
  if (license.expires_at < isoDay(now)) throw new ApiError(38, undefined, { data: { field: 'license_key' } });
  if (license.assigned_user && license.assigned_user.toLowerCase() !== username.toLowerCase()) {
    throw new ApiError(89, undefined, { data: { field: 'license_key' } });
  }
  if (!roles.includes(license.license_type)) throw new ApiError(17, undefined, { data: { field: 'license_key' } });
  const [other] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(sql`lower(${licenses.assigned_user}) = lower(${username})`, ne(licenses.id, license.id)))
    .limit(1);
  if (other) throw new ApiError(13, undefined, { data: { field: 'license_key' } });
  return license;
}

/** licenseManagement's spec checks on its generated calls (registered with the declaration in server/admin/index.ts). */
export const licenseHooks: CrudHooks = {
  async beforeSave(values, { db, now, existing }) {
    const holder = values.assigned_user as string | null;
    if (!holder) return;
    const [user] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${holder})`).limit(1);
    if (!user) throw new ApiError(Code.USER_NOT_FOUND, undefined, { data: { field: 'assigned_user' } });
    const previous = (existing?.assigned_user as string | null | undefined) ?? null;
    // Handing a license from one user straight to another: 89 (free it first).
    if (previous && previous.toLowerCase() !== holder.toLowerCase()) throw new ApiError(89, undefined, { data: { field: 'assigned_user' } });
    if (!user.roles.includes(values.license_type as string)) throw new ApiError(17, undefined, { data: { field: 'assigned_user' } });
    if ((values.expires_at as string) < isoDay(now) && !previous) throw new ApiError(38, undefined, { data: { field: 'expires_at' } });
    const [other] = await db
      .select({ id: licenses.id })
      .from(licenses)
      .where(
        existing
          ? and(sql`lower(${licenses.assigned_user}) = lower(${holder})`, ne(licenses.id, existing.id as number))
          : sql`lower(${licenses.assigned_user}) = lower(${holder})`,
      )
      .limit(1);
    if (other) throw new ApiError(13, undefined, { data: { field: 'assigned_user' } });
    return { ...values, assigned_user: user.username } as Row;
  },
  beforeDelete(existing) {
    // An assigned license is in use: free it first (31).
    if (existing.assigned_user) throw new ApiError(31);
  },
};


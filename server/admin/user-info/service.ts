import { eq } from 'drizzle-orm';
import type { Profile } from '../../../contract/admin/profile';
import { Code } from '../../../contract/codes';
import type { Actor } from '../../core/auth/actor';
import { writeAudit } from '../../core/crud/audit';
import { isUniqueViolation, type Database } from '../../core/db';
import { users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { assertEmailFree } from '../users/service';
import { assertNotStaffDisplayName } from '../../account/confusables';
import { STAFF_ROLES } from '../../../permissions/roles';

type UserRow = typeof users.$inferSelect;

function present(user: UserRow): Profile {
  return {
    username: user.username,
    display_name: user.displayName,
    email: user.email,
    phone: user.phone,
    country: user.country,
    company: user.company,
    language_code: user.languageCode,
    time_zone: user.timeZone,
    roles: user.roles,
  };
}

/** userInfoSettings: every role edits their own profile (14: e-mail format, 37: the address is another user's). */

async function load(db: Database, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ApiError(Code.USER_NOT_FOUND);
  return user;
}

export async function profileOf(db: Database, userId: number): Promise<Profile> {
  return present(await load(db, userId));
}

/** Saves the caller's own profile (`values`: the form's fields as the route validated them). */
export async function saveProfile(db: Database, actor: Actor, values: Record<string, unknown>, now: Date): Promise<Profile> {
  const userId = actor.id;
  const before = await load(db, userId);
  const set = {
    displayName: String(values.display_name),
    email: String(values.email),
    phone: String(values.phone ?? ''),
    country: String(values.country ?? ''),
    company: String(values.company ?? ''),
    languageCode: String(values.language_code),
    timeZone: String(values.time_zone),
    updatedAt: now,
  };
  await assertEmailFree(db, set.email, userId);
  // A customer may not take a staff member's name (one that looks the same included); a name kept unchanged stays.
  const isCustomer = !before.roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));
  if (isCustomer && set.displayName.trim() !== before.displayName.trim()) {
    await assertNotStaffDisplayName(db, set.displayName, 'display_name', userId);
  }
  const after = await db
    .transaction(async (tx) => {
      const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
      await writeAudit(tx, actor, now, {
        action: 'userInfoSettings.update',
        target: `userManagement:${userId}`,
        before: present(before),
        after: present(row!),
      });
      return row!;
    })
    .catch((error: unknown) => {
      // Another user took the address between the check and the write (the unique index).
      if (isUniqueViolation(error)) throw new ApiError(Code.USER_EXISTS, undefined, { data: { field: 'email' } });
      throw error;
    });
  return present(after);
}

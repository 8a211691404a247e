import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { leafRoutes } from '../../../permissions/routes';
import { LICENSED_ROLES } from '../../../resources/userManagement';
import type * as c from '../../../contract/admin/users';
import { Code } from '../../../contract/codes';
import { hashPassword } from '../../core/auth/passwords';
import { assertUsernameFree } from '../../account/confusables';
import { nameSkeleton } from '../../core/auth/name-skeleton';
import { Sessions } from '../../account/sessions';
import type { Actor } from '../../core/auth/actor';
import { writeAudit } from '../../core/crud/audit';
import type { CrudHooks, Row } from '../../core/crud/factory';
import type { Database } from '../../core/db';
import { licenses, users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import {
  assertMayActOnAdmin,
  assertNotSelf,
  assertUnlockedAdminRemains,
  holdsAdminRole,
  losesUnlockedAdmin,
  sameRoles,
  type AdminState,
} from '../admin-protection';
import { assertLicenseAssignable, isoDay } from '../licenses/service';
import { routesOfRoles } from '../menu-permissions';
import { hasHistory, userHistory } from './history';
import { checkedScopeLinks } from './scope-links';

type UserRow = typeof users.$inferSelect;

/** A readable temporary password: letters and digits, always both. */
export function temporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  let out = letters[randomInt(letters.length)]! + digits[randomInt(digits.length)]!;
  while (out.length < 12) out += all[randomInt(all.length)]!;
  return out;
}

/**
 * User management's own actions beyond the generated calls: lock, reset the password, per-user menu
 * permissions, and removing a user: a user without history (no systems, logins, log rows,
 * shares or licenses: history.ts) may be deleted; anyone else is deactivated, which keeps their history, locks
 * the account (login answers 6 'User locked') and ends their sessions, and can be undone. The rules of DESIGN
 * §10 hold for all of them (admin-protection.ts): nobody acts on themselves, only an admin on an admin, one
 * unlocked admin remains. Every refusal comes before anything is written.
 */

async function findUser(db: Database, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ApiError(Code.USER_NOT_FOUND);
  return user;
}

/** 4 unknown; 45 for the own account or an admin's when the caller is not one. */
async function findToActOn(db: Database, actor: Actor, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  assertNotSelf(actor, user.id);
  await assertMayActOnAdmin(db, actor, holdsAdminRole(user.roles));
  return user;
}

export async function lockUser(db: Database, actor: Actor, id: number, locked: boolean, now: Date): Promise<c.LockUserAnswer> {
  const user = await findUser(db, id);
  // A deactivated user is locked until reactivated (deactivate), not unlocked behind that.
  if (user.deactivatedAt)
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: id (the user is deactivated; reactivate instead)', { data: { field: 'id' } });
  assertNotSelf(actor, user.id);
  await assertMayActOnAdmin(db, actor, holdsAdminRole(user.roles));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ locked, updatedAt: now }).where(eq(users.id, id));
    if (losesUnlockedAdmin(user, { roles: user.roles, locked })) await assertUnlockedAdminRemains(tx);
    if (locked) await new Sessions(tx).revokeAll(id, 'admin', now);
    await writeAudit(tx, actor, now, {
      action: locked ? 'userManagement.lock' : 'userManagement.unlock',
      target: `userManagement:${id}`,
      before: { locked: user.locked },
      after: { locked },
    });
  });
  return { id, locked };
}

/**
 * A new temporary password, answered once; ends the user's sessions. The own password changes through
 * /Account/ChangePassword, which asks for the old one: a reset here would let whoever holds a stolen session
 * keep the account.
 */
export async function resetUserPassword(db: Database, actor: Actor, id: number, now: Date): Promise<c.ResetUserPasswordAnswer> {
  const user = await findToActOn(db, actor, id);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    await new Sessions(tx).revokeAll(id, 'admin', now);
    await writeAudit(tx, actor, now, {
      action: 'userManagement.resetPassword',
      target: `userManagement:${id}`,
      extra: { username: user.username },
    });
  });
  return { id, username: user.username, password };
}

/** The menu entries this user's roles open, and those hidden from this user. */
export async function userMenuPermissions(db: Database, id: number): Promise<c.UserMenuPermissionsAnswer> {
  const user = await findUser(db, id);
  return { id, username: user.username, available: routesOfRoles(user.roles), menuDenied: user.menuDenied };
}

export async function saveUserMenuPermissions(
  db: Database,
  actor: Actor,
  { id, menuDenied }: { id: number; menuDenied: readonly string[] },
  now: Date,
): Promise<c.SaveUserMenuPermissionsAnswer> {
  const user = await findUser(db, id);
  await assertMayActOnAdmin(db, actor, holdsAdminRole(user.roles));
  const known = new Set(leafRoutes().map((r) => r.key));
  const unknown = menuDenied.find((k) => !known.has(k));
  if (unknown) throw new ApiError(Code.PARAM_ERROR, `Parameter error: menuDenied (${unknown})`, { data: { field: 'menuDenied' } });
  const denied = [...new Set(menuDenied)].sort();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ menuDenied: denied, updatedAt: now }).where(eq(users.id, id));
    await writeAudit(tx, actor, now, {
      action: 'userManagement.menuPermissions',
      target: `userManagement:${id}`,
      before: { menuDenied: user.menuDenied },
      after: { menuDenied: denied },
    });
  });
  return { id, menuDenied: denied };
}

export async function historyOfUser(db: Database, id: number): Promise<c.UserHistoryAnswer> {
  const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ApiError(Code.USER_NOT_FOUND);
  const history = await userHistory(db, user);
  return { id, username: user.username, history, deletable: !hasHistory(history) };
}

/** Deletes a user without history (400 with history: deactivate instead). */
export async function deleteUser(db: Database, actor: Actor, id: number, now: Date): Promise<null> {
  const user = await findToActOn(db, actor, id);
  const history = await userHistory(db, user);
  if (hasHistory(history)) {
    throw new ApiError(
      Code.OPERATION_FAILED,
      'Operation failure: the user has history (systems, logins, log rows, shares or licenses); deactivate the user instead',
      {
        data: { history },
      },
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    if (losesUnlockedAdmin(user, { roles: [], locked: true })) await assertUnlockedAdminRemains(tx);
    await writeAudit(tx, actor, now, {
      action: 'userManagement.delete',
      target: `userManagement:${id}`,
      before: { username: user.username, displayName: user.displayName, email: user.email, roles: user.roles },
    });
  });
  return null;
}

/** Deactivates (locked, sessions ended, history kept) or reactivates a user. */
export async function deactivateUser(
  db: Database,
  actor: Actor,
  { id, deactivated }: { id: number; deactivated: boolean },
  now: Date,
): Promise<c.DeactivateUserAnswer> {
  const user = await findToActOn(db, actor, id);
  if (deactivated === (user.deactivatedAt !== null)) {
    const state = deactivated ? 'already deactivated' : 'not deactivated';
    throw new ApiError(Code.PARAM_ERROR, `Parameter error: deactivated (the user is ${state})`, { data: { field: 'deactivated' } });
  }
  const after = { locked: deactivated, deactivatedAt: deactivated ? now : null };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...after, updatedAt: now })
      .where(eq(users.id, id));
    if (losesUnlockedAdmin(user, { roles: user.roles, locked: deactivated })) await assertUnlockedAdminRemains(tx);
    if (deactivated) await new Sessions(tx).revokeAll(id, 'admin', now);
    await writeAudit(tx, actor, now, {
      action: deactivated ? 'userManagement.deactivate' : 'userManagement.reactivate',
      target: `userManagement:${id}`,
      before: { locked: user.locked, deactivated_at: user.deactivatedAt?.toISOString() ?? null },
      after: { locked: after.locked, deactivated_at: after.deactivatedAt?.toISOString() ?? null },
    });
  });
  return { id, deactivated, locked: deactivated };
}

/** 37 when another user (not `exceptUserId`) already has this e-mail address, whatever its case. */
export async function assertEmailFree(db: Database, email: string, exceptUserId?: number): Promise<void> {
  if (!email) return;
  const same = sql`lower(${users.email}) = lower(${email})`;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? same : and(same, ne(users.id, exceptUserId)))
    .limit(1);
  if (other) throw new ApiError(Code.USER_EXISTS, undefined, { data: { field: 'email' } });
}

/** Assigns the license given when a licensed user was created or edited (same transaction as the user). */
export async function assignLicense(db: Database, key: string, username: string): Promise<void> {
  await db
    .update(licenses)
    .set({ assigned_user: username })
    .where(sql`lower(${licenses.license_key}) = lower(${key})`);
}

export function holdsLicensedRole(roles: readonly string[]): boolean {
  return roles.some((r) => (LICENSED_ROLES as readonly string[]).includes(r));
}

/**
 * An edit that gives a user the installer or service-partner role needs a license, as a new user does:
 * a key given in the body must be assignable (39, 38, 89, 17, 13); without one the user must already hold a
 * valid license of one of their roles (48 none, 38 expired, 17 of another type). An edit that adds no such
 * role is not blocked by the state of a license the user already holds.
 */
export async function assertLicenseForEdit(
  db: Database,
  { key, username, roles, previousRoles, now }: { key: string; username: string; roles: string[]; previousRoles: string[]; now: Date },
): Promise<void> {
  if (key) {
    await assertLicenseAssignable(db, key, username, roles, now);
    return;
  }
  const added = roles.filter((r) => !previousRoles.includes(r));
  if (!holdsLicensedRole(added)) return;
  const [held] = await db
    .select()
    .from(licenses)
    .where(sql`lower(${licenses.assigned_user}) = lower(${username})`)
    .limit(1);
  if (!held) throw new ApiError(Code.LICENSE_REQUIRED, undefined, { data: { field: 'license_key' } });
  if (held.expires_at < isoDay(now)) throw new ApiError(Code.LICENSE_EXPIRED, undefined, { data: { field: 'license_key' } });
  if (!roles.includes(held.license_type)) throw new ApiError(Code.LICENSE_ROLE_MISMATCH, undefined, { data: { field: 'license_key' } });
}

/** userManagement's spec checks on its generated calls (registered with the declaration in server/admin/routes.ts). */
export const userHooks: CrudHooks = {
  hiddenColumns: ['passwordHash', 'menuDenied'],
  async beforeSave(given, { db, now, mode, existing, actor }) {
    await assertMaySaveUser(db, actor, given.roles as string[], existing);
    const values = await checkedScopeLinks(db, given, existing);
    if (mode !== 'create') {
      // A license for a role the edit gives; blank or left out keeps the license the user holds (never read back).
      const key = String(given.license_key ?? '');
      await assertLicenseForEdit(db, {
        key,
        username: String(existing!.username),
        roles: values.roles as string[],
        previousRoles: existing!.roles as string[],
        now,
      });
      return key ? { ...values, license_key: key } : values;
    }
    // The declared unique check compares case only: a name that looks like another (аdmin, Cyrillic а) is taken too.
    await assertUsernameFree(db, String(values.username));
    const roles = values.roles as string[];
    const key = String(values.license_key ?? '');
    if (holdsLicensedRole(roles) && !key) throw new ApiError(Code.LICENSE_REQUIRED, undefined, { data: { field: 'license_key' } });
    if (key) await assertLicenseAssignable(db, key, String(values.username), roles, now);
    const { password, ...rest } = values;
    return { ...rest, usernameSkeleton: nameSkeleton(String(values.username)), passwordHash: await hashPassword(String(password)) } as Row;
  },
  async afterSave(row, { db, now, existing }, values) {
    if (existing && !sameRoles(existing.roles as string[], row.roles as string[])) {
      if (losesUnlockedAdmin(existing as AdminState, row as AdminState)) await assertUnlockedAdminRemains(db);
      // What the old roles allowed ends now, not when the user's token runs out.
      await new Sessions(db).revokeAll(Number(row.id), 'admin', now);
    }
    if (values.license_key) await assignLicense(db, String(values.license_key), String(row.username));
  },
};

/**
 * SaveUser's part of the admin rule: only an admin creates or edits an admin or gives the admin role, and
 * nobody changes their own roles (the rest of their own record they may edit). 45, nothing written.
 */
async function assertMaySaveUser(db: Database, actor: Actor, roles: string[], existing?: Row): Promise<void> {
  const previousRoles = (existing?.roles as string[] | undefined) ?? [];
  if (existing && !sameRoles(previousRoles, roles)) assertNotSelf(actor, Number(existing.id));
  await assertMayActOnAdmin(db, actor, holdsAdminRole(roles) || holdsAdminRole(previousRoles));
}

import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leafRoutes } from '../../permissions/routes';
import { LICENSED_ROLES, userManagement } from '../../resources/userManagement';
import * as c from '../../contract/admin/users';
import { Code } from '../../contract/codes';
import { hashPassword } from '../account/passwords';
import { Sessions } from '../account/sessions';
import type { AppDeps } from '../config';
import { writeAudit } from '../core/crud/audit';
import type { CrudHooks, Row } from '../core/crud/factory';
import { validateFields } from '../core/crud/validate';
import type { Database } from '../core/db';
import { licenses, users } from '../core/db/schema';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import {
  assertMayActOnAdmin,
  assertNotSelf,
  assertUnlockedAdminRemains,
  holdsAdminRole,
  losesUnlockedAdmin,
  sameRoles,
  type AdminState,
} from './admin-protection';
import { assertLicenseAssignable, isoDay } from './licenses';
import { routesOfRoles } from './menu-permissions';
import { checkedScopeLinks } from './user-scope-links';

/** A readable temporary password: letters and digits, always both. */
export function temporaryPassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  let out = letters[randomInt(letters.length)]! + digits[randomInt(digits.length)]!;
  while (out.length < 12) out += all[randomInt(all.length)]!;
  return out;
}

/** userManagement's spec checks on its generated calls (registered with the declaration in server/admin/index.ts). */
export const userHooks: CrudHooks = {
  hiddenColumns: ['passwordHash', 'menuDenied'],
  async beforeSave(given, { db, now, mode, existing, request }) {
    await assertMaySaveUser(db, request, given.roles as string[], existing);
    const values = await checkedScopeLinks(db, given, existing);
    if (mode !== 'create') {
      // license_key is a create-only field: on edit it is read from the body when given (a license for a new role).
      const { license_key: key } = validateFields(userManagement.fields, ['license_key'], request.body) as { license_key: string };
      await assertLicenseForEdit(db, { key, username: String(existing!.username), roles: values.roles as string[], previousRoles: existing!.roles as string[], now });
      return key ? { ...values, license_key: key } : values;
    }
    const roles = values.roles as string[];
    const key = String(values.license_key ?? '');
    if (holdsLicensedRole(roles) && !key) throw new ApiError(Code.LICENSE_REQUIRED, undefined, { data: { field: 'license_key' } });
    if (key) await assertLicenseAssignable(db, key, String(values.username), roles, now);
    const { password, ...rest } = values;
    return { ...rest, passwordHash: await hashPassword(String(password)) } as Row;
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

export function registerUsers(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writeUser = (action: 'lock' | 'unlock' | 'resetPassword' | 'menuPermissions') => `userManagement.${action}`;

  const findUser = async (id: number) => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new ApiError(Code.USER_NOT_FOUND);
    return user;
  };

  app.post('/User/LockUser', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: { tags: ['userManagement'], summary: 'Lock (locked: true) or unlock a user; locking ends their sessions', body: c.lockUserBody, response: { 200: envelopeOf(c.lockUserAnswer) } },
    handler: async (request) => {
      const { id, locked } = request.body;
      const user = await findUser(id);
      // A deactivated user is locked until reactivated (/User/DeactivateUser), not unlocked behind that.
      if (user.deactivatedAt) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: id (the user is deactivated; reactivate instead)', { data: { field: 'id' } });
      assertNotSelf(request, user.id);
      await assertMayActOnAdmin(deps.db, request, holdsAdminRole(user.roles));
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const db = tx;
        await db.update(users).set({ locked, updatedAt: now }).where(eq(users.id, id));
        if (losesUnlockedAdmin(user, { roles: user.roles, locked })) await assertUnlockedAdminRemains(db);
        if (locked) await new Sessions(db).revokeAll(id, 'admin', now);
        await writeAudit(db, request, now, {
          action: writeUser(locked ? 'lock' : 'unlock'),
          target: `userManagement:${id}`,
          before: { locked: user.locked },
          after: { locked },
        });
      });
      return ok({ id, locked });
    },
  });

  app.post('/User/ResetUserPassword', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags: ['userManagement'],
      summary: "Give a user a new temporary password (answered once); ends the user's sessions",
      body: c.resetUserPasswordBody,
      response: { 200: envelopeOf(c.resetUserPasswordAnswer) },
    },
    handler: async (request, reply) => {
      const { id } = request.body;
      const user = await findUser(id);
      // The own password changes through /Account/ChangePassword, which asks for the old one: a reset here
      // would let whoever holds a stolen session keep the account.
      assertNotSelf(request, user.id);
      await assertMayActOnAdmin(deps.db, request, holdsAdminRole(user.roles));
      const password = temporaryPassword();
      const now = deps.clock();
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (tx) => {
        const db = tx;
        await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
        await new Sessions(db).revokeAll(id, 'admin', now);
        await writeAudit(db, request, now, { action: writeUser('resetPassword'), target: `userManagement:${id}`, extra: { username: user.username } });
      });
      // Shown once to the person who asked: no cache along the way may keep it.
      reply.header('cache-control', 'no-store');
      return ok({ id, username: user.username, password });
    },
  });

  /** Per-user menu permissions: the entries this user's roles open, and those hidden from this user. */
  app.post('/User/GetUserMenuPermissions', {
    config: { permission: { subject: 'user', action: 'read' } },
    schema: {
      tags: ['userManagement'],
      summary: "The menu entries a user's roles open and those hidden from the user",
      body: c.userMenuPermissionsBody,
      response: { 200: envelopeOf(c.userMenuPermissionsAnswer) },
    },
    handler: async (request) => {
      const { id } = request.body;
      const user = await findUser(id);
      return ok({ id, username: user.username, available: routesOfRoles(user.roles), menuDenied: user.menuDenied });
    },
  });

  app.post('/User/SaveUserMenuPermissions', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags: ['userManagement'],
      summary: 'Hide menu entries from one user (effective at their next login)',
      body: c.saveUserMenuPermissionsBody,
      response: { 200: envelopeOf(c.saveUserMenuPermissionsAnswer) },
    },
    handler: async (request) => {
      const { id, menuDenied } = request.body;
      const user = await findUser(id);
      await assertMayActOnAdmin(deps.db, request, holdsAdminRole(user.roles));
      const known = new Set(leafRoutes().map((r) => r.key));
      const unknown = menuDenied.find((k) => !known.has(k));
      if (unknown) throw new ApiError(Code.PARAM_ERROR, `Parameter error: menuDenied (${unknown})`, { data: { field: 'menuDenied' } });
      const denied = [...new Set(menuDenied)].sort();
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const db = tx;
        await db.update(users).set({ menuDenied: denied, updatedAt: now }).where(eq(users.id, id));
        await writeAudit(db, request, now, {
          action: writeUser('menuPermissions'),
          target: `userManagement:${id}`,
          before: { menuDenied: user.menuDenied },
          after: { menuDenied: denied },
        });
      });
      return ok({ id, menuDenied: denied });
    },
  });
}

/**
 * SaveUser's part of the admin rule: only an admin creates or edits an admin or gives the admin role, and
 * nobody changes their own roles (the rest of their own record they may edit). 45, nothing written.
 */
async function assertMaySaveUser(db: Database, request: FastifyRequest, roles: string[], existing?: Row): Promise<void> {
  const previousRoles = (existing?.roles as string[] | undefined) ?? [];
  if (existing && !sameRoles(previousRoles, roles)) assertNotSelf(request, Number(existing.id));
  await assertMayActOnAdmin(db, request, holdsAdminRole(roles) || holdsAdminRole(previousRoles));
}

function holdsLicensedRole(roles: readonly string[]): boolean {
  return roles.some((r) => (LICENSED_ROLES as readonly string[]).includes(r));
}

/**
 * An edit that gives a user the installer or service-partner role needs a license, as a new user does:
 * a key given in the body must be assignable (39, 38, 89, 17, 13); without one the user must already hold a
 * valid license of one of their roles (48 none, 38 expired, 17 of another type). An edit that adds no such
 * role is not blocked by the state of a license the user already holds.
 */
async function assertLicenseForEdit(
  db: Database,
  { key, username, roles, previousRoles, now }: { key: string; username: string; roles: string[]; previousRoles: string[]; now: Date },
): Promise<void> {
  if (key) {
    await assertLicenseAssignable(db, key, username, roles, now);
    return;
  }
  const added = roles.filter((r) => !previousRoles.includes(r));
  if (!holdsLicensedRole(added)) return;
  const [held] = await db.select().from(licenses).where(sql`lower(${licenses.assigned_user}) = lower(${username})`).limit(1);
  if (!held) throw new ApiError(Code.LICENSE_REQUIRED, undefined, { data: { field: 'license_key' } });
  if (held.expires_at < isoDay(now)) throw new ApiError(Code.LICENSE_EXPIRED, undefined, { data: { field: 'license_key' } });
  if (!roles.includes(held.license_type)) throw new ApiError(Code.LICENSE_ROLE_MISMATCH, undefined, { data: { field: 'license_key' } });
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
  await db.update(licenses).set({ assigned_user: username }).where(sql`lower(${licenses.license_key}) = lower(${key})`);
}

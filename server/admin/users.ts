import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { leafRoutes } from '../../permissions/routes';
import { LICENSED_ROLES, userManagement } from '../../resources/userManagement';
import { Code } from '../../src/shared/codes';
import { hashPassword } from '../account/passwords';
import type { AppDeps } from '../config';
import { writeAudit } from '../crud/audit';
import type { CrudHooks, Row } from '../crud/factory';
import { parseBody, validateFields } from '../crud/validate';
import type { Database } from '../db';
import { licenses, sessions, users } from '../db/schema';
import { ApiError, ok } from '../http/envelope';
import { assertLicenseAssignable, isoDay } from './licenses';
import { routesOfRoles } from './menu-permissions';

const idBody = z.object({ id: z.coerce.number().int().positive() });
const lockBody = idBody.extend({ locked: z.boolean() });
const menuBody = idBody.extend({ menuDenied: z.array(z.string()) });

/** Ends every session of a user (locked, password reset): the next refresh answers 7. */
export async function revokeAllSessions(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'admin' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

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
  async beforeSave(values, { db, now, mode, existing, request }) {
    if (mode !== 'create') {
      // license_key is a create-only field: on edit it is read from the body when given (a license for a new role).
      const { license_key: key } = validateFields(userManagement.fields, ['license_key'], request.body) as { license_key: string };
      await assertLicenseForEdit(db, { key, username: String(existing!.username), roles: values.roles as string[], previousRoles: existing!.roles as string[], now });
      return key ? { ...values, license_key: key } : values;
    }
    const roles = values.roles as string[];
    const key = String(values.license_key ?? '');
    if (holdsLicensedRole(roles) && !key) throw new ApiError(48, undefined, { data: { field: 'license_key' } });
    if (key) await assertLicenseAssignable(db, key, String(values.username), roles, now);
    const { password, ...rest } = values;
    return { ...rest, passwordHash: await hashPassword(String(password)) } as Row;
  },
  async afterSave(row, { db }, values) {
    if (values.license_key) await assignLicense(db, String(values.license_key), String(row.username));
  },
};

export function registerUsers(app: FastifyInstance, deps: AppDeps): void {
  const writeUser = (action: 'lock' | 'unlock' | 'resetPassword' | 'menuPermissions') => `userManagement.${action}`;

  const findUser = async (id: number) => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new ApiError(Code.USER_NOT_FOUND);
    return user;
  };

  app.post('/User/LockUser', {
    config: { permission: ['update', 'userManagement'] },
    schema: { tags: ['userManagement'], summary: 'Lock (locked: true) or unlock a user; locking ends their sessions' },
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (request) => {
      const { id, locked } = parseBody(lockBody, request.body);
      const user = await findUser(id);
      if (user.id === request.user.id && locked) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: you cannot lock yourself');
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await db.update(users).set({ locked, updatedAt: now }).where(eq(users.id, id));
        if (locked) await revokeAllSessions(db, id, now);
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
    config: { permission: ['update', 'userManagement'] },
    schema: { tags: ['userManagement'], summary: "Give a user a new temporary password (answered once); ends the user's sessions" },
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (request) => {
      const { id } = parseBody(idBody, request.body);
      const user = await findUser(id);
      const password = temporaryPassword();
      const now = deps.clock();
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
        await revokeAllSessions(db, id, now);
        await writeAudit(db, request, now, { action: writeUser('resetPassword'), target: `userManagement:${id}`, extra: { username: user.username } });
      });
      return ok({ id, username: user.username, password });
    },
  });

  /** Per-user menu permissions: the entries this user's roles open, and those hidden from this user. */
  app.post('/User/GetUserMenuPermissions', {
    config: { permission: 'userManagement' },
    schema: { tags: ['userManagement'], summary: "The menu entries a user's roles open and those hidden from the user" },
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (request) => {
      const { id } = parseBody(idBody, request.body);
      const user = await findUser(id);
      return ok({ id, username: user.username, available: routesOfRoles(user.roles), menuDenied: user.menuDenied });
    },
  });

  app.post('/User/SaveUserMenuPermissions', {
    config: { permission: ['update', 'userManagement'] },
    schema: { tags: ['userManagement'], summary: 'Hide menu entries from one user (effective at their next login)' },
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (request) => {
      const { id, menuDenied } = parseBody(menuBody, request.body);
      const user = await findUser(id);
      const known = new Set(leafRoutes().map((r) => r.key));
      const unknown = menuDenied.find((k) => !known.has(k));
      if (unknown) throw new ApiError(Code.PARAM_ERROR, `Parameter error: menuDenied (${unknown})`, { data: { field: 'menuDenied' } });
      const denied = [...new Set(menuDenied)].sort();
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
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
  if (!held) throw new ApiError(48, undefined, { data: { field: 'license_key' } });
  if (held.expires_at < isoDay(now)) throw new ApiError(38, undefined, { data: { field: 'license_key' } });
  if (!roles.includes(held.license_type)) throw new ApiError(17, undefined, { data: { field: 'license_key' } });
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
  if (other) throw new ApiError(37, undefined, { data: { field: 'email' } });
}

/** Assigns the license given when a licensed user was created or edited (same transaction as the user). */
export async function assignLicense(db: Database, key: string, username: string): Promise<void> {
  await db.update(licenses).set({ assigned_user: username }).where(sql`lower(${licenses.license_key}) = lower(${key})`);
}

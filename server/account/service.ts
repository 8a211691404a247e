import { setTimeout as wait } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Tokens, UserInfo } from '../../contract/account';
import { Code } from '../../contract/codes';
import type { Clock } from '../config';
import type { Database } from '../core/db';
import { users } from '../core/db/schema';
import type { AuthUser } from '../core/http/auth';
import type { Actor, Caller } from '../core/auth/actor';
import { ApiError } from '../core/http/envelope';
import { menuDeniedAtLogin } from '../admin/menu-permissions';
import { writeUserLog, type UserLogAction } from '../core/audit/write';
import type { Lockout } from './lockout';
import { hashPassword, verifyPassword } from '../core/auth/passwords';
import { SESSION_TTL_MS, Sessions } from './sessions';
import { sharesAllExpired } from './sharer-access';

/** Login, sessions and the caller's own account (spec §7 Account). */

export type { Tokens, UserInfo } from '../../contract/account';

/**
 * What login and refresh need beside the caller and the body. The routes create it once: `lockout` and `sessions`
 * are shared by every call of the area.
 */
export interface LoginDeps {
  db: Database;
  clock: Clock;
  lockout: Lockout;
  sessions: Sessions;
  signAccessToken(user: Omit<AuthUser, 'sessionId'>, sessionId: string): string;
  /** The session id inside an access token we signed, expired or not; null for anything else. */
  sessionIdOfToken(token: string): string | null;
  /** The login slow-down's pause (a timer unless a test injects one). */
  sleep?: (ms: number) => Promise<void>;
}

type UserRow = typeof users.$inferSelect;

/**
 * Order matters for what a guesser can learn: the address's slow-down and the name's hold first (92
 * whoever the name is), then the password (5 for a wrong one and for an unknown name alike), and only
 * after a right password the account's own state (6 locked, 97 sharer without a live share).
 */
export async function login(deps: LoginDeps, caller: Caller, body: { username: string; password: string }): Promise<Tokens> {
  const { username, password } = body;
  const ip = caller.address;
  const sleep = deps.sleep ?? ((ms: number) => wait(ms));
  const hold = await deps.lockout.check(username, ip, deps.clock());
  // Between two queries, so no database connection waits with it.
  if (hold.addressDelayMs > 0) await sleep(hold.addressDelayMs);
  const now = deps.clock();
  if (hold.nameHeld) {
    await log(deps, null, username, 'login_failed', ip, { reason: 'too_many_wrong_entries' });
    throw new ApiError(Code.TOO_MANY_WRONG_ENTRIES);
  }
  const user = await findByUsername(deps.db, username);
  if (!(await verifyPassword(user?.passwordHash, password))) {
    const tripped = await deps.lockout.recordFailure(username, ip, now);
    await log(deps, user?.id ?? null, username, 'login_failed', ip, { reason: user ? 'wrong_password' : 'unknown_user' });
    throw new ApiError(tripped ? Code.TOO_MANY_WRONG_ENTRIES : Code.WRONG_CREDENTIALS);
  }
  const found = user!;
  await assertMayHoldSession(deps, found, now, ip);
  await deps.lockout.clearUsername(username);
  const { sessionId, refreshKey } = await deps.sessions.create(found.id, now);
  await log(deps, found.id, found.username, 'login', ip, { sessionId });
  return { AccessToken: deps.signAccessToken(await toAuthUser(deps.db, found), sessionId), RefreshTokenKey: refreshKey };
}

/**
 * Rotates the refresh key. 102 ends the client's session (unknown key, expired session, a key used
 * before); 7 says the session was ended elsewhere. A key used before means it was copied: the whole
 * session is revoked, so whoever holds the newest key is logged out too.
 */
export async function refresh(
  deps: LoginDeps,
  caller: Caller,
  body: { userName: string; accessToken: string; refreshTokenKey: string },
): Promise<Tokens> {
  const { userName, accessToken, refreshTokenKey: refreshKey } = body;
  const ip = caller.address;
  const { sessions } = deps;
  const now = deps.clock();
  const found = await sessions.findByRefreshKey(refreshKey);
  if (found.kind === 'used') {
    if (!found.revoked) await sessions.revoke(found.sessionId, 'key_reuse', now);
    await log(deps, found.userId, found.username, 'refresh_reuse', ip, { sessionId: found.sessionId });
    throw new ApiError(Code.LOGIN_TIMEOUT);
  }
  if (found.kind === 'unknown') throw new ApiError(Code.LOGIN_TIMEOUT);
  const { session, user } = found;
  if (session.revokedAt) throw new ApiError(Code.TOKEN_TIMEOUT, undefined, { status: Code.TOKEN_TIMEOUT });
  if (now.getTime() - session.lastRefreshedAt.getTime() >= SESSION_TTL_MS) throw new ApiError(Code.LOGIN_TIMEOUT);
  // The key must travel with its own user and session, not be replayed beside someone else's token.
  if (user.username.toLowerCase() !== userName.toLowerCase() || deps.sessionIdOfToken(accessToken) !== session.id) {
    throw new ApiError(Code.LOGIN_TIMEOUT);
  }
  await assertMayHoldSession(deps, user, now, ip);
  const newKey = await sessions.rotate(session.id, refreshKey, now);
  if (!newKey) throw new ApiError(Code.LOGIN_TIMEOUT);
  return { AccessToken: deps.signAccessToken(await toAuthUser(deps.db, user), session.id), RefreshTokenKey: newKey };
}

export async function logout(db: Database, caller: Actor, now: Date): Promise<null> {
  const ip = caller.address;
  // The revocation and its user-log row commit together or not at all.
  await db.transaction(async (tx) => {
    await new Sessions(tx).revoke(caller.sessionId, 'logout', now);
    await writeUserLog(
      tx,
      { userId: caller.id, username: caller.username, action: 'logout', ip, detail: { sessionId: caller.sessionId } },
      now,
    );
  });
  return null;
}

export async function getUserInfo(db: Database, userId: number): Promise<UserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(Code.USER_NOT_FOUND);
  return {
    username: user.username,
    name: user.displayName.trim() || user.username,
    email: user.email,
    roles: user.roles,
    country: user.country,
    languageCode: user.languageCode,
    menuDenied: await menuDeniedAtLogin(db, user.roles, user.menuDenied),
  };
}

/** The new password must already be strong (checked by the route schema); the other sessions end. */
export async function changePassword(
  db: Database,
  caller: Actor,
  body: { oldPassword: string; newPassword: string },
  now: Date,
): Promise<null> {
  const ip = caller.address;
  const [user] = await db.select().from(users).where(eq(users.id, caller.id));
  if (!user) throw new ApiError(Code.USER_NOT_FOUND);
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw new ApiError(Code.OLD_PASSWORD_WRONG);
  const passwordHash = await hashPassword(body.newPassword);
  // The new password, the ended sessions and the user-log row commit together or not at all.
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await new Sessions(tx).revokeOthers(user.id, caller.sessionId, 'password_change', now);
    await writeUserLog(
      tx,
      { userId: user.id, username: user.username, action: 'password_change', ip, detail: { sessionId: caller.sessionId } },
      now,
    );
  });
  return null;
}

async function findByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return user;
}

/** A locked user gets 6; a user who is only a sharer needs at least one share that has not expired (97). */
async function assertMayHoldSession(deps: LoginDeps, user: UserRow, now: Date, ip: string): Promise<void> {
  if (user.locked) {
    await log(deps, user.id, user.username, 'login_failed', ip, { reason: 'user_locked' });
    throw new ApiError(Code.USER_LOCKED);
  }
  if (await sharesAllExpired(deps.db, user, now)) {
    await log(deps, user.id, user.username, 'login_failed', ip, { reason: 'share_expired' });
    throw new ApiError(Code.SHARE_EXPIRED_LOGIN);
  }
}

function log(
  deps: Pick<LoginDeps, 'db' | 'clock'>,
  userId: number | null,
  username: string,
  action: UserLogAction,
  ip: string,
  detail: Record<string, unknown>,
) {
  return writeUserLog(deps.db, { userId, username, action, ip, detail }, deps.clock());
}

/** The token's claims; `menuDenied` adds the role permissions of roleManagement to the user's own denials. */
async function toAuthUser(db: Database, user: UserRow): Promise<Omit<AuthUser, 'sessionId'>> {
  return { id: user.id, username: user.username, roles: user.roles, menuDenied: await menuDeniedAtLogin(db, user.roles, user.menuDenied) };
}

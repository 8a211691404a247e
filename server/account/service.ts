import { setTimeout as wait } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Tokens, UserInfo } from '../../contract/account';
import { Code } from '../../contract/codes';
import type { Clock } from '../config';
import type { Database } from '../core/db';
import { users } from '../core/db/schema';
import type { AuthUser } from '../core/http/auth';
import type { Actor } from '../core/auth/actor';
import { ApiError } from '../core/http/envelope';
import { menuDeniedAtLogin } from '../admin/menu-permissions';
import { writeUserLog, type UserLogAction } from '../core/audit/write';
import { Lockout } from './lockout';
import { isUsernameTaken } from './confusables';
import { hashPassword, verifyPassword } from '../core/auth/passwords';
import { SESSION_TTL_MS, Sessions } from './sessions';
import { sharesAllExpired } from './sharer-access';

export type { Tokens, UserInfo } from '../../contract/account';

export interface AccountServiceDeps {
  db: Database;
  clock: Clock;
  signAccessToken(user: Omit<AuthUser, 'sessionId'>, sessionId: string): string;
  /** The session id inside an access token we signed, expired or not; null for anything else. */
  sessionIdOfToken(token: string): string | null;
  /** The login slow-down's pause (a timer unless a test injects one). */
  sleep?: (ms: number) => Promise<void>;
}

type UserRow = typeof users.$inferSelect;

/** Login, sessions and the caller's own account (spec §7 Account). */
export class AccountService {
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly lockout: Lockout;
  private readonly sessions: Sessions;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: AccountServiceDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.lockout = new Lockout(deps.db);
    this.sessions = new Sessions(deps.db);
    this.sleep = deps.sleep ?? ((ms) => wait(ms));
  }

  /**
   * Order matters for what a guesser can learn: the address's slow-down and the name's hold first (92
   * whoever the name is), then the password (5 for a wrong one and for an unknown name alike), and only
   * after a right password the account's own state (6 locked, 97 sharer without a live share).
   */
  async login(username: string, password: string, ip: string): Promise<Tokens> {
    const hold = await this.lockout.check(username, ip, this.clock());
    // Between two queries, so no database connection waits with it.
    if (hold.addressDelayMs > 0) await this.sleep(hold.addressDelayMs);
    const now = this.clock();
    if (hold.nameHeld) {
      await this.log(null, username, 'login_failed', ip, { reason: 'too_many_wrong_entries' });
      throw new ApiError(Code.TOO_MANY_WRONG_ENTRIES);
    }
    const user = await this.findByUsername(username);
    if (!(await verifyPassword(user?.passwordHash, password))) {
      const tripped = await this.lockout.recordFailure(username, ip, now);
      await this.log(user?.id ?? null, username, 'login_failed', ip, { reason: user ? 'wrong_password' : 'unknown_user' });
      throw new ApiError(tripped ? Code.TOO_MANY_WRONG_ENTRIES : Code.WRONG_CREDENTIALS);
    }
    const found = user!;
    await this.assertMayHoldSession(found, now, ip);
    await this.lockout.clearUsername(username);
    const { sessionId, refreshKey } = await this.sessions.create(found.id, now);
    await this.log(found.id, found.username, 'login', ip, { sessionId });
    return { AccessToken: this.deps.signAccessToken(await toAuthUser(this.db, found), sessionId), RefreshTokenKey: refreshKey };
  }

  /**
   * Rotates the refresh key. 102 ends the client's session (unknown key, expired session, a key used
   * before); 7 says the session was ended elsewhere. A key used before means it was copied: the whole
   * session is revoked, so whoever holds the newest key is logged out too.
   */
  async refresh(userName: string, accessToken: string, refreshKey: string, ip: string): Promise<Tokens> {
    const now = this.clock();
    const found = await this.sessions.findByRefreshKey(refreshKey);
    if (found.kind === 'used') {
      if (!found.revoked) await this.sessions.revoke(found.sessionId, 'key_reuse', now);
      await this.log(found.userId, found.username, 'refresh_reuse', ip, { sessionId: found.sessionId });
      throw new ApiError(Code.LOGIN_TIMEOUT);
    }
    if (found.kind === 'unknown') throw new ApiError(Code.LOGIN_TIMEOUT);
    const { session, user } = found;
    if (session.revokedAt) throw new ApiError(Code.TOKEN_TIMEOUT, undefined, { status: Code.TOKEN_TIMEOUT });
    if (now.getTime() - session.lastRefreshedAt.getTime() >= SESSION_TTL_MS) throw new ApiError(Code.LOGIN_TIMEOUT);
    // The key must travel with its own user and session, not be replayed beside someone else's token.
    if (user.username.toLowerCase() !== userName.toLowerCase() || this.deps.sessionIdOfToken(accessToken) !== session.id) {
      throw new ApiError(Code.LOGIN_TIMEOUT);
    }
    await this.assertMayHoldSession(user, now, ip);
    const newKey = await this.sessions.rotate(session.id, refreshKey, now);
    if (!newKey) throw new ApiError(Code.LOGIN_TIMEOUT);
    return { AccessToken: this.deps.signAccessToken(await toAuthUser(this.db, user), session.id), RefreshTokenKey: newKey };
  }

  async logout(caller: Actor): Promise<null> {
    const now = this.clock();
    const ip = caller.address;
    // The revocation and its user-log row commit together or not at all.
    await this.db.transaction(async (tx) => {
      const db = tx;
      await new Sessions(db).revoke(caller.sessionId, 'logout', now);
      await writeUserLog(
        db,
        { userId: caller.id, username: caller.username, action: 'logout', ip, detail: { sessionId: caller.sessionId } },
        now,
      );
    });
    return null;
  }

  async getUserInfo(userId: number): Promise<UserInfo> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(Code.USER_NOT_FOUND);
    return {
      username: user.username,
      name: user.displayName.trim() || user.username,
      email: user.email,
      roles: user.roles,
      country: user.country,
      languageCode: user.languageCode,
      menuDenied: await menuDeniedAtLogin(this.db, user.roles, user.menuDenied),
    };
  }

  /** The new password must already be strong (checked by the route schema); the other sessions end. */
  async changePassword(caller: Actor, oldPassword: string, newPassword: string): Promise<null> {
    const now = this.clock();
    const ip = caller.address;
    const [user] = await this.db.select().from(users).where(eq(users.id, caller.id));
    if (!user) throw new ApiError(Code.USER_NOT_FOUND);
    if (!(await verifyPassword(user.passwordHash, oldPassword))) throw new ApiError(Code.OLD_PASSWORD_WRONG);
    const passwordHash = await hashPassword(newPassword);
    // The new password, the ended sessions and the user-log row commit together or not at all.
    await this.db.transaction(async (tx) => {
      const db = tx;
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      await new Sessions(db).revokeOthers(user.id, caller.sessionId, 'password_change', now);
      await writeUserLog(
        db,
        { userId: user.id, username: user.username, action: 'password_change', ip, detail: { sessionId: caller.sessionId } },
        now,
      );
    });
    return null;
  }

  /** Taken also when another name looks the same (confusables.ts), as Register would refuse it. */
  async isUsernameTaken(username: string): Promise<boolean> {
    return isUsernameTaken(this.db, username);
  }

  private async findByUsername(username: string): Promise<UserRow | undefined> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    return user;
  }

  /** A locked user gets 6; a user who is only a sharer needs at least one share that has not expired (97). */
  private async assertMayHoldSession(user: UserRow, now: Date, ip: string): Promise<void> {
    if (user.locked) {
      await this.log(user.id, user.username, 'login_failed', ip, { reason: 'user_locked' });
      throw new ApiError(Code.USER_LOCKED);
    }
    if (await sharesAllExpired(this.db, user, now)) {
      await this.log(user.id, user.username, 'login_failed', ip, { reason: 'share_expired' });
      throw new ApiError(Code.SHARE_EXPIRED_LOGIN);
    }
  }

  private log(userId: number | null, username: string, action: UserLogAction, ip: string, detail: Record<string, unknown>) {
    return writeUserLog(this.db, { userId, username, action, ip, detail }, this.clock());
  }
}

/** The token's claims; `menuDenied` adds the role permissions of roleManagement to the user's own denials. */
async function toAuthUser(db: Database, user: UserRow): Promise<Omit<AuthUser, 'sessionId'>> {
  return { id: user.id, username: user.username, roles: user.roles, menuDenied: await menuDeniedAtLogin(db, user.roles, user.menuDenied) };
}

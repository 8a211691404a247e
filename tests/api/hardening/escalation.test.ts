import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formFields } from '../../../resources/types';
import { userManagement } from '../../../resources/userManagement';
import { assertUnlockedAdminRemains } from '../../../server/admin/admin-protection';
import { queryRows, type Database } from '../../../server/core/db';
import { users } from '../../../server/core/db/schema';
import type { TestApp, Tokens } from '../helpers';
import { expectOk, expectRejected, freshAppPerTest } from '../admin/helpers';

/**
 * DESIGN §10: a system manager could make themselves or anyone an administrator. Only an
 * admin grants the admin role or edits, resets, locks or changes the menu permissions of an admin or of the
 * admin role; nobody changes their own roles or locks themselves; one unlocked admin always remains.
 */
let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const NEW_USER = {
  username: 'new.user',
  display_name: 'New User',
  email: 'new.user@example.com',
  roles: ['dev'],
  country: 'DE',
  company: 'ESS',
  phone: '',
  language_code: 'en-US',
  password: 'Start2026x',
  license_key: '',
};

async function idOf(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function stateOf(username: string) {
  const [row] = await t.db.select({ roles: users.roles, locked: users.locked }).from(users).where(eq(users.username, username));
  return row;
}

/** An edit of a stored user as the form sends it (its form fields as stored), with changes. */
async function edit(username: string, over: Record<string, unknown> = {}) {
  const stored = await expectOk(t, '/api/User/GetUser', { id: await idOf(username) }, await tokens.of('admin'));
  const body: Record<string, unknown> = { id: stored.id };
  for (const name of formFields(userManagement, 'edit')) if (stored[name] !== undefined) body[name] = stored[name];
  return { ...body, ...over };
}

/** An admin besides the demo one, created by the demo admin. */
async function secondAdmin(username = 'admin2'): Promise<number> {
  const created = await expectOk(
    t,
    '/api/User/SaveUser',
    { ...NEW_USER, username, email: `${username}@example.com`, roles: ['admin'] },
    await tokens.of('admin'),
  );
  return created.id;
}

const refresh = (userName: string, session: Tokens) =>
  t.post('/api/Account/RefreshToken', { userName, accessToken: session.AccessToken, refreshTokenKey: session.RefreshTokenKey });

/** Every row of every table as text: where a secret would be if anything kept it. */
async function everyStoredText(): Promise<string> {
  const tables = (await queryRows<{ tablename: string }>(t.db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).map(
    (r) => r.tablename,
  );
  const rows = await queryRows<{ text: string }>(
    t.db,
    sql.raw(tables.map((table) => `SELECT x::text AS text FROM "${table}" x`).join(' UNION ALL ')),
  );
  return rows.map((r) => r.text).join('\n');
}

describe('a system manager cannot reach the admin role (45, nothing changed)', () => {
  it('creating an admin, adding admin to oneself or to another user', async () => {
    const manager = await tokens.of('systemmanager');
    await expectRejected(t, '/api/User/SaveUser', { ...NEW_USER, roles: ['admin'] }, manager, 45);
    await expectRejected(t, '/api/User/SaveUser', { ...NEW_USER, roles: ['dev', 'admin'] }, manager, 45);
    await expectRejected(t, '/api/User/SaveUser', await edit('systemmanager', { roles: ['systemmanager', 'admin'] }), manager, 45);
    await expectRejected(t, '/api/User/SaveUser', await edit('dev', { roles: ['dev', 'admin'] }), manager, 45);
  });

  it('editing, resetting, locking an admin or hiding its menus; changing the admin role', async () => {
    const manager = await tokens.of('systemmanager');
    const admin = await idOf('admin');
    await expectRejected(t, '/api/User/SaveUser', await edit('admin', { email: 'taken.over@example.com' }), manager, 45);
    await expectRejected(t, '/api/User/SaveUser', await edit('admin', { roles: ['dev'] }), manager, 45);
    const reset = await expectRejected(t, '/api/User/ResetUserPassword', { id: admin }, manager, 45);
    expect(reset.data).toBeNull();
    await expectRejected(t, '/api/User/LockUser', { id: admin, locked: true }, manager, 45);
    await expectRejected(t, '/api/User/SaveUserMenuPermissions', { id: admin, menuDenied: ['userManagement'] }, manager, 45);
    await expectRejected(t, '/api/Role/SaveRolePermissions', { role: 'admin', menus: ['dashboard'] }, manager, 45);
    await expectRejected(t, '/api/Role/SaveRolePermissions', { role: 'admin', menus: [] }, manager, 45);
    // The demo admin still logs in with its own password and sees every screen.
    const session = await t.login('admin');
    const info = await expectOk(t, '/api/Account/GetUserInfo', {}, session.AccessToken);
    expect(info).toMatchObject({ roles: ['admin'], menuDenied: [] });
  });

  it('a second admin is as protected as the first', async () => {
    const other = await secondAdmin();
    const manager = await tokens.of('systemmanager');
    await expectRejected(t, '/api/User/SaveUser', await edit('admin2', { display_name: 'Renamed' }), manager, 45);
    await expectRejected(t, '/api/User/LockUser', { id: other, locked: true }, manager, 45);
    await expectRejected(t, '/api/User/ResetUserPassword', { id: other }, manager, 45);
  });
});

describe('an admin does what is legitimate', () => {
  it('creates an admin who works, edits, resets, locks and unlocks it, sets its menus and those of the admin role; grants admin', async () => {
    const admin = await tokens.of('admin');
    const other = await secondAdmin();
    const session = await t.login('admin2', NEW_USER.password);
    expect((await expectOk(t, '/api/Account/GetUserInfo', {}, session.AccessToken)).roles).toEqual(['admin']);
    expect((await expectOk(t, '/api/User/SaveUser', await edit('admin2', { display_name: 'Second' }), admin)).display_name).toBe('Second');
    const { password } = await expectOk(t, '/api/User/ResetUserPassword', { id: other }, admin);
    await t.login('admin2', password);
    await expectOk(t, '/api/User/LockUser', { id: other, locked: true }, admin);
    expect((await stateOf('admin2'))?.locked).toBe(true);
    await expectOk(t, '/api/User/LockUser', { id: other, locked: false }, admin);
    await expectOk(t, '/api/User/SaveUserMenuPermissions', { id: other, menuDenied: ['userLog'] }, admin);
    const roles = await expectOk(t, '/api/Role/GetRolePageList', {}, admin);
    const adminRole = roles.data.find((r: { role: string }) => r.role === 'admin');
    await expectOk(
      t,
      '/api/Role/SaveRolePermissions',
      { role: 'admin', menus: adminRole.menus.filter((k: string) => k !== 'userLog') },
      admin,
    );
    await expectOk(t, '/api/User/SaveUser', await edit('dev', { roles: ['dev', 'admin'] }), admin);
    expect((await stateOf('dev'))?.roles).toEqual(['dev', 'admin']);
  });

  it('demotes another admin, whose sessions end at once (refresh answers 7)', async () => {
    await secondAdmin();
    const session = await t.login('admin2', NEW_USER.password);
    await expectOk(t, '/api/User/SaveUser', await edit('admin2', { roles: ['dev'] }), await tokens.of('admin'));
    expect((await refresh('admin2', session)).body.code).toBe(7);
    expect((await stateOf('admin2'))?.roles).toEqual(['dev']);
  });
});

describe('nobody changes their own roles or locks or resets themselves', () => {
  it('an admin neither', async () => {
    const admin = await tokens.of('admin');
    const me = await idOf('admin');
    await expectRejected(t, '/api/User/SaveUser', await edit('admin', { roles: ['admin', 'dev'] }), admin, 45);
    await expectRejected(t, '/api/User/SaveUser', await edit('admin', { roles: ['dev'] }), admin, 45);
    await expectRejected(t, '/api/User/LockUser', { id: me, locked: true }, admin, 45);
    await expectRejected(t, '/api/User/ResetUserPassword', { id: me }, admin, 45);
    // The rest of the own record stays editable (same roles, any order).
    expect((await expectOk(t, '/api/User/SaveUser', await edit('admin', { display_name: 'Me' }), admin)).display_name).toBe('Me');
  });

  it('a system manager neither', async () => {
    const manager = await tokens.of('systemmanager');
    const me = await idOf('systemmanager');
    await expectRejected(t, '/api/User/SaveUser', await edit('systemmanager', { roles: ['systemmanager', 'dev'] }), manager, 45);
    await expectRejected(t, '/api/User/SaveUser', await edit('systemmanager', { roles: ['dev'] }), manager, 45);
    await expectRejected(t, '/api/User/LockUser', { id: me, locked: true }, manager, 45);
    await expectRejected(t, '/api/User/LockUser', { id: me, locked: false }, manager, 45);
    await expectRejected(t, '/api/User/ResetUserPassword', { id: me }, manager, 45);
    expect((await expectOk(t, '/api/User/SaveUser', await edit('systemmanager', { phone: '+49 30 1' }), manager)).phone).toBe('+49 30 1');
  });
});

describe('one unlocked admin always remains', () => {
  it('two admins demoting each other at the same moment: one of them stays admin', async () => {
    await secondAdmin();
    const first = await tokens.of('admin');
    const second = (await t.login('admin2', NEW_USER.password)).AccessToken;
    const demoteSecond = await edit('admin2', { roles: ['dev'] });
    const demoteFirst = await edit('admin', { roles: ['dev'] });
    const [a, b] = await Promise.all([
      t.post('/api/User/SaveUser', demoteSecond, { token: first }),
      t.post('/api/User/SaveUser', demoteFirst, { token: second }),
    ]);
    expect([a.body.code, b.body.code].filter((code) => code === 200)).toHaveLength(1);
    const admins = await t.db
      .select()
      .from(users)
      .where(sql`'admin' = ANY(${users.roles}) AND NOT ${users.locked}`);
    expect(admins).toHaveLength(1);
  });

  it('a write that would leave no unlocked admin is refused with 45 and rolled back', async () => {
    const admin = await idOf('admin');
    const attempt = t.db.transaction(async (tx) => {
      await tx.update(users).set({ locked: true }).where(eq(users.id, admin));
      await assertUnlockedAdminRemains(tx as unknown as Database);
    });
    await expect(attempt).rejects.toMatchObject({ code: 45 });
    expect((await stateOf('admin'))?.locked).toBe(false);
    // With a second unlocked admin the same write passes.
    await secondAdmin();
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ locked: true }).where(eq(users.id, admin));
      await assertUnlockedAdminRemains(tx as unknown as Database);
    });
    expect((await stateOf('admin'))?.locked).toBe(true);
  });
});

describe('a system manager keeps managing every other user', () => {
  it('creates, edits, resets, locks and unlocks ordinary users and other system managers; sets their menus and roles', async () => {
    const manager = await tokens.of('systemmanager');
    const created = await expectOk(t, '/api/User/SaveUser', NEW_USER, manager);
    const edited = await expectOk(
      t,
      '/api/User/SaveUser',
      await edit('new.user', { roles: ['dev', 'fasw'], display_name: 'Renamed' }),
      manager,
    );
    expect(edited).toMatchObject({ roles: ['dev', 'fasw'], display_name: 'Renamed' });
    const { password } = await expectOk(t, '/api/User/ResetUserPassword', { id: created.id }, manager);
    await t.login('new.user', password);
    await expectOk(t, '/api/User/LockUser', { id: created.id, locked: true }, manager);
    await expectOk(t, '/api/User/LockUser', { id: created.id, locked: false }, manager);
    await expectOk(t, '/api/User/SaveUserMenuPermissions', { id: created.id, menuDenied: ['userLog'] }, manager);
    const colleague = await expectOk(
      t,
      '/api/User/SaveUser',
      { ...NEW_USER, username: 'manager2', email: 'm2@example.com', roles: ['systemmanager'] },
      manager,
    );
    await expectOk(t, '/api/User/SaveUser', await edit('manager2', { roles: ['systemmanager', 'dasw'] }), manager);
    await expectOk(t, '/api/User/LockUser', { id: colleague.id, locked: true }, manager);
    await expectOk(t, '/api/Role/SaveRolePermissions', { role: 'dev', menus: ['dashboard'] }, manager);
  });

  it("a role change, a lock and a reset end the user's sessions (refresh answers 7)", async () => {
    const manager = await tokens.of('systemmanager');
    const dev = await idOf('dev');
    const beforeRoles = await t.login('dev');
    await expectOk(t, '/api/User/SaveUser', await edit('dev', { display_name: 'Same roles' }), manager);
    expect((await refresh('dev', beforeRoles)).body.code).toBe(200);
    const beforeChange = await t.login('dev');
    await expectOk(t, '/api/User/SaveUser', await edit('dev', { roles: ['dev', 'fasw'] }), manager);
    expect((await refresh('dev', beforeChange)).body.code).toBe(7);
    const beforeReset = await t.login('dev');
    const { password } = await expectOk(t, '/api/User/ResetUserPassword', { id: dev }, manager);
    expect((await refresh('dev', beforeReset)).body.code).toBe(7);
    const beforeLock = await t.login('dev', password);
    await expectOk(t, '/api/User/LockUser', { id: dev, locked: true }, manager);
    expect((await refresh('dev', beforeLock)).body.code).toBe(7);
  });
});

describe('a temporary password is shown once', () => {
  it('only in the answer to the reset (not cached); no table, log row or list holds it', async () => {
    const admin = await tokens.of('admin');
    const dev = await idOf('dev');
    const answer = await t.post('/api/User/ResetUserPassword', { id: dev }, { token: admin });
    expect(answer.body.code).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { password } = answer.body.data;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(await everyStoredText()).not.toContain(password);
    const seen = [
      await expectOk(t, '/api/User/GetUserPageList', { pageIndex: 1, pageSize: 100 }, admin),
      await expectOk(t, '/api/User/GetUser', { id: dev }, admin),
      await expectOk(t, '/api/UserLog/GetUserLogPageList', { pageIndex: 1, pageSize: 100 }, admin),
    ];
    expect(JSON.stringify(seen)).not.toContain(password);
  });
});

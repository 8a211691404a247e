import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenses, sessions, users, vpps } from '../../../server/core/db/schema';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

/** Delete a user without history, deactivate (and reactivate) anyone else. */
const idOf = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

async function newUser(username: string, roles = ['dev']): Promise<number> {
  const created = await expectOk(
    t,
    '/api/User/SaveUser',
    { username, display_name: username, email: `${username}@example.com`, roles, language_code: 'en-US', password: 'Start2026x' },
    await tokens.of('admin'),
  );
  return created.id as number;
}

describe('delete a user', () => {
  it('a user without history is deletable and deleted, audited; the list no longer has them', async () => {
    const admin = await tokens.of('admin');
    const id = await newUser('temp.user');
    const history = await expectOk(t, '/api/User/GetUserHistory', { id }, admin);
    expect(history).toEqual({
      id,
      username: 'temp.user',
      deletable: true,
      history: { systems: 0, sessions: 0, logRows: 0, shares: 0, licenses: 0 },
    });
    expect(await expectOk(t, '/api/User/DeleteUser', { id }, admin)).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    const [audit] = await auditRows(t, 'userManagement.delete');
    expect(audit).toMatchObject({ username: 'admin', target: `userManagement:${id}` });
    expect((audit!.detail as any).before).toMatchObject({ username: 'temp.user' });
  });

  it('a user with history says what it is and cannot be deleted (400, nothing changed)', async () => {
    const admin = await tokens.of('admin');
    await t.login('customer');
    const id = await idOf('customer');
    const { history, deletable } = await expectOk(t, '/api/User/GetUserHistory', { id }, admin);
    expect(deletable).toBe(false);
    expect(history.sessions).toBeGreaterThan(0);
    expect(history.logRows).toBeGreaterThan(0);
    const refused = await expectRejected(t, '/api/User/DeleteUser', { id }, admin, 400, 'deactivate');
    expect(refused.data.history).toEqual(history);
    // One login is history enough; so is a virtual power plant managed, or a license held.
    const once = await newUser('once.user');
    await t.login('once.user', 'Start2026x');
    await expectRejected(t, '/api/User/DeleteUser', { id: once }, admin, 400);
    const manager = await newUser('vpp.user');
    await t.db.insert(vpps).values({ name: 'VPP of vpp.user', managerUserId: manager });
    expect((await expectOk(t, '/api/User/GetUserHistory', { id: manager }, admin)).history.systems).toBe(1);
    await expectRejected(t, '/api/User/DeleteUser', { id: manager }, admin, 400);
    const holder = await newUser('license.user');
    await t.db.insert(licenses).values({
      license_key: 'LIC-HIST-01',
      company: 'C',
      license_type: 'installer',
      expires_at: '2030-01-01',
      created_by: 'admin',
      assigned_user: 'License.User',
    });
    expect((await expectOk(t, '/api/User/GetUserHistory', { id: holder }, admin)).history.licenses).toBe(1);
    await expectRejected(t, '/api/User/DeleteUser', { id: holder }, admin, 400);
  });

  it('bad input: 2 for a bad id, 3 without one, 4 for an unknown user; nothing changes', async () => {
    const admin = await tokens.of('admin');
    for (const path of ['/api/User/DeleteUser', '/api/User/GetUserHistory', '/api/User/DeactivateUser']) {
      const extra = path.endsWith('DeactivateUser') ? { deactivated: true } : {};
      await expectRejected(t, path, { id: '0x10', ...extra }, admin, 2, 'id');
      await expectRejected(t, path, { ...extra }, admin, 3, 'id');
      await expectRejected(t, path, { id: 99_999, ...extra }, admin, 4);
    }
    await expectRejected(t, '/api/User/DeactivateUser', { id: await idOf('dev'), deactivated: 'yes' }, admin, 2, 'deactivated');
    await expectRejected(t, '/api/User/DeactivateUser', { id: await idOf('dev') }, admin, 3, 'deactivated');
    await expectRejected(t, '/api/User/DeactivateUser', { id: await idOf('dev'), deactivated: false }, admin, 2, 'not deactivated');
  });

  it('out of scope: 45 without user management, for the own account, and for an admin unless the caller is one; nothing changes', async () => {
    const id = await newUser('temp.user');
    for (const role of ['dev', 'servicer', 'customer']) {
      const token = await tokens.of(role);
      await expectRejected(t, '/api/User/GetUserHistory', { id }, token, 45);
      await expectRejected(t, '/api/User/DeleteUser', { id }, token, 45);
      await expectRejected(t, '/api/User/DeactivateUser', { id, deactivated: true }, token, 45);
    }
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/User/DeleteUser', { id: await idOf('admin') }, admin, 45);
    await expectRejected(t, '/api/User/DeactivateUser', { id: await idOf('admin'), deactivated: true }, admin, 45);
    const manager = await tokens.of('systemmanager');
    await expectRejected(t, '/api/User/DeactivateUser', { id: await idOf('systemmanager'), deactivated: true }, manager, 45);
    const otherAdmin = await newUser('second.admin', ['admin']);
    await expectRejected(t, '/api/User/DeleteUser', { id: otherAdmin }, manager, 45);
    await expectRejected(t, '/api/User/DeactivateUser', { id: otherAdmin, deactivated: true }, manager, 45);
    // An admin may remove another admin without history.
    await expectOk(t, '/api/User/DeleteUser', { id: otherAdmin }, admin);
  });
});

describe('deactivate a user', () => {
  it('keeps the history, ends the sessions, refuses login with 6; lock cannot undo it; reactivate restores login', async () => {
    const admin = await tokens.of('admin');
    const id = await idOf('customer');
    const session = await t.login('customer');
    const before = await expectOk(t, '/api/User/GetUserHistory', { id }, admin);
    expect(await expectOk(t, '/api/User/DeactivateUser', { id, deactivated: true }, admin)).toEqual({
      id,
      deactivated: true,
      locked: true,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row!.locked).toBe(true);
    expect(row!.deactivatedAt).toBeInstanceOf(Date);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, id))).every((s) => s.revokedAt !== null)).toBe(true);
    const refresh = await t.post('/api/Account/RefreshToken', {
      userName: 'customer',
      accessToken: session.AccessToken,
      refreshTokenKey: session.RefreshTokenKey,
    });
    expect(refresh.body.code).toBe(7);
    expect((await t.post('/api/Account/Login', { username: 'customer', password: 'demo2026' })).body.code).toBe(6);
    const listed = (await expectOk(t, '/api/User/GetUserPageList', { username: 'customer' }, admin)).data.find((u: any) => u.id === id);
    expect(listed.deactivated_at).toEqual(expect.any(String));
    expect((await expectOk(t, '/api/User/GetUserHistory', { id }, admin)).history.systems).toBe(before.history.systems);

    await expectRejected(t, '/api/User/DeactivateUser', { id, deactivated: true }, admin, 2, 'already deactivated');
    await expectRejected(t, '/api/User/LockUser', { id, locked: false }, admin, 2, 'reactivate');

    expect(await expectOk(t, '/api/User/DeactivateUser', { id, deactivated: false }, admin)).toEqual({
      id,
      deactivated: false,
      locked: false,
    });
    await t.login('customer');
    expect((await auditRows(t, 'userManagement.deactivate')).length).toBe(1);
    expect((await auditRows(t, 'userManagement.reactivate')).length).toBe(1);
  });

  it('an admin deactivates another admin; the caller stays an unlocked admin', async () => {
    const admin = await tokens.of('admin');
    const second = await newUser('second.admin', ['admin']);
    await expectOk(t, '/api/User/DeactivateUser', { id: second, deactivated: true }, admin);
    expect((await t.post('/api/Account/Login', { username: 'second.admin', password: 'Start2026x' })).body.code).toBe(6);
  });
});

import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const user = (over: Record<string, unknown> = {}) => ({
  username: 'new.user',
  display_name: 'New User',
  email: 'new.user@example.com',
  roles: ['dev'],
  country: 'DE',
  company: 'ESS',
  phone: '',
  language_code: 'de-DE',
  password: 'Start2026x',
  license_key: '',
  ...over,
});

describe('userManagement', () => {
  it('creates a user who can log in, lists without secrets, edits; audited', async () => {
    const admin = await tokens.of('systemmanager');
    const created = await expectOk(t, '/api/User/SaveUser', user(), admin);
    expect(created).toMatchObject({
      username: 'new.user',
      display_name: 'New User',
      roles: ['dev'],
      language_code: 'de-DE',
      locked: false,
    });
    expect(JSON.stringify(created)).not.toMatch(/password|Hash|menuDenied/i);
    await t.login('new.user', 'Start2026x');
    const page = await expectOk(t, '/api/User/GetUserPageList', { pageIndex: 1, pageSize: 5, roles: ['dev'] }, admin);
    expect(page.data.map((u: any) => u.username).sort()).toEqual(['dev', 'new.user']);
    const edited = await expectOk(
      t,
      '/api/User/SaveUser',
      { ...user({ display_name: 'Renamed', roles: ['dev', 'fasw'] }), id: created.id },
      admin,
    );
    expect(edited).toMatchObject({ username: 'new.user', display_name: 'Renamed', roles: ['dev', 'fasw'] });
    expect((await auditRows(t, 'userManagement.create')).length).toBe(1);
    expect((await auditRows(t, 'userManagement.update')).length).toBe(1);
  });

  it('50 username exists, 37 e-mail used, 14 e-mail format, 49 no role, 2 weak password, 4 unknown; nothing changed', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/User/SaveUser', user({ username: 'ADMIN' }), admin, 50, 'username');
    await expectRejected(t, '/api/User/SaveUser', user({ email: 'anna.lindqvist@ess-portal.example' }), admin, 37, 'email');
    await expectRejected(t, '/api/User/SaveUser', user({ email: 'not-an-address' }), admin, 14, 'email');
    await expectRejected(t, '/api/User/SaveUser', user({ email: '' }), admin, 3, 'email');
    await expectRejected(t, '/api/User/SaveUser', user({ roles: [] }), admin, 49, 'roles');
    await expectRejected(t, '/api/User/SaveUser', user({ roles: undefined }), admin, 49, 'roles');
    await expectRejected(t, '/api/User/SaveUser', user({ roles: ['emperor'] }), admin, 2, 'roles');
    await expectRejected(t, '/api/User/SaveUser', user({ password: 'short' }), admin, 2, 'password');
    await expectRejected(t, '/api/User/SaveUser', user({ username: 'a b' }), admin, 2, 'username');
    await expectRejected(t, '/api/User/SaveUser', { ...user(), id: 999 }, admin, 4);
    await expectRejected(t, '/api/User/GetUser', { id: 999 }, admin, 4);
    await expectRejected(t, '/api/User/LockUser', { id: 999, locked: true }, admin, 4);
  });

  it('creates users under the one password rule that the account pages use: letters of any script and digits, 8 or more', async () => {
    const admin = await tokens.of('admin');
    const created = await expectOk(t, '/api/User/SaveUser', user({ password: '密码密码安全2026' }), admin);
    expect(created.username).toBe('new.user');
    await t.login('new.user', '密码密码安全2026');
    await expectRejected(
      t,
      '/api/User/SaveUser',
      user({ username: 'other', email: 'other@example.com', password: '密码密码安全密码' }),
      admin,
      2,
      'password',
    );
    await expectRejected(
      t,
      '/api/User/SaveUser',
      user({ username: 'other', email: 'other@example.com', password: '12345678' }),
      admin,
      2,
      'password',
    );
  });

  it('installers and service partners need a license (48), which must exist (39), be valid (38) and free (89); it is assigned', async () => {
    const admin = await tokens.of('admin');
    const license = { company: 'Sole', license_type: 'installer', expires_at: '2027-12-31', remark: '' };
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-FREE-1' }, admin);
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-USED-1', assigned_user: 'installer' }, admin);
    await expectRejected(t, '/api/User/SaveUser', user({ roles: ['installer'] }), admin, 48, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', user({ roles: ['installer'], license_key: 'LIC-NONE' }), admin, 39);
    await expectRejected(t, '/api/User/SaveUser', user({ roles: ['installer'], license_key: 'LIC-USED-1' }), admin, 89);
    await expectRejected(t, '/api/User/SaveUser', user({ roles: ['servicepartner'], license_key: 'LIC-FREE-1' }), admin, 17);
    await expectOk(t, '/api/User/SaveUser', user({ roles: ['installer'], license_key: 'lic-free-1' }), admin);
    const licenses = await expectOk(t, '/api/License/GetLicensePageList', { license_key: 'FREE' }, admin);
    expect(licenses.data[0].assigned_user).toBe('new.user');
  });

  it('an edit giving the installer or service-partner role needs a license: 48, 39, 38, 89, 17 as on create; nothing changed; then assigned', async () => {
    const admin = await tokens.of('admin');
    const created = await expectOk(t, '/api/User/SaveUser', user(), admin);
    const edit = (over: Record<string, unknown>) => ({ ...user(over), id: created.id });
    const license = { company: 'Sole', license_type: 'installer', expires_at: '2027-12-31', remark: '' };
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-FREE-1' }, admin);
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-USED-1', assigned_user: 'installer' }, admin);
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-OLD-1', expires_at: '2001-01-01' }, admin);
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-SVCP-1', license_type: 'servicepartner' }, admin);

    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['dev', 'installer'] }), admin, 48, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['servicepartner'], license_key: '' }), admin, 48, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['installer'], license_key: 'LIC-NONE' }), admin, 39, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['installer'], license_key: 'LIC-OLD-1' }), admin, 38, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['installer'], license_key: 'LIC-USED-1' }), admin, 89, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['installer'], license_key: 'LIC-SVCP-1' }), admin, 17, 'license_key');
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['installer'], license_key: 'x'.repeat(41) }), admin, 2, 'license_key');
    // A role without the user management screen: 45, nothing changed.
    await expectRejected(
      t,
      '/api/User/SaveUser',
      edit({ roles: ['installer'], license_key: 'LIC-FREE-1' }),
      await tokens.of('servicer'),
      45,
    );

    const edited = await expectOk(t, '/api/User/SaveUser', edit({ roles: ['dev', 'installer'], license_key: 'lic-free-1' }), admin);
    expect(edited.roles).toEqual(['dev', 'installer']);
    const held = await expectOk(t, '/api/License/GetLicensePageList', { license_key: 'LIC-FREE-1' }, admin);
    expect(held.data[0].assigned_user).toBe('new.user');
    // Holding it, later edits need no key; a second license is refused (13).
    await expectOk(t, '/api/User/SaveUser', edit({ display_name: 'Still installer', roles: ['installer'] }), admin);
    await expectOk(t, '/api/License/SaveLicense', { ...license, license_key: 'LIC-FREE-2' }, admin);
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['installer'], license_key: 'LIC-FREE-2' }), admin, 13, 'license_key');
    // Its installer license does not cover the service-partner role added without a key (17).
    await expectRejected(t, '/api/User/SaveUser', edit({ roles: ['servicepartner'] }), admin, 17, 'license_key');
  });

  it('37 for an e-mail address another user has (any case), on create and on edit; the own address stays valid', async () => {
    const admin = await tokens.of('systemmanager');
    const created = await expectOk(t, '/api/User/SaveUser', user(), admin);
    await expectRejected(t, '/api/User/SaveUser', user({ username: 'other.user', email: 'NEW.USER@example.com' }), admin, 37, 'email');
    await expectRejected(t, '/api/User/SaveUser', { ...user({ email: 'Thomas.Becker@mail.example' }), id: created.id }, admin, 37, 'email');
    await expectRejected(
      t,
      '/api/User/SaveUser',
      { ...user({ email: 'thomas.becker@mail.example' }), id: created.id },
      await tokens.of('dev'),
      45,
    );
    const kept = await expectOk(
      t,
      '/api/User/SaveUser',
      { ...user({ email: 'New.User@Example.com', display_name: 'Kept' }), id: created.id },
      admin,
    );
    expect(kept).toMatchObject({ email: 'New.User@Example.com', display_name: 'Kept' });
  });

  it('locking ends the sessions and refuses login (6); unlocking restores it; reset gives a working temporary password', async () => {
    const admin = await tokens.of('admin');
    const page = await expectOk(t, '/api/User/GetUserPageList', { username: 'dev' }, admin);
    const dev = page.data.find((u: any) => u.username === 'dev');
    const session = await t.login('dev');
    await expectOk(t, '/api/User/LockUser', { id: dev.id, locked: true }, admin);
    const refresh = await t.post('/api/Account/RefreshToken', {
      userName: 'dev',
      accessToken: session.AccessToken,
      refreshTokenKey: session.RefreshTokenKey,
    });
    expect(refresh.body.code).toBe(7);
    const denied = await t.post('/api/Account/Login', { username: 'dev', password: 'demo2026' });
    expect(denied.body.code).toBe(6);
    await expectOk(t, '/api/User/LockUser', { id: dev.id, locked: false }, admin);
    const reset = await expectOk(t, '/api/User/ResetUserPassword', { id: dev.id }, admin);
    expect(reset.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    await t.login('dev', reset.password);
    expect((await auditRows(t, 'userManagement.lock')).length).toBe(1);
    expect((await auditRows(t, 'userManagement.unlock')).length).toBe(1);
    expect((await auditRows(t, 'userManagement.resetPassword')).length).toBe(1);
    const me = (await expectOk(t, '/api/User/GetUserPageList', { username: 'admin' }, admin)).data.find((u: any) => u.username === 'admin');
    await expectRejected(t, '/api/User/LockUser', { id: me.id, locked: true }, admin, 45);
  });
});

describe('userInfoSettings (every role)', () => {
  it('reads and saves the own profile; 14 for a bad e-mail, 3 for a blank name', async () => {
    for (const role of ['customer', 'sharer', 'supplier']) {
      const token = await tokens.of(role);
      const me = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
      expect(me.username).toBe(role);
      const saved = await expectOk(
        t,
        '/api/UserInfo/SaveMyUserInfo',
        { ...me, phone: '+49 1', time_zone: 'Europe/Berlin', language_code: 'ja-JP' },
        token,
      );
      expect(saved).toMatchObject({ phone: '+49 1', language_code: 'ja-JP' });
      await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...me, email: 'x@' }, token, 14, 'email');
      await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...me, display_name: ' ' }, token, 3, 'display_name');
    }
    expect((await auditRows(t, 'userInfoSettings.update')).length).toBe(3);
  });

  it('37 when the own profile takes an address another user has (any case); the own address in another case is fine', async () => {
    const token = await tokens.of('customer');
    const me = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
    await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...me, email: 'Julia.Becker@MAIL.example' }, token, 37, 'email');
    const saved = await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...me, email: me.email.toUpperCase() }, token);
    expect(saved.email).toBe(me.email.toUpperCase());
  });
});

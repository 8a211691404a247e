import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

async function userId(name: string): Promise<number> {
  const admin = await tokens.of('admin');
  const page = await expectOk(t, '/api/User/GetUserPageList', { pageIndex: 1, pageSize: 50, username: name }, admin);
  return page.data.find((u: any) => u.username === name).id;
}

describe('per-user menu permissions', () => {
  it('a hidden entry leaves the user menu and the server at the next login, not before', async () => {
    const admin = await tokens.of('admin');
    const id = await userId('servicer');
    const before = (await t.login('servicer')).AccessToken;
    const available = await expectOk(t, '/api/User/GetUserMenuPermissions', { id }, admin);
    expect(available.available).toContain('userLog');
    await expectOk(t, '/api/User/SaveUserMenuPermissions', { id, menuDenied: ['userLog'] }, admin);
    // The old token still carries the old claims (verified without the database).
    await expectOk(t, '/api/UserLog/GetUserLogPageList', {}, before);
    const after = (await t.login('servicer')).AccessToken;
    const info = await expectOk(t, '/api/Account/GetUserInfo', undefined, after);
    expect(info.menuDenied).toEqual(['userLog']);
    await expectRejected(t, '/api/UserLog/GetUserLogPageList', {}, after, 45);
    await expectOk(t, '/api/SN/GetSnPageList', {}, after);
    expect((await auditRows(t, 'userManagement.menuPermissions')).length).toBe(1);
  });

  it('refuses unknown keys (2) and unknown users (4)', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(
      t,
      '/api/User/SaveUserMenuPermissions',
      { id: await userId('servicer'), menuDenied: ['nope'] },
      admin,
      2,
      'menuDenied',
    );
    await expectRejected(t, '/api/User/SaveUserMenuPermissions', { id: 999, menuDenied: [] }, admin, 4);
  });
});

describe('roleManagement', () => {
  it('lists the 14 roles with their menus; a role change reaches its users at their next login', async () => {
    const admin = await tokens.of('admin');
    const roles = await expectOk(t, '/api/Role/GetRolePageList', {}, admin);
    expect(roles.dataCount).toBe(14);
    const dasw = roles.data.find((r: any) => r.role === 'dasw');
    expect(dasw.menus).toContain('snManagement');
    await expectOk(
      t,
      '/api/Role/SaveRolePermissions',
      { role: 'dasw', menus: dasw.menus.filter((k: string) => k !== 'snManagement') },
      admin,
    );
    const token = (await t.login('dasw')).AccessToken;
    expect((await expectOk(t, '/api/Account/GetUserInfo', undefined, token)).menuDenied).toEqual(['snManagement']);
    await expectRejected(t, '/api/SN/GetSnPageList', {}, token, 45);
    await expectOk(t, '/api/License/GetLicensePageList', {}, token);
    expect((await auditRows(t, 'roleManagement.update')).length).toBe(1);
  });

  it('91 when no menu is selected, 2 for an unknown role or a menu the role cannot have', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/Role/SaveRolePermissions', { role: 'dasw', menus: [] }, admin, 91);
    await expectRejected(t, '/api/Role/SaveRolePermissions', { role: 'king', menus: ['dashboard'] }, admin, 2, 'role');
    await expectRejected(t, '/api/Role/SaveRolePermissions', { role: 'customer', menus: ['userManagement'] }, admin, 2, 'menus');
    await expectRejected(t, '/api/Role/SaveRolePermissions', { menus: ['dashboard'] }, admin, 3, 'role');
  });
});

describe('menuManagement', () => {
  it('starts as the route table; 47 title used, 46 sub menu exists, 2 unknown parent', async () => {
    const admin = await tokens.of('admin');
    const list = await expectOk(t, '/api/Menu/GetMenuPageList', { pageIndex: 1, pageSize: 200 }, admin);
    expect(list.dataCount).toBeGreaterThan(50);
    const basic = list.data.find((m: any) => m.menu_key === 'BasicSettings');
    const sn = list.data.find((m: any) => m.menu_key === 'snManagement');
    expect(sn.parent_key).toBe('BasicSettings');
    const menu = {
      menu_key: 'helpCenter',
      parent_key: 'BasicSettings',
      path: 'https://help.example.com/portal',
      title_en: 'Help centre',
      title_de: 'Hilfe',
      title_zh: '',
      title_ja: '',
      icon: '',
      sort_order: 5,
      hidden: false,
    };
    const saved = await expectOk(t, '/api/Menu/SaveMenu', menu, admin);
    await expectRejected(t, '/api/Menu/SaveMenu', { ...menu, menu_key: 'helpTwo', title_en: 'HELP CENTRE' }, admin, 47, 'title_en');
    await expectRejected(
      t,
      '/api/Menu/SaveMenu',
      { ...menu, menu_key: 'helpTwo', title_en: 'Other', title_de: 'hilfe' },
      admin,
      47,
      'title_de',
    );
    await expectRejected(
      t,
      '/api/Menu/SaveMenu',
      { ...menu, menu_key: 'helpTwo', title_en: 'Other', title_de: '', parent_key: 'nothing' },
      admin,
      2,
      'parent_key',
    );
    await expectRejected(t, '/api/Menu/SaveMenu', { ...menu, title_en: '' }, admin, 3, 'title_en');
    await expectRejected(t, '/api/Menu/DeleteMenu', { id: basic.id }, admin, 46);
    await expectOk(t, '/api/Menu/DeleteMenu', { id: saved.id }, admin);
  });

  it('serves every logged-in user the tree as overrides: only titles an admin changed, order, icon, hidden', async () => {
    const admin = await tokens.of('admin');
    const customer = await tokens.of('customer');
    // Untouched: the titles are the shipped texts (so translation edits still reach them), nothing to override.
    const first = await t.get('/api/Menu/GetMenuOverrides', { token: customer });
    expect(first.body.code).toBe(200);
    expect(first.body.data.changePwd).toEqual({ order: 60, hidden: false });
    expect(Object.values(first.body.data).filter((m: any) => m.title || m.icon)).toEqual([]);
    const list = await expectOk(t, '/api/Menu/GetMenuPageList', { pageIndex: 1, pageSize: 10, menu_key: 'changePwd' }, admin);
    const row = list.data.find((m: any) => m.menu_key === 'changePwd');
    expect(row).toMatchObject({ title_en: 'Change password', title_de: 'Passwort ändern' });
    await expectOk(
      t,
      '/api/Menu/SaveMenu',
      { ...row, title_de: 'Kennwort', title_ja: '', icon: 'tool', sort_order: 1, hidden: true },
      admin,
    );
    const after = await t.get('/api/Menu/GetMenuOverrides', { token: customer });
    expect(after.body.data.changePwd).toEqual({ title: { de: 'Kennwort' }, order: 1, icon: 'tool', hidden: true });
    // No token: 401, as every call but the public ones.
    expect((await t.get('/api/Menu/GetMenuOverrides')).status).toBe(401);
  });

  it('hiding an entry in the tree changes the menu, not access: the role table stays the authority', async () => {
    const admin = await tokens.of('admin');
    const list = await expectOk(t, '/api/Menu/GetMenuPageList', { pageIndex: 1, pageSize: 10, menu_key: 'userLog' }, admin);
    const row = list.data.find((m: any) => m.menu_key === 'userLog');
    await expectOk(t, '/api/Menu/SaveMenu', { ...row, hidden: true }, admin);
    tokens.clear();
    await expectOk(t, '/api/UserLog/GetUserLogPageList', { pageIndex: 1, pageSize: 5 }, await tokens.of('admin'));
    const { body } = await t.post('/api/UserLog/GetUserLogPageList', { pageIndex: 1, pageSize: 5 }, { token: await tokens.of('customer') });
    expect(body.code).toBe(45);
  });
});

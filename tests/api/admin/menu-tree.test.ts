import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

async function menuRow(key: string, admin: string) {
  const list = await expectOk(t, '/api/Menu/GetMenuPageList', { pageIndex: 1, pageSize: 10, menu_key: key }, admin);
  return list.data.find((m: any) => m.menu_key === key);
}

describe('menuManagement: the tree (parent) and link entries', () => {
  it('moves an entry to another group: the overrides carry the new parent, the route keeps its address', async () => {
    const admin = await tokens.of('admin');
    const customer = await tokens.of('customer');
    const changePwd = await menuRow('changePwd', admin);
    await expectOk(t, '/api/Menu/SaveMenu', { ...changePwd, parent_key: null }, admin);
    const moved = await t.get('/api/Menu/GetMenuOverrides', { token: customer });
    expect(moved.body.data.changePwd).toMatchObject({ parent: null });
    // Back where the route table has it: no parent in the overrides any more.
    await expectOk(t, '/api/Menu/SaveMenu', { ...changePwd, parent_key: 'BasicSettings' }, admin);
    const back = await t.get('/api/Menu/GetMenuOverrides', { token: customer });
    expect(back.body.data.changePwd).not.toHaveProperty('parent');
  });

  it('refuses a parent that is a screen or the group itself, and a route with another address (2, nothing changed)', async () => {
    const admin = await tokens.of('admin');
    const changePwd = await menuRow('changePwd', admin);
    const basic = await menuRow('BasicSettings', admin);
    await expectRejected(t, '/api/Menu/SaveMenu', { ...changePwd, parent_key: 'snManagement' }, admin, 2, 'parent_key');
    await expectRejected(t, '/api/Menu/SaveMenu', { ...basic, parent_key: 'BasicSettings' }, admin, 2, 'parent_key');
    await expectRejected(t, '/api/Menu/SaveMenu', { ...changePwd, path: '/elsewhere' }, admin, 2, 'path');
    expect(await menuRow('changePwd', admin)).toEqual(changePwd);
  });

  it('a new entry is a link with a web address, titled in every language, shown to every logged-in user', async () => {
    const admin = await tokens.of('admin');
    await menuRow('BasicSettings', admin); // the tree is seeded at its first use
    const link = {
      menu_key: 'helpCenter',
      parent_key: 'BasicSettings',
      path: 'https://help.example.com/',
      title_en: 'Help centre',
      title_de: 'Hilfe',
      title_zh: '',
      title_ja: '',
      icon: 'info',
      sort_order: 5,
      hidden: false,
    };
    await expectRejected(t, '/api/Menu/SaveMenu', { ...link, path: 'javascript:alert(1)' }, admin, 2, 'path');
    await expectRejected(t, '/api/Menu/SaveMenu', { ...link, path: '/BasicSettings/help' }, admin, 2, 'path');
    await expectOk(t, '/api/Menu/SaveMenu', link, admin);
    const overrides = await t.get('/api/Menu/GetMenuOverrides', { token: await tokens.of('sharer') });
    expect(overrides.body.data.helpCenter).toEqual({
      order: 5,
      hidden: false,
      link: 'https://help.example.com/',
      parent: 'BasicSettings',
      title: { en: 'Help centre', zh: 'Help centre', de: 'Hilfe', ja: 'Help centre' },
    });
  });

  it('refuses the tree to a role without menuManagement (45)', async () => {
    const admin = await tokens.of('admin');
    const changePwd = await menuRow('changePwd', admin);
    await expectRejected(t, '/api/Menu/SaveMenu', { ...changePwd, parent_key: null }, await tokens.of('systemmanager'), 45);
  });
});

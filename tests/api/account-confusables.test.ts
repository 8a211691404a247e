import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fillNameSkeletons } from '../../server/account/confusables';
import { nameSkeleton, skeleton } from '../../server/core/auth/name-skeleton';
import { users } from '../../server/core/db/schema';
import type { TestApp } from './helpers';
import { expectOk, expectRejected, freshAppPerTest } from './admin/helpers';

/**
 * Look-alike user names (UTS #39 skeletons) are refused wherever a name is chosen, and a customer may not take a
 * staff member's display name. The registration form's own cases are in account-register.test.ts.
 */
let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

describe('the skeleton follows UTS #39', () => {
  it('maps letters of other scripts that look Latin to Latin, and keeps apart what the standard keeps apart', () => {
    expect(skeleton('аdmin')).toBe(skeleton('admin')); // Cyrillic а
    expect(skeleton('ΑΒΕ')).toBe(skeleton('ABE')); // Greek capitals
    expect(skeleton('rn')).toBe(skeleton('m'));
    // confusables.txt lists 1 as confusable with l, not with i
    expect(skeleton('adm1n')).not.toBe(skeleton('admin'));
    expect(skeleton('adm1n')).toBe(skeleton('admln'));
    // names are compared regardless of case and width (NFKC first)
    expect(nameSkeleton('ＡＤＭＩＮ')).toBe(nameSkeleton('admin'));
  });
});

describe('CheckUsername', () => {
  it.each(['admin', 'ADMIN', 'аdmin', 'adrnin'])('%s → 50 (the name or one that looks the same is taken)', async (username) => {
    expect((await t.post('/api/Account/CheckUsername', { username })).body.code).toBe(50);
  });

  it('adm1n → 200: not a look-alike of admin under the standard', async () => {
    expect((await t.post('/api/Account/CheckUsername', { username: 'adm1n' })).body.code).toBe(200);
  });
});

describe('SaveUser (user management) creating a user', () => {
  const user = (username: string) => ({
    username,
    display_name: 'New User',
    email: `${username}@example.com`,
    roles: ['dev'],
    country: 'DE',
    company: '',
    phone: '',
    language_code: 'de-DE',
    password: 'Start2026x',
    license_key: '',
  });

  it('refuses a name that looks like an existing one (50), nothing created; a new name gets its skeleton', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/User/SaveUser', user('adrnin'), admin, 50, 'username');
    await expectRejected(t, '/api/User/SaveUser', user('custorner'), admin, 50, 'username');
    const created = await expectOk(t, '/api/User/SaveUser', user('lena.dev'), admin);
    const [row] = await t.db.select({ skeleton: users.usernameSkeleton }).from(users).where(eq(users.id, created.id));
    expect(row!.skeleton).toBe(nameSkeleton('lena.dev'));
    await expectRejected(t, '/api/User/SaveUser', user('LENA.DEV'), admin, 50, 'username');
  });
});

describe("a customer's display name", () => {
  const FORM_FIELDS = ['display_name', 'email', 'phone', 'country', 'company', 'language_code', 'time_zone'] as const;
  const formOf = (profile: Record<string, unknown>) => Object.fromEntries(FORM_FIELDS.map((name) => [name, profile[name]]));

  it("may not copy a staff member's (any case, look-alike letters): 37 on display_name, nothing changed", async () => {
    const token = await tokens.of('customer');
    const me = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
    // The admin is Anna Lindqvist, the servicer another staff member (server/demo/users.ts).
    await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(me), display_name: 'Anna Lindqvist' }, token, 37, 'display_name');
    await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(me), display_name: 'ANNA LINDQVІST' }, token, 37, 'display_name');
    const saved = await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(me), display_name: 'Anna Becker' }, token);
    expect(saved.display_name).toBe('Anna Becker');
  });

  it("is not checked for staff, nor when a customer's name stays as it is", async () => {
    const admin = await tokens.of('admin');
    const mine = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, admin);
    await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(mine), company: 'ESS Portal AG' }, admin);
    const [servicer] = await t.db.select({ name: users.displayName }).from(users).where(eq(users.username, 'servicer'));
    // A staff member may share a name with another staff member (two people can be called the same).
    await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(mine), display_name: servicer!.name }, admin);

    // A customer whose name was a staff member's before the rule keeps it while editing the rest of the profile.
    await t.db.update(users).set({ displayName: servicer!.name }).where(eq(users.username, 'customer'));
    const token = await tokens.of('customer');
    const me = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
    await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(me), company: 'Becker Solar' }, token);
  });
});

describe('users written before the skeleton column', () => {
  it('get their skeleton at boot, and the check then holds against them', async () => {
    await t.db.update(users).set({ usernameSkeleton: null });
    expect((await t.post('/api/Account/CheckUsername', { username: 'аdmin' })).body.code).toBe(200);
    await fillNameSkeletons(t.db);
    expect(await t.db.select().from(users).where(isNull(users.usernameSkeleton))).toEqual([]);
    expect((await t.post('/api/Account/CheckUsername', { username: 'аdmin' })).body.code).toBe(50);
  });
});

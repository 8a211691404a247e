import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../../permissions/ability';
import { ROLES } from '../../../permissions/roles';
import { routesOfRoles } from '../../../server/admin/menu-permissions';
import { seedMenus } from '../../../server/admin/menus/service';
import {
  emailRules,
  installerCompanies,
  licenses,
  mailOutbox,
  menus,
  notificationCategories,
  organizations,
  rolePermissions,
  snRegistry,
  translations,
  userLog,
  users,
} from '../../../server/core/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';
import { tableDigests } from './helpers';

/**
 * Every call of the administration areas × the 14 roles. A role the route table allows must really get the
 * work done (code 200, the answer it promises, the record written, changed or gone); every other role gets 45
 * and no table changes, neither its rows nor their content. Each role works on records of its own (made
 * straight in the database before the walk), so one app serves the whole file.
 */
type Role = (typeof ROLES)[number];
type Fixture = Awaited<ReturnType<typeof prepareFixture>>;
type Answer = { code: number; data: any; info: string; response: LightMyRequestResponse };

interface Endpoint {
  path: string;
  /** The CASL subject the call belongs to; null: every logged-in role may call it. */
  key: string | null;
  method?: 'GET';
  /** Multipart upload of an xlsx built from these rows. */
  upload?: (fx: Fixture) => unknown[][];
  body?: (fx: Fixture) => Record<string, unknown>;
  /** Changes data when allowed (the table digests must move, proving the comparison sees changes). */
  write?: boolean;
  /** For an allowed role: the answer is the promised one and the database holds the result. */
  check: (answer: Answer, fx: Fixture) => Promise<void> | void;
}

let t: TestApp;
const byId = async (table: any, id: number) => (await t.db.select().from(table).where(eq(table.id, id)))[0] as any;
const isPage = (data: any, id: number) => {
  expect(data.dataCount).toBeGreaterThanOrEqual(1);
  expect(data.data.map((r: any) => r.id)).toContain(id);
};
const isXlsx = (answer: Answer) => {
  expect(answer.response.headers['content-type']).toContain('spreadsheet');
  expect(answer.response.headers['content-disposition']).toMatch(/attachment; filename=".+\.xlsx"/);
};

/** The records one role's calls read, change and delete, each named after the role's index. */
async function prepareFixture(role: Role, i: number) {
  const now = t.clock();
  const one = async <R>(rows: R[]) => rows[0]!;
  const license = (suffix: string) => ({
    license_key: `MX-${i}-${suffix}`,
    company: `Matrix ${i}`,
    license_type: 'installer',
    expires_at: '2030-01-01',
    created_by: 'admin',
  });
  const sn = (suffix: string) => ({
    sn: `ESSMX${String(i).padStart(2, '0')}${suffix}`,
    check_code: 'ABCD12',
    product_type: 'system',
    model: 'M',
    production_date: '2026-01-01',
    state: 'free',
    created_by: 'admin',
  });
  const menu = (suffix: string) => ({
    menu_key: `mx${i}${suffix}`,
    parent_key: null,
    path: `https://example.com/${i}/${suffix}`,
    title_en: `MX ${i} ${suffix}`,
    sort_order: 1,
  });
  const category = (suffix: string) => ({ category_code: `mx_${i}_${suffix}`, name: `MX ${i} ${suffix}` });
  const [me] = await t.db.select().from(users).where(eq(users.username, role));
  const fx = {
    role,
    i,
    me: me!,
    license: await one(await t.db.insert(licenses).values(license('A')).returning()),
    licenseToDelete: await one(await t.db.insert(licenses).values(license('D')).returning()),
    licenseToFree: await one(
      await t.db
        .insert(licenses)
        .values({ ...license('U'), assigned_user: role })
        .returning(),
    ),
    sn: await one(await t.db.insert(snRegistry).values(sn('A01')).returning()),
    snToDelete: await one(await t.db.insert(snRegistry).values(sn('D01')).returning()),
    snToCheck: await one(await t.db.insert(snRegistry).values(sn('C01')).returning()),
    user: await one(
      await t.db
        .insert(users)
        .values({
          username: `mx.${role}`,
          email: `mx.${role}@example.com`,
          displayName: `MX ${role}`,
          passwordHash: me!.passwordHash,
          roles: ['dev'],
        })
        .returning(),
    ),
    userToDelete: await one(
      await t.db
        .insert(users)
        .values({ username: `mx.del.${role}`, email: `mx.del.${role}@example.com`, passwordHash: me!.passwordHash, roles: ['dev'] })
        .returning(),
    ),
    userToDeactivate: await one(
      await t.db
        .insert(users)
        .values({ username: `mx.off.${role}`, email: `mx.off.${role}@example.com`, passwordHash: me!.passwordHash, roles: ['dev'] })
        .returning(),
    ),
    company: await one(
      await t.db
        .insert(installerCompanies)
        .values({ name: `MX Solar ${i}`, country: 'DE' })
        .returning(),
    ),
    companyToDelete: await one(
      await t.db
        .insert(installerCompanies)
        .values({ name: `MX Solar ${i} D`, country: 'DE' })
        .returning(),
    ),
    organization: await one(
      await t.db
        .insert(organizations)
        .values({ kind: 'reseller', name: `MX Wholesale ${i}`, country: 'DE' })
        .returning(),
    ),
    organizationToDelete: await one(
      await t.db
        .insert(organizations)
        .values({ kind: 'supplier', name: `MX Cells ${i} D`, country: 'DE' })
        .returning(),
    ),
    menu: await one(await t.db.insert(menus).values(menu('a')).returning()),
    menuToDelete: await one(await t.db.insert(menus).values(menu('d')).returning()),
    category: await one(await t.db.insert(notificationCategories).values(category('a')).returning()),
    categoryToDelete: await one(await t.db.insert(notificationCategories).values(category('d')).returning()),
    rule: await one(
      await t.db
        .insert(emailRules)
        .values({ category_code: `mx_${i}_a`, recipient_kind: 'address', recipient_value: `mx${i}a@example.com` })
        .returning(),
    ),
    ruleToDelete: await one(
      await t.db
        .insert(emailRules)
        .values({ category_code: `mx_${i}_a`, recipient_kind: 'address', recipient_value: `mx${i}d@example.com` })
        .returning(),
    ),
    // Already sent: no delivery run touches it.
    mail: await one(
      await t.db
        .insert(mailOutbox)
        .values({
          category: `mx_${i}_a`,
          recipient: `mx${i}a@example.com`,
          language: 'en',
          subject: `MX ${i}`,
          body: 'Hello',
          createdAt: now,
          sentAt: now,
          attempts: 1,
          nextAttemptAt: now,
        })
        .returning(),
    ),
    log: await one(
      await t.db
        .insert(userLog)
        .values({ username: 'admin', action: `matrix.${i}`, target: `matrix:${i}`, ip: '127.0.0.1', createdAt: now })
        .returning(),
    ),
  };
  await t.db.insert(translations).values({ language: 'de', namespace: 'matrix', key: `reset${i}`, value: 'Zurücksetzen', updated_at: now });
  return fx;
}

const ENDPOINTS: Endpoint[] = [
  // licenseManagement
  {
    path: '/api/License/GetLicensePageList',
    key: 'licenseManagement',
    body: (fx) => ({ license_key: fx.license.license_key }),
    check: ({ data }, fx) => isPage(data, fx.license.id),
  },
  {
    path: '/api/License/GetLicense',
    key: 'licenseManagement',
    body: (fx) => ({ id: fx.license.id }),
    check: ({ data }, fx) => expect(data.license_key).toBe(fx.license.license_key),
  },
  {
    path: '/api/License/SaveLicense',
    key: 'licenseManagement',
    write: true,
    body: (fx) => ({ license_key: `MX-${fx.i}-NEW`, company: 'New', license_type: 'servicepartner', expires_at: '2031-01-01', remark: '' }),
    check: async ({ data }, fx) =>
      expect(await byId(licenses, data.id)).toMatchObject({ license_key: `MX-${fx.i}-NEW`, created_by: fx.role }),
  },
  {
    path: '/api/License/SaveLicense',
    key: 'licenseManagement',
    write: true,
    body: (fx) => ({
      id: fx.license.id,
      license_key: fx.license.license_key,
      company: `Edited by ${fx.role}`,
      license_type: 'installer',
      expires_at: '2030-06-30',
      remark: '',
    }),
    check: async ({ data }, fx) => {
      expect(data.id).toBe(fx.license.id);
      expect(await byId(licenses, fx.license.id)).toMatchObject({ company: `Edited by ${fx.role}`, expires_at: '2030-06-30' });
    },
  },
  {
    path: '/api/License/DeleteLicense',
    key: 'licenseManagement',
    write: true,
    body: (fx) => ({ id: fx.licenseToDelete.id }),
    check: async (_a, fx) => expect(await byId(licenses, fx.licenseToDelete.id)).toBeUndefined(),
  },
  {
    path: '/api/License/UnassignLicense',
    key: 'licenseManagement',
    write: true,
    body: (fx) => ({ id: fx.licenseToFree.id }),
    check: async (_a, fx) => expect((await byId(licenses, fx.licenseToFree.id)).assigned_user).toBeNull(),
  },
  // The options of 'Assigned user': every role of the license screen, unlike the user list.
  {
    path: '/api/License/GetLicenseUserOptions',
    key: 'licenseManagement',
    body: () => ({}),
    check: ({ data }) => expect(data.data.map((r: any) => r.username)).toContain('installer'),
  },

  // snManagement
  { path: '/api/SN/GetSnPageList', key: 'snManagement', body: (fx) => ({ sn: fx.sn.sn }), check: ({ data }, fx) => isPage(data, fx.sn.id) },
  { path: '/api/SN/GetSn', key: 'snManagement', body: (fx) => ({ id: fx.sn.id }), check: ({ data }, fx) => expect(data.sn).toBe(fx.sn.sn) },
  {
    path: '/api/SN/SaveSn',
    key: 'snManagement',
    write: true,
    body: (fx) => ({
      sn: `ESSMX${String(fx.i).padStart(2, '0')}N01`,
      check_code: 'ABCD',
      product_type: 'battery',
      model: '',
      production_date: '2026-02-01',
      state: 'free',
    }),
    check: async ({ data }, fx) =>
      expect(await byId(snRegistry, data.id)).toMatchObject({ sn: `ESSMX${String(fx.i).padStart(2, '0')}N01`, created_by: fx.role }),
  },
  {
    path: '/api/SN/SaveSn',
    key: 'snManagement',
    write: true,
    body: (fx) => ({
      id: fx.sn.id,
      sn: fx.sn.sn,
      check_code: fx.sn.check_code,
      product_type: 'system',
      model: `Edited ${fx.i}`,
      production_date: '2026-01-01',
      state: 'banned',
    }),
    check: async (_a, fx) => expect(await byId(snRegistry, fx.sn.id)).toMatchObject({ model: `Edited ${fx.i}`, state: 'banned' }),
  },
  {
    path: '/api/SN/DeleteSn',
    key: 'snManagement',
    write: true,
    body: (fx) => ({ id: fx.snToDelete.id }),
    check: async (_a, fx) => expect(await byId(snRegistry, fx.snToDelete.id)).toBeUndefined(),
  },
  {
    path: '/api/SN/CheckSn',
    key: 'snManagement',
    body: (fx) => ({ sn: fx.snToCheck.sn.toLowerCase(), check_code: fx.snToCheck.check_code }),
    check: ({ data }, fx) => expect(data.sn).toBe(fx.snToCheck.sn),
  },
  { path: '/api/SN/GetSnImportTemplate', key: 'snManagement', body: () => ({}), check: (answer) => isXlsx(answer) },
  {
    path: '/api/SN/ImportSn',
    key: 'snManagement',
    write: true,
    upload: (fx) => [
      ['sn', 'check_code', 'product_type', 'production_date'],
      [`ESSMX${String(fx.i).padStart(2, '0')}I01`, 'ABCD', 'system', '2026-03-01'],
    ],
    check: async ({ data }, fx) => {
      expect(data).toMatchObject({ total: 1, created: 1, failed: 0 });
      const [row] = await t.db
        .select()
        .from(snRegistry)
        .where(eq(snRegistry.sn, `ESSMX${String(fx.i).padStart(2, '0')}I01`));
      expect(row).toMatchObject({ created_by: fx.role });
    },
  },

  // userManagement
  {
    path: '/api/User/GetUserPageList',
    key: 'userManagement',
    body: (fx) => ({ username: fx.user.username }),
    check: ({ data }, fx) => isPage(data, fx.user.id),
  },
  {
    path: '/api/User/GetUser',
    key: 'userManagement',
    body: (fx) => ({ id: fx.user.id }),
    check: ({ data }, fx) => expect(data.username).toBe(fx.user.username),
  },
  {
    path: '/api/User/SaveUser',
    key: 'userManagement',
    write: true,
    body: (fx) => ({
      username: `mx.new.${fx.role}`,
      display_name: 'New',
      email: `mx.new.${fx.role}@example.com`,
      roles: ['dev'],
      language_code: 'en-US',
      password: 'Matrix2026',
    }),
    check: async ({ data }, fx) => expect(await byId(users, data.id)).toMatchObject({ username: `mx.new.${fx.role}`, roles: ['dev'] }),
  },
  {
    path: '/api/User/SaveUser',
    key: 'userManagement',
    write: true,
    body: (fx) => ({
      id: fx.user.id,
      display_name: `Edited by ${fx.role}`,
      email: fx.user.email,
      roles: ['dev', 'fasw'],
      language_code: 'ja-JP',
    }),
    check: async (_a, fx) =>
      expect(await byId(users, fx.user.id)).toMatchObject({
        displayName: `Edited by ${fx.role}`,
        roles: ['dev', 'fasw'],
        languageCode: 'ja-JP',
      }),
  },
  {
    path: '/api/User/LockUser',
    key: 'userManagement',
    write: true,
    body: (fx) => ({ id: fx.user.id, locked: true }),
    check: async (_a, fx) => expect((await byId(users, fx.user.id)).locked).toBe(true),
  },
  {
    path: '/api/User/ResetUserPassword',
    key: 'userManagement',
    write: true,
    body: (fx) => ({ id: fx.user.id }),
    check: async ({ data }, fx) => {
      expect(data).toMatchObject({ id: fx.user.id, username: fx.user.username, password: expect.stringMatching(/^[A-Za-z0-9]{12}$/) });
      expect((await byId(users, fx.user.id)).passwordHash).not.toBe(fx.user.passwordHash);
    },
  },
  // Removing a user: the fixture user has no history, so it is deleted; the role's own user is deactivated.
  {
    path: '/api/User/GetUserHistory',
    key: 'userManagement',
    body: (fx) => ({ id: fx.userToDelete.id }),
    check: ({ data }) => expect(data.deletable).toBe(true),
  },
  {
    path: '/api/User/DeactivateUser',
    key: 'userManagement',
    write: true,
    body: (fx) => ({ id: fx.userToDeactivate.id, deactivated: true }),
    check: async (_a, fx) =>
      expect(await byId(users, fx.userToDeactivate.id)).toMatchObject({ locked: true, deactivatedAt: expect.any(Date) }),
  },
  {
    path: '/api/User/DeleteUser',
    key: 'userManagement',
    write: true,
    body: (fx) => ({ id: fx.userToDelete.id }),
    check: async (_a, fx) => expect(await byId(users, fx.userToDelete.id)).toBeUndefined(),
  },
  {
    path: '/api/User/GetUserMenuPermissions',
    key: 'userManagement',
    body: (fx) => ({ id: fx.user.id }),
    check: ({ data }) => expect(data.available).toContain('dashboard'),
  },
  {
    path: '/api/User/SaveUserMenuPermissions',
    key: 'userManagement',
    write: true,
    body: (fx) => ({ id: fx.user.id, menuDenied: ['userLog'] }),
    check: async (_a, fx) => expect((await byId(users, fx.user.id)).menuDenied).toEqual(['userLog']),
  },

  // roleManagement
  {
    path: '/api/Role/GetRolePageList',
    key: 'roleManagement',
    body: () => ({}),
    check: ({ data }) => expect(data.data.map((r: any) => r.role)).toEqual([...ROLES]),
  },
  {
    path: '/api/Role/SaveRolePermissions',
    key: 'roleManagement',
    write: true,
    body: (fx) => ({ role: 'vppmanager', description: `By ${fx.role}`, menus: routesOfRoles(['vppmanager']).slice(1) }),
    check: async (_a, fx) => {
      const [row] = await t.db.select().from(rolePermissions).where(eq(rolePermissions.role, 'vppmanager'));
      expect(row).toMatchObject({ description: `By ${fx.role}`, menu_denied: routesOfRoles(['vppmanager']).slice(0, 1) });
    },
  },

  // menuManagement
  {
    path: '/api/Menu/GetMenuPageList',
    key: 'menuManagement',
    body: (fx) => ({ menu_key: fx.menu.menu_key }),
    check: ({ data }, fx) => isPage(data, fx.menu.id),
  },
  {
    path: '/api/Menu/GetMenu',
    key: 'menuManagement',
    body: (fx) => ({ id: fx.menu.id }),
    check: ({ data }, fx) => expect(data.menu_key).toBe(fx.menu.menu_key),
  },
  {
    path: '/api/Menu/SaveMenu',
    key: 'menuManagement',
    write: true,
    body: (fx) => ({
      menu_key: `mx${fx.i}new`,
      parent_key: null,
      path: `https://example.com/${fx.i}/new`,
      title_en: `MX ${fx.i} new`,
      title_zh: '',
      title_de: '',
      title_ja: '',
      icon: '',
      sort_order: 3,
      hidden: false,
    }),
    check: async ({ data }, fx) => expect(await byId(menus, data.id)).toMatchObject({ menu_key: `mx${fx.i}new`, sort_order: 3 }),
  },
  {
    path: '/api/Menu/SaveMenu',
    key: 'menuManagement',
    write: true,
    body: (fx) => ({
      id: fx.menu.id,
      menu_key: fx.menu.menu_key,
      parent_key: null,
      path: fx.menu.path,
      title_en: `MX ${fx.i} edited`,
      title_zh: '',
      title_de: 'Bearbeitet',
      title_ja: '',
      icon: 'info',
      sort_order: 9,
      hidden: true,
    }),
    check: async (_a, fx) =>
      expect(await byId(menus, fx.menu.id)).toMatchObject({
        title_en: `MX ${fx.i} edited`,
        title_de: 'Bearbeitet',
        icon: 'info',
        hidden: true,
      }),
  },
  {
    path: '/api/Menu/DeleteMenu',
    key: 'menuManagement',
    write: true,
    body: (fx) => ({ id: fx.menuToDelete.id }),
    check: async (_a, fx) => expect(await byId(menus, fx.menuToDelete.id)).toBeUndefined(),
  },
  {
    path: '/api/Menu/GetMenuOverrides',
    key: null,
    method: 'GET',
    check: ({ data }, fx) => expect(data[fx.menu.menu_key]).toMatchObject({ link: fx.menu.path }),
  },

  // langTransManagement
  {
    path: '/api/Translation/GetTranslationPageList',
    key: 'langTransManagement',
    body: () => ({ namespace: 'menu', key: 'dashboard' }),
    check: ({ data }) => expect(data.data[0]).toMatchObject({ id: 'menu:dashboard', en: expect.any(String), de: expect.any(String) }),
  },
  {
    path: '/api/Translation/SaveTranslation',
    key: 'langTransManagement',
    write: true,
    body: (fx) => ({ language: 'zh', namespace: 'menu', key: 'dashboard', value: `首页 ${fx.i}` }),
    check: async (_a, fx) => {
      const [row] = await t.db
        .select()
        .from(translations)
        .where(eq(translations.value, `首页 ${fx.i}`));
      expect(row).toMatchObject({ language: 'zh', namespace: 'menu', key: 'dashboard', updated_by: fx.role });
    },
  },
  {
    path: '/api/Translation/AddTranslation',
    key: 'langTransManagement',
    write: true,
    body: (fx) => ({ language: 'de', namespace: 'matrix', key: `added${fx.i}`, value: 'Neu' }),
    check: async (_a, fx) =>
      expect(
        await t.db
          .select()
          .from(translations)
          .where(eq(translations.key, `added${fx.i}`)),
      ).toHaveLength(1),
  },
  {
    path: '/api/Translation/ResetTranslation',
    key: 'langTransManagement',
    write: true,
    body: (fx) => ({ language: 'de', namespace: 'matrix', key: `reset${fx.i}` }),
    check: async (_a, fx) =>
      expect(
        await t.db
          .select()
          .from(translations)
          .where(eq(translations.key, `reset${fx.i}`)),
      ).toEqual([]),
  },
  {
    path: '/api/Translation/GetOverrides?lng=de',
    key: null,
    method: 'GET',
    check: ({ data }, fx) => expect(data.matrix[`added${fx.i}`] ?? data.matrix[`reset${fx.i}`]).toBeDefined(),
  },

  // emailDeliveringRules: categories, rules, sent mails
  {
    path: '/api/EmailRule/GetCategoryPageList',
    key: 'emailDeliveringRules',
    body: (fx) => ({ category_code: fx.category.category_code }),
    check: ({ data }, fx) => isPage(data, fx.category.id),
  },
  {
    path: '/api/EmailRule/GetCategory',
    key: 'emailDeliveringRules',
    body: (fx) => ({ id: fx.category.id }),
    check: ({ data }, fx) => expect(data.category_code).toBe(fx.category.category_code),
  },
  {
    path: '/api/EmailRule/SaveCategory',
    key: 'emailDeliveringRules',
    write: true,
    body: (fx) => ({ category_code: `mx_${fx.i}_new`, name: `MX ${fx.i} new`, description: '' }),
    check: async ({ data }, fx) =>
      expect(await byId(notificationCategories, data.id)).toMatchObject({ category_code: `mx_${fx.i}_new`, created_by: fx.role }),
  },
  {
    path: '/api/EmailRule/SaveCategory',
    key: 'emailDeliveringRules',
    write: true,
    body: (fx) => ({ id: fx.category.id, category_code: fx.category.category_code, name: `MX ${fx.i} renamed`, description: 'Edited' }),
    check: async (_a, fx) =>
      expect(await byId(notificationCategories, fx.category.id)).toMatchObject({ name: `MX ${fx.i} renamed`, description: 'Edited' }),
  },
  {
    path: '/api/EmailRule/DeleteCategory',
    key: 'emailDeliveringRules',
    write: true,
    body: (fx) => ({ id: fx.categoryToDelete.id }),
    check: async (_a, fx) => expect(await byId(notificationCategories, fx.categoryToDelete.id)).toBeUndefined(),
  },
  {
    path: '/api/EmailRule/GetEmailRulePageList',
    key: 'emailDeliveringRules',
    body: (fx) => ({ category_code: fx.category.category_code }),
    check: ({ data }, fx) => isPage(data, fx.rule.id),
  },
  {
    path: '/api/EmailRule/GetEmailRule',
    key: 'emailDeliveringRules',
    body: (fx) => ({ id: fx.rule.id }),
    check: ({ data }, fx) => expect(data.recipient_value).toBe(fx.rule.recipient_value),
  },
  {
    path: '/api/EmailRule/SaveEmailRule',
    key: 'emailDeliveringRules',
    write: true,
    body: (fx) => ({
      category_code: fx.category.category_code,
      recipient_kind: 'role',
      recipient_value: 'servicer',
      country: '',
      enabled: true,
      remark: '',
    }),
    check: async ({ data }, fx) =>
      expect(await byId(emailRules, data.id)).toMatchObject({
        category_code: fx.category.category_code,
        recipient_value: 'servicer',
        created_by: fx.role,
      }),
  },
  {
    path: '/api/EmailRule/SaveEmailRule',
    key: 'emailDeliveringRules',
    write: true,
    body: (fx) => ({
      id: fx.rule.id,
      category_code: fx.category.category_code,
      recipient_kind: 'address',
      recipient_value: fx.rule.recipient_value,
      country: 'DE',
      enabled: false,
      remark: 'Edited',
    }),
    check: async (_a, fx) => expect(await byId(emailRules, fx.rule.id)).toMatchObject({ country: 'DE', enabled: false, remark: 'Edited' }),
  },
  {
    path: '/api/EmailRule/DeleteEmailRule',
    key: 'emailDeliveringRules',
    write: true,
    body: (fx) => ({ id: fx.ruleToDelete.id }),
    check: async (_a, fx) => expect(await byId(emailRules, fx.ruleToDelete.id)).toBeUndefined(),
  },
  {
    path: '/api/EmailRule/GetMailOutboxPageList',
    key: 'emailDeliveringRules',
    body: (fx) => ({ recipient: fx.mail.recipient }),
    check: ({ data }, fx) => isPage(data, fx.mail.id),
  },
  {
    path: '/api/EmailRule/GetMailOutbox',
    key: 'emailDeliveringRules',
    body: (fx) => ({ id: fx.mail.id }),
    check: ({ data }, fx) => expect(data).toMatchObject({ subject: fx.mail.subject, body: 'Hello' }),
  },

  // The options of the user form's scope-link selects: the staff who manage users only.
  {
    path: '/api/Company/GetInstallerCompanyPageList',
    key: 'userManagement',
    body: () => ({}),
    check: ({ data }) => expect(Array.isArray(data.data)).toBe(true),
  },
  {
    path: '/api/Company/GetOrganizationPageList',
    key: 'userManagement',
    body: () => ({ kind: 'supplier' }),
    check: ({ data }) => expect(Array.isArray(data.data)).toBe(true),
  },

  // companyManagement: both kinds of company, read, created, edited and deleted.
  ...(
    [
      ['InstallerCompany', 'company', 'companyToDelete', installerCompanies, {}],
      ['Organization', 'organization', 'organizationToDelete', organizations, { kind: 'reseller' }],
    ] as const
  ).flatMap(([name, row, toDelete, table, extra]): Endpoint[] => [
    {
      path: `/api/Company/Get${name}List`,
      key: 'companyManagement',
      body: (fx) => ({ name: fx[row].name }),
      check: ({ data }, fx) => isPage(data, fx[row].id),
    },
    {
      path: `/api/Company/Get${name}`,
      key: 'companyManagement',
      body: (fx) => ({ id: fx[row].id }),
      check: ({ data }, fx) => expect(data.name).toBe(fx[row].name),
    },
    {
      path: `/api/Company/Save${name}`,
      key: 'companyManagement',
      write: true,
      body: (fx) => ({ name: `MX ${name} ${fx.i} new`, country: 'AT', ...extra }),
      check: async ({ data }, fx) => expect((await byId(table, data.id)).name).toBe(`MX ${name} ${fx.i} new`),
    },
    {
      path: `/api/Company/Save${name}`,
      key: 'companyManagement',
      write: true,
      body: (fx) => ({ id: fx[row].id, name: fx[row].name, country: 'CH', ...extra }),
      check: async (_a, fx) => expect((await byId(table, fx[row].id)).country).toBe('CH'),
    },
    {
      path: `/api/Company/Delete${name}`,
      key: 'companyManagement',
      write: true,
      body: (fx) => ({ id: fx[toDelete].id }),
      check: async (_a, fx) => expect(await byId(table, fx[toDelete].id)).toBeUndefined(),
    },
  ]),

  // userLog
  {
    path: '/api/UserLog/GetUserLogPageList',
    key: 'userLog',
    body: (fx) => ({ action: fx.log.action }),
    check: ({ data }, fx) => isPage(data, fx.log.id),
  },
  {
    path: '/api/UserLog/GetUserLog',
    key: 'userLog',
    body: (fx) => ({ id: fx.log.id }),
    check: ({ data }, fx) => expect(data.target).toBe(fx.log.target),
  },
  { path: '/api/UserLog/ExportUserLog', key: 'userLog', body: (fx) => ({ action: fx.log.action }), check: (answer) => isXlsx(answer) },

  // Every role: the own profile and password.
  {
    path: '/api/UserInfo/GetMyUserInfo',
    key: 'userInfoSettings',
    body: () => ({}),
    check: ({ data }, fx) => expect(data).toMatchObject({ username: fx.role, email: fx.me.email }),
  },
  {
    path: '/api/UserInfo/SaveMyUserInfo',
    key: 'userInfoSettings',
    write: true,
    body: (fx) => ({
      display_name: fx.me.displayName,
      email: fx.me.email,
      phone: `+49 ${fx.i}`,
      country: fx.me.country,
      company: fx.me.company,
      language_code: 'de-DE',
      time_zone: fx.me.timeZone,
    }),
    check: async (_a, fx) => expect(await byId(users, fx.me.id)).toMatchObject({ phone: `+49 ${fx.i}`, languageCode: 'de-DE' }),
  },
  // Last: it ends the role's other sessions.
  {
    path: '/api/Account/ChangePassword',
    key: null,
    write: true,
    body: () => ({ oldPassword: DEMO_PASSWORD, newPassword: 'Matrix2026x' }),
    check: async (_a, fx) => expect((await byId(users, fx.me.id)).passwordHash).not.toBe(fx.me.passwordHash),
  },
];

/** The administration areas' path prefixes: every call registered under them must be in ENDPOINTS. */
const ADMIN_PREFIXES = [
  '/api/License/',
  '/api/SN/',
  '/api/User/',
  '/api/Role/',
  '/api/Menu/',
  '/api/Translation/',
  '/api/EmailRule/',
  '/api/UserLog/',
  '/api/UserInfo/',
  '/api/Company/',
];

/** The paths Fastify registered, read from its route tree (a child line continues its parent's path). */
function registeredPaths(): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│\s]*)[├└]── (\S+) \(/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack.length = depth + 1;
    paths.push(stack[depth]!);
  }
  return paths;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('SN');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function call(endpoint: Endpoint, fx: Fixture, token: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: unknown;
  if (endpoint.upload) {
    const boundary = '----matrixboundary';
    const file = await xlsx(endpoint.upload(fx));
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sns.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  } else if (endpoint.method !== 'GET') {
    payload = endpoint.body?.(fx) ?? {};
  }
  const response = await t.inject({
    method: endpoint.method ?? 'POST',
    url: endpoint.path,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  if (String(response.headers['content-type'] ?? '').includes('spreadsheet')) return { code: 200, data: null, info: 'file', response };
  const body = response.json();
  return { code: body.code, data: body.data, info: body.info, response };
}

const fixtures = new Map<Role, Fixture>();
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedMenus(t.db, t.clock());
  for (const [i, role] of ROLES.entries()) fixtures.set(role, await prepareFixture(role, i));
  for (const role of ROLES) tokens.set(role, (await t.login(role)).AccessToken);
}, 60_000);
afterAll(() => t.close());

describe('role matrix: every admin call × the 14 roles', () => {
  it.each([...ROLES])('%s: allowed calls do their work, the others answer 45 and change nothing', async (role) => {
    const ability = defineAbilityFor([role]);
    const token = tokens.get(role)!;
    const fx = fixtures.get(role)!;
    for (const endpoint of ENDPOINTS) {
      const allowed = endpoint.key === null || ability.can('access', endpoint.key);
      const label = `${role} ${endpoint.path} ${JSON.stringify(endpoint.body?.(fx) ?? {})}`;
      const before = allowed && !endpoint.write ? undefined : await tableDigests(t);
      const answer = await call(endpoint, fx, token);
      if (allowed) {
        expect(answer.code, `${label} → ${answer.code} ${answer.info}`).toBe(200);
        await endpoint.check(answer, fx);
        if (endpoint.write) expect(await tableDigests(t), `${label}: a write that changed no table`).not.toEqual(before);
      } else {
        expect(answer.code, label).toBe(45);
        expect(await tableDigests(t), `${label}: a refused call changed a table`).toEqual(before);
      }
    }
  });

  it('covers every call of the administration areas, and each area has roles allowed and roles refused', () => {
    const covered = new Set(ENDPOINTS.map((e) => e.path.split('?')[0]));
    const registered = registeredPaths().filter((p) => ADMIN_PREFIXES.some((prefix) => p.startsWith(prefix)));
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((p) => !covered.has(p))).toEqual([]);
    for (const key of new Set(ENDPOINTS.map((e) => e.key))) {
      if (key === null) continue;
      const allowed = ROLES.filter((role) => defineAbilityFor([role]).can('access', key));
      expect(allowed.length, key).toBeGreaterThan(0);
      if (key !== 'userInfoSettings') expect(allowed.length, key).toBeLessThan(ROLES.length);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAbilityFor, type Action } from '../../../permissions/ability';
import { ROLES } from '../../../permissions/roles';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Every endpoint of the administration areas × the 14 roles: the roles the route table allows get through
 * (reads answer 200, writes anything but 45), every other role gets 45 and no table changes.
 */
const ENDPOINTS: { path: string; key: string; action: Action; body: Record<string, unknown>; read?: boolean }[] = [
  { path: '/api/License/GetLicensePageList', key: 'licenseManagement', action: 'access', body: {}, read: true },
  { path: '/api/License/GetLicense', key: 'licenseManagement', action: 'access', body: { id: 1 } },
  { path: '/api/License/SaveLicense', key: 'licenseManagement', action: 'create', body: { license_key: 'LIC-MATRIX', company: 'M', license_type: 'installer', expires_at: '2030-01-01' } },
  { path: '/api/License/DeleteLicense', key: 'licenseManagement', action: 'delete', body: { id: 999 } },
  { path: '/api/SN/GetSnPageList', key: 'snManagement', action: 'access', body: {}, read: true },
  { path: '/api/SN/GetSn', key: 'snManagement', action: 'access', body: { id: 1 } },
  { path: '/api/SN/SaveSn', key: 'snManagement', action: 'create', body: { sn: 'ESSMATRIX001', check_code: 'ABCD', product_type: 'system', production_date: '2026-01-01', state: 'free' } },
  { path: '/api/SN/DeleteSn', key: 'snManagement', action: 'delete', body: { id: 999 } },
  { path: '/api/SN/CheckSn', key: 'snManagement', action: 'access', body: { sn: 'ESSMATRIX001', check_code: 'ABCD' } },
  { path: '/api/SN/GetSnImportTemplate', key: 'snManagement', action: 'access', body: {} },
  { path: '/api/User/GetUserPageList', key: 'userManagement', action: 'access', body: {}, read: true },
  { path: '/api/User/GetUser', key: 'userManagement', action: 'access', body: { id: 1 }, read: true },
  { path: '/api/User/SaveUser', key: 'userManagement', action: 'create', body: { username: 'matrix', display_name: 'M', email: 'm@example.com', roles: ['dev'], language_code: 'en-US', password: 'Matrix2026' } },
  { path: '/api/User/LockUser', key: 'userManagement', action: 'update', body: { id: 999, locked: true } },
  { path: '/api/User/ResetUserPassword', key: 'userManagement', action: 'update', body: { id: 999 } },
  { path: '/api/User/GetUserMenuPermissions', key: 'userManagement', action: 'access', body: { id: 1 }, read: true },
  { path: '/api/User/SaveUserMenuPermissions', key: 'userManagement', action: 'update', body: { id: 999, menuDenied: [] } },
  { path: '/api/Role/GetRolePageList', key: 'roleManagement', action: 'access', body: {}, read: true },
  { path: '/api/Role/SaveRolePermissions', key: 'roleManagement', action: 'update', body: { role: 'dev', menus: [] } },
  { path: '/api/Menu/GetMenuPageList', key: 'menuManagement', action: 'access', body: {}, read: true },
  { path: '/api/Menu/SaveMenu', key: 'menuManagement', action: 'create', body: { menu_key: 'matrix', title_en: '' } },
  { path: '/api/Menu/DeleteMenu', key: 'menuManagement', action: 'delete', body: { id: 99999 } },
  { path: '/api/Translation/GetTranslationPageList', key: 'langTransManagement', action: 'access', body: {}, read: true },
  { path: '/api/Translation/SaveTranslation', key: 'langTransManagement', action: 'update', body: { namespace: 'menu', key: 'dashboard', value: 'x' } },
  { path: '/api/Translation/AddTranslation', key: 'langTransManagement', action: 'create', body: { namespace: 'menu', key: 'dashboard', value: 'x' } },
  { path: '/api/Translation/ResetTranslation', key: 'langTransManagement', action: 'delete', body: { language: 'de', namespace: 'menu', key: 'dashboard' } },
  { path: '/api/EmailRule/GetEmailRulePageList', key: 'emailDeliveringRules', action: 'access', body: {}, read: true },
  { path: '/api/EmailRule/SaveEmailRule', key: 'emailDeliveringRules', action: 'create', body: { category_code: 'none', recipient_kind: 'role', recipient_value: 'dev' } },
  { path: '/api/EmailRule/DeleteEmailRule', key: 'emailDeliveringRules', action: 'delete', body: { id: 999 } },
  { path: '/api/EmailRule/GetCategoryPageList', key: 'emailDeliveringRules', action: 'access', body: {}, read: true },
  { path: '/api/EmailRule/GetMailOutboxPageList', key: 'emailDeliveringRules', action: 'access', body: {}, read: true },
  { path: '/api/EmailRule/SaveCategory', key: 'emailDeliveringRules', action: 'create', body: { category_code: '', name: '' } },
  { path: '/api/EmailRule/DeleteCategory', key: 'emailDeliveringRules', action: 'delete', body: { id: 999 } },
  { path: '/api/UserLog/GetUserLogPageList', key: 'userLog', action: 'access', body: {}, read: true },
  { path: '/api/UserLog/GetUserLog', key: 'userLog', action: 'access', body: { id: 1 } },
  { path: '/api/UserLog/ExportUserLog', key: 'userLog', action: 'export', body: {} },
  { path: '/api/UserInfo/GetMyUserInfo', key: 'userInfoSettings', action: 'access', body: {}, read: true },
  { path: '/api/UserInfo/SaveMyUserInfo', key: 'userInfoSettings', action: 'update', body: { display_name: '' } },
];

let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  for (const role of ROLES) tokens.set(role, (await t.login(role)).AccessToken);
});
afterAll(() => t.close());

describe('role matrix: every admin endpoint × the 14 roles', () => {
  it.each([...ROLES])('%s', async (role) => {
    const ability = defineAbilityFor([role]);
    const token = tokens.get(role)!;
    for (const endpoint of ENDPOINTS) {
      const allowed = ability.can('access', endpoint.key) && ability.can(endpoint.action, endpoint.key);
      const before = allowed ? undefined : await t.database.rowCounts();
      const response = await t.inject({ method: 'POST', url: endpoint.path, payload: endpoint.body, headers: { authorization: `Bearer ${token}` } });
      const isFile = String(response.headers['content-type'] ?? '').includes('spreadsheet');
      const code = isFile ? 200 : response.json().code;
      const label = `${role} ${endpoint.path} → ${code}`;
      if (allowed) {
        expect(code, label).not.toBe(45);
        if (endpoint.read) expect(code, label).toBe(200);
      } else {
        expect(code, label).toBe(45);
        expect(await t.database.rowCounts(), label).toEqual(before);
      }
    }
  });

  it('the matrix is not trivial: some roles are refused and some allowed on each area', () => {
    for (const key of new Set(ENDPOINTS.map((e) => e.key))) {
      const allowed = ROLES.filter((role) => defineAbilityFor([role]).can('access', key));
      expect(allowed.length, key).toBeGreaterThan(0);
      if (key !== 'userInfoSettings') expect(allowed.length, key).toBeLessThan(ROLES.length);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../permissions/roles';
import { filterRoutes, leafRoutes, ROUTES } from '../../../permissions/routes';
import { RESOURCES } from '../../../resources';
import { hasScreen } from '../../../src/routing/screens';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The menu and the calls agree for every role: each entry a role's menu lists (a route of the table open to the role,
 * with a built screen) opens on a call the role may make. A menu entry whose first call answers 45 is a screen
 * that shows its user nothing but an error, which is how suppliers and VPP managers met the statement's four
 * empty charts.
 */

/** The call each hand-written screen makes first (a declared resource's screen starts with its list). */
const FIRST_CALLS: Record<string, { path: string; body?: Record<string, unknown>; method?: 'GET' }> = {
  dashboard: { path: '/UserInfo/GetMyUserInfo' },
  energyStorageList: { path: '/ESS/GetSystems', body: { pageIndex: 1, pageSize: 10 } },
  elecPriceSetting: { path: '/Account/GetElectrovalenceSetting', method: 'GET' },
  systemSettings: { path: '/Account/GetCustomUseESSList', method: 'GET' },
  roleManagement: { path: '/Role/GetRolePageList' },
  langTransManagement: { path: '/Translation/GetTranslationPageList', body: { pageIndex: 1, pageSize: 10 } },
  sysErrorEmailNotification: { path: '/FaultMail/GetMySubscriptions' },
  userInfoSettings: { path: '/UserInfo/GetMyUserInfo' },
  changePwd: { path: '/UserInfo/GetMyUserInfo' },
  customerComplaintList: { path: '/Complaints/GetComplaintPageList', body: { pageIndex: 1, pageSize: 10 } },
  statisticalStatement: { path: '/Complaints/GetStatisticalStatement', body: {} },
  clientList: { path: '/CustomerArchives/GetClientPageList', body: { pageIndex: 1, pageSize: 10 } },
  mailTiming: { path: '/MailTiming/GetMailJobList', body: { pageIndex: 1, pageSize: 200 } },
  sysSummaryInfo: { path: '/Information/GetEssSummaryList', body: { pageIndex: 1, pageSize: 20 } },
  reportGenerateResult: { path: '/Reports/GetReportList', body: { pageIndex: 1, pageSize: 20 } },
  Notifications: { path: '/Message/GetListMyMsg', body: { pageIndex: 1, pageSize: 10, language: 'en' } },
  infoDistributionSys: { path: '/InfoDistribution/GetInfoDistributionPageList', body: { pageIndex: 1, pageSize: 10, language: 'en' } },
  commandManagement: { path: '/DeviceCommand/GetCommandList', body: { pageIndex: 1, pageSize: 20 } },
  sysFailureCheck: {
    path: '/ESSMainTain/GetFaultList',
    body: { pageIndex: 1, pageSize: 20, from: '2026-02-01T00:00:00Z', to: '2026-03-02T08:00:00Z' },
  },
  sysBatchSetting: { path: '/BatchSetting/GetBatchList', body: { pageIndex: 1, pageSize: 20 } },
  sysDataMigration: { path: '/DataMigration/GetMigrationList', body: { pageIndex: 1, pageSize: 20 } },
  installNewSystem: { path: '/SystemInstall/GetInstallCompanies' },
  associateAdditionalSystem: { path: '/SystemAssociation/GetUnownedSystems', body: { keyword: '' } },
};

function firstCallOf(key: string): { path: string; body?: Record<string, unknown>; method?: 'GET' } | undefined {
  if (FIRST_CALLS[key]) return FIRST_CALLS[key];
  const declared = RESOURCES.find((declaration) => declaration.name === key && declaration.endpoints.list);
  return declared && { path: declared.endpoints.list!, body: { pageIndex: 1, pageSize: 10 } };
}

/** The entries of a role's menu: the routes open to it with a screen, hidden ones (details, forms) left out. */
function menuOf(role: Role): string[] {
  return leafRoutes(filterRoutes(ROUTES, [role]))
    .filter((route) => !route.hidden && hasScreen(route.key))
    .map((route) => route.key);
}

let t: TestApp;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  for (const role of ROLES) tokens.set(role, (await t.login(role)).AccessToken);
}, 120_000);
afterAll(() => t.close());

describe('menus and calls', () => {
  it('knows the first call of every screen a menu can list', () => {
    const listed = [...new Set(ROLES.flatMap(menuOf))];
    expect(listed.filter((key) => !firstCallOf(key))).toEqual([]);
  });

  it.each(ROLES)('%s: every entry of the menu opens on a call the role may make', async (role) => {
    const refused: string[] = [];
    for (const key of menuOf(role)) {
      const call = firstCallOf(key)!;
      const answer =
        call.method === 'GET'
          ? await t.get(call.path, { token: tokens.get(role) })
          : await t.post(call.path, call.body ?? {}, { token: tokens.get(role) });
      if (answer.body.code === 45) refused.push(`${key} (${call.path})`);
    }
    expect(refused).toEqual([]);
  });

  it('after-sales files, R&D hours and the statement are in the menus of the roles that keep them, and no other', () => {
    const keepers = (key: string) => ROLES.filter((role) => menuOf(role).includes(key));
    const customerFiles = ['admin', 'installer', 'servicer', 'reseller', 'servicepartner', 'systemmanager', 'fasw', 'dasw'];
    for (const key of ['customerArchives', 'cusHandleRecord', 'clientList', 'installerdetail'])
      expect(keepers(key), key).toEqual(customerFiles);
    expect(keepers('RAndDtimereport')).toEqual(['admin', 'servicer', 'dev', 'systemmanager', 'fasw', 'dasw']);
    expect(keepers('statisticalStatement')).not.toContain('supplier');
    expect(keepers('statisticalStatement')).not.toContain('vppmanager');
  });
});

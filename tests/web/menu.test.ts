import { describe, expect, it } from 'vitest';
import { leafRoutes, ROUTES } from '../../permissions/routes';
import { breadcrumbFor } from '../../permissions/routes';
import { allowedRoutes, buildMenu, routeKeyFor, type MenuEntry } from '../../src/routing/menu';
import { hasScreen, SCREENS } from '../../src/routing/screens';

const everyScreen = () => true;
const keys = (entries: MenuEntry[]): unknown => entries.map((e) => (e.children ? { [e.key]: keys(e.children) } : e.key));

describe('menu from the route table (spec §2, §6)', () => {
  it('lists only routes whose screen exists, and a group only when one of its screens does', () => {
    const built = new Set(['dashboard', 'userLog']);
    const someScreens = (key: string) => built.has(key);
    expect(keys(buildMenu(['admin'], [], someScreens))).toEqual(['dashboard', { BasicSettings: ['userLog'] }]);
    expect(keys(buildMenu(['customer'], [], someScreens))).toEqual(['dashboard']);
  });

  it('lists every registered screen for an admin, except the ones spec §6 keeps from admins', () => {
    const listed = JSON.stringify(keys(buildMenu(['admin'], [], hasScreen)));
    for (const key of Object.keys(SCREENS)) {
      const hiddenOrNotForAdmins =
        ['elecPriceSetting', 'systemSettings', 'sysErrorEmailNotification'].includes(key) ||
        leafRoutes().find((r) => r.key === key)?.hidden;
      expect(listed.includes(`"${key}"`)).toBe(!hiddenOrNotForAdmins);
    }
  });

  it('gives a customer exactly the screens spec §6 opens to customers', () => {
    expect(keys(buildMenu(['customer'], [], everyScreen))).toEqual([
      'dashboard',
      { BasicSettings: ['userInfoSettings', 'changePwd', 'Notifications', 'elecPriceSetting', 'systemSettings'] },
      { complaints: ['customerComplaintList', 'productRecommendationsList'] },
    ]);
  });

  it('gives an admin everything but the servicer-only and customer-only screens and the hidden routes', () => {
    expect(keys(buildMenu(['admin'], [], everyScreen))).toEqual([
      'dashboard',
      'energyStorageList',
      { CommunicationDataManagement: ['routineDataExport', 'industrialAndCommercialData', 'reportDataExport'] },
      {
        energyStorageSysMaintenance: [
          'appUpdatesManagement',
          'InstallationRecord',
          'sysMaintenanceRecordsCheck',
          'sysFailureCheck',
          'installNewSystem',
          'commandManagement',
          'sysBatchSetting',
          'failureAnalysis',
          'sysDataMigration',
          'associateAdditionalSystem',
        ],
      },
      {
        OtherInformation: [
          'appVersionManagement',
          'remoteTimingUpdate',
          'mailTiming',
          'vppManagement',
          'infoDistributionSys',
          'emailDeliveringRules',
          'sysSummaryInfo',
        ],
      },
      {
        BasicSettings: [
          'snManagement',
          'licenseManagement',
          'userInfoSettings',
          'userManagement',
          'menuManagement',
          'changePwd',
          'reportGenerateResult',
          'langTransManagement',
          'roleManagement',
          'userLog',
          'Notifications',
          'companyManagement',
        ],
      },
      {
        complaints: [
          'customerComplaintList',
          'statisticalStatement',
          'productRecommendationsList',
          'RAndDtimereport',
          'clientList',
          'customerArchives',
          'cusHandleRecord',
          'installerdetail',
        ],
      },
    ]);
  });

  it('gives a sharer only the screens open to everyone, without the complaints and product suggestions (DESIGN §9)', () => {
    expect(keys(buildMenu(['sharer'], [], everyScreen))).toEqual([
      'dashboard',
      { BasicSettings: ['userInfoSettings', 'changePwd', 'Notifications'] },
    ]);
  });

  it('keeps a route when the user holds any of its roles', () => {
    const servicer = buildMenu(['servicer'], [], everyScreen);
    const other = servicer.find((e) => e.key === 'OtherInformation')!;
    expect(other.children!.map((c) => c.key)).toContain('sysErrorEmailNotification');
    const installer = buildMenu(['installer'], [], everyScreen);
    expect(keys(installer.filter((e) => e.key === 'energyStorageSysMaintenance'))).toEqual([
      { energyStorageSysMaintenance: ['InstallationRecord', 'sysFailureCheck', 'installNewSystem', 'associateAdditionalSystem'] },
    ]);
    const both = buildMenu(['installer', 'customer'], [], everyScreen);
    expect(JSON.stringify(both)).toContain('elecPriceSetting');
    expect(JSON.stringify(both)).toContain('installNewSystem');
  });

  it('drops a group when none of its children is left', () => {
    expect(buildMenu(['supplier'], [], everyScreen).some((e) => e.key === 'CommunicationDataManagement')).toBe(false);
    expect(buildMenu(['customer'], [], everyScreen).some((e) => e.key === 'energyStorageSysMaintenance')).toBe(false);
  });

  it('removes what the per-user menu permissions deny', () => {
    const menu = buildMenu(
      ['admin'],
      ['userManagement', 'routineDataExport', 'industrialAndCommercialData', 'reportDataExport'],
      everyScreen,
    );
    expect(JSON.stringify(menu)).not.toContain('userManagement');
    expect(menu.some((e) => e.key === 'CommunicationDataManagement')).toBe(false);
  });

  it('allows hidden routes (reachable, never listed)', () => {
    const allowed = allowedRoutes(['admin'], [], everyScreen).map((r) => r.key);
    expect(allowed).toContain('AddVpp');
    expect(allowed).toContain('exportJson');
    expect(JSON.stringify(buildMenu(['admin'], [], everyScreen))).not.toContain('AddVpp');
    expect(allowedRoutes(['customer'], [], everyScreen).map((r) => r.key)).not.toContain('AddVpp');
  });

  it('every route of the table has a path and a unique key', () => {
    const all = leafRoutes(ROUTES);
    expect(new Set(all.map((r) => r.key)).size).toBe(all.length);
  });
});

describe('breadcrumbs (spec §2: they start at the dashboard)', () => {
  it('is just the dashboard on the dashboard', () => {
    expect(breadcrumbFor('/dashboard').map((r) => r.key)).toEqual(['dashboard']);
  });
  it('goes dashboard › group › screen', () => {
    expect(breadcrumbFor('/BasicSettings/changePwd').map((r) => r.key)).toEqual(['dashboard', 'BasicSettings', 'changePwd']);
    expect(breadcrumbFor('/EnergyStorageList/energyStorageList').map((r) => r.key)).toEqual(['dashboard', 'energyStorageList']);
  });
  it('knows route keys by path', () => {
    expect(routeKeyFor('/Notifications')).toBe('Notifications');
    expect(routeKeyFor('/nowhere')).toBeUndefined();
  });
});

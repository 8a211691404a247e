import { RESOURCES } from '../resources';
import { withDeclaredRoutes } from './declared-routes';
import { RD_HOURS_LOGGERS, RD_HOURS_READERS, ROLES, STAFF_ROLES, type Role } from './roles';

/**
 * The complete layout route table of spec §2 with the role lists of spec §6, as data.
 *
 * - `key` is the route's name in the spec; it is also the CASL subject and the i18n key `menu.<key>`.
 * - `roles` absent means: open to every logged-in user (spec §2 Access rules).
 * - `hidden` routes are reachable but never listed in the menu; `menuParent` names the entry highlighted on them.
 * - A group (an entry with `children`) has no screen of its own and is kept when any child is kept.
 *
 * Whether a route shows in the menu also depends on its screen existing (see src/routing/screens.ts):
 * the table is complete, the menu lists only what is built.
 */
export interface RouteNode {
  key: string;
  path: string;
  icon?: string;
  roles?: readonly Role[];
  hidden?: boolean;
  /** A hidden route: the key of the menu entry the sidebar highlights while it is open (a list's detail or form). */
  menuParent?: string;
  children?: readonly RouteNode[];
}

const STORAGE_LIST: readonly Role[] = [
  'admin',
  'installer',
  'servicer',
  'systemmanager',
  'servicepartner',
  'reseller',
  'vppmanager',
  'dev',
  'dasw',
  'sncreator',
];
const APP_UPDATES: readonly Role[] = ['admin', 'servicer', 'dev', 'systemmanager', 'fasw', 'dasw', 'sncreator'];
const INSTALLATION_RECORD: readonly Role[] = [
  'admin',
  'installer',
  'servicer',
  'reseller',
  'dev',
  'systemmanager',
  'fasw',
  'dasw',
  'sncreator',
];
const MAINTENANCE_CHECK: readonly Role[] = ['admin', 'servicer', 'reseller', 'dev', 'systemmanager', 'fasw', 'dasw', 'sncreator'];
const INSTALL_NEW_SYSTEM: readonly Role[] = ['admin', 'installer', 'servicer', 'systemmanager', 'dasw', 'sncreator', 'reseller'];
const COMMAND_MANAGEMENT: readonly Role[] = ['admin', 'servicer', 'dev', 'systemmanager', 'dasw', 'sncreator'];
const BATCH_WORK: readonly Role[] = ['admin', 'servicer', 'dasw'];
const ASSOCIATE_SYSTEM: readonly Role[] = ['admin', 'installer', 'reseller', 'dev', 'systemmanager', 'servicer', 'dasw', 'sncreator'];
/** "All maintenance roles": everyone who may open any screen of the maintenance group. */
const MAINTENANCE_ROLES: readonly Role[] = unionOf(
  APP_UPDATES,
  INSTALLATION_RECORD,
  MAINTENANCE_CHECK,
  INSTALL_NEW_SYSTEM,
  COMMAND_MANAGEMENT,
  BATCH_WORK,
  ASSOCIATE_SYSTEM,
);
const VPP: readonly Role[] = ['admin', 'servicer', 'reseller', 'dasw'];
const SN_AND_LICENSE: readonly Role[] = ['admin', 'servicer', 'systemmanager', 'dasw', 'sncreator'];
const USERS_AND_ROLES: readonly Role[] = ['admin', 'systemmanager'];
/** DESIGN §9: sharers, suppliers and VPP managers have no complaint screens. */
const COMPLAINT_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'sharer' && r !== 'supplier' && r !== 'vppmanager');
/**
 * The after-sales staff (DESIGN §9): first line service, the international and domestic teams, and those who may do
 * everything staff may.
 */
const AFTER_SALES_STAFF: readonly Role[] = ['admin', 'systemmanager', 'servicer', 'fasw', 'dasw'];
/**
 * Customer archives, handling records, the client list and installer files hold customers' personal data: the
 * after-sales staff keep them for every customer, installers, resellers and service partners for the customers of
 * their own systems (row scope, permissions/scopes.ts). Suppliers and VPP managers have no part in after-sales; R&D and
 * the S/N creator reach a customer through the complaint, never their file.
 */
const CUSTOMER_FILE_ROLES: readonly Role[] = [...AFTER_SALES_STAFF, 'installer', 'reseller', 'servicepartner'];
/** The statement's figures are over the caller's complaints: the staff who have complaint screens. */
const STATEMENT_ROLES: readonly Role[] = STAFF_ROLES.filter((r) => COMPLAINT_ROLES.includes(r));
/** DESIGN §9: anyone logged in but sharers submits product suggestions. */
const SUGGESTION_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'sharer');
const ADMIN_ONLY: readonly Role[] = ['admin'];
const CUSTOMER_ONLY: readonly Role[] = ['customer'];

function unionOf(...lists: ReadonlyArray<readonly Role[]>): Role[] {
  return [...new Set(lists.flat())];
}

/** Spec §2 / §6 as written: the routes and their roles. */
export const ROUTE_TABLE: readonly RouteNode[] = [
  { key: 'dashboard', path: '/dashboard', icon: 'home' },
  { key: 'exportJson', path: '/exportJsonPath/exportJson', hidden: true, roles: STAFF_ROLES },
  { key: 'energyStorageList', path: '/EnergyStorageList/energyStorageList', icon: 'storage', roles: STORAGE_LIST },
  {
    key: 'CommunicationDataManagement',
    path: '/CommunicationDataManagement',
    icon: 'export',
    children: [
      {
        key: 'routineDataExport',
        path: '/CommunicationDataManagement/routineDataExport',
        roles: ['admin', 'dev', 'servicepartner', 'systemmanager', 'servicer', 'fasw', 'dasw', 'sncreator'],
      },
      {
        key: 'industrialAndCommercialData',
        path: '/CommunicationDataManagement/industrialAndCommercialData',
        roles: ['admin', 'servicer', 'dasw', 'dev'],
      },
      {
        key: 'reportDataExport',
        path: '/CommunicationDataManagement/reportDataExport',
        roles: ['admin', 'installer', 'servicer', 'reseller', 'dev', 'vppmanager', 'dasw'],
      },
    ],
  },
  {
    key: 'energyStorageSysMaintenance',
    path: '/energyStorageSysMaintenance',
    icon: 'tool',
    children: [
      { key: 'appUpdatesManagement', path: '/energyStorageSysMaintenance/appUpdatesManagement', roles: APP_UPDATES },
      { key: 'InstallationRecord', path: '/energyStorageSysMaintenance/InstallationRecord', roles: INSTALLATION_RECORD },
      { key: 'sysMaintenanceRecordsCheck', path: '/energyStorageSysMaintenance/sysMaintenanceRecordsCheck', roles: MAINTENANCE_CHECK },
      { key: 'sysFailureCheck', path: '/energyStorageSysMaintenance/sysFailureCheck', roles: MAINTENANCE_ROLES },
      { key: 'installNewSystem', path: '/energyStorageSysMaintenance/installNewSystem', roles: INSTALL_NEW_SYSTEM },
      { key: 'commandManagement', path: '/energyStorageSysMaintenance/commandManagement', roles: COMMAND_MANAGEMENT },
      { key: 'sysBatchSetting', path: '/energyStorageSysMaintenance/sysBatchSetting', roles: BATCH_WORK },
      { key: 'failureAnalysis', path: '/energyStorageSysMaintenance/failureAnalysis', roles: BATCH_WORK },
      { key: 'sysDataMigration', path: '/energyStorageSysMaintenance/sysDataMigration', roles: BATCH_WORK },
      { key: 'associateAdditionalSystem', path: '/energyStorageSysMaintenance/associateAdditionalSystem', roles: ASSOCIATE_SYSTEM },
    ],
  },
  {
    key: 'OtherInformation',
    path: '/OtherInformation',
    icon: 'info',
    children: [
      { key: 'appVersionManagement', path: '/OtherInformation/appVersionManagement', roles: COMMAND_MANAGEMENT },
      {
        key: 'remoteTimingUpdate',
        path: '/OtherInformation/remoteTimingUpdate',
        roles: ['admin', 'servicer', 'systemmanager', 'dasw', 'dev'],
      },
      { key: 'mailTiming', path: '/OtherInformation/mailTiming', roles: ['admin', 'servicer', 'systemmanager', 'dasw', 'sncreator'] },
      { key: 'vppManagement', path: '/OtherInformation/vppManagement', roles: VPP },
      { key: 'AddVpp', path: '/AddVpp', hidden: true, menuParent: 'vppManagement', roles: VPP },
      { key: 'sysErrorEmailNotification', path: '/OtherInformation/sysErrorEmailNotification', roles: ['servicer'] },
      { key: 'infoDistributionSys', path: '/OtherInformation/infoDistributionSys', roles: APP_UPDATES },
      { key: 'emailDeliveringRules', path: '/OtherInformation/emailDeliveringRules', roles: ['admin', 'systemmanager', 'dasw'] },
      { key: 'sysSummaryInfo', path: '/OtherInformation/sysSummaryInfo', roles: STAFF_ROLES },
    ],
  },
  {
    key: 'BasicSettings',
    path: '/BasicSettings',
    icon: 'setting',
    children: [
      { key: 'snManagement', path: '/BasicSettings/snManagement', roles: SN_AND_LICENSE },
      { key: 'licenseManagement', path: '/BasicSettings/licenseManagement', roles: SN_AND_LICENSE },
      { key: 'userInfoSettings', path: '/BasicSettings/userInfoSettings' },
      { key: 'userManagement', path: '/BasicSettings/userManagement', roles: USERS_AND_ROLES },
      { key: 'menuManagement', path: '/BasicSettings/menuManagement', roles: ADMIN_ONLY },
      { key: 'changePwd', path: '/BasicSettings/changePwd' },
      { key: 'reportGenerateResult', path: '/BasicSettings/reportGenerateResult', roles: ['admin', 'dev', 'systemmanager'] },
      { key: 'langTransManagement', path: '/BasicSettings/langTransManagement', roles: ADMIN_ONLY },
      { key: 'roleManagement', path: '/BasicSettings/roleManagement', roles: USERS_AND_ROLES },
      { key: 'userLog', path: '/BasicSettings/userLog', roles: ['admin', 'servicer', 'dev', 'systemmanager', 'dasw', 'sncreator'] },
      { key: 'Notifications', path: '/Notifications' },
      { key: 'elecPriceSetting', path: '/BasicSettings/elecPriceSetting', roles: CUSTOMER_ONLY },
      { key: 'systemSettings', path: '/BasicSettings/systemSettings', roles: CUSTOMER_ONLY },
      // Spec §2 names 'company management' among its screens without a route: the staff who link users to companies.
      { key: 'companyManagement', path: '/BasicSettings/companyManagement', roles: USERS_AND_ROLES },
    ],
  },
  {
    // Spec §2 lists the complaint paths without their role lists; each gets one here. The workflow is open to
    // every role with complaint screens (DESIGN §9: customers file complaints; sharers, suppliers and VPP
    // managers have none); the statement to the staff among them; customers' files to those who keep them.
    key: 'complaints',
    path: '/customerComplaintList',
    icon: 'complaint',
    children: [
      { key: 'customerComplaintList', path: '/customerComplaintList', roles: COMPLAINT_ROLES },
      {
        key: 'attachmentDetails',
        path: '/customerComplaintList/attachmentDetails',
        hidden: true,
        menuParent: 'customerComplaintList',
        roles: COMPLAINT_ROLES,
      },
      // The same complaint page, at the path the complaint messages link to (query customercomplaintId, fromMessage).
      {
        key: 'messageAttachmentDetails',
        path: '/attachmentDetails',
        hidden: true,
        menuParent: 'customerComplaintList',
        roles: COMPLAINT_ROLES,
      },
      { key: 'createComplaint', path: '/createComplaint', hidden: true, menuParent: 'customerComplaintList', roles: COMPLAINT_ROLES },
      { key: 'statisticalStatement', path: '/statisticalStatement', roles: STATEMENT_ROLES },
      { key: 'productRecommendationsList', path: '/productRecommendationsList', roles: SUGGESTION_ROLES },
      { key: 'addProductSuggestion', path: '/addProductSuggestion', hidden: true, roles: SUGGESTION_ROLES },
      { key: 'productRecommemdationsEdit', path: '/productRecommemdationsEdit', hidden: true, roles: SUGGESTION_ROLES },
      { key: 'RAndDtimereport', path: '/RAndDtimereport', roles: [...RD_HOURS_LOGGERS, ...RD_HOURS_READERS] },
      { key: 'clientList', path: '/clientList', roles: CUSTOMER_FILE_ROLES },
      { key: 'customerArchives', path: '/customerArchives', roles: CUSTOMER_FILE_ROLES },
      {
        key: 'customerArchivesDetail',
        path: '/customerArchivesDetail',
        hidden: true,
        menuParent: 'customerArchives',
        roles: CUSTOMER_FILE_ROLES,
      },
      { key: 'cusHandleRecord', path: '/cusHandleRecord', roles: CUSTOMER_FILE_ROLES },
      { key: 'installerdetail', path: '/installerdetail', roles: CUSTOMER_FILE_ROLES },
    ],
  },
];

/**
 * The route table the whole portal reads (menu, route guard, CASL ability on both sides): the spec's table
 * with the declared resources' routes folded in (a new entity arrives with its declaration and its roles).
 */
export const ROUTES: readonly RouteNode[] = withDeclaredRoutes(ROUTE_TABLE, RESOURCES);

/** Spec §2: a route is kept if the user holds any of its roles (or it has none); children are filtered recursively. */
export function filterRoutes(routes: readonly RouteNode[], roles: readonly string[]): RouteNode[] {
  const kept: RouteNode[] = [];
  for (const route of routes) {
    if (route.roles && !route.roles.some((r) => roles.includes(r))) continue;
    if (route.children) {
      const children = filterRoutes(route.children, roles);
      if (children.length === 0) continue;
      kept.push({ ...route, children });
    } else {
      kept.push(route);
    }
  }
  return kept;
}

/** Every route with a screen (the leaves), flattened, groups left out. */
export function leafRoutes(routes: readonly RouteNode[] = ROUTES): RouteNode[] {
  return routes.flatMap((r) => (r.children ? leafRoutes(r.children) : [r]));
}

// The server looks a route up on every request: index the table once.
const ROUTES_BY_KEY = new Map(leafRoutes().map((route) => [route.key, route]));

export function findRoute(key: string): RouteNode | undefined {
  return ROUTES_BY_KEY.get(key);
}

/** The roles allowed on a route; undefined means every logged-in user. */
export function rolesFor(key: string): readonly Role[] | undefined {
  return findRoute(key)?.roles;
}

/** Whether `key` names `node` or one of its descendants (menuManagement never moves a group into itself). */
export function routeContains(node: RouteNode, key: string): boolean {
  return node.key === key || !!node.children?.some((child) => routeContains(child, key));
}

/** Breadcrumbs (spec §2: they start at the dashboard): dashboard › group › screen. */
export function breadcrumbFor(pathname: string, routes: readonly RouteNode[] = ROUTES): RouteNode[] {
  const dashboard = routes.find((r) => r.key === 'dashboard');
  const trail: RouteNode[] = [];
  const search = (nodes: readonly RouteNode[], parents: RouteNode[]): boolean => {
    for (const node of nodes) {
      if (node.children) {
        if (search(node.children, [...parents, node])) return true;
      } else if (node.path.toLowerCase() === pathname.toLowerCase()) {
        trail.push(...parents, node);
        return true;
      }
    }
    return false;
  };
  search(routes, []);
  if (!dashboard) return trail;
  if (trail[0]?.key === 'dashboard') return trail;
  return [dashboard, ...trail];
}

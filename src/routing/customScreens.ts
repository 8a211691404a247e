import { codeThenAnswers } from '../api/earlyAnswers';
import { preloadVariant } from '../features/monitoring/dashboard/variant';
import { askStorageListEarly } from '../features/monitoring/storage/earlyCalls';
import { lazyScreen, type LazyScreen } from './lazyScreen';

/**
 * Screens written by hand, by route key (permissions/routes.ts), each loaded on its first visit (the page
 * opened first is fetched ahead: firstScreen.ts). A declared resource needs a line here only to replace or
 * extend its generated screen.
 */
export const CUSTOM_SCREENS: Readonly<Record<string, LazyScreen>> = {
  // With the variant the user will see (the customers' dashboard, the storage list or the fleet's).
  dashboard: lazyScreen(async () => {
    const [dashboard] = await Promise.all([import('../features/monitoring/dashboard/Dashboard'), preloadVariant().catch(() => {})]);
    return dashboard;
  }),
  // With its first page of systems and its status counts (on a cold start, beside the screen's code), waited for
  // a moment once the code is there: the list's first render then has its rows.
  energyStorageList: lazyScreen(() => codeThenAnswers(import('../features/monitoring/storage/StorageList'), askStorageListEarly())),
  elecPriceSetting: lazyScreen(() => import('../features/monitoring/settings/ElecPriceSetting')),
  systemSettings: lazyScreen(() => import('../features/monitoring/settings/SystemSettings')),
  // Administration: declared resources with extra cells, buttons or tabs, and pages of their own.
  licenseManagement: lazyScreen(() => import('../features/admin/LicenseManagement')),
  snManagement: lazyScreen(() => import('../features/admin/SnManagement')),
  userManagement: lazyScreen(() => import('../features/admin/UserManagement')),
  companyManagement: lazyScreen(() => import('../features/admin/CompanyManagement')),
  roleManagement: lazyScreen(() => import('../features/admin/RoleManagement')),
  menuManagement: lazyScreen(() => import('../features/admin/MenuManagement')),
  langTransManagement: lazyScreen(() => import('../features/admin/LangTransManagement')),
  userLog: lazyScreen(() => import('../features/admin/UserLog')),
  emailDeliveringRules: lazyScreen(() => import('../features/admin/EmailDeliveringRules')),
  sysErrorEmailNotification: lazyScreen(() => import('../features/faultmail/SysErrorEmailNotification')),
  userInfoSettings: lazyScreen(() => import('../features/admin/UserInfoSettings')),
  changePwd: lazyScreen(() => import('../features/admin/ChangePwd')),
  // After-sales: the complaint list, filing and a complaint's page.
  customerComplaintList: lazyScreen(() => import('../features/complaints/ComplaintList')),
  createComplaint: lazyScreen(() => import('../features/complaints/CreateComplaint')),
  attachmentDetails: lazyScreen(() => import('../features/complaints/ComplaintDetail')),
  messageAttachmentDetails: lazyScreen(() => import('../features/complaints/ComplaintDetail')),
  statisticalStatement: lazyScreen(() => import('../features/complaints/statement/StatisticalStatement')),
  // Customer archives: the files, one file's page, the customers of the portal, the handling records.
  customerArchives: lazyScreen(() => import('../features/archives/CustomerArchives')),
  customerArchivesDetail: lazyScreen(() => import('../features/archives/ArchiveDetail')),
  clientList: lazyScreen(() => import('../features/archives/ClientList')),
  installerdetail: lazyScreen(() => import('../features/archives/InstallerArchives')),
  cusHandleRecord: lazyScreen(() => import('../features/archives/HandleRecords')),
  // R&D working hours and product suggestions: the week, entries and totals; the list, add and edit pages.
  RAndDtimereport: lazyScreen(() => import('../features/workhours/WorkHoursReport')),
  productRecommendationsList: lazyScreen(() => import('../features/suggestions/ProductSuggestions')),
  addProductSuggestion: lazyScreen(() => import('../features/suggestions/AddProductSuggestion')),
  productRecommemdationsEdit: lazyScreen(() => import('../features/suggestions/EditProductSuggestion')),
  // Scheduled mail and the reports made in the background.
  mailTiming: lazyScreen(() => import('../features/mailings/MailTiming')),
  sysSummaryInfo: lazyScreen(() => import('../features/summary/SysSummaryInfo')),
  // The fleet's alarms: the fault search, its bulk acknowledgement and each alarm's work.
  sysFailureCheck: lazyScreen(() => import('../features/alarms/SysFailureCheck')),
  reportGenerateResult: lazyScreen(() => import('../features/reports/ReportGenerateResult')),
  // Messages: one's notifications; the messages staff write and publish.
  Notifications: lazyScreen(() => import('../features/messages/Notifications')),
  infoDistributionSys: lazyScreen(() => import('../features/messages/InfoDistribution')),
  // A system's installation and maintenance records (generated lists with their component swaps and export).
  InstallationRecord: lazyScreen(() => import('../features/records/InstallationRecords')),
  sysMaintenanceRecordsCheck: lazyScreen(() => import('../features/records/MaintenanceRecords')),
  // The device channel: one command to a system, one command to many.
  commandManagement: lazyScreen(() => import('../features/devices/CommandManagement')),
  // A replaced system's history moved to the system that replaced it.
  sysDataMigration: lazyScreen(() => import('../features/sysmigration/SysDataMigration')),
  // A system's life: installing it on site (which makes its installation record), giving a customer another.
  installNewSystem: lazyScreen(() => import('../features/install/InstallNewSystem')),
  associateAdditionalSystem: lazyScreen(() => import('../features/install/AssociateAdditionalSystem')),
  sysBatchSetting: lazyScreen(() => import('../features/devices/SysBatchSetting')),
};

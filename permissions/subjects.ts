import { complaints } from '../resources/complaints';
import { SUGGESTION_DELETERS } from '../resources/productSuggestions';
import { permissionOf } from '../resources/workflow';
import { ENTITY_RULES, SYSTEM_MANAGERS } from './entities';
import { RD_HOURS_LOGGERS, RD_HOURS_READERS, ROLES, STAFF_ROLES, SYSTEM_SCOPED_ROLES, WARRANTY_KEEPERS, type Role } from './roles';

/**
 * What each role may do with each entity: the subjects the server checks on every call
 * (`config.permission` of a route, server/core/http/permissions.ts) and the web app asks before it shows a button.
 *
 * The spec's route table (routes.ts) stays the authority on screens: a grant that names a `screen` is held by
 * exactly the roles of that screen, and an administrator who hides the screen from a user (per-user menu
 * permissions) takes the grant away with it. A grant that names `roles` is for a subject no screen stands for
 * (a system's monitoring figures, one's own session); DESIGN §6 narrows those by row scope (scopes.ts), not here.
 *
 * Actions: 'read', 'create', 'update', 'delete', 'export', and a workflow's own actions ('accept', 'transfer', …),
 * which its declaration names (resources/workflow.ts).
 */
export const CRUD_ACTIONS = ['read', 'create', 'update', 'delete', 'export'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];
/** A CRUD action or a workflow action of a declaration. */
export type SubjectAction = CrudAction | (string & {});

export const SUBJECTS = [
  // Monitoring: a system and its parts (rows in the caller's scope, DESIGN §6); the storage list over them;
  // the customer's own systems (selector and figures).
  'system',
  'fleet',
  'fleetOverview',
  'customerSystems',
  'systemRemark',
  'systemCost',
  'systemShareRecipients',
  'share',
  // The caller's own account (session, password, preferences), profile, tariff and system settings; the menu layout.
  'account',
  'profile',
  'tariff',
  'customerSettings',
  // One's own preferences of spec §7's settings calls: a customer's mails, an installer's defaults for new
  // systems, a staff member's working preferences (server/account/settings/routes.ts).
  'notificationSettings',
  'installerDefaults',
  'staffPreferences',
  'navigation',
  // Administration.
  'user',
  'installerCompany',
  'organization',
  // The service partner companies with their areas and contacts (/Information/GetServiverList).
  'servicePartner',
  'role',
  'menu',
  'translation',
  'license',
  'sn',
  'userLog',
  'emailRule',
  'mailOutbox',
  // The background job queue's runs (DESIGN §11).
  'job',
  // Scheduled mail (mailTiming) and the reports made in the background (reportGenerateResult).
  'mailJob',
  'generatedReport',
  // After-sales (DESIGN §9).
  'complaint',
  // The service-level targets of the complaint clocks; the statistical statement.
  'complaintSettings',
  'complaintStatement',
  'customerArchive',
  'installer',
  // R&D working hours (rows: their engineer's) and product suggestions (rows: their submitter's).
  'rdWorkHour',
  'productSuggestion',
  // The fault mails a service engineer subscribes to: their own subscriptions and delivery log.
  'faultSubscription',
  // Messages: one's own notifications; the messages staff write and publish (information distribution).
  'notification',
  'infoDistribution',
  // The device channel (DESIGN §12): commands to one system, batch settings, a system's device key, its safety settings.
  'deviceCommand',
  'commandBatch',
  'deviceKey',
  'safetySettings',
  // Alarms (DESIGN §12): the fault search and the work on each alarm.
  'alarm',
  // The system summary: one row per system in the caller's scope, for staff.
  'systemSummary',
  // A system's life: its installation record, its maintenance records, its components swapped with their history.
  'installationRecord',
  'maintenanceRecord',
  'systemComponent',
  // A system's warranty terms (rows: the system's) and the extension keys (CDKEYs) that lengthen them.
  'warranty',
  'warrantyKey',
  // A replaced system's history moved to the system that replaced it (sysDataMigration).
  'dataMigration',
  // Installing a new system (which makes its installation record); giving a customer another system.
  'systemInstall',
  'systemAssociation',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export function isSubject(value: string): value is Subject {
  return (SUBJECTS as readonly string[]).includes(value);
}

export interface SubjectGrant {
  subject: Subject;
  actions: readonly SubjectAction[];
  /** The route key whose roles hold the grant (and whose per-user denial removes it). */
  screen?: string;
  /** The roles that hold it, for a subject no screen stands for; with a screen, only these of its roles. */
  roles?: readonly Role[];
}

const ALL: readonly CrudAction[] = CRUD_ACTIONS;
const EDIT: readonly CrudAction[] = ['read', 'create', 'update', 'delete'];

export const SUBJECT_GRANTS: readonly SubjectGrant[] = [
  // Everyone logged in reads the systems in their scope and exports their figures; the scope does the rest.
  { subject: 'system', actions: ['read', 'export'], roles: ROLES },
  // Installing a system: the roles of its screen, each for the installer companies it may install for (server/install);
  // the installation it makes is an installation record, read and completed under that subject.
  { subject: 'systemInstall', actions: ['create'], screen: 'installNewSystem' },
  // Another system for a customer account: within the caller's scope of systems (server/install/associate.ts).
  { subject: 'systemAssociation', actions: ['update'], screen: 'associateAdditionalSystem' },
  // The system summary over the systems in the caller's scope (row scope: server/core/system-scope.ts).
  { subject: 'systemSummary', actions: ['read', 'export'], screen: 'sysSummaryInfo' },
  // The storage list (and what reads many systems at once): its screen's roles, and the supplier, whose dashboard it is.
  { subject: 'fleet', actions: ['read'], screen: 'energyStorageList' },
  { subject: 'fleet', actions: ['read'], roles: ['supplier'] },
  // The staff home over the same systems (the supplier's home is the list itself).
  { subject: 'fleetOverview', actions: ['read'], screen: 'energyStorageList' },
  // Who serves which area: for the staff of the storage list who see every system (a partner is told its own in its files).
  {
    subject: 'servicePartner',
    actions: ['read'],
    screen: 'energyStorageList',
    roles: ROLES.filter((r) => !SYSTEM_SCOPED_ROLES.includes(r)),
  },
  // Spec §6: the system selector and a customer's figures are for customers and sharers only.
  { subject: 'customerSystems', actions: ['read'], roles: ['customer', 'sharer'] },
  // Shares: written by the system's owner alone, read by the owner and the staff who manage systems (row rules in the calls).
  { subject: 'share', actions: ['read', 'create', 'update', 'delete'], roles: ['customer'] },
  { subject: 'share', actions: ['read'], roles: SYSTEM_MANAGERS },
  // One's own session, password and dashboard preferences.
  { subject: 'account', actions: ['read', 'update'], roles: ROLES },
  // The menu's layout (titles, order, icons) every signed-in user's menu is drawn with.
  { subject: 'navigation', actions: ['read'], roles: ROLES },
  { subject: 'profile', actions: ['read', 'update'], screen: 'userInfoSettings' },
  { subject: 'tariff', actions: ['read', 'update'], screen: 'elecPriceSetting' },
  { subject: 'customerSettings', actions: ['read', 'update'], screen: 'systemSettings' },
  // The role sections of userInfoSettings (server/account/settings/service.ts SETTING_ROLES says the same).
  { subject: 'notificationSettings', actions: ['read', 'update'], screen: 'userInfoSettings', roles: ['customer'] },
  { subject: 'installerDefaults', actions: ['read', 'update'], screen: 'userInfoSettings', roles: ['installer'] },
  {
    subject: 'staffPreferences',
    actions: ['read', 'update'],
    screen: 'userInfoSettings',
    roles: STAFF_ROLES.filter((role) => role !== 'installer'),
  },
  ...ENTITY_RULES.map((rule): SubjectGrant => ({ subject: rule.subject, actions: [rule.action], roles: rule.roles })),

  { subject: 'user', actions: ALL, screen: 'userManagement' },
  // The company and organization pickers of the user form.
  { subject: 'installerCompany', actions: ['read'], screen: 'userManagement' },
  { subject: 'organization', actions: ['read'], screen: 'userManagement' },
  // Company management: the staff of its screen keep the companies' files and their links.
  { subject: 'installerCompany', actions: EDIT, screen: 'companyManagement' },
  { subject: 'organization', actions: EDIT, screen: 'companyManagement' },
  { subject: 'role', actions: ['read', 'update'], screen: 'roleManagement' },
  { subject: 'menu', actions: EDIT, screen: 'menuManagement' },
  { subject: 'translation', actions: EDIT, screen: 'langTransManagement' },
  { subject: 'license', actions: ALL, screen: 'licenseManagement' },
  { subject: 'sn', actions: ALL, screen: 'snManagement' },
  // The audit trail is read, never written by hand.
  { subject: 'userLog', actions: ['read', 'export'], screen: 'userLog' },
  { subject: 'emailRule', actions: EDIT, screen: 'emailDeliveringRules' },
  // The outbox shows what was sent; the mailer alone writes it.
  { subject: 'mailOutbox', actions: ['read'], screen: 'emailDeliveringRules' },
  // Commands reach the systems in the caller's scope (row rules in server/devices); batches reach many at once.
  { subject: 'deviceCommand', actions: ['read', 'create', 'update'], screen: 'commandManagement' },
  { subject: 'commandBatch', actions: ['read', 'create', 'update'], screen: 'sysBatchSetting' },
  // Data migrations: started, confirmed and reverted by the roles of their screen.
  { subject: 'dataMigration', actions: ['read', 'create', 'update'], screen: 'sysDataMigration' },
  // A new key is for those who look after a system's connection, not for R&D or the S/N desk.
  { subject: 'deviceKey', actions: ['update'], screen: 'commandManagement', roles: ['admin', 'servicer', 'systemmanager', 'dasw'] },
  // Grid protection is read by everyone who sends commands and changed by the service staff alone.
  { subject: 'safetySettings', actions: ['read'], screen: 'commandManagement' },
  { subject: 'safetySettings', actions: ['update'], screen: 'commandManagement', roles: ['admin', 'servicer', 'systemmanager', 'dasw'] },
  // The fleet's alarms: whoever works on the fault search reads, acknowledges, assigns and comments those of the systems
  // in their scope (installers and resellers their own customers' systems).
  { subject: 'alarm', actions: ['read', 'update', 'export'], screen: 'sysFailureCheck' },
  // The job runs (server/core/jobs): for those who run the portal; no screen of its own (the mail timing history will show them).
  { subject: 'job', actions: ['read'], roles: ['admin', 'systemmanager'] },
  { subject: 'mailJob', actions: EDIT, screen: 'mailTiming' },
  // Everyone may ask for an export in the background and fetch it: the rows are the asker's own (administrators: all).
  { subject: 'generatedReport', actions: ['read', 'delete'], roles: ROLES },

  // DESIGN §9: sharers, suppliers and VPP managers have no complaint screens (the route table opens them to all).
  {
    subject: 'complaint',
    actions: ALL,
    screen: 'customerComplaintList',
    roles: ROLES.filter((r) => r !== 'sharer' && r !== 'supplier' && r !== 'vppmanager'),
  },
  // Its workflow's actions (resources/complaints.ts, DESIGN §9), each to the roles its transition names.
  ...complaints.workflow!.transitions.map((t): SubjectGrant => ({
    subject: 'complaint',
    actions: [permissionOf(t)],
    screen: 'customerComplaintList',
    roles: t.roles,
  })),
  // DESIGN §9: admins may change the clocks' targets (every complaint reader reads them through 'complaint').
  { subject: 'complaintSettings', actions: ['read', 'update'], roles: ['admin', 'systemmanager'] },
  // The statement's figures are over the caller's complaints (their row scope): for those who have complaint screens.
  { subject: 'complaintStatement', actions: ['read', 'export'], screen: 'statisticalStatement' },
  // Customers' files (archives, their handling records, the client list): the roles of the screen (routes.ts), each
  // within their row scope; a save names the fields it changes (server/core/crud/factory.ts).
  { subject: 'customerArchive', actions: ALL, screen: 'customerArchives' },
  // Installer files: partners read and keep their own company's (row scope 'installerCompany');
  // only staff who see every system open a new file or delete one.
  { subject: 'installer', actions: ['read', 'update'], screen: 'installerdetail' },
  {
    subject: 'installer',
    actions: ['create', 'delete'],
    screen: 'installerdetail',
    roles: ROLES.filter((r) => !SYSTEM_SCOPED_ROLES.includes(r)),
  },
  // R&D hours belong to the engineers who spend them (each writes only their own: server/workhours/service.ts);
  // admins and system managers read and export everyone's.
  { subject: 'rdWorkHour', actions: ALL, screen: 'RAndDtimereport', roles: RD_HOURS_LOGGERS },
  { subject: 'rdWorkHour', actions: ['read', 'export'], screen: 'RAndDtimereport', roles: RD_HOURS_READERS },
  // DESIGN §9: everyone with the screen submits suggestions, admin and systemmanager delete them; the workflow's actions
  // go to the reviewers it names (resources/productSuggestions.ts).
  { subject: 'productSuggestion', actions: ['read', 'create', 'update'], screen: 'productRecommendationsList' },
  { subject: 'productSuggestion', actions: ['delete'], screen: 'productRecommendationsList', roles: SUGGESTION_DELETERS },
  // Everyone reads, marks and deletes the notifications they received (rows: their own); the staff of the
  // information distribution screen write, publish, withdraw and delete messages.
  { subject: 'notification', actions: ['read', 'update', 'delete'], roles: ROLES },
  { subject: 'infoDistribution', actions: EDIT, screen: 'infoDistributionSys' },
  // Fault mails: the service engineers of their screen keep their own subscriptions (rows: their own).
  { subject: 'faultSubscription', actions: ['read', 'update'], screen: 'sysErrorEmailNotification' },
  // Installation records: the roles of their screen, each within their row scope (an installer its company's systems,
  // a reseller its installers'); the edit window after commissioning is the server's (server/records). Service partners
  // have no screen: they read the installation of the systems they serve on the system page.
  { subject: 'installationRecord', actions: ['read', 'create', 'update'], screen: 'InstallationRecord' },
  { subject: 'installationRecord', actions: ['read'], roles: ['servicepartner'] },
  // Maintenance records: the roles of their screen, and the service partners for the systems they serve (DESIGN §6),
  // who record from the system page's tab.
  { subject: 'maintenanceRecord', actions: ['read', 'create', 'update', 'export'], screen: 'sysMaintenanceRecordsCheck' },
  { subject: 'maintenanceRecord', actions: ['read', 'create', 'update'], roles: ['servicepartner'] },
  // Swapping a component is part of both records: whoever writes either.
  { subject: 'systemComponent', actions: ['read', 'update'], screen: 'InstallationRecord' },
  { subject: 'systemComponent', actions: ['read', 'update'], screen: 'sysMaintenanceRecordsCheck' },
  { subject: 'systemComponent', actions: ['read', 'update'], roles: ['servicepartner'] },
  // Warranty: everyone reads the warranty of the systems in their scope; after-sales staff set the terms and issue keys;
  // a customer redeems a key on their own system (row scope), as after-sales staff may for them.
  { subject: 'warranty', actions: ['read'], roles: ROLES },
  { subject: 'warranty', actions: ['update'], roles: WARRANTY_KEEPERS },
  { subject: 'warrantyKey', actions: ['read', 'create'], roles: WARRANTY_KEEPERS },
  { subject: 'warrantyKey', actions: ['update'], roles: ['customer', ...WARRANTY_KEEPERS] },
];

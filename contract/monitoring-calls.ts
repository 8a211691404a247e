import { defineEndpoint, schemasFrom } from './endpoint';
import { XLSX_MEDIA } from './monitoring-constants';

/**
 * The monitoring calls (server/monitoring/API.md), one group per sub-area, registered by
 * server/monitoring/<sub-area>/routes.ts and called by src/features/monitoring/api.ts (the sharer's invitation by
 * src/features/account/api.ts). Their answers are in contract/monitoring.ts, their bodies in
 * contract/monitoring-requests.ts. The device ingest (/Device/Ingest) is no call of the web but the systems': it
 * takes the system's device key from a header (contract/ingest.ts has its batch).
 */

const schemasOf = schemasFrom(async () => ({ ...(await import('./monitoring')), body: await import('./monitoring-requests') }));
const readSystem = { subject: 'system', action: 'read' } as const;
const exportSystem = { subject: 'system', action: 'export' } as const;
const readFleet = { subject: 'fleet', action: 'read' } as const;
const readCustomerSystems = { subject: 'customerSystems', action: 'read' } as const;
const customerSettings = { subject: 'customerSettings', action: 'read' } as const;
const tariffs = { subject: 'tariff', action: 'read' } as const;
const background = 'With background it is made in the background: the answer is the envelope naming the generated report';

/** What systems send: their samples, status and faults. */
export const deviceCalls = {
  ingest: defineEndpoint({
    path: '/Device/Ingest',
    permission: 'device',
    // A full batch of 2,000 samples is ~250 kB of JSON.
    bodyLimit: 2 * 1024 * 1024,
    tag: 'Device',
    summary: 'A batch of samples, the status and faults of one system (idempotent; HTTP 401 for a missing or unknown device key)',
    schemas: async () => ({ body: (await import('./ingest')).ingestBatchSchema, answer: (await import('./monitoring')).ingestAnswer }),
  }),
};

/** A system's figures (or a customer's 'All'): summary, newest sample, day curve, period bars, statistics, exports. */
export const statsCalls = {
  summaryForCustomer: defineEndpoint({
    path: '/ESS/SticsSummeryDataForCustomer',
    permission: readCustomerSystems,
    summary: "Left-panel figures and current power flow of a customer's system or 'All'",
    schemas: schemasOf((s) => ({ body: s.body.snBody, answer: s.summaryAnswer })),
  }),
  summaryForUser: defineEndpoint({
    path: '/ESS/SticsSummeryDataForUser',
    permission: readSystem,
    summary: "Left-panel figures and current power flow of one system in the caller's scope",
    schemas: schemasOf((s) => ({ body: s.body.snBody, answer: s.summaryAnswer })),
  }),
  liveSample: defineEndpoint({
    path: '/ESS/GetSecondDataBySn',
    method: 'GET',
    permission: readSystem,
    summary: 'The newest sample of a system (real-time view)',
    schemas: schemasOf((s) => ({ body: s.body.snQuery, answer: s.newestSampleAnswer })),
  }),
  dayCurve: defineEndpoint({
    path: '/Power/SticsByDay',
    permission: readSystem,
    summary: "5-minute power curve of a local day (default today) of a system or 'All'",
    schemas: schemasOf((s) => ({ body: s.body.dayBody, answer: s.dayCurveAnswer })),
  }),
  periodBars: defineEndpoint({
    path: '/Power/SticsByPeriod',
    permission: readSystem,
    summary: 'Energy bars from the daily rollups: days of a month, months of a year, or years',
    schemas: schemasOf((s) => ({ body: s.body.periodBody, answer: s.periodBarsAnswer })),
  }),
  exportDay: defineEndpoint({
    path: '/Power/ExportSticsByDay',
    kind: 'download',
    media: XLSX_MEDIA,
    permission: exportSystem,
    summary: "The day curve as xlsx, headers in the caller's language (code 8 when the day has no data)",
    schemas: schemasOf((s) => ({ body: s.body.dayBody, answer: s.exportFileAnswer })),
  }),
  statistics: defineEndpoint({
    path: '/Statistic/SystemStatistic',
    permission: readSystem,
    summary: 'Daily energy, self-consumption and autarky per system over a date range (≤ 366 days)',
    schemas: schemasOf((s) => ({ body: s.body.rangeBody, answer: s.statisticsAnswer })),
  }),
  exportStatistics: defineEndpoint({
    path: '/Statistic/ExportSystemStatistic',
    kind: 'download',
    media: XLSX_MEDIA,
    permission: exportSystem,
    summary: `The statistics table as xlsx, headers in the caller's language (code 8 when empty). ${background} (so is one of over 10000 rows)`,
    schemas: schemasOf((s) => ({ body: s.body.rangeExportBody, answer: s.exportFileAnswer })),
  }),
  exportLifetime: defineEndpoint({
    path: '/Statistic/ExportLifetimeStatistic',
    kind: 'download',
    media: XLSX_MEDIA,
    permission: exportSystem,
    summary: `The lifetime table (one row per year) and its total as xlsx, headers in the caller's language (code 8 when empty). ${background}`,
    schemas: schemasOf((s) => ({ body: s.body.lifetimeExportBody, answer: s.exportFileAnswer })),
  }),
};

/** The staff home. */
export const fleetHomeCalls = {
  overview: defineEndpoint({
    path: '/ESS/GetFleetOverview',
    permission: { subject: 'fleetOverview', action: 'read' },
    summary:
      "The staff home in the caller's scope: systems with open faults, systems offline for more than a day, today's energy, the last events",
    schemas: schemasOf((s) => ({ body: s.body.fleetOverviewBody, answer: s.fleetOverviewAnswer })),
  }),
};

/** The systems of the caller's scope: list, counts, map, selector, and one system's remark, faults, components and log. */
export const systemCalls = {
  list: defineEndpoint({
    path: '/ESS/GetSystems',
    permission: readFleet,
    summary: "The storage list in the caller's scope: search, filter, sort, page",
    schemas: schemasOf((s) => ({ body: s.body.systemsBody, answer: s.systemPageAnswer })),
  }),
  statusCounts: defineEndpoint({
    path: '/ESS/GetVtSystemStatusCount',
    permission: readFleet,
    summary: "Systems per ems_status in the caller's scope (unknown = never reported)",
    schemas: schemasOf((s) => ({ body: s.body.noBody, answer: s.statusCountsAnswer })),
  }),
  // Unlike GetVtSystemStatusCount (the whole scope, for the dashboards) it counts what the list's search finds, so
  // the status cards above the list agree with the list under them (spec §7).
  listStatusCounts: defineEndpoint({
    path: '/EnergyStorageList/GetSystemStatusCount',
    permission: readFleet,
    summary: "Systems per ems_status among those the storage list's search finds in the caller's scope",
    schemas: schemasOf((s) => ({ body: s.body.statusCountBody, answer: s.statusCountsAnswer })),
  }),
  mapPositions: defineEndpoint({
    path: '/Position/GetMapsList',
    permission: readFleet,
    summary: "Map positions of the systems in the caller's scope",
    schemas: schemasOf((s) => ({ body: s.body.noBody, answer: s.mapPositionsAnswer })),
  }),
  customerSystems: defineEndpoint({
    path: '/ESS/GetSystemsByCustomer',
    permission: readCustomerSystems,
    summary: "The customer's or sharer's systems; 'All' first with the sums when there are several",
    schemas: schemasOf((s) => ({ body: s.body.noBody, answer: s.selectorListAnswer })),
  }),
  customer: defineEndpoint({
    path: '/ESS/GetCustomer',
    permission: readCustomerSystems,
    summary: "The customer's or sharer's systems; 'All' first with the sums when there are several",
    schemas: schemasOf((s) => ({ body: s.body.noBody, answer: s.selectorListAnswer })),
  }),
  // Staff who manage the system keep its remark (permissions/entities.ts); partners and customers read it.
  updateRemark: defineEndpoint({
    path: '/ESS/UpdateSystemRemark',
    permission: { subject: 'systemRemark', action: 'update' },
    summary: "Set the system's remark (staff who manage systems)",
    schemas: schemasOf((s) => ({ body: s.body.remarkBody, answer: s.nothingAnswer })),
  }),
  faults: defineEndpoint({
    path: '/ESS/GetSysFaultBySn',
    permission: readSystem,
    summary: 'Faults of a system, newest first (state: open / closed)',
    schemas: schemasOf((s) => ({ body: s.body.pagedSnBody, answer: s.faultPageAnswer })),
  }),
  components: defineEndpoint({
    path: '/ESS/GetSystemComponents',
    permission: readSystem,
    summary: 'The components of a system: inverter, batteries, meter, EMS with S/N, model and firmware',
    schemas: schemasOf((s) => ({ body: s.body.snBody, answer: s.systemComponentsAnswer })),
  }),
  userLog: defineEndpoint({
    path: '/ESS/GetUserLogBySn',
    permission: readFleet,
    summary: 'Who changed what on a system, newest first (amounts and share addresses only to those who may read them)',
    schemas: schemasOf((s) => ({ body: s.body.pagedSnBody, answer: s.userLogPageAnswer })),
  }),
};

/** The caller's own settings: dashboard preferences, the customer's electricity prices and system settings. */
export const settingsCalls = {
  saveDashboard: defineEndpoint({
    path: '/ESS/SaveIndexESSSet',
    permission: { subject: 'account', action: 'update' },
    summary:
      "Save the caller's dashboard preferences (a JSON object; `cards`: the customer dashboard's cards in their order, customers and sharers only)",
    schemas: schemasOf((s) => ({ body: s.body.indexSettingsBody, answer: s.nothingAnswer })),
  }),
  dashboard: defineEndpoint({
    path: '/ESS/GetIndexESSSet',
    method: 'GET',
    permission: { subject: 'account', action: 'read' },
    summary: "The caller's dashboard preferences ({} when none)",
    schemas: schemasOf((s) => ({ body: s.body.noBody, answer: s.dashboardSettingsAnswer })),
  }),
  saveTariff: defineEndpoint({
    path: '/Account/ElectrovalenceSetting',
    permission: tariffs,
    summary: 'Save time-of-use buy prices and feed-in tariff (for one system, or the default)',
    schemas: schemasOf((s) => ({ body: s.body.tariffBody, answer: s.nothingAnswer })),
  }),
  tariff: defineEndpoint({
    path: '/Account/GetElectrovalenceSetting',
    method: 'GET',
    permission: tariffs,
    summary: 'The prices of a system (sn) or the default ones; isDefault when none were set',
    schemas: schemasOf((s) => ({ body: s.body.tariffQuery, answer: s.tariffAnswer })),
  }),
  saveSystem: defineEndpoint({
    path: '/Account/CustomUseESSSetting',
    permission: customerSettings,
    summary: "Save a system's operating settings (backup reserve, grid charge, feed-in limit, charge windows)",
    schemas: schemasOf((s) => ({ body: s.body.systemSettingsBody, answer: s.nothingAnswer })),
  }),
  system: defineEndpoint({
    path: '/Account/GetCustomUseESSSetting',
    method: 'GET',
    permission: customerSettings,
    summary: "A system's operating settings by system_id",
    schemas: schemasOf((s) => ({ body: s.body.systemSettingsQuery, answer: s.systemSettingsAnswer })),
  }),
  systems: defineEndpoint({
    path: '/Account/GetCustomUseESSList',
    method: 'GET',
    permission: customerSettings,
    summary: "The customer's systems with their operating settings",
    schemas: schemasOf((s) => ({ body: s.body.noBody, answer: s.systemSettingsListAnswer })),
  }),
};

/** The weather at a system now and for the next day, and the PV forecast it gives. */
export const weatherCalls = {
  weather: defineEndpoint({
    path: '/ESS/GetWeatherData',
    permission: readSystem,
    summary: 'Weather at the system now (or at nowTime) and for the next 24 hours',
    schemas: schemasOf((s) => ({ body: s.body.weatherBody, answer: s.weatherAnswer })),
  }),
  forecast: defineEndpoint({
    path: '/Power/PredictivePower',
    permission: readSystem,
    summary: 'Expected PV per hour of a local day (default today) from the weather forecast',
    schemas: schemasOf((s) => ({ body: s.body.dayBody, answer: s.forecastAnswer })),
  }),
};

/** Income bars, payback, the system cost, and the income export. */
export const incomeCalls = {
  bars: defineEndpoint({
    path: '/Income/PayoffStatistic',
    permission: readSystem,
    summary: 'Income (savings + feed-in) per day / month / year',
    schemas: schemasOf((s) => ({ body: s.body.periodBody, answer: s.incomeBarsAnswer })),
  }),
  payoff: defineEndpoint({
    path: '/Income/PayoffTotalResult',
    permission: readSystem,
    summary: "Income so far, system cost and the payback date of one system, or of the caller's systems together ('All')",
    schemas: schemasOf((s) => ({ body: s.body.snBody, answer: s.payoffTotalAnswer })),
  }),
  updateSystemCost: defineEndpoint({
    path: '/Income/UpdateSystemCost',
    permission: { subject: 'systemCost', action: 'update' },
    summary: 'Set what the system cost (and its currency): its owner only',
    schemas: schemasOf((s) => ({ body: s.body.systemCostBody, answer: s.nothingAnswer })),
  }),
  exportBars: defineEndpoint({
    path: '/Income/ExportPayoffStatistic',
    kind: 'download',
    media: XLSX_MEDIA,
    permission: exportSystem,
    summary: "The income bars as xlsx, with their total in the last row, headers in the caller's language (code 8 when empty)",
    schemas: schemasOf((s) => ({ body: s.body.periodBody, answer: s.exportFileAnswer })),
  }),
};

/** Sharing a system (spec §5): the owner shares, lists, revokes and extends; the invited sharer checks the link and registers. */
export const shareCalls = {
  share: defineEndpoint({
    path: '/ESS/ShareSub',
    permission: { subject: 'share', action: 'create' },
    summary: "Share one of the caller's systems with an e-mail address for some days (spec §5)",
    schemas: schemasOf((s) => ({ body: s.body.shareBody, answer: s.shareResultAnswer })),
  }),
  list: defineEndpoint({
    path: '/ESS/GetShareList',
    permission: { subject: 'share', action: 'read' },
    summary: 'Whom a system is shared with, until when, registered or invited (its owner; staff who read share recipients)',
    schemas: schemasOf((s) => ({ body: s.body.snBody, answer: s.shareListAnswer })),
  }),
  revoke: defineEndpoint({
    path: '/ESS/RevokeShare',
    permission: { subject: 'share', action: 'delete' },
    summary: "End one share of the caller's system at once (45 for any other share, 2 for an ended one)",
    schemas: schemasOf((s) => ({ body: s.body.shareOfSystemBody, answer: s.nothingAnswer })),
  }),
  extend: defineEndpoint({
    path: '/ESS/ExtendShare',
    permission: { subject: 'share', action: 'update' },
    summary: "Add days to the end of one share of the caller's system (45 for any other share, 2 for an ended one: share again)",
    schemas: schemasOf((s) => ({ body: s.body.extendShareBody, answer: s.extendShareAnswer })),
  }),
  checkInvitation: defineEndpoint({
    path: '/Account/CheckSharerAccount',
    permission: 'public',
    summary: 'Whether a /shareRegister link is still good (12 when used or expired)',
    schemas: schemasOf((s) => ({ body: s.body.invitationBody, answer: s.invitationAnswer })),
  }),
  registerSharer: defineEndpoint({
    path: '/Account/RegisterSharerAccount',
    permission: 'public',
    summary: 'The invited sharer sets user name and password (12 link expired, 50 name taken)',
    schemas: schemasOf((s) => ({ body: s.body.registerSharerBody, answer: s.nothingAnswer })),
  }),
};

import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import { settingsCalls as accountSettingsCalls } from '../../../contract/account-calls';
import {
  fleetHomeCalls,
  incomeCalls,
  settingsCalls,
  shareCalls,
  statsCalls,
  systemCalls,
  weatherCalls,
} from '../../../contract/monitoring-calls';
import type { OperatingSettings, Period } from '../../../contract/monitoring';
import { call } from '../../api/call';

export { CallError } from '../../api/call';

/** The storage list's body (GetSystems): search, filters, paging and one sorted column. */
export type SystemQuery = BodyIn<typeof systemCalls.list>;

/** The monitoring calls of spec §7 (contract/monitoring-calls.ts): each answers its data or throws CallError. */
export const monitoringApi = {
  customerSystems: () => call(systemCalls.customerSystems, undefined),
  systems: (query: SystemQuery) => call(systemCalls.list, query),
  statusCounts: () => call(systemCalls.statusCounts, undefined),
  /** The storage list's status counts: over what its search (status aside) finds. */
  listStatusCounts: (search: SystemSearch) => call(systemCalls.listStatusCounts, search),
  mapPositions: () => call(systemCalls.mapPositions, undefined),
  /** The staff home: open faults, long-offline systems, today's fleet energy and the last events, in the caller's scope. */
  fleetOverview: (limit?: number) => call(fleetHomeCalls.overview, limit ? { limit } : {}),
  /** Customers and sharers may ask for 'All'; staff ask for one system in their scope. */
  summary: (sn: string, forCustomer: boolean) => call(forCustomer ? statsCalls.summaryForCustomer : statsCalls.summaryForUser, { sn }),
  dayCurve: (sn: string, date: string) => call(statsCalls.dayCurve, { sn, date }),
  periodBars: (sn: string, period: Period, date: string) => call(statsCalls.periodBars, { sn, period, date }),
  incomeBars: (sn: string, period: Period, date: string) => call(incomeCalls.bars, { sn, period, date }),
  payoff: (sn: string) => call(incomeCalls.payoff, { sn }),
  updateSystemCost: (sn: string, systemCost: number) => call(incomeCalls.updateSystemCost, { sn, systemCost }),
  updateRemark: (sn: string, remark: string) => call(systemCalls.updateRemark, { sn, remark }),
  statistics: (sn: string, beginDate: string, endDate: string) => call(statsCalls.statistics, { sn, beginDate, endDate }),
  /** One system's newest sample: the live power flow asks for it every few seconds while it is on screen. */
  liveSample: (sn: string) => call(statsCalls.liveSample, { sn }),
  dashboardSettings: () => call(settingsCalls.dashboard, undefined),
  saveDashboardSettings: (settings: DashboardSettings) => call(settingsCalls.saveDashboard, { settings }),
  weather: (sn: string) => call(weatherCalls.weather, { sn }),
  forecast: (sn: string) => call(weatherCalls.forecast, { sn }),
  faults: (sn: string, pageIndex: number, pageSize: number) => call(systemCalls.faults, { sn, pageIndex, pageSize }),
  components: (sn: string) => call(systemCalls.components, { sn }),
  userLog: (sn: string, pageIndex: number, pageSize: number) => call(systemCalls.userLog, { sn, pageIndex, pageSize }),
  /** Quiet: the share dialog shows the server's info or 'Share Failed' itself (spec §8 UI messages). */
  share: (email: string, days: number, sn: string) => call(shareCalls.share, { email, days, sn }, { quiet: true }),
  shares: (sn: string) => call(shareCalls.list, { sn }),
  revokeShare: (sn: string, id: number) => call(shareCalls.revoke, { sn, id }),
  /** Quiet: a bad number of days is said under the field (spec §5 texts). */
  extendShare: (sn: string, id: number, days: number) => call(shareCalls.extend, { sn, id, days }, { quiet: true }),
  tariff: (sn?: string) => call(settingsCalls.tariff, sn ? { sn } : {}),
  saveTariff: (body: BodyIn<typeof settingsCalls.saveTariff>) => call(settingsCalls.saveTariff, body),
  systemSettingsList: () => call(settingsCalls.systems, undefined),
  /** One of the customer's systems with its operating settings, by its id. */
  systemSettings: (systemId: number) => call(settingsCalls.system, { system_id: systemId }),
  /** The caller's systems by name, own and shared (no figures): what the settings screens choose a system from. */
  menuSystems: () => call(accountSettingsCalls.menuSystems, {}),
  /** Quiet: the settings screen shows a refusal itself (on the export limit when the installer keeps it). */
  saveSystemSettings: (sn: string, settings: OperatingSettings) => call(settingsCalls.saveSystem, { sn, ...settings }, { quiet: true }),
};

/** A system of GetCustomMenuESSlist: id, S/N, name, status, and whether it is shared with the caller rather than theirs. */
export type MenuSystem = AnswerOf<typeof accountSettingsCalls.menuSystems>[number];

/** The caller's dashboard preferences (GetIndexESSSet): `cards` are the customer dashboard's, in their order. */
export type DashboardSettings = AnswerOf<typeof settingsCalls.dashboard>;

/** The storage list's search without paging and status: what its status counts are taken over. */
export type SystemSearch = Pick<SystemQuery, 'sn' | 'name' | 'countryCode' | 'installer'>;

const ALL = ['monitoring'] as const;

/**
 * The react-query keys of the monitoring calls, one per call (plus the prefixes a change invalidates): every
 * useQuery of the area names its key here, and every invalidation after a change uses the same factory.
 */
export const monitoringKeys = {
  /** Everything monitoring shows (a new tariff changes incomes, payoffs and the settings lists). */
  all: ALL,
  customerSystems: (username: string | undefined) => [...ALL, 'customerSystems', username] as const,
  systems: (query: SystemQuery) => [...ALL, 'systems', query] as const,
  /** The fleet's counts (no search) or the storage list's over a search. */
  statusCounts: (search: SystemSearch | null) => [...ALL, 'statusCounts', search] as const,
  mapPositions: () => [...ALL, 'map'] as const,
  fleetOverview: () => [...ALL, 'fleetOverview'] as const,
  system: (sn: string) => [...ALL, 'system', sn] as const,
  summary: (sn: string, forCustomer: boolean) => [...ALL, 'summary', sn, forCustomer] as const,
  liveSample: (sn: string) => [...ALL, 'liveSample', sn] as const,
  dashboardSettings: (username: string | undefined) => [...ALL, 'dashboardSettings', username] as const,
  dayCurve: (sn: string, date: string) => [...ALL, 'day', sn, date] as const,
  periodBars: (sn: string, period: Period, date: string) => [...ALL, 'bars', sn, period, date] as const,
  incomeBars: (sn: string, period: Period, date: string) => [...ALL, 'income', sn, period, date] as const,
  payoff: (sn: string) => [...ALL, 'payoff', sn] as const,
  statistics: (sn: string, beginDate: string, endDate: string) => [...ALL, 'statistics', sn, beginDate, endDate] as const,
  weather: (sn: string) => [...ALL, 'weather', sn] as const,
  forecast: (sn: string) => [...ALL, 'forecast', sn] as const,
  components: (sn: string) => [...ALL, 'components', sn] as const,
  /** A system's faults; without a page, every page of them. */
  faults: (sn: string, pageIndex?: number, pageSize?: number) =>
    pageIndex === undefined ? ([...ALL, 'faults', sn] as const) : ([...ALL, 'faults', sn, pageIndex, pageSize] as const),
  /** A system's user log; without a page, every page of it. */
  userLog: (sn: string, pageIndex?: number, pageSize?: number) =>
    pageIndex === undefined ? ([...ALL, 'userLog', sn] as const) : ([...ALL, 'userLog', sn, pageIndex, pageSize] as const),
  shares: (sn: string) => [...ALL, 'shares', sn] as const,
  tariff: (sn: string) => [...ALL, 'tariff', sn] as const,
  /** The list of the customer's systems with their settings, and (with an id) one of them. */
  systemSettings: (systemId?: number) =>
    systemId === undefined ? ([...ALL, 'systemSettings'] as const) : ([...ALL, 'systemSettings', systemId] as const),
  menuSystems: (username: string | undefined) => [...ALL, 'menuSystems', username] as const,
};

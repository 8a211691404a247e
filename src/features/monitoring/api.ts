import { getData, postData } from '../../api/call';
import type { Page } from '../../../contract/codes';
import type { DashboardCard } from '../../../contract/monitoring-constants';
import type { z } from 'zod';
import type { menuSystemsAnswer } from '../../../contract/account-settings';
import type {
  DailyStatisticRow,
  DayCurve,
  ExtendedShare,
  Fault,
  FleetOverview,
  Forecast,
  IncomeBars,
  MapPosition,
  NewestSample,
  OperatingSettings,
  PayoffTotal,
  Period,
  PeriodBars,
  ShareListRow,
  ShareResult,
  StatusCounts,
  Summary,
  SystemComponent,
  SystemListRow,
  SystemSettingsRow,
  SystemSettings,
  SystemSummary,
  Tariff,
  TariffPeriod,
  UserLogEntry,
  Weather,
} from '../../../contract/monitoring';

export { CallError } from '../../api/call';

export interface SystemQuery {
  pageIndex: number;
  pageSize: number;
  sn?: string;
  name?: string;
  status?: string;
  countryCode?: string;
  installer?: string;
  /** The one list protocol (DESIGN §4); the storage list sorts by one column. */
  sort?: Array<{ field: string; order: 'asc' | 'desc' }>;
}

/** The monitoring calls of spec §7 (server/monitoring/API.md): each answers its data or throws CallError. */
export const monitoringApi = {
  customerSystems: () => postData<SystemSummary[]>('/ESS/GetSystemsByCustomer'),
  systems: (query: SystemQuery) => postData<Page<SystemListRow>>('/ESS/GetSystems', { ...query }),
  statusCounts: () => postData<StatusCounts>('/ESS/GetVtSystemStatusCount'),
  /** The storage list's status counts: over what its search (status aside) finds. */
  listStatusCounts: (search: SystemSearch) => postData<StatusCounts>('/EnergyStorageList/GetSystemStatusCount', { ...search }),
  mapPositions: () => postData<MapPosition[]>('/Position/GetMapsList'),
  /** The staff home: open faults, long-offline systems, today's fleet energy and the last events, in the caller's scope. */
  fleetOverview: (limit?: number) => postData<FleetOverview>('/ESS/GetFleetOverview', limit ? { limit } : {}),
  /** Customers and sharers may ask for 'All'; staff ask for one system in their scope. */
  summary: (sn: string, forCustomer: boolean) =>
    postData<Summary>(forCustomer ? '/ESS/SticsSummeryDataForCustomer' : '/ESS/SticsSummeryDataForUser', { sn }),
  dayCurve: (sn: string, date: string) => postData<DayCurve>('/Power/SticsByDay', { sn, date }),
  periodBars: (sn: string, period: Period, date: string) => postData<PeriodBars>('/Power/SticsByPeriod', { sn, period, date }),
  incomeBars: (sn: string, period: Period, date: string) => postData<IncomeBars>('/Income/PayoffStatistic', { sn, period, date }),
  payoff: (sn: string) => postData<PayoffTotal>('/Income/PayoffTotalResult', { sn }),
  updateSystemCost: (sn: string, systemCost: number) => postData<null>('/Income/UpdateSystemCost', { sn, systemCost }),
  updateRemark: (sn: string, remark: string) => postData<null>('/ESS/UpdateSystemRemark', { sn, remark }),
  statistics: (sn: string, beginDate: string, endDate: string) =>
    postData<DailyStatisticRow[]>('/Statistic/SystemStatistic', { sn, beginDate, endDate }),
  /** One system's newest sample: the live power flow asks for it every few seconds while it is on screen. */
  liveSample: (sn: string) => getData<NewestSample>('/ESS/GetSecondDataBySn', { sn }),
  dashboardSettings: () => getData<DashboardSettings>('/ESS/GetIndexESSSet'),
  saveDashboardSettings: (settings: DashboardSettings) => postData<null>('/ESS/SaveIndexESSSet', { settings }),
  weather: (sn: string) => postData<Weather>('/ESS/GetWeatherData', { sn }),
  forecast: (sn: string) => postData<Forecast>('/Power/PredictivePower', { sn }),
  faults: (sn: string, pageIndex: number, pageSize: number) => postData<Page<Fault>>('/ESS/GetSysFaultBySn', { sn, pageIndex, pageSize }),
  components: (sn: string) => postData<SystemComponent[]>('/ESS/GetSystemComponents', { sn }),
  userLog: (sn: string, pageIndex: number, pageSize: number) =>
    postData<Page<UserLogEntry>>('/ESS/GetUserLogBySn', { sn, pageIndex, pageSize }),
  /** Quiet: the share dialog shows the server's info or 'Share Failed' itself (spec §8 UI messages). */
  share: (email: string, days: number, sn: string) => postData<ShareResult>('/ESS/ShareSub', { email, days, sn }, { quiet: true }),
  shares: (sn: string) => postData<ShareListRow[]>('/ESS/GetShareList', { sn }),
  revokeShare: (sn: string, id: number) => postData<null>('/ESS/RevokeShare', { sn, id }),
  /** Quiet: a bad number of days is said under the field (spec §5 texts). */
  extendShare: (sn: string, id: number, days: number) => postData<ExtendedShare>('/ESS/ExtendShare', { sn, id, days }, { quiet: true }),
  tariff: (sn?: string) => getData<Tariff>('/Account/GetElectrovalenceSetting', sn ? { sn } : undefined),
  saveTariff: (body: { sn?: string; currency: string; basePrice: number; feedInPrice: number; periods: TariffPeriod[] }) =>
    postData<null>('/Account/ElectrovalenceSetting', body),
  systemSettingsList: () => getData<SystemSettingsRow[]>('/Account/GetCustomUseESSList'),
  /** One of the customer's systems with its operating settings, by its id. */
  systemSettings: (systemId: number) => getData<SystemSettings>('/Account/GetCustomUseESSSetting', { system_id: systemId }),
  /** The caller's systems by name, own and shared (no figures): what the settings screens choose a system from. */
  menuSystems: () => getData<MenuSystem[]>('/Account/GetCustomMenuESSlist'),
  saveSystemSettings: (sn: string, settings: OperatingSettings) => postData<null>('/Account/CustomUseESSSetting', { sn, ...settings }),
};

/** A system of GetCustomMenuESSlist: id, S/N, name, status, and whether it is shared with the caller rather than theirs. */
export type MenuSystem = z.infer<typeof menuSystemsAnswer>[number];

/** The caller's dashboard preferences (GetIndexESSSet): `cards` are the customer dashboard's, in their order. */
export interface DashboardSettings {
  cards?: DashboardCard[];
  [other: string]: unknown;
}

/** The export calls (xlsx through the download helper). */
export const EXPORTS = {
  day: '/Power/ExportSticsByDay',
  statistics: '/Statistic/ExportSystemStatistic',
  lifetime: '/Statistic/ExportLifetimeStatistic',
  income: '/Income/ExportPayoffStatistic',
} as const;

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

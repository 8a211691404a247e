import { api, type ApiRequestOptions } from '../../../api/client';
import type { Envelope, Page } from '../../../../contract/codes';
import type {
  DailyStatisticRow, DayCurve, Fault, FleetOverview, Forecast, IncomeBars, MapPosition, OperatingSettings, PayoffTotal, Period, PeriodBars, ShareListRow, ShareResult,
  StatusCounts, Summary, SystemComponent, SystemListRow, SystemSettingsRow, SystemSummary, Tariff, TariffPeriod, UserLogEntry, Weather,
} from '../../../../contract/monitoring';

/** A call that did not answer code 200 (its message is already shown by the /api client unless quiet). */
export class CallError extends Error {
  constructor(readonly code: number, readonly info: string) {
    super(info);
  }
}

function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code !== 200) throw new CallError(envelope.code, envelope.info);
  return envelope.data;
}

const post = async <T>(path: string, body?: Record<string, unknown>, options?: ApiRequestOptions) => unwrap(await api.post<T>(path, body, options));
const get = async <T>(path: string, params?: Record<string, unknown>) => unwrap(await api.get<T>(path, params));

export interface SystemQuery {
  pageIndex: number;
  pageSize: number;
  sn?: string;
  name?: string;
  status?: string;
  countryCode?: string;
  installer?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** The monitoring calls of spec §7 (server/monitoring/API.md). */
export const calls = {
  customerSystems: () => post<SystemSummary[]>('/ESS/GetSystemsByCustomer'),
  systems: (query: SystemQuery) => post<Page<SystemListRow>>('/ESS/GetSystems', { ...query }),
  statusCounts: () => post<StatusCounts>('/ESS/GetVtSystemStatusCount'),
  /** The storage list's status counts: over what its search (status aside) finds. */
  listStatusCounts: (search: Pick<SystemQuery, 'sn' | 'name' | 'countryCode' | 'installer'>) =>
    post<StatusCounts>('/EnergyStorageList/GetSystemStatusCount', { ...search }),
  mapPositions: () => post<MapPosition[]>('/Position/GetMapsList'),
  /** The staff home: open faults, long-offline systems, today's fleet energy and the last events, in the caller's scope. */
  fleetOverview: (limit?: number) => post<FleetOverview>('/ESS/GetFleetOverview', limit ? { limit } : {}),
  /** Customers and sharers may ask for 'All'; staff ask for one system in their scope. */
  summary: (sn: string, forCustomer: boolean) => post<Summary>(forCustomer ? '/ESS/SticsSummeryDataForCustomer' : '/ESS/SticsSummeryDataForUser', { sn }),
  dayCurve: (sn: string, date: string) => post<DayCurve>('/Power/SticsByDay', { sn, date }),
  periodBars: (sn: string, period: Period, date: string) => post<PeriodBars>('/Power/SticsByPeriod', { sn, period, date }),
  incomeBars: (sn: string, period: Period, date: string) => post<IncomeBars>('/Income/PayoffStatistic', { sn, period, date }),
  payoff: (sn: string) => post<PayoffTotal>('/Income/PayoffTotalResult', { sn }),
  updateSystemCost: (sn: string, systemCost: number) => post<null>('/Income/UpdateSystemCost', { sn, systemCost }),
  updateRemark: (sn: string, remark: string) => post<null>('/ESS/UpdateSystemRemark', { sn, remark }),
  statistics: (sn: string, beginDate: string, endDate: string) => post<DailyStatisticRow[]>('/Statistic/SystemStatistic', { sn, beginDate, endDate }),
  weather: (sn: string) => post<Weather>('/ESS/GetWeatherData', { sn }),
  forecast: (sn: string) => post<Forecast>('/Power/PredictivePower', { sn }),
  faults: (sn: string, pageIndex: number, pageSize: number) => post<Page<Fault>>('/ESS/GetSysFaultBySn', { sn, pageIndex, pageSize }),
  components: (sn: string) => post<SystemComponent[]>('/ESS/GetSystemComponents', { sn }),
  userLog: (sn: string, pageIndex: number, pageSize: number) => post<Page<UserLogEntry>>('/ESS/GetUserLogBySn', { sn, pageIndex, pageSize }),
  /** Quiet: the share dialog shows the server's info or 'Share Failed' itself (spec §8 UI messages). */
  share: (email: string, days: number, sn: string) => post<ShareResult>('/ESS/ShareSub', { email, days, sn }, { quiet: true }),
  shares: (sn: string) => post<ShareListRow[]>('/ESS/GetShareList', { sn }),
  revokeShare: (sn: string, id: number) => post<null>('/ESS/RevokeShare', { sn, id }),
  /** Quiet: a bad number of days is said under the field (spec §5 texts). */
  extendShare: (sn: string, id: number, days: number) => post<{ expires_at: string }>('/ESS/ExtendShare', { sn, id, days }, { quiet: true }),
  tariff: (sn?: string) => get<Tariff>('/Account/GetElectrovalenceSetting', sn ? { sn } : undefined),
  saveTariff: (body: { sn?: string; currency: string; basePrice: number; feedInPrice: number; periods: TariffPeriod[] }) =>
    post<null>('/Account/ElectrovalenceSetting', body),
  systemSettingsList: () => get<SystemSettingsRow[]>('/Account/GetCustomUseESSList'),
  saveSystemSettings: (sn: string, settings: OperatingSettings) => post<null>('/Account/CustomUseESSSetting', { sn, ...settings }),
};

/** The export calls (xlsx through the download helper). */
export const EXPORTS = {
  day: '/Power/ExportSticsByDay',
  statistics: '/Statistic/ExportSystemStatistic',
  lifetime: '/Statistic/ExportLifetimeStatistic',
  income: '/Income/ExportPayoffStatistic',
} as const;

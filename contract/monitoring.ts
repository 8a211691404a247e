import { z } from 'zod';
import { COMMAND_NAMES, COMMAND_STATES, WORK_MODES } from './device-commands';
import { pageOf } from './admin/common';
import { DASHBOARD_CARDS, EMS_STATUSES } from './monitoring-constants';

/**
 * Response shapes of the monitoring calls (server/monitoring/API.md), one definition for the server that
 * answers them and the web app that reads them. Powers in W, energy in kWh. Each answer is a zod schema
 * (`…Answer`): the call's response schema (contract/monitoring-calls.ts; the OpenAPI document shows it,
 * and the answer is serialized through it), and, by `z.infer`, the type the web app reads it as.
 */

const alarmLevel = z.enum(['warning', 'fault', 'protection']);

/** An open fault as lists show it: its code (translated by the reader), level, device text and start. */
const activeAlarmAnswer = z.object({ code: z.string(), level: alarmLevel, description: z.string(), started_at: z.string() });
export type ActiveAlarm = z.infer<typeof activeAlarmAnswer>;

/** The system summary of spec §3 (selector, left panel, lists). */
const systemSummaryAnswer = z.object({
  system_id: z.number().int().nullable(),
  sys_sn: z.string(),
  sys_name: z.string(),
  popv: z.number(),
  minv: z.string(),
  poinv: z.number(),
  cobat: z.number(),
  mbat: z.string(),
  surpluscobat: z.number(),
  uscapacity: z.number(),
  ems_status: z.string().nullable(),
  trans_frequency: z.number(),
  shared_with_me: z
    .boolean()
    .optional()
    .describe('selector list only: the system is shared with the caller rather than theirs (no share icon then)'),
});
export type SystemSummary = z.infer<typeof systemSummaryAnswer>;
/** GetSystemsByCustomer, GetCustomer: the selector's systems, 'All' first with the sums when there are several. */
export const selectorListAnswer = z.array(systemSummaryAnswer);

const systemListRowAnswer = systemSummaryAnswer.extend({
  country_code: z.string(),
  city: z.string(),
  address: z.string(),
  installer: z.string().nullable(),
  time_zone: z.string(),
  commissioned_on: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  remark: z.string(),
  /**
   * Live figures of the storage list: from the newest sample while it is current (within three reporting
   * intervals; null when older, as for an offline system), W and %; battery + charge / − discharge, grid
   * + import / − export.
   */
  pv_w: z.number().nullable(),
  battery_w: z.number().nullable(),
  grid_w: z.number().nullable(),
  soc: z.number().nullable(),
  today_pv_kwh: z
    .number()
    .nullable()
    .describe("PV energy of the system's local today so far, kWh (null before its first sample of the day)"),
  alarm: activeAlarmAnswer.nullable().describe('the worst fault still open (the newest among equals), null when none'),
});
export type SystemListRow = z.infer<typeof systemListRowAnswer>;
/** GetSystems: one page of the storage list. */
export const systemPageAnswer = pageOf(systemListRowAnswer);

const fleetFaultRowAnswer = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  ems_status: z.string().nullable(),
  time_zone: z.string(),
  /** The system's newest open fault. */
  code: z.string(),
  level: alarmLevel,
  description: z.string(),
  started_at: z.string(),
  open_faults: z.number().int().describe('how many faults the system has open'),
});
export type FleetFaultRow = z.infer<typeof fleetFaultRowAnswer>;

const fleetOfflineRowAnswer = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  last_seen_at: z.string().nullable(),
  time_zone: z.string(),
  country_code: z.string(),
  city: z.string(),
});
export type FleetOfflineRow = z.infer<typeof fleetOfflineRowAnswer>;

/** The sums of the systems' rollups of their own local today, kWh; `systems` = how many reported today. */
const fleetEnergyTodayAnswer = z.object({
  systems: z.number().int(),
  pv_kwh: z.number(),
  load_kwh: z.number(),
  import_kwh: z.number(),
  export_kwh: z.number(),
  charge_kwh: z.number(),
  discharge_kwh: z.number(),
});
export type FleetEnergyToday = z.infer<typeof fleetEnergyTodayAnswer>;

const fleetEventAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(['fault_started', 'fault_ended', 'offline', 'online']),
  at: z.string(),
  sys_sn: z.string(),
  sys_name: z.string(),
  time_zone: z.string(),
  /** Fault events only. */
  code: z.string().nullable(),
  level: alarmLevel.nullable(),
  description: z.string().nullable(),
});
export type FleetEvent = z.infer<typeof fleetEventAnswer>;

/** The staff home (/ESS/GetFleetOverview): what an installer or service engineer looks at first. */
export const fleetOverviewAnswer = z.object({
  faults: pageOf(fleetFaultRowAnswer).describe('systems with an open fault, the newest fault first'),
  offline: pageOf(fleetOfflineRowAnswer).describe('systems offline for more than a day, the longest silent first'),
  energy: fleetEnergyTodayAnswer,
  events: z.array(fleetEventAnswer).describe('the newest events, newest first'),
});
export type FleetOverview = z.infer<typeof fleetOverviewAnswer>;

/** Energy figures of a day, a month, a year or a lifetime, in kWh, and the rates derived from them. */
const energyTotalsAnswer = z.object({
  pv_kwh: z.number(),
  load_kwh: z.number(),
  charge_kwh: z.number(),
  discharge_kwh: z.number(),
  import_kwh: z.number(),
  export_kwh: z.number(),
  self_consumption_kwh: z.number(),
});
export type EnergyTotals = z.infer<typeof energyTotalsAnswer>;

const energyRatesAnswer = z.object({
  self_consumption_rate: z.number().nullable().describe('share of PV used on site, %'),
  autarky_rate: z.number().nullable().describe('share of the load covered without the grid, %'),
});
export type EnergyRates = z.infer<typeof energyRatesAnswer>;

const energyWithRatesAnswer = energyTotalsAnswer.extend(energyRatesAnswer.shape);

const powerFlowAnswer = z.object({
  ts: z.string().nullable(),
  pv_w: z.number(),
  load_w: z.number(),
  battery_w: z.number().describe('+ charge, − discharge'),
  grid_w: z.number().describe('+ import, − export'),
  soc: z.number().nullable().describe("capacity-weighted over 'All'"),
  online: z.boolean().describe('whether the newest sample is recent (within three intervals)'),
});
export type PowerFlow = z.infer<typeof powerFlowAnswer>;

/** GetSecondDataBySn: a system's newest sample (the real-time view). */
export const newestSampleAnswer = powerFlowAnswer.extend({ sn: z.string(), ems_status: z.string().nullable() });
export type NewestSample = z.infer<typeof newestSampleAnswer>;

/** SticsSummeryDataForCustomer, SticsSummeryDataForUser: the left panel's figures and the power flow. */
export const summaryAnswer = energyRatesAnswer.extend({
  today: energyWithRatesAnswer,
  month: energyTotalsAnswer,
  year: energyTotalsAnswer,
  total: energyTotalsAnswer,
  flow: powerFlowAnswer,
  co2_saved_kg: z.number(),
  trees_equivalent: z.number(),
  popv: z.number(),
  cobat: z.number(),
  time_zone: z.string(),
});
export type Summary = z.infer<typeof summaryAnswer>;

const curvePointAnswer = z.object({
  ts: z.string(),
  time: z.string().describe("local clock time HH:mm in the target's zone"),
  pv_w: z.number(),
  load_w: z.number(),
  battery_w: z.number(),
  grid_w: z.number(),
  soc: z.number(),
});
export type CurvePoint = z.infer<typeof curvePointAnswer>;

/** SticsByDay: the 5-minute curve of a local day. */
export const dayCurveAnswer = z.object({
  date: z.string(),
  time_zone: z.string(),
  points: z.array(curvePointAnswer),
  totals: energyWithRatesAnswer,
});
export type DayCurve = z.infer<typeof dayCurveAnswer>;

export const PERIODS = ['month', 'year', 'lifetime'] as const;
export type Period = (typeof PERIODS)[number];

/** One system's energy on one local day (the statistics table and its export). */
const dailyStatisticRowAnswer = energyWithRatesAnswer.extend({ day: z.string(), sys_sn: z.string() });
export type DailyStatisticRow = z.infer<typeof dailyStatisticRowAnswer>;
/** SystemStatistic: a row per system and day of the range. */
export const statisticsAnswer = z.array(dailyStatisticRowAnswer);

const periodBarAnswer = energyTotalsAnswer.extend({
  label: z.string().describe('YYYY-MM-DD (month view), YYYY-MM (year view) or YYYY (lifetime view)'),
});
export type PeriodBar = z.infer<typeof periodBarAnswer>;

/** SticsByPeriod: energy bars of a month, a year or the lifetime. */
export const periodBarsAnswer = z.object({
  period: z.enum(PERIODS),
  date: z.string(),
  bars: z.array(periodBarAnswer),
  totals: energyWithRatesAnswer,
});
export type PeriodBars = z.infer<typeof periodBarsAnswer>;

/**
 * What a system earns: the grid electricity it saved the owner (load covered from PV and battery, at the
 * buy price) plus what it sold (export at the feed-in tariff), and when that repays the system cost.
 */
const incomeBarAnswer = z.object({ label: z.string(), savings: z.number(), feed_in: z.number(), income: z.number() });
export type IncomeBar = z.infer<typeof incomeBarAnswer>;

/** PayoffStatistic: income bars of a month, a year or the lifetime. */
export const incomeBarsAnswer = z.object({
  period: z.enum(PERIODS),
  date: z.string(),
  currency: z.string(),
  bars: z.array(incomeBarAnswer),
  total: z.number(),
  excluded: z
    .array(z.string())
    .optional()
    .describe("'All': S/Ns left out because they are priced in another currency than the first system"),
});
export type IncomeBars = z.infer<typeof incomeBarsAnswer>;

/**
 * How a payback date was found: 'reached' (the day the summed income reached the cost), or an estimate
 * projected at the average daily income of the last 12 months ('last_12_months'), or of the days since
 * commissioning when a system has been in service for less than a year ('since_commissioning').
 */
const paybackBasisAnswer = z.enum(['reached', 'last_12_months', 'since_commissioning']);
export type PaybackBasis = z.infer<typeof paybackBasisAnswer>;

/** A system whose days in service are not all reported: its figures count only the reported days. */
const reportGapAnswer = z.object({ sn: z.string(), days_reported: z.number().int(), days_in_service: z.number().int() });

/** PayoffTotalResult: income so far, the cost and the payback of one system or of 'All'. */
export const payoffTotalAnswer = z.object({
  currency: z.string(),
  system_cost: z.number().nullable().describe("what the system(s) cost (null: not set, or not the caller's to see: cost_hidden)"),
  cost_hidden: z.boolean().describe("the cost is the owner's (DESIGN §6): partners and sharers get no cost, payback percent or date"),
  commissioned_on: z.string().nullable(),
  income_since_commissioning: z
    .number()
    .describe("the sum of every reported day's income up to today: the sum of the lifetime income bars, to the cent"),
  /** Reported days and days since commissioning ('All': summed over the systems). */
  days_reported: z.number().int(),
  days_in_service: z.number().int(),
  gaps: z.array(reportGapAnswer),
  daily_income: z.number().describe('average income per reported day over the last 12 months (the rate a payback estimate projects at)'),
  payback_percent: z.number().nullable().describe('income so far / cost, in % (above 100 once repaid)'),
  payback_date: z
    .string()
    .nullable()
    .describe('when the income reached or is estimated to reach the cost (YYYY-MM-DD; payback_basis says which), or null'),
  payback_basis: paybackBasisAnswer.nullable(),
  systems: z.number().int().describe("how many systems the figures cover ('All': every one of the caller's in the first one's currency)"),
  excluded: z.array(z.string()).describe("'All': S/Ns left out because they are priced in another currency"),
});
export type PayoffTotal = z.infer<typeof payoffTotalAnswer>;

/** The xlsx of an export call (content-disposition names it); with nothing to export, the envelope with code 8 instead. */
export const exportFileAnswer = z.file().describe('the xlsx workbook; the JSON envelope with code 8 when there is nothing to export');

/** A device a system is built from (GetSystemComponents); `kind` is inverter, battery, meter or ems as a rule. */
export const systemComponentAnswer = z.object({
  id: z.number().int(),
  kind: z.string(),
  sn: z.string(),
  model: z.string(),
  firmware_version: z.string(),
  supplier_company: z.string().nullable(),
});
export type SystemComponent = z.infer<typeof systemComponentAnswer>;
export const systemComponentsAnswer = z.array(systemComponentAnswer);

export const WEATHER_CONDITIONS = ['sunny', 'partly_cloudy', 'cloudy', 'overcast', 'rain', 'snow'] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

const weatherHourAnswer = z.object({
  hour: z.string(),
  temperature_c: z.number(),
  cloud_cover: z.number(),
  condition: z.enum(WEATHER_CONDITIONS),
  sun_up: z
    .boolean()
    .describe(
      'whether the sun is above the horizon at the system at the hour shown (for `current`: at the time asked); night icons when not',
    ),
});

/** GetWeatherData: the hour asked for (or now) and the next 24. */
export const weatherAnswer = z.object({
  sn: z.string(),
  time_zone: z.string(),
  current: weatherHourAnswer.nullable(),
  hours: z.array(weatherHourAnswer),
});
export type Weather = z.infer<typeof weatherAnswer>;

/** PredictivePower: expected PV per hour of a local day. */
export const forecastAnswer = z.object({
  date: z.string(),
  time_zone: z.string(),
  hours: z.array(weatherHourAnswer.extend({ pv_kw: z.number() })),
  total_kwh: z.number(),
});
export type Forecast = z.infer<typeof forecastAnswer>;

const faultAnswer = z.object({
  id: z.number().int(),
  code: z.string(),
  level: alarmLevel,
  description: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type Fault = z.infer<typeof faultAnswer>;
/** GetSysFaultBySn: one page of a system's faults. */
export const faultPageAnswer = pageOf(faultAnswer);

const userLogEntryAnswer = z.object({
  id: z.number().int(),
  username: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type UserLogEntry = z.infer<typeof userLogEntryAnswer>;
/** GetUserLogBySn: one page of a system's user log. */
export const userLogPageAnswer = pageOf(userLogEntryAnswer);

/** Systems per status, 'unknown' (never reported) and the total (GetVtSystemStatusCount, GetSystemStatusCount). */
export const statusCountsAnswer = z.record(z.enum([...EMS_STATUSES, 'unknown', 'total']), z.number().int());
export type StatusCounts = z.infer<typeof statusCountsAnswer>;

/** A system on the map (GetMapsList). */
export const mapPositionAnswer = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  ems_status: z.string().nullable(),
  country_code: z.string(),
  city: z.string(),
  popv: z.number(),
  cobat: z.number(),
});
export type MapPosition = z.infer<typeof mapPositionAnswer>;
export const mapPositionsAnswer = z.array(mapPositionAnswer);

/** ShareSub: whom the system is now shared with, until when, and the /shareRegister link's token for a new person. */
export const shareResultAnswer = z.object({
  sharer_username: z.string(),
  expires_at: z.string(),
  register_token: z.string().nullable().describe('for a person without an account: the token of the /shareRegister link to send them'),
});
export type ShareResult = z.infer<typeof shareResultAnswer>;

/** One share of a system in its owner's list (/ESS/GetShareList). */
const shareListRowAnswer = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The person's user name and name; null while their invitation is pending (not registered yet). */
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  registered: z.boolean(),
  expires_at: z.string(),
  created_at: z.string(),
  active: z.boolean().describe('not ended yet'),
});
export type ShareListRow = z.infer<typeof shareListRowAnswer>;
export const shareListAnswer = z.array(shareListRowAnswer);

/** ExtendShare: the share's new end. */
export const extendShareAnswer = z.object({ expires_at: z.string() });
export type ExtendedShare = z.infer<typeof extendShareAnswer>;

/** CheckSharerAccount: the address a still good /shareRegister link was sent to. */
export const invitationAnswer = z.object({ email: z.string() });

/**
 * GetIndexESSSet: the caller's dashboard preferences, any JSON object ({} when none); `cards` as SaveIndexESSSet
 * checked them.
 */
export const dashboardSettingsAnswer = z.looseObject({ cards: z.array(z.enum(DASHBOARD_CARDS)).optional() });

/** What a call that changes something answers when it has nothing to tell. */
export const nothingAnswer = z.null();

/** A time-of-use period of a tariff: from `start` to `end` (HH:mm, end exclusive, may wrap midnight). */
const tariffPeriodAnswer = z.object({ start: z.string(), end: z.string(), price: z.number() });
export type TariffPeriod = z.infer<typeof tariffPeriodAnswer>;

/** The prices income is computed with (GetElectrovalenceSetting): a customer's own tariff, or the typical one of the currency. */
export const tariffAnswer = z.object({
  currency: z.string(),
  basePrice: z.number(),
  feedInPrice: z.number(),
  periods: z.array(tariffPeriodAnswer),
  isDefault: z.boolean().describe('true when the customer has set nothing and typical prices are used'),
});
export type Tariff = z.infer<typeof tariffAnswer>;

/** What a customer may set on their own system (systemSettings). */
const operatingSettingsAnswer = z.object({
  backupReserveSoc: z.number().describe('SoC kept in reserve for backup, %'),
  gridCharge: z.boolean().describe('charge the battery from the grid in the cheap windows'),
  feedInLimitPercent: z.number().describe('export limit as a share of the PV rating, %'),
  chargeWindows: z.array(z.object({ start: z.string(), end: z.string() })),
  workMode: z.enum(WORK_MODES),
});
export type OperatingSettings = z.infer<typeof operatingSettingsAnswer>;

/**
 * Whether the device took a saved setting: the state of the latest command the portal sent for it (the ledger,
 * DESIGN §12), with the device's words when it refused, and the connection while it waits.
 */
const settingOnDevice = z.object({
  command: z.enum(COMMAND_NAMES),
  state: z.enum(COMMAND_STATES),
  /** When it reached its state (applied, refused…); when it was sent while it waits. */
  at: z.string(),
  message: z.string().nullable(),
});
export type SettingOnDevice = z.infer<typeof settingOnDevice>;

/** GetCustomUseESSSetting: one system's operating settings. */
export const systemSettingsAnswer = operatingSettingsAnswer.extend({
  system_id: z.number().int(),
  sys_sn: z.string(),
  time_zone: z.string(),
  /** Whether the customer may change the export limit (their installer's choice). */
  export_limit_editable: z.boolean(),
  device: z.object({
    online: z.boolean(),
    /** Since when it is online or offline (null: it never connected over MQTT). */
    state_at: z.string().nullable(),
    settings: z.array(settingOnDevice),
  }),
});
export type SystemSettings = z.infer<typeof systemSettingsAnswer>;

const systemSettingsRowAnswer = systemSettingsAnswer.extend({ sys_name: z.string() });
export type SystemSettingsRow = z.infer<typeof systemSettingsRowAnswer>;
/** GetCustomUseESSList: the customer's systems with their operating settings. */
export const systemSettingsListAnswer = z.array(systemSettingsRowAnswer);

/** Device/Ingest: what a batch stored. */
export const ingestAnswer = z.object({
  accepted: z.number().int().describe('new samples stored'),
  duplicates: z.number().int().describe('samples already stored (a re-sent batch)'),
  ems_status: z.string().nullable(),
  days: z.array(z.string()).describe('local days whose rollups the new samples changed (none for a re-sent batch)'),
});
export type IngestResult = z.infer<typeof ingestAnswer>;

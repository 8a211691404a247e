import { z } from 'zod';
import { pageOf } from './admin/common';

/**
 * Response shapes of the monitoring calls (server/monitoring/API.md), one definition for the server that
 * answers them and the web app that reads them. Powers in W, energy in kWh. Those written as zod schemas
 * (`…Answer`) are also the calls' response schemas in the OpenAPI document (server/monitoring/<sub-area>/routes.ts).
 */
export const EMS_STATUSES = ['normal', 'warning', 'fault', 'offline', 'protection'] as const;
export type EmsStatus = (typeof EMS_STATUSES)[number];

/** The synthetic selector entry of spec §3. */
export const ALL_SN = 'All';

/** The system summary of spec §3 (selector, left panel, lists). */
export interface SystemSummary {
  system_id: number | null;
  sys_sn: string;
  sys_name: string;
  popv: number;
  minv: string;
  poinv: number;
  cobat: number;
  mbat: string;
  surpluscobat: number;
  uscapacity: number;
  ems_status: string | null;
  trans_frequency: number;
  /** Selector list only: the system is shared with the caller rather than theirs (no share icon then). */
  shared_with_me?: boolean;
}

export interface SystemListRow extends SystemSummary {
  country_code: string;
  city: string;
  address: string;
  installer: string | null;
  time_zone: string;
  commissioned_on: string | null;
  last_seen_at: string | null;
  remark: string;
  /**
   * Live figures of the storage list: from the newest sample while it is current (within three reporting
   * intervals; null when older, as for an offline system), W and %; battery + charge / − discharge, grid
   * + import / − export.
   */
  pv_w: number | null;
  battery_w: number | null;
  grid_w: number | null;
  soc: number | null;
  /** PV energy of the system's local today so far, kWh (null before its first sample of the day). */
  today_pv_kwh: number | null;
  /** The worst fault still open (the newest among equals), null when none. */
  alarm: ActiveAlarm | null;
}

/** The staff home (/ESS/GetFleetOverview): what an installer or service engineer looks at first. */
export interface FleetOverview {
  /** Systems with an open fault, the newest fault first. */
  faults: { data: FleetFaultRow[]; dataCount: number };
  /** Systems offline for more than a day, the longest silent first. */
  offline: { data: FleetOfflineRow[]; dataCount: number };
  energy: FleetEnergyToday;
  /** The newest events, newest first. */
  events: FleetEvent[];
}

export interface FleetFaultRow {
  sys_sn: string;
  sys_name: string;
  ems_status: string | null;
  time_zone: string;
  /** The system's newest open fault. */
  code: string;
  level: 'warning' | 'fault' | 'protection';
  description: string;
  started_at: string;
  /** How many faults the system has open. */
  open_faults: number;
}

export interface FleetOfflineRow {
  sys_sn: string;
  sys_name: string;
  last_seen_at: string | null;
  time_zone: string;
  country_code: string;
  city: string;
}

/** The sums of the systems' rollups of their own local today, kWh; `systems` = how many reported today. */
export interface FleetEnergyToday {
  systems: number;
  pv_kwh: number;
  load_kwh: number;
  import_kwh: number;
  export_kwh: number;
  charge_kwh: number;
  discharge_kwh: number;
}

export interface FleetEvent {
  id: number;
  kind: 'fault_started' | 'fault_ended' | 'offline' | 'online';
  at: string;
  sys_sn: string;
  sys_name: string;
  time_zone: string;
  /** Fault events only. */
  code: string | null;
  level: 'warning' | 'fault' | 'protection' | null;
  description: string | null;
}

/** An open fault as lists show it: its code (translated by the reader), level, device text and start. */
export interface ActiveAlarm {
  code: string;
  level: 'warning' | 'fault' | 'protection';
  description: string;
  started_at: string;
}

/** Energy figures of a day, a month, a year or a lifetime, in kWh, and the rates derived from them. */
export interface EnergyTotals {
  pv_kwh: number;
  load_kwh: number;
  charge_kwh: number;
  discharge_kwh: number;
  import_kwh: number;
  export_kwh: number;
  self_consumption_kwh: number;
}

export interface EnergyRates {
  /** Share of PV used on site, %. */
  self_consumption_rate: number | null;
  /** Share of the load covered without the grid, %. */
  autarky_rate: number | null;
}

export interface PowerFlow {
  ts: string | null;
  pv_w: number;
  load_w: number;
  /** + charge, − discharge. */
  battery_w: number;
  /** + import, − export. */
  grid_w: number;
  /** Capacity-weighted over 'All'. */
  soc: number | null;
  /** Whether the newest sample is recent (within three intervals). */
  online: boolean;
}

export interface Summary extends EnergyRates {
  today: EnergyTotals & EnergyRates;
  month: EnergyTotals;
  year: EnergyTotals;
  total: EnergyTotals;
  flow: PowerFlow;
  co2_saved_kg: number;
  trees_equivalent: number;
  popv: number;
  cobat: number;
  time_zone: string;
}

export interface CurvePoint {
  ts: string;
  /** Local clock time HH:mm in the target's zone. */
  time: string;
  pv_w: number;
  load_w: number;
  battery_w: number;
  grid_w: number;
  soc: number;
}

export interface DayCurve {
  date: string;
  time_zone: string;
  points: CurvePoint[];
  totals: EnergyTotals & EnergyRates;
}

export type Period = 'month' | 'year' | 'lifetime';

/** One system's energy on one local day (the statistics table and its export). */
export interface DailyStatisticRow extends EnergyTotals, EnergyRates {
  day: string;
  sys_sn: string;
}

export interface PeriodBar extends EnergyTotals {
  /** YYYY-MM-DD (month view), YYYY-MM (year view) or YYYY (lifetime view). */
  label: string;
}

export interface PeriodBars {
  period: Period;
  date: string;
  bars: PeriodBar[];
  totals: EnergyTotals & EnergyRates;
}

/**
 * What a system earns: the grid electricity it saved the owner (load covered from PV and battery, at the
 * buy price) plus what it sold (export at the feed-in tariff), and when that repays the system cost.
 */
export interface IncomeBar {
  label: string;
  savings: number;
  feed_in: number;
  income: number;
}

export interface IncomeBars {
  period: Period;
  date: string;
  currency: string;
  bars: IncomeBar[];
  total: number;
  /** 'All': S/Ns left out because they are priced in another currency than the first system. */
  excluded?: string[];
}

/**
 * How a payback date was found: 'reached' (the day the summed income reached the cost), or an estimate
 * projected at the average daily income of the last 12 months ('last_12_months'), or of the days since
 * commissioning when a system has been in service for less than a year ('since_commissioning').
 */
export type PaybackBasis = 'reached' | 'last_12_months' | 'since_commissioning';

/** A system whose days in service are not all reported: its figures count only the reported days. */
export interface ReportGap {
  sn: string;
  days_reported: number;
  days_in_service: number;
}

export interface PayoffTotal {
  currency: string;
  /** What the system(s) cost (null: not set, or not the caller's to see: cost_hidden). */
  system_cost: number | null;
  /** The cost is the owner's (DESIGN §6): partners and sharers get no cost, payback percent or date. */
  cost_hidden: boolean;
  commissioned_on: string | null;
  /** The sum of every reported day's income up to today: the sum of the lifetime income bars, to the cent. */
  income_since_commissioning: number;
  /** Reported days and days since commissioning ('All': summed over the systems). */
  days_reported: number;
  days_in_service: number;
  gaps: ReportGap[];
  /** Average income per reported day over the last 12 months (the rate a payback estimate projects at). */
  daily_income: number;
  /** Income so far / cost, in % (above 100 once repaid). */
  payback_percent: number | null;
  /** When the income reached or is estimated to reach the cost (YYYY-MM-DD; payback_basis says which), or null. */
  payback_date: string | null;
  payback_basis: PaybackBasis | null;
  /** How many systems the figures cover ('All': every one of the caller's in the first one's currency). */
  systems: number;
  /** 'All': S/Ns left out because they are priced in another currency. */
  excluded: string[];
}

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

export const WEATHER_CONDITIONS = ['sunny', 'partly_cloudy', 'cloudy', 'overcast', 'rain', 'snow'] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

const weatherHourAnswer = z.object({
  hour: z.string(),
  temperature_c: z.number(),
  cloud_cover: z.number(),
  condition: z.enum(WEATHER_CONDITIONS),
});
export type WeatherHour = z.infer<typeof weatherHourAnswer>;

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
  level: z.enum(['warning', 'fault', 'protection']),
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

export interface ShareResult {
  sharer_username: string;
  expires_at: string;
  register_token: string | null;
}

/**
 * Share validity in whole days. The spec states no bound (§9); the server needs one to keep the end a real date,
 * so 100 years: the dialog says the range before the server is asked.
 */
export const SHARE_DAYS = { min: 1, max: 36_500 } as const;

/** One share of a system in its owner's list (/ESS/GetShareList). */
export interface ShareListRow {
  id: number;
  email: string;
  /** The person's user name and name; null while their invitation is pending (not registered yet). */
  username: string | null;
  display_name: string | null;
  registered: boolean;
  expires_at: string;
  created_at: string;
  /** Not ended yet. */
  active: boolean;
}

/** A time-of-use period of a tariff: from `start` to `end` (HH:mm, end exclusive, may wrap midnight). */
export interface TariffPeriod {
  start: string;
  end: string;
  price: number;
}

/** The prices income is computed with: a customer's own tariff, or the typical one of the currency. */
export interface Tariff {
  currency: string;
  basePrice: number;
  feedInPrice: number;
  periods: TariffPeriod[];
  /** True when the customer has set nothing and typical prices are used. */
  isDefault: boolean;
}

/** What a customer may set on their own system (systemSettings). */
export interface OperatingSettings {
  /** SoC kept in reserve for backup, %. */
  backupReserveSoc: number;
  /** Charge the battery from the grid in the cheap windows. */
  gridCharge: boolean;
  /** Export limit as a share of the PV rating, %. */
  feedInLimitPercent: number;
  chargeWindows: Array<{ start: string; end: string }>;
}

export interface SystemSettingsRow extends OperatingSettings {
  system_id: number;
  sys_sn: string;
  sys_name: string;
}

/** The six energy series of the statistics, in the order every table, chart legend and export lists them, with their field. */
export const ENERGY_SERIES = [
  ['pv', 'pv_kwh'],
  ['load', 'load_kwh'],
  ['charge', 'charge_kwh'],
  ['discharge', 'discharge_kwh'],
  ['import', 'import_kwh'],
  ['export', 'export_kwh'],
] as const;

/** Response shapes of the monitoring calls (server/monitoring/API.md). Powers in W, energy in kWh. */
export const EMS_STATUSES = ['normal', 'warning', 'fault', 'offline', 'protection'] as const;
export type EmsStatus = (typeof EMS_STATUSES)[number];

/** The synthetic selector entry of spec §3. */
export const ALL_SN = 'All';

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
}

export interface Page<T> {
  data: T[];
  dataCount: number;
}

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
  self_consumption_rate: number | null;
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
  soc: number | null;
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

export interface PeriodBars {
  period: Period;
  date: string;
  bars: Array<EnergyTotals & { label: string }>;
  totals: EnergyTotals & EnergyRates;
}

export interface IncomeBars {
  period: Period;
  date: string;
  currency: string;
  bars: Array<{ label: string; savings: number; feed_in: number; income: number }>;
  total: number;
}

export interface PayoffTotal {
  currency: string;
  system_cost: number | null;
  commissioned_on: string | null;
  income_reported: number;
  days_reported: number;
  daily_income: number;
  income_since_commissioning: number;
  payback_percent: number | null;
  payback_date: string | null;
  /** How many systems the figures cover ('All': every one of the caller's in the first one's currency). */
  systems?: number;
  /** 'All': S/Ns left out because they are priced in another currency. */
  excluded?: string[];
}

export type ComponentKind = 'inverter' | 'battery' | 'meter' | 'ems';

/** A device a system is built from (GetSystemComponents). */
export interface SystemComponent {
  id: number;
  kind: ComponentKind | string;
  sn: string;
  model: string;
  firmware_version: string;
  supplier_company: string | null;
}

export type WeatherCondition = 'sunny' | 'partly_cloudy' | 'cloudy' | 'overcast' | 'rain' | 'snow';

export interface WeatherHour {
  hour: string;
  temperature_c: number;
  cloud_cover: number;
  condition: WeatherCondition;
}

export interface Weather {
  sn: string;
  time_zone: string;
  current: WeatherHour | null;
  hours: WeatherHour[];
}

export interface Forecast {
  date: string;
  time_zone: string;
  hours: Array<WeatherHour & { pv_kw: number }>;
  total_kwh: number;
}

export interface Fault {
  id: number;
  code: string;
  level: 'warning' | 'fault' | 'protection';
  description: string;
  started_at: string;
  ended_at: string | null;
}

export interface UserLogEntry {
  id: number;
  username: string;
  action: string;
  detail: Record<string, unknown> | null;
  created_at: string;
}

export interface StatusCounts extends Record<EmsStatus | 'unknown' | 'total', number> {}

export interface MapPosition {
  sys_sn: string;
  sys_name: string;
  latitude: number;
  longitude: number;
  ems_status: string | null;
  country_code: string;
  city: string;
  popv: number;
  cobat: number;
}

export interface ShareResult {
  sharer_username: string;
  expires_at: string;
  register_token: string | null;
}

export interface TariffPeriod {
  start: string;
  end: string;
  price: number;
}

export interface Tariff {
  currency: string;
  basePrice: number;
  feedInPrice: number;
  periods: TariffPeriod[];
  isDefault: boolean;
}

export interface OperatingSettings {
  backupReserveSoc: number;
  gridCharge: boolean;
  feedInLimitPercent: number;
  chargeWindows: Array<{ start: string; end: string }>;
}

export interface SystemSettingsRow extends OperatingSettings {
  system_id: number;
  sys_sn: string;
  sys_name: string;
}

import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { installerCompanies, organizations } from './organizations';
import { users } from './users';
import type { TariffPeriod } from '../../../../contract/monitoring';
import type { EmsStatus } from '../../../../contract/monitoring-constants';
import type { FaultLevel } from '../../../../contract/monitoring-constants';

/**
 * Monitoring: the storage systems, what they report, and what is derived from it (DESIGN §6-§7).
 * Scope per role hangs off these tables: a system's customer, its installer company (and through it the
 * reseller and service partner, organizations.ts), its VPP, and the suppliers of its components.
 */

/** A virtual power plant: a pool of systems dispatched together, run by a vppmanager. */
export const vpps = pgTable('vpps', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  managerUserId: integer('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
});

export const systems = pgTable(
  'systems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sysSn: text('sys_sn').notNull().unique(),
    sysName: text('sys_name').notNull().default(''),
    /** PV rated power, kW. */
    popv: doublePrecision('popv').notNull(),
    /** System model (inverter family). */
    minv: text('minv').notNull(),
    /** Inverter rated power, kW. */
    poinv: doublePrecision('poinv').notNull(),
    /** Installed battery capacity, kWh. */
    cobat: doublePrecision('cobat').notNull(),
    /** Battery model. */
    mbat: text('mbat').notNull(),
    /** Usable battery capacity, kWh. */
    surpluscobat: doublePrecision('surpluscobat').notNull(),
    /** Usable share of the installed capacity (depth of discharge), %. */
    uscapacity: doublePrecision('uscapacity').notNull(),
    emsStatus: text('ems_status').$type<EmsStatus>(),
    /** Reporting interval in seconds. */
    transFrequency: integer('trans_frequency').notNull().default(300),
    /** 'household' or 'commercial': how the portal labels it and which load profile the simulator uses. */
    siteKind: text('site_kind').notNull().default('household'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    countryCode: text('country_code').notNull(),
    /** IANA zone: daily rollups are cut at the system's own midnight. */
    timeZone: text('time_zone').notNull(),
    installerCompanyId: integer('installer_company_id').references(() => installerCompanies.id, { onDelete: 'set null' }),
    customerUserId: integer('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    vppId: integer('vpp_id').references(() => vpps.id, { onDelete: 'set null' }),
    commissionedOn: date('commissioned_on'),
    systemCost: doublePrecision('system_cost'),
    currency: text('currency').notNull().default('EUR'),
    remark: text('remark').notNull().default(''),
    /** SHA-256 of the device key the system authenticates its ingest batches with. */
    deviceKeyHash: text('device_key_hash').notNull().unique(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('systems_customer_idx').on(t.customerUserId),
    index('systems_installer_idx').on(t.installerCompanyId),
    index('systems_vpp_idx').on(t.vppId),
    index('systems_status_idx').on(t.emsStatus),
  ],
);

/**
 * Systems per ems_status ('unknown' for none), kept by triggers on systems (migration 0008) as systems come,
 * go and change status: the dashboards of staff who see every system read six rows instead of counting the
 * fleet on each call.
 */
export const systemStatusCounts = pgTable('system_status_counts', {
  status: text('status').primaryKey(),
  n: integer('n').notNull(),
});

/** The devices a system is built from. */
export const systemComponents = pgTable(
  'system_components',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    /** 'inverter', 'battery', 'meter' or 'ems'. */
    kind: text('kind').notNull(),
    sn: text('sn').notNull(),
    model: text('model').notNull(),
    firmwareVersion: text('firmware_version').notNull().default(''),
    /**
     * An EMS's network address (AA:BB:CC:DD:EE:FF), which the site's router and the service team look it up by; null
     * for the other kinds. It is the unit's own: a swapped EMS brings its own address, so it lives with the component.
     */
    mac: text('mac'),
    /** The supplier (organizations, kind 'supplier') whose users see the systems holding this component. */
    supplierId: integer('supplier_id').references(() => organizations.id, { onDelete: 'set null' }),
  },
  (t) => [index('system_components_system_idx').on(t.systemId), index('system_components_supplier_idx').on(t.supplierId)],
);

/**
 * One row per system per reporting interval. Powers in W: battery + charge / − discharge, grid + import /
 * − export. The primary key makes ingest idempotent (at-least-once delivery, ON CONFLICT DO NOTHING).
 */
export const telemetry = pgTable(
  'telemetry',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    pvW: integer('pv_w').notNull(),
    loadW: integer('load_w').notNull(),
    batteryW: integer('battery_w').notNull(),
    gridW: integer('grid_w').notNull(),
    soc: real('soc').notNull(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.ts] })],
);

/**
 * The energy columns of the rollups, sums over samples of power × interval (kWh) and the samples counted.
 * A function, because each table needs column builders of its own.
 */
const energyColumns = () => ({
  pvKwh: doublePrecision('pv_kwh').notNull(),
  loadKwh: doublePrecision('load_kwh').notNull(),
  chargeKwh: doublePrecision('charge_kwh').notNull(),
  dischargeKwh: doublePrecision('discharge_kwh').notNull(),
  importKwh: doublePrecision('import_kwh').notNull(),
  exportKwh: doublePrecision('export_kwh').notNull(),
  /** PV energy used on site: per sample the PV not exported, summed (so days and months add up). */
  selfConsumptionKwh: doublePrecision('self_consumption_kwh').notNull(),
  samples: integer('samples').notNull(),
});

/** Energy per system per local day, kept by ingest (server/monitoring/ingest/rollups.ts). */
export const energyDaily = pgTable(
  'energy_daily',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    ...energyColumns(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.day] })],
);

/**
 * The same energy per system and local calendar month (`month` is its first day): the sums of that
 * month's daily rows, kept by ingest in the statement that keeps the days, so that year and lifetime
 * views read twelve rows a year instead of 365.
 */
export const energyMonthly = pgTable(
  'energy_monthly',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    ...energyColumns(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.month] })],
);

/** A fault or warning as the system reported it; `ended_at` null while it lasts. */
export const systemFaults = pgTable(
  'system_faults',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    level: text('level').$type<FaultLevel>().notNull(),
    description: text('description').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  // The same fault re-sent (at-least-once) is the same row.
  (t) => [
    uniqueIndex('system_faults_identity_idx').on(t.systemId, t.code, t.startedAt),
    index('system_faults_started_idx').on(t.startedAt),
  ],
);

/** Hourly weather at a system (from the simulator's weather model: no external service at run time). */
export const systemWeather = pgTable(
  'system_weather',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    temperatureC: real('temperature_c').notNull(),
    /** 0 clear … 1 overcast. */
    cloudCover: real('cloud_cover').notNull(),
    condition: text('condition').notNull(),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.hour] })],
);

/**
 * A customer's electricity prices: buy price per time-of-use period (the base price elsewhere) and the
 * feed-in tariff. `system_id` null = the customer's default for all their systems.
 */
export const electricityTariffs = pgTable(
  'electricity_tariffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    systemId: integer('system_id').references(() => systems.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    basePrice: doublePrecision('base_price').notNull(),
    feedInPrice: doublePrecision('feed_in_price').notNull(),
    periods: jsonb('periods')
      .$type<TariffPeriod[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('electricity_tariffs_owner_idx').on(t.userId, sql`coalesce(${t.systemId}, 0)`)],
);

/** A customer's operating settings of one system (systemSettings screen). */
export const systemSettings = pgTable('system_settings', {
  systemId: integer('system_id')
    .primaryKey()
    .references(() => systems.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Per-user dashboard preferences (which cards, which default system, chart choices). */
export const dashboardSettings = pgTable('dashboard_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The invitation a share sends to someone without an account: the link to /shareRegister carries the
 * token (stored here as its SHA-256 only); registering sets the sharer's user name and password once.
 */
export const shareInvitations = pgTable('share_invitations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sharerUserId: integer('sharer_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WarrantyComponent, WarrantyKeyState, WarrantyStartBasis } from '../../../../contract/warranty-constants';
import { systems } from './monitoring';
import { users } from './users';

/**
 * A system's warranty terms (/Warranty/SaveSystemwarranty), one row per system: the start (its delivery or its
 * commissioning date, resolved into `start_on` when saved), the inverter's term in years, the battery's in years
 * and in throughput. The ends are computed when read (server/warranty/ends.ts), never stored: the battery's moves
 * with the system's own energy data. `sys_sn` is the system's, kept for the delivery note's row scope.
 */
export const systemWarranties = pgTable('system_warranties', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  systemId: integer('system_id')
    .notNull()
    .unique()
    .references(() => systems.id, { onDelete: 'cascade' }),
  sysSn: text('sys_sn').notNull(),
  startBasis: text('start_basis').$type<WarrantyStartBasis>().notNull(),
  deliveredOn: date('delivered_on', { mode: 'string' }),
  startOn: date('start_on', { mode: 'string' }).notNull(),
  inverterYears: integer('inverter_years').notNull(),
  batteryYears: integer('battery_years').notNull(),
  /** The battery's allowed throughput, MWh ((charge + discharge) / 2, server/warranty/ends.ts). */
  batteryMwh: doublePrecision('battery_mwh').notNull(),
  /** Whether the battery's terms admit extensions by CDKEY (81 when not). */
  batteryExtendable: boolean('battery_extendable').notNull().default(true),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Extension keys (CDKEYs) that after-sales staff issue (/Warranty/SaveWarrantyData) and a customer redeems on their
 * system (/Warranty/UpdateWarranty): for one kind of component, years and (battery) MWh added, until `expires_on`.
 */
export const warrantyKeys = pgTable(
  'warranty_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<WarrantyComponent>().notNull(),
    years: integer('years').notNull(),
    mwh: doublePrecision('mwh').notNull().default(0),
    state: text('state').$type<WarrantyKeyState>().notNull(),
    /** The last day it may be redeemed. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('warranty_keys_state_idx').on(t.state)],
);

/** One redeemed key: what it added to which component of which system, by whom and when. */
export const warrantyExtensions = pgTable(
  'warranty_extensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    component: text('component').$type<WarrantyComponent>().notNull(),
    years: integer('years').notNull(),
    mwh: doublePrecision('mwh').notNull().default(0),
    keyId: integer('key_id')
      .notNull()
      .unique()
      .references(() => warrantyKeys.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('warranty_extensions_system_idx').on(t.systemId)],
);

import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MIGRATION_KINDS } from '../../../contract/sys-migration';
import * as schema from '../../../server/core/db/schema';
import { MOVED, STAYING } from '../../../server/sysmigration/registry';

/**
 * Every table of the schema naming a system (a column system_id, sys_sn or system_sn, or one ending so) is either
 * moved by a data migration (MOVED, with how) or deliberately stays (STAYING, with why): a table added by another part
 * of the portal fails here until it is placed in one of the two.
 */
const namesSystem = (column: string) => /(^|_)(system_id|sys_sn|system_sn)$/.test(column);

/** The schema's tables (it exports constants too). */
const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

function tablesNamingASystem(): string[] {
  return TABLES.map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => namesSystem(column.name)))
    .map((config) => config.name)
    .sort();
}

describe('the migration registry', () => {
  it('places every table that names a system: moved (how) or staying (why)', () => {
    const placed = new Set([...MOVED.map((kind) => kind.table), ...Object.keys(STAYING)]);
    const found = tablesNamingASystem();
    expect(found.length).toBeGreaterThan(15);
    expect(found.filter((table) => !placed.has(table))).toEqual([]);
    // And nothing is listed that the schema does not have (a renamed table would leave a stale entry behind).
    expect([...placed].filter((table) => !found.includes(table))).toEqual([]);
  });

  it('moves each table one way only, and the kinds are those the screen shows, in order', () => {
    expect(MOVED.filter((kind) => STAYING[kind.table] !== undefined)).toEqual([]);
    expect(MOVED.map((kind) => kind.kind)).toEqual([...MIGRATION_KINDS]);
    // Each moved column is a real column of its table.
    const configs = new Map(TABLES.map((table) => [getTableConfig(table).name, getTableConfig(table)]));
    for (const kind of MOVED) {
      const columns = configs.get(kind.table)!.columns.map((c) => c.name);
      expect(columns, kind.kind).toContain(kind.column);
      if (kind.how === 'by time') expect(columns, kind.kind).toEqual(expect.arrayContaining([kind.time, kind.rowKey]));
      if (kind.how === 'by key, summed') expect(columns, kind.kind).toEqual(expect.arrayContaining([kind.key, ...kind.sums]));
      if (kind.how === 'links') expect(columns, kind.kind).toContain(kind.id);
      if (kind.how === 'takeover') expect(columns, kind.kind).toEqual(expect.arrayContaining([...kind.columns]));
    }
  });
});

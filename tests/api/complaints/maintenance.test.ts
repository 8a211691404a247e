import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vacuumComplaintTables } from '../../../server/complaints/maintenance';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { insertComplaint, systemsOf } from './samples';

/**
 * The nightly vacuum of the complaint tables (PGlite has no autovacuum): afterwards their pages are marked
 * all-visible, which the list's count and page need to answer from the index alone, and their statistics are fresh.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 120_000);
afterAll(() => t.close());

const visiblePages = async () =>
  (await queryRows<{ pages: number }>(t.db, sql`SELECT relallvisible AS pages FROM pg_class WHERE relname = 'complaints'`))[0]!.pages;

describe('vacuuming the complaint tables', () => {
  it('marks the complaint pages all-visible and counts their rows for the planner', async () => {
    const { inside } = (await systemsOf(t, 'customer')) as { inside: string };
    for (let n = 0; n < 20; n++) await insertComplaint(t, inside, 'new');
    // Updated rows leave pages that only a vacuum marks all-visible again.
    await t.db.execute(sql`UPDATE complaints SET priority = 'high'`);
    expect(await visiblePages()).toBe(0);
    await vacuumComplaintTables(t.db);
    expect(await visiblePages()).toBeGreaterThan(0);
    const [stats] = await queryRows<{ rows: number }>(t.db, sql`SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'complaints'`);
    expect(stats!.rows).toBeGreaterThanOrEqual(20);
  });
});

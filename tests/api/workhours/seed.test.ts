import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_STATES } from '../../../resources/productSuggestions';
import { queryRows } from '../../../server/core/db';
import { seedSuggestionsDemo } from '../../../server/demo/suggestions';
import { seedWorkHoursDemo } from '../../../server/demo/workhours';
import { createTestApp, type TestApp } from '../helpers';

/** The demo's R&D hours and product suggestions, on the demo users. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedWorkHoursDemo(t.db, { now: t.clock() });
  await seedSuggestionsDemo(t.db, { now: t.clock() });
}, 60_000);
afterAll(() => t.close());

describe('the demo', () => {
  it('has four weeks of working days of hours for the R&D engineer and the after-sales teams, never over 24 h a day', async () => {
    const people = await queryRows<{ engineer: string; days: number }>(
      t.db,
      sql`SELECT engineer, count(DISTINCT work_date)::int AS days FROM rd_work_hours GROUP BY engineer ORDER BY engineer`,
    );
    expect(people.map((p) => p.engineer)).toEqual(['dasw', 'dev', 'fasw']);
    for (const p of people) expect(p.days).toBeGreaterThanOrEqual(20);
    const [fullest] = await queryRows<{ h: string }>(
      t.db,
      sql`SELECT max(s)::text AS h FROM (SELECT sum(hours) AS s FROM rd_work_hours GROUP BY engineer_id, work_date) d`,
    );
    expect(Number(fullest!.h)).toBeLessThanOrEqual(24);
  });

  it('has a suggestion in every status, each with the history that brought it there', async () => {
    const rows = await queryRows<{ status: string; steps: number }>(
      t.db,
      sql`SELECT s.status, (SELECT count(*)::int FROM workflow_history h WHERE h.entity = 'productRecommendationsList' AND h.record_id = s.id) AS steps
          FROM product_suggestions s`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(SUGGESTION_STATES));
    expect(rows.find((r) => r.status === 'implemented')!.steps).toBe(3);
    expect(rows.find((r) => r.status === 'submitted')!.steps).toBe(0);
  });

  it('seeds once: a second run adds nothing', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`SELECT (SELECT count(*) FROM rd_work_hours) + (SELECT count(*) FROM product_suggestions) AS n`,
        )
      )[0]!.n;
    const before = await count();
    await seedWorkHoursDemo(t.db, { now: t.clock() });
    await seedSuggestionsDemo(t.db, { now: t.clock() });
    expect(await count()).toBe(before);
  });
});

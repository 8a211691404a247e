import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from './world';

let t: TestApp;
beforeAll(async () => {
  t = await createMonitoringWorld(1);
});
afterAll(() => t.close());

const STATUSES = ['normal', 'warning', 'fault', 'offline', 'protection', 'unknown'] as const;
const PATH = '/api/EnergyStorageList/GetSystemStatusCount';

/** What the storage list itself finds for a search, per status: the counts must agree with it. */
async function listedPerStatus(user: Awaited<ReturnType<typeof as>>, search: Record<string, string>) {
  const counts: Record<string, number> = { total: 0 };
  for (const status of STATUSES) {
    const { body } = await user.post('/api/ESS/GetSystems', { pageIndex: 1, pageSize: 1, ...search, status });
    counts[status] = body.data.dataCount;
    counts.total += body.data.dataCount;
  }
  return counts;
}

describe('/EnergyStorageList/GetSystemStatusCount', () => {
  test("counts per status what the list's search finds; without a search, the whole scope", async () => {
    const admin = await as(t, 'admin');
    const searches: Record<string, string>[] = [{ countryCode: 'de' }, { installer: 'sonnen' }, { name: 'haus', sn: 'ESS202' }];
    for (const search of searches) {
      const { body } = await admin.post(PATH, search);
      expect(body.code).toBe(200);
      expect(body.data).toEqual(await listedPerStatus(admin, search));
      expect(body.data.total).toBeGreaterThan(0);
    }
    const whole = await admin.post(PATH, {});
    expect(whole.body.data).toEqual((await admin.post('/api/ESS/GetVtSystemStatusCount')).body.data);
  });

  test('a scoped role counts only its own systems, whatever it searches', async () => {
    const installer = await as(t, 'installer');
    const { body } = await installer.post(PATH, {});
    expect(body.data).toEqual((await installer.post('/api/ESS/GetVtSystemStatusCount')).body.data);
    expect(body.data.total).toBeLessThan((await (await as(t, 'admin')).post(PATH, {})).body.data.total);
  });

  test('bad input answers 2 naming the field', async () => {
    const admin = await as(t, 'admin');
    for (const [body, field] of [
      [{ countryCode: 'DEU' }, 'countryCode'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ installer: 42 }, 'installer'],
    ] as const) {
      const answer = await admin.post(PATH, body);
      expect(answer.body.code).toBe(2);
      expect(answer.body.info).toContain(field);
    }
  });

  test('roles outside the storage-list route table get 45 and learn nothing', async () => {
    for (const role of ['customer', 'sharer', 'fasw']) {
      expect((await (await as(t, role)).post(PATH, { countryCode: 'DE' })).body).toEqual({ code: 45, data: null, info: 'No permission' });
    }
  });
});

describe('the status counts the triggers keep (what unscoped staff read)', () => {
  /** Counted the slow way, from the systems themselves. */
  async function counted(): Promise<Record<string, number>> {
    const rows = await queryRows<{ status: string; n: number }>(
      t.db,
      sql`SELECT coalesce(ems_status, 'unknown') AS status, count(*)::int AS n FROM systems GROUP BY 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
  async function kept(): Promise<Record<string, number>> {
    const rows = await queryRows<{ status: string; n: number }>(t.db, sql`SELECT status, n FROM system_status_counts WHERE n <> 0`);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  test('follow new systems, status changes (only real ones), deletions and the answer of the call', async () => {
    expect(await kept()).toEqual(await counted());
    const [first] = await queryRows<{ id: number; status: string | null }>(
      t.db,
      sql`SELECT id, ems_status AS status FROM systems WHERE ems_status = 'normal' LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE systems SET ems_status = 'fault' WHERE id = ${first!.id}`);
    await t.db.execute(sql`UPDATE systems SET ems_status = 'fault', remark = 'again' WHERE id = ${first!.id}`);
    await t.db.execute(sql`UPDATE systems SET ems_status = NULL WHERE ems_status = 'offline'`);
    expect(await kept()).toEqual(await counted());
    const admin = await as(t, 'admin');
    const answer = (await admin.post('/api/ESS/GetVtSystemStatusCount')).body.data;
    const now = await counted();
    expect(answer.fault).toBe(now.fault ?? 0);
    expect(answer.unknown).toBe(now.unknown ?? 0);
    expect(answer.total).toBe(Object.values(now).reduce((a, b) => a + b, 0));
    await t.db.execute(sql`DELETE FROM systems WHERE id = ${first!.id}`);
    expect(await kept()).toEqual(await counted());
  });
});

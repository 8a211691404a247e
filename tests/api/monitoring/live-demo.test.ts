import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { demoFleet } from '../../../server/demo/monitoring/fleet';
import { LiveDemoFleet } from '../../../server/demo/monitoring/live';
import { AdvisoryLock, sessionOnDatabase, sessionOnUrl } from '../../../server/demo/monitoring/lock';
import { adoptEarlierDemoSeed, demoMarker } from '../../../server/demo/monitoring/marker';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/**
 * The demo stays alive: on a database seeded with the demo, the server back-fills the fleet up to now and
 * then reports one sample per system per interval through the ingest service, under an advisory lock so
 * that one node plays the fleet; a system that stops reporting turns offline.
 */
let t: TestApp;
const SIZE = 30;
const HOUR = 3_600_000;
const plan = demoFleet(SIZE);
const liveSns = plan.filter((d) => d.status !== null && d.status !== 'offline').map((d) => d.sn);
const offlineSns = plan.filter((d) => d.status === 'offline').map((d) => d.sn);
const runners: LiveDemoFleet[] = [];

function runner() {
  const fleet = new LiveDemoFleet({ db: t.db, clock: t.clock, lock: new AdvisoryLock(sessionOnDatabase(t.db)) });
  runners.push(fleet);
  return fleet;
}

async function lastSamples(): Promise<Map<string, { n: number; last: number }>> {
  const rows = await queryRows<{ sn: string; n: number; last: number }>(
    t.db,
    sql`SELECT s.sys_sn AS sn, count(t.ts)::int AS n, (extract(epoch FROM max(t.ts)) * 1000)::float8 AS last
          FROM systems s LEFT JOIN telemetry t ON t.system_id = s.id GROUP BY s.sys_sn`,
  );
  return new Map(rows.map((r) => [r.sn, { n: Number(r.n), last: Number(r.last) }]));
}

async function snapshot() {
  const telemetry = await queryRows(t.db, sql`SELECT count(*)::int AS n, sum(pv_w)::float8 AS pv FROM telemetry`);
  const daily = await queryRows(
    t.db,
    sql`SELECT system_id, day::text, pv_kwh, load_kwh, samples FROM energy_daily ORDER BY system_id, day`,
  );
  return { telemetry, daily };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 1, size: SIZE });
});
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});

describe('live demo fleet', () => {
  it('records in the database that the demo was seeded here', async () => {
    const rows = await queryRows<{ value: { size: number } }>(t.db, sql`SELECT value FROM app_settings WHERE key = 'demo_fleet'`);
    expect(rows[0]?.value.size).toBe(SIZE);
  });

  it('back-fills every live system from its last sample to now, idempotently; offline ones stay silent', async () => {
    const before = await lastSamples();
    t.clock.advance(2 * HOUR);
    const fleet = runner();
    expect(await fleet.lead()).toBe(true);
    const after = await lastSamples();
    const now = t.clock().getTime();
    let caughtUp = 0;
    for (const sn of liveSns) {
      const gained = after.get(sn)!.n - before.get(sn)!.n;
      expect(gained).toBeLessThanOrEqual(24);
      if (after.get(sn)!.last > now - 300_000) caughtUp++;
    }
    // Every live system reports up to now, but the rare simulated communication outage.
    expect(caughtUp).toBeGreaterThanOrEqual(liveSns.length - 1);
    for (const sn of offlineSns) expect(after.get(sn)!.n).toBe(before.get(sn)!.n);
    const statuses = await queryRows<{ sys_sn: string; ems_status: string | null }>(t.db, sql`SELECT sys_sn, ems_status FROM systems`);
    for (const { sys_sn, ems_status } of statuses) if (offlineSns.includes(sys_sn)) expect(ems_status).toBe('offline');

    // Again (a restart at the same moment): nothing new, no rollup changed.
    const filled = await snapshot();
    await fleet.stop();
    const again = runner();
    expect(await again.lead()).toBe(true);
    expect(await again.backfill()).toEqual({ systems: 0, samples: 0 });
    expect(await snapshot()).toEqual(filled);
  });

  it('back-fills at most seven days', async () => {
    t.clock.advance(10 * 24 * HOUR);
    const before = await lastSamples();
    const fleet = runner();
    await fleet.lead();
    const after = await lastSamples();
    for (const sn of liveSns) expect(after.get(sn)!.n - before.get(sn)!.n).toBeLessThanOrEqual(7 * 288 + 1);
    const sn = liveSns[0]!;
    const [first] = await queryRows<{ ms: number }>(
      t.db,
      sql`SELECT (extract(epoch FROM min(ts)) * 1000)::float8 AS ms FROM telemetry t JOIN systems s ON s.id = t.system_id
           WHERE s.sys_sn = ${sn} AND t.ts > ${new Date(before.get(sn)!.last).toISOString()}::timestamptz`,
    );
    expect(Number(first!.ms)).toBeGreaterThanOrEqual(t.clock().getTime() - 7 * 24 * HOUR);
  });

  it('a tick adds one sample per live system', async () => {
    const fleet = runner();
    await fleet.lead();
    const before = await lastSamples();
    t.clock.advance(5 * 60_000);
    const pushed = await fleet.tick();
    const after = await lastSamples();
    expect(pushed.samples).toBe(pushed.systems);
    expect(pushed.systems).toBeGreaterThanOrEqual(liveSns.length - 1);
    for (const sn of liveSns) expect(after.get(sn)!.n - before.get(sn)!.n).toBeLessThanOrEqual(1);
    for (const sn of offlineSns) expect(after.get(sn)!.n).toBe(before.get(sn)!.n);
    const normal = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM systems WHERE ems_status IN ('normal', 'warning', 'fault', 'protection')`,
    );
    expect(Number(normal[0]!.n)).toBeGreaterThanOrEqual(liveSns.length - 1);
  });

  it('keeps playing round after round, as its timer runs it: lead again, then tick', async () => {
    const fleet = runner();
    expect(await fleet.lead()).toBe(true);
    for (let round = 0; round < 3; round++) {
      t.clock.advance(5 * 60_000);
      expect(await fleet.lead()).toBe(true);
      expect((await fleet.tick()).samples).toBeGreaterThanOrEqual(liveSns.length - 1);
    }
  });

  it('the advisory lock lets one runner play the fleet; another takes over when it stops', async () => {
    const first = runner();
    const second = runner();
    expect(await first.lead()).toBe(true);
    expect(await second.lead()).toBe(false);
    t.clock.advance(5 * 60_000);
    expect((await second.tick()).samples).toBe(0);
    await first.stop();
    expect(await second.lead()).toBe(true);
  });

  it('recognises a demo database seeded before the marker existed, by the demo device keys only', async () => {
    await t.db.execute(sql`DELETE FROM app_settings WHERE key = 'demo_fleet'`);
    expect(await adoptEarlierDemoSeed(t.db, 'another password', t.clock(), SIZE)).toBe(false);
    expect(await demoMarker(t.db)).toBeNull();
    expect(await adoptEarlierDemoSeed(t.db, DEMO_PASSWORD, t.clock(), SIZE)).toBe(true);
    expect((await demoMarker(t.db))?.size).toBe(SIZE);
    // A real system among them (a key of its own) means: not the demo.
    await t.db.execute(sql`DELETE FROM app_settings WHERE key = 'demo_fleet'`);
    await t.db.execute(sql`UPDATE systems SET device_key_hash = 'real' WHERE sys_sn = ${liveSns[0]!}`);
    expect(await adoptEarlierDemoSeed(t.db, DEMO_PASSWORD, t.clock(), SIZE)).toBe(false);
  });

  it('a database without the demo seed never simulates', async () => {
    await t.db.execute(sql`DELETE FROM app_settings WHERE key = 'demo_fleet'`);
    const before = await snapshot();
    t.clock.advance(HOUR);
    expect(await runner().lead()).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the advisory lock on a PostgreSQL server', () => {
  it('two nodes, each on its own connection: one holds the lock, the other takes it once the first closes', async () => {
    const url = process.env.DATABASE_URL!;
    const keys = [0x455353, 0x74657374] as const; // not the demo's: a node may be running on this server
    const [a, b, c, admin] = [
      await sessionOnUrl(url, t.db),
      await sessionOnUrl(url, t.db),
      await sessionOnUrl(url, t.db),
      await sessionOnUrl(url, t.db),
    ];
    try {
      const first = new AdvisoryLock(a, keys);
      const second = new AdvisoryLock(b, keys);
      expect(await first.tryAcquire()).toBe(true);
      expect(await second.tryAcquire()).toBe(false);
      await a.close(); // the node died: its connection, and with it the lock, is gone
      await vi.waitFor(async () => expect(await second.tryAcquire()).toBe(true), { timeout: 3000 });
      // A holder whose connection broke (server restart, network) learns that it no longer holds the lock.
      const [{ pid }] = await b.query<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
      const third = new AdvisoryLock(c, keys);
      expect(await third.tryAcquire()).toBe(false);
      await third.release();
      await admin.query(sql`SELECT pg_terminate_backend(${pid}::int)`);
      await vi.waitFor(async () => expect(await third.tryAcquire()).toBe(true), { timeout: 3000 });
      expect(await second.tryAcquire()).toBe(false);
      await third.release();
    } finally {
      for (const session of [a, b, c, admin]) await session.close().catch(() => {});
    }
  });
});

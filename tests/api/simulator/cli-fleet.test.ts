import { sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { demoFleet } from '../../../server/demo/monitoring/fleet';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { demoDeviceKey } from '../../../server/monitoring/ingest/device-keys';
import { toIngestBatches } from '../../../server/simulator/batches';
import { FAULT_TYPES_BY_CODE } from '../../../server/simulator/faults';
import { unknownSystems, unknownSystemsMessage } from '../../../server/simulator/fleet-check';
import type { StepResult } from '../../../server/simulator/simulate';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/** What `npm run simulate` checks and sends: only systems the server has, with the device's real status. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days: 0, size: 4 });
});
afterAll(() => t.close());

const send = async (sn: string, batch: unknown) =>
  (await t.post('/api/Device/Ingest', batch, { headers: { 'x-device-key': demoDeviceKey(sn, DEMO_PASSWORD) } })).body as { code: number };

describe('--systems above the seeded fleet', () => {
  test('the S/Ns the server does not have are found before anything is posted, and the check changes nothing', async () => {
    const before = await t.database.rowCounts();
    const [systems] = await queryRows<{ digest: string }>(
      t.db,
      sql`SELECT md5(string_agg(s::text, ',' ORDER BY id)) AS digest FROM systems s`,
    );
    const sns = demoFleet(7).map((s) => s.sn);
    expect(await unknownSystems(sns, send)).toEqual(sns.slice(4));
    expect(await unknownSystems(sns.slice(0, 4), send)).toEqual([]);
    expect(await t.database.rowCounts()).toEqual(before);
    const [after] = await queryRows<{ digest: string }>(
      t.db,
      sql`SELECT md5(string_agg(s::text, ',' ORDER BY id)) AS digest FROM systems s`,
    );
    expect(after!.digest).toBe(systems!.digest);
  });

  test('the refusal names the missing systems and how many may be played', () => {
    const message = unknownSystemsMessage(['ESS-5', 'ESS-6'], 4, 'http://localhost:8080');
    expect(message).toContain('ESS-5, ESS-6');
    expect(message).toContain('--systems 4');
    expect(message).toContain('nothing was posted');
  });
});

describe('the status a simulated device reports', () => {
  const STEP = 300_000;
  const start = Date.parse('2026-03-01T10:00:00Z');
  const fault = { type: FAULT_TYPES_BY_CODE.get('P301')!, start: start + STEP, end: start + 3 * STEP };
  const warning = { type: FAULT_TYPES_BY_CODE.get('W201')!, start, end: start + 4 * STEP };
  const step = (i: number, active: StepResult['activeFaults']): StepResult => {
    const sample = { ts: start + i * STEP, pvW: 1000, loadW: 500, batteryW: 0, gridW: -500, soc: 50 };
    return { sample, activeFaults: active, measured: sample };
  };

  test('is the worst fault running at the last report, and normal again once they ended', () => {
    const steps = [step(0, [warning]), step(1, [warning, fault]), step(2, [warning, fault]), step(3, [warning]), step(4, []), step(5, [])];
    const batches = toIngestBatches(steps, STEP, 3);
    expect(batches.map((b) => b.status)).toEqual(['protection', 'normal']);
    expect(toIngestBatches(steps.slice(0, 4), STEP, 4)[0]!.status).toBe('warning');
    // Faults go with the batch that saw them; one that ended within the batch carries its end.
    expect(batches[0]!.faults!.map((f) => [f.code, f.ended_at !== null])).toEqual([
      ['W201', false],
      ['P301', true],
    ]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { releaseWaves } from '../../../server/devices/batches/service';
import { digestsBesidesLogins } from './helpers/digests';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from '../monitoring/world';

/**
 * Batch settings (sysBatchSetting) on the ledger, without a broker: targets, preview, waves at the batch's rate,
 * progress counted from the ledger, cancel, the bounds and codes, roles. The devices' side is in channel.test.ts.
 */
let t: TestApp;
let servicer: Awaited<ReturnType<typeof as>>;

async function fleet(): Promise<{ sys_sn: string; minv: string; country_code: string }[]> {
  return queryRows(t.db, sql`SELECT sys_sn, minv, country_code FROM systems ORDER BY sys_sn`);
}

async function released(batchId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM device_commands WHERE batch_id = ${batchId} AND released_at IS NOT NULL`,
  );
  return row!.n;
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
}, 120_000);
// The waves move the clock on by minutes and hours: a fresh session each time.
beforeEach(async () => {
  servicer = await as(t, 'servicer');
});
afterAll(() => t.close());

describe('PreviewBatch', () => {
  it('counts the systems a filter reaches, leaves out the models that lack the command and names unknown S/Ns', async () => {
    const systems = await fleet();
    const { body } = await servicer.post('/api/BatchSetting/PreviewBatch', {
      command: 'powerLimits',
      params: { chargeW: 2000, dischargeW: 2000 },
      target: { kind: 'filter' },
    });
    expect(body.code).toBe(200);
    const h5 = systems.filter((s) => s.minv === 'ESS-H5 Hybrid').length;
    expect(h5).toBeGreaterThan(0);
    expect(body.data).toMatchObject({ total: systems.length - h5, refused: h5, refused_models: [{ model: 'ESS-H5 Hybrid', count: h5 }] });
    expect(body.data.online + body.data.offline).toBe(body.data.total);

    const de = systems.filter((s) => s.country_code === 'DE');
    const byCountry = await servicer.post('/api/BatchSetting/PreviewBatch', {
      command: 'feedIn',
      params: { enabled: false },
      target: { kind: 'filter', countries: ['DE'] },
    });
    expect(byCountry.body.data.total).toBe(de.length);

    const list = await servicer.post('/api/BatchSetting/PreviewBatch', {
      command: 'feedIn',
      params: { enabled: false },
      target: { kind: 'list', sns: [systems[0]!.sys_sn, systems[0]!.sys_sn, 'ESS-NOPE-1'] },
    });
    expect(list.body.data).toMatchObject({ total: 1, unknown_count: 1, unknown_sns: ['ESS-NOPE-1'] });
  });
});

describe('CreateBatch', () => {
  it('queues one row per system, releases the first wave at once and one more per minute at the rate, counts progress from the ledger', async () => {
    const systems = (await fleet()).slice(0, 5);
    const { body } = await servicer.post('/api/BatchSetting/CreateBatch', {
      command: 'feedIn',
      params: { enabled: false },
      target: { kind: 'list', sns: systems.map((s) => s.sys_sn) },
      rate_per_minute: 2,
      remark: 'grid operator asked for no export',
    });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ command: 'feedIn', total: 5, counts: { pending: 5 }, status: 'running', rate_per_minute: 2 });
    const id = body.data.id;
    expect(await released(id)).toBe(2);
    // The queue's job a few seconds later: still the first minute, nothing more.
    t.clock.advance(10_000);
    await releaseWaves(t.app.devices, t.clock());
    expect(await released(id)).toBe(2);
    t.clock.advance(60_000);
    await releaseWaves(t.app.devices, t.clock());
    expect(await released(id)).toBe(4);
    t.clock.advance(60_000);
    await releaseWaves(t.app.devices, t.clock());
    expect(await released(id)).toBe(5);

    const rows = (await servicer.post('/api/BatchSetting/GetBatchSystems', { id, states: ['pending'] })).body.data;
    expect(rows.dataCount).toBe(5);
    const list = (await servicer.post('/api/BatchSetting/GetBatchList', {})).body.data;
    expect(list.data[0]).toMatchObject({ id, total: 5, remark: 'grid operator asked for no export' });

    // Cancel: what no device acknowledged ends canceled, and the batch is done with.
    const canceled = (await servicer.post('/api/BatchSetting/CancelBatch', { id })).body.data;
    expect(canceled).toMatchObject({ status: 'canceled', counts: { canceled: 5 } });
    expect((await servicer.post('/api/BatchSetting/CancelBatch', { id })).body.code).toBe(400);
    expect((await servicer.post('/api/BatchSetting/RetryFailed', { id })).body.code).toBe(400);
  });

  it('a later start waits: scheduled, nothing released before its time', async () => {
    const [system] = await fleet();
    const start = new Date(t.clock().getTime() + 3_600_000).toISOString();
    const { body } = await servicer.post('/api/BatchSetting/CreateBatch', {
      command: 'workMode',
      params: { mode: 'backup' },
      target: { kind: 'list', sns: [system!.sys_sn] },
      start_at: start,
    });
    expect(body.data).toMatchObject({ status: 'scheduled', start_at: start });
    expect(await released(body.data.id)).toBe(0);
    t.clock.advance(3_600_000);
    await releaseWaves(t.app.devices, t.clock());
    expect(await released(body.data.id)).toBe(1);
  });

  it('expired rows are retried as new attempts, and the counts follow the latest attempt of each system', async () => {
    const systems = (await fleet()).slice(0, 3);
    const { body } = await servicer.post('/api/BatchSetting/CreateBatch', {
      command: 'reboot',
      params: {},
      target: { kind: 'list', sns: systems.map((s) => s.sys_sn) },
    });
    const id = body.data.id;
    await t.db.execute(sql`UPDATE device_commands SET state = 'expired' WHERE batch_id = ${id}`);
    const retried = (await servicer.post('/api/BatchSetting/RetryFailed', { id })).body.data;
    expect(retried).toMatchObject({ total: 3, counts: { pending: 3 } });
    const attempts = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM device_commands WHERE batch_id = ${id} AND retry_of IS NOT NULL`,
    );
    expect(attempts[0]!.n).toBe(3);
  });

  it('refuses bad input with the spec codes and changes nothing', async () => {
    const [system] = await fleet();
    const target = { kind: 'list', sns: [system!.sys_sn] };
    const before = await digestsBesidesLogins(t);
    const cases: [Record<string, unknown>, number][] = [
      [{ params: {}, target }, 65],
      [{ command: 'exportLimit', params: { limitW: -5 }, target }, 2],
      [{ command: 'readSettings', params: {}, target }, 2],
      [{ command: 'feedIn', params: { enabled: true }, target, start_at: '' }, 64],
      [{ command: 'feedIn', params: { enabled: true }, target, start_at: 'next tuesday' }, 57],
      [{ command: 'feedIn', params: { enabled: true }, target, start_at: '2020-01-01T00:00:00Z' }, 2],
      [{ command: 'feedIn', params: { enabled: true }, target, rate_per_minute: 0 }, 2],
      [{ command: 'feedIn', params: { enabled: true }, target: { kind: 'list', sns: ['ESS-NOPE'] } }, 8],
      [
        {
          command: 'feedIn',
          params: { enabled: true },
          target: { kind: 'list', sns: Array.from({ length: 50_001 }, (_, i) => `ESS-X${i}`) },
        },
        2,
      ],
      [{ command: 'feedIn', params: { enabled: true }, target: { kind: 'everything' } }, 2],
    ];
    for (const [payload, code] of cases) {
      const { body } = await servicer.post('/api/BatchSetting/CreateBatch', payload);
      expect(body.code, JSON.stringify(payload).slice(0, 120)).toBe(code);
    }
    expect(await digestsBesidesLogins(t)).toEqual(before);
  });

  it('only admin, servicer and dasw batch: the other staff get 45', async () => {
    const [system] = await fleet();
    const users = await Promise.all(
      ['dev', 'systemmanager', 'sncreator', 'installer', 'customer'].map(async (r) => [r, await as(t, r)] as const),
    );
    const before = await digestsBesidesLogins(t);
    for (const [role, user] of users) {
      const { body } = await user.post('/api/BatchSetting/CreateBatch', {
        command: 'feedIn',
        params: { enabled: true },
        target: { kind: 'list', sns: [system!.sys_sn] },
      });
      expect(body, role).toMatchObject({ code: 45, data: null });
      expect((await user.post('/api/BatchSetting/GetBatchList', {})).body.code, role).toBe(45);
    }
    expect(await digestsBesidesLogins(t)).toEqual(before);
    const dasw = await as(t, 'dasw');
    expect((await dasw.post('/api/BatchSetting/GetBatchList', {})).body.code).toBe(200);
  });
});

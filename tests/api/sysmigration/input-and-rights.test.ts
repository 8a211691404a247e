import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../permissions/roles';
import { queryRows } from '../../../server/core/db';
import { CHUNK_ROWS } from '../../../server/sysmigration/registry';
import { runMigration, startMigration } from '../../../server/sysmigration/service';
import { tableDigests } from '../admin/helpers';
import type { TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { installReplacement } from './world';

/**
 * The data migration's calls against bad input and the wrong roles (nothing changes, the spec's code), and a migration
 * of many rows stopped half way and resumed. Without the job queue: nothing runs in the background to change tables
 * between the digests, and the job's work is run here as the queue would run it.
 */
let t: TestApp;
const tokens = new Map<string, string>();
let oldSn: string;
const MIGRATION_ROLES = new Set(['admin', 'servicer', 'dasw']);

const post = (role: string, path: string, body: unknown) => t.post(`/api/DataMigration/${path}`, body, { token: tokens.get(role)! });

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  for (const role of ROLES) tokens.set(role, (await t.login(role)).AccessToken);
  const [row] = await queryRows<{ sys_sn: string }>(t.db, sql`SELECT sys_sn FROM systems ORDER BY sys_sn DESC LIMIT 1`);
  oldSn = row!.sys_sn;
  await installReplacement(t, 'ESS2026R0100', oldSn);
}, 120_000);
afterAll(() => t.close());

describe('rights', () => {
  it.each(ROLES.filter((role) => !MIGRATION_ROLES.has(role)))('%s: every call answers 45 and changes nothing', async (role) => {
    const before = await tableDigests(t);
    const bodies: Record<string, unknown> = {
      FindSystems: { text: '' },
      PreviewMigration: { old_sn: oldSn, new_sn: 'ESS2026R0100' },
      StartMigration: { old_sn: oldSn, new_sn: 'ESS2026R0100' },
      GetMigration: { id: 1 },
      GetMigrationList: { pageIndex: 1, pageSize: 10 },
      ConfirmMigration: { id: 1 },
      RevertMigration: { id: 1 },
    };
    for (const [path, body] of Object.entries(bodies))
      expect((await post(role, path, body)).body, `${role} ${path}`).toMatchObject({ code: 45, data: null });
    expect(await tableDigests(t)).toEqual(before);
  });

  it('the staff of the screen see every system, a migration that does not exist answers as one out of scope (45)', async () => {
    for (const role of MIGRATION_ROLES) {
      const { body } = await post(role, 'FindSystems', { text: 'ESS2026R01' });
      expect(body.data).toEqual([{ sys_sn: 'ESS2026R0100', sys_name: '', last_seen_at: null, moving: false }]);
      for (const path of ['GetMigration', 'ConfirmMigration', 'RevertMigration'])
        expect((await post(role, path, { id: 2_000_000 })).body).toMatchObject({ code: 45, data: null });
    }
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['the same S/N twice', 'PreviewMigration', { old_sn: 'ESS2026R0100', new_sn: 'ESS2026R0100' }, 2],
    ['the same S/N in other letters', 'StartMigration', { old_sn: 'ess2026r0100', new_sn: 'ESS2026R0100' }, 2],
    ['an S/N nobody has', 'StartMigration', { old_sn: 'NO-SUCH-SN', new_sn: 'ESS2026R0100' }, 45],
    ['an S/N too long', 'StartMigration', { old_sn: 'X'.repeat(65), new_sn: 'ESS2026R0100' }, 2],
    ['an empty S/N', 'StartMigration', { old_sn: '  ', new_sn: 'ESS2026R0100' }, 2],
    ['an S/N that is a number', 'PreviewMigration', { old_sn: 12345, new_sn: 'ESS2026R0100' }, 2],
    ['no new S/N', 'StartMigration', { old_sn: 'ESS2026R0100' }, 2],
    ['a loose id', 'ConfirmMigration', { id: '0x10' }, 2],
    ['a negative id', 'RevertMigration', { id: -1 }, 2],
    ['a fractional id', 'GetMigration', { id: 1.5 }, 2],
    ['an id as an array', 'RevertMigration', { id: [1] }, 2],
    ['a page too large', 'GetMigrationList', { pageIndex: 1, pageSize: 101 }, 2],
    ['a search too long', 'FindSystems', { text: 'x'.repeat(65) }, 2],
  ])('%s: %s answers %i', async (_what, path, body, code) => {
    const before = await tableDigests(t);
    const { body: answer } = await post('admin', path, body);
    // A field the schema refuses answers 2 or 3 (required), by the rules every call shares.
    if (code === 2) expect([2, 3]).toContain(answer.code);
    else expect(answer.code).toBe(code);
    expect(await tableDigests(t)).toEqual(before);
  });

  it('a new system that reported before the old one stopped is no replacement: 110, nothing changed', async () => {
    const early = await installReplacement(t, 'ESS2026R0101', oldSn);
    // A sample an hour before the old system's last one.
    const ts = new Date(t.clock().getTime() - 3_600_000).toISOString();
    const sent = await t.inject({
      method: 'POST',
      url: '/api/Device/Ingest',
      headers: { 'x-device-key': early.key },
      payload: { samples: [{ ts, pv_w: 10, load_w: 10, battery_w: 0, grid_w: 0, soc: 50 }] },
    });
    expect(sent.json().code).toBe(200);
    const before = await tableDigests(t);
    for (const path of ['PreviewMigration', 'StartMigration']) {
      const { body } = await post('admin', path, { old_sn: oldSn, new_sn: 'ESS2026R0101' });
      expect(body.code, path).toBe(110);
      expect(body.info).toContain('at the same time');
    }
    expect(await tableDigests(t)).toEqual(before);
  });
});

describe('many rows', () => {
  it('moves in chunks; a job stopped half way (a restart) goes on from what its chunks committed', async () => {
    const [old] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM systems WHERE sys_sn = ${oldSn}`);
    // Two and a half chunks of older samples (raw samples from before the rollups' days: only their count matters here).
    const extra = Math.floor(CHUNK_ROWS * 2.5);
    await t.db.execute(
      sql`INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
          SELECT ${old!.id}, '2026-01-01T00:00:00Z'::timestamptz + make_interval(mins => 5 * g), 100, 100, 0, 0, 50 FROM generate_series(0, ${extra - 1}) g`,
    );
    const [{ n: samples }] = (await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM telemetry WHERE system_id = ${old!.id}`,
    )) as [{ n: number }];
    const [actor] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM users WHERE username = 'servicer'`);
    const sent: number[] = [];
    const started = await startMigration(
      t.db,
      { id: actor!.id, username: 'servicer', roles: ['servicer'], address: '127.0.0.1' } as never,
      { old_sn: oldSn, new_sn: 'ESS2026R0100' },
      t.clock(),
      async (id) => sent.push(id),
    );
    expect(sent).toEqual([started.id]);
    expect(started.kinds.find((k) => k.kind === 'telemetry')!.total).toBe(samples);
    // The process stops after two chunks.
    expect(await runMigration(t.db, started.id, t.clock, { maxChunks: 2 })).toBe(false);
    const [half] = await queryRows<{ state: string; moved: number; left: number }>(
      t.db,
      sql`SELECT state, (progress->>'telemetry')::int AS moved, (SELECT count(*)::int FROM telemetry WHERE system_id = ${old!.id}) AS left
            FROM system_migrations WHERE id = ${started.id}`,
    );
    expect(half).toEqual({ state: 'running', moved: 2 * CHUNK_ROWS, left: samples - 2 * CHUNK_ROWS });
    // The queue runs the job again after the restart: it goes on from there and ends with every row moved once.
    expect(await runMigration(t.db, started.id, t.clock)).toBe(true);
    const { body } = await post('servicer', 'GetMigration', { id: started.id });
    expect(body.data.state).toBe('moved');
    for (const kind of body.data.kinds) expect(kind.moved, kind.kind).toBe(kind.total);
    const [after] = await queryRows<{ old: number; moved: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM telemetry WHERE system_id = ${old!.id}) AS old,
                 (SELECT count(*)::int FROM telemetry t JOIN systems s ON s.id = t.system_id WHERE s.sys_sn = 'ESS2026R0100') AS moved`,
    );
    expect(after).toEqual({ old: 0, moved: samples });
  }, 120_000);
});

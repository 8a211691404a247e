import { sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { MigrationPreview, MigrationRow } from '../../contract/sys-migration';
import type { Actor } from '../core/auth/actor';
import { writeUserLog } from '../core/audit/write';
import { isUniqueViolation, queryRows, type Database } from '../core/db';
import { ApiError } from '../core/http/envelope';
import { systemInScope, systemScope, viewerOf, type SystemRow } from '../core/system-scope';
import { pgArray } from '../monitoring/sql-arrays';
import { HOLDING_STATES, refuseWhileMoving } from './guard';
import { CHUNK_ROWS, MAX_LINKS, MAX_OVERLAP_KEYS, MOVED, type KeyedKind, type LinkKind, type MovedKind, type TimeKind } from './registry';

/**
 * Data migrations (sysDataMigration): a replaced system's history moved to the system that replaced it, by the job
 * 'sysmigration.run' (./job.ts), chunk by chunk, reversible until confirmed. How each table moves: ./registry.ts.
 */

export const MIGRATION_JOB = 'sysmigration.run';

interface KindPlan {
  /** Rows of the old system to move. */
  rows: number;
  /** 'by time' and 'by key': the old system's last time or key (a revert moves the new system's rows up to it back). */
  boundary?: string | null;
  /** 'by key': the new system's first key; from it up to `boundary` both may have rows (saved, combined). */
  new_first?: string | null;
}
export interface Plan {
  kinds: Record<string, KindPlan>;
  /** The old system's first and last sample. */
  first_at: string | null;
  last_at: string | null;
}
export interface Saved {
  links: Record<string, number[]>;
  /** The new system's own values of the columns it took over. */
  takeover: Record<string, unknown>;
  /** The S/N registry's states before the migration marked both S/Ns 'moving'. */
  registry: Record<string, string>;
}
interface MigrationRecord {
  id: number;
  old_system_id: number;
  old_sn: string;
  new_system_id: number;
  new_sn: string;
  state: string;
  plan: Plan;
  progress: Record<string, number>;
  saved: Saved;
  error: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  finished_by: string | null;
  finished_at: string | null;
}

const id = (name: string) => sql.identifier(name);
const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());
/** The old system's rows of one kind, and the boundaries; 110 when both systems report in the same time. */
async function planKind(db: Database, kind: MovedKind, old: SystemRow, neu: SystemRow): Promise<KindPlan> {
  const t = id(kind.table);
  const c = id(kind.column);
  if (kind.how === 'by time') {
    const [r] = await queryRows<{ rows: number; last: string | null; new_first: string | null }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ${t} WHERE ${c} = ${old.id}) AS rows,
                 (SELECT max(${id(kind.time)}) FROM ${t} WHERE ${c} = ${old.id}) AS last,
                 (SELECT min(${id(kind.time)}) FROM ${t} WHERE ${c} = ${neu.id}) AS new_first`,
    );
    const boundary = iso(r!.last);
    const newFirst = iso(r!.new_first);
    if (boundary && newFirst && newFirst <= boundary)
      throw new ApiError(
        Code.TIME_RANGES_OVERLAP,
        `${neu.sysSn} has ${kind.kind} from ${newFirst}, before the last of ${old.sysSn} (${boundary}): the two systems ran at the same time, so one did not replace the other`,
      );
    return { rows: r!.rows, boundary };
  }
  if (kind.how === 'by key, summed') {
    const k = id(kind.key);
    const [r] = await queryRows<{ rows: number; last: string | null; new_first: string | null; overlap: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM ${t} WHERE ${c} = ${old.id}) AS rows,
                 (SELECT max(${k})::text FROM ${t} WHERE ${c} = ${old.id}) AS last,
                 (SELECT min(${k})::text FROM ${t} WHERE ${c} = ${neu.id}) AS new_first,
                 (SELECT count(*)::int FROM ${t} WHERE ${c} IN (${old.id}, ${neu.id})
                    AND ${k} >= (SELECT min(${k}) FROM ${t} WHERE ${c} = ${neu.id})
                    AND ${k} <= (SELECT max(${k}) FROM ${t} WHERE ${c} = ${old.id})) AS overlap`,
    );
    if (r!.overlap > MAX_OVERLAP_KEYS)
      throw new ApiError(
        Code.TIME_RANGES_OVERLAP,
        `${old.sysSn} and ${neu.sysSn} both have ${kind.kind} rows from ${r!.new_first} to ${r!.last}: more than a replacement's few days in common`,
      );
    return { rows: r!.rows, boundary: r!.last, new_first: r!.new_first };
  }
  if (kind.how === 'links') return { rows: (await linkIds(db, kind, old, neu)).length };
  return { rows: 1 };
}

/** The ids of the linked rows that move (none where the kind moves only to a system without one of its own). */
async function linkIds(db: Database, kind: LinkKind, old: SystemRow, neu: SystemRow): Promise<number[]> {
  const t = id(kind.table);
  const c = id(kind.column);
  const of = (s: SystemRow) => (kind.bySn ? sql`lower(${c}) = lower(${s.sysSn})` : sql`${c} = ${s.id}`);
  if (kind.onlyIfNewHasNone) {
    const [has] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${t} WHERE ${of(neu)}`);
    if (has!.n > 0) return [];
  }
  // A customer's records follow their file: they move when the file moves.
  const follows = kind.followsArchive
    ? sql` AND archive_id IN (SELECT a.id FROM customer_archives a WHERE lower(a.sys_sn) = lower(${old.sysSn})
                                 AND NOT EXISTS (SELECT 1 FROM customer_archives b WHERE lower(b.sys_sn) = lower(${neu.sysSn})))`
    : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT ${id(kind.id)} AS id FROM ${t} WHERE ${of(old)}${follows} ORDER BY 1 LIMIT ${MAX_LINKS + 1}`,
  );
  if (rows.length > MAX_LINKS)
    throw new ApiError(Code.PARAM_ERROR, `${old.sysSn} has more than ${MAX_LINKS} ${kind.kind}: too many to move as links`);
  return rows.map((r) => Number(r.id));
}

async function planOf(db: Database, old: SystemRow, neu: SystemRow): Promise<Plan> {
  const kinds: Record<string, KindPlan> = {};
  for (const kind of MOVED) kinds[kind.kind] = await planKind(db, kind, old, neu);
  const [range] = await queryRows<{ first_at: string | null; last_at: string | null }>(
    db,
    sql`SELECT min(ts) AS first_at, max(ts) AS last_at FROM telemetry WHERE system_id = ${old.id}`,
  );
  return { kinds, first_at: iso(range!.first_at), last_at: iso(range!.last_at) };
}

/** The columns of `systems` the new system takes over (./registry.ts). */
function takenOver(): SQL {
  const takeover = MOVED.find((kind) => kind.how === 'takeover');
  return sql.join(
    (takeover?.how === 'takeover' ? takeover.columns : []).map((c) => id(c)),
    sql`, `,
  );
}

async function savedOf(db: Database, old: SystemRow, neu: SystemRow): Promise<Saved> {
  const links: Record<string, number[]> = {};
  for (const kind of MOVED) if (kind.how === 'links') links[kind.kind] = await linkIds(db, kind, old, neu);
  const [own] = await queryRows<Record<string, unknown>>(db, sql`SELECT ${takenOver()} FROM systems WHERE id = ${neu.id}`);
  const registry: Record<string, string> = {};
  const states = await queryRows<{ sn: string; state: string }>(
    db,
    sql`SELECT sn, state FROM sn_registry WHERE lower(sn) IN (lower(${old.sysSn}), lower(${neu.sysSn}))`,
  );
  for (const s of states) registry[s.sn] = s.state;
  return { links, takeover: own ?? {}, registry };
}

/** The two systems, in the caller's scope (45 otherwise), distinct, neither moved before nor being moved. */
async function pairOf(db: Database, actor: Actor, body: { old_sn: string; new_sn: string }, now: Date) {
  if (body.old_sn.toLowerCase() === body.new_sn.toLowerCase())
    throw new ApiError(Code.PARAM_ERROR, 'The old and the new S/N are the same: a system is not moved onto itself');
  const viewer = await viewerOf(db, actor);
  const old = await systemInScope(db, viewer, body.old_sn, now);
  const neu = await systemInScope(db, viewer, body.new_sn, now);
  await refuseUnlessFree(db, old, neu);
  return { old, neu };
}

/** 85 when either system is being moved, 59 when either already gave its data away. */
async function refuseUnlessFree(db: Database, old: SystemRow, neu: SystemRow): Promise<void> {
  await refuseWhileMoving(db, { ids: [old.id, neu.id] });
  const [done] = await queryRows<{ id: number; old_sn: string }>(
    db,
    sql`SELECT id, old_sn FROM system_migrations
         WHERE state <> 'reverted' AND (old_system_id IN (${old.id}, ${neu.id})) LIMIT 1`,
  );
  if (done)
    throw new ApiError(
      Code.REPEATED_MIGRATION,
      `The data of ${done.old_sn} was already moved (data migration ${done.id}): a system's history moves once`,
    );
}

function answerOf(m: MigrationRecord): MigrationRow {
  const kinds = MOVED.map((k) => ({
    kind: k.kind,
    total: m.plan.kinds[k.kind]?.rows ?? 0,
    moved: m.progress[k.kind] ?? 0,
  }));
  return {
    id: m.id,
    old_sn: m.old_sn,
    new_sn: m.new_sn,
    state: m.state as MigrationRow['state'],
    kinds,
    total: kinds.reduce((s, k) => s + k.total, 0),
    moved: kinds.reduce((s, k) => s + k.moved, 0),
    first_at: m.plan.first_at,
    last_at: m.plan.last_at,
    error: m.error,
    created_by: m.created_by,
    created_at: iso(m.created_at)!,
    updated_at: iso(m.updated_at)!,
    finished_by: m.finished_by,
    finished_at: iso(m.finished_at),
  };
}

export async function previewMigration(
  db: Database,
  actor: Actor,
  body: { old_sn: string; new_sn: string },
  now: Date,
): Promise<MigrationPreview> {
  const { old, neu } = await pairOf(db, actor, body, now);
  const plan = await planOf(db, old, neu);
  return {
    old_sn: old.sysSn,
    new_sn: neu.sysSn,
    kinds: MOVED.map((k) => ({ kind: k.kind, rows: plan.kinds[k.kind]!.rows })),
    first_at: plan.first_at,
    last_at: plan.last_at,
    takes_customer: neu.customerUserId === null && old.customerUserId !== null,
  };
}

const SELECT_MIGRATION = sql`SELECT * FROM system_migrations`;

async function load(db: Database, migrationId: number, lock = false): Promise<MigrationRecord | undefined> {
  const [m] = await queryRows<MigrationRecord & Record<string, unknown>>(
    db,
    sql`${SELECT_MIGRATION} WHERE id = ${migrationId}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return m;
}

/** Both systems of a migration in the caller's scope (45 otherwise, as for a migration that does not exist). */
async function visible(db: Database, actor: Actor, migrationId: number, now: Date): Promise<MigrationRecord> {
  const scope = systemScope(await viewerOf(db, actor), now) ?? sql`true`;
  const [m] = await queryRows<MigrationRecord & Record<string, unknown>>(
    db,
    sql`${SELECT_MIGRATION} m WHERE m.id = ${migrationId} AND ${inScope(scope)}`,
  );
  if (!m) throw new ApiError(Code.NO_PERMISSION);
  return m;
}

const inScope = (scope: SQL) =>
  sql`EXISTS (SELECT 1 FROM systems WHERE systems.id = m.old_system_id AND ${scope})
      AND EXISTS (SELECT 1 FROM systems WHERE systems.id = m.new_system_id AND ${scope})`;

export async function startMigration(
  db: Database,
  actor: Actor,
  body: { old_sn: string; new_sn: string },
  now: Date,
  send: (migrationId: number) => Promise<unknown>,
): Promise<MigrationRow> {
  const { old, neu } = await pairOf(db, actor, body, now);
  // The preview's checks again (110): the plan itself is fixed when the job begins, under the systems' locks.
  const plan = await planOf(db, old, neu);
  const at = now.toISOString();
  let created: MigrationRecord;
  try {
    created = await db.transaction(async (tx) => {
      // Two starts naming one system at once: the second waits for the first's row locks, then sees its migration.
      await tx.execute(sql`SELECT id FROM systems WHERE id IN (${old.id}, ${neu.id}) ORDER BY id FOR UPDATE`);
      await refuseUnlessFree(tx, old, neu);
      const saved = await savedOf(tx, old, neu);
      const [row] = await queryRows<MigrationRecord & Record<string, unknown>>(
        tx,
        sql`INSERT INTO system_migrations (old_system_id, old_sn, new_system_id, new_sn, state, plan, progress, saved, created_by, created_at, updated_at)
            VALUES (${old.id}, ${old.sysSn}, ${neu.id}, ${neu.sysSn}, 'queued', ${JSON.stringify(plan)}::jsonb, '{}'::jsonb,
                    ${JSON.stringify(saved)}::jsonb, ${actor.username}, ${at}::timestamptz, ${at}::timestamptz)
            RETURNING *`,
      );
      await tx.execute(
        sql`UPDATE sn_registry SET state = 'moving', updated_at = ${at}::timestamptz WHERE lower(sn) IN (lower(${old.sysSn}), lower(${neu.sysSn}))`,
      );
      await writeUserLog(
        tx,
        {
          userId: actor.id,
          username: actor.username,
          action: 'sysmigration.start',
          target: old.sysSn,
          detail: { id: row!.id, new_sn: neu.sysSn },
        },
        now,
      );
      return row!;
    });
  } catch (error) {
    // Two starts at once for the same old S/N: the second finds the first's row.
    if (isUniqueViolation(error)) throw new ApiError(Code.REPEATED_MIGRATION, `The data of ${old.sysSn} is already being moved`);
    throw error;
  }
  try {
    await send(created.id);
  } catch (error) {
    // Without its job nothing would ever move or free the S/Ns: the migration ends at once, nothing moved.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE system_migrations SET state = 'reverted', error = 'the job could not be queued', updated_at = ${at}::timestamptz WHERE id = ${created.id}`,
      );
      await restoreRegistry(tx, created.saved, at);
    });
    throw error;
  }
  return answerOf(created);
}

export async function migrationOf(db: Database, actor: Actor, migrationId: number, now: Date): Promise<MigrationRow> {
  return answerOf(await visible(db, actor, migrationId, now));
}

export async function listMigrations(
  db: Database,
  actor: Actor,
  body: { pageIndex: number; pageSize: number; sn?: string | undefined },
  now: Date,
): Promise<{ dataCount: number; data: MigrationRow[] }> {
  const scope = systemScope(await viewerOf(db, actor), now) ?? sql`true`;
  const bySn = body.sn ? sql` AND (m.old_sn ILIKE ${`%${escapeLike(body.sn)}%`} OR m.new_sn ILIKE ${`%${escapeLike(body.sn)}%`})` : sql``;
  const where = sql`WHERE ${inScope(scope)}${bySn}`;
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM system_migrations m ${where}`);
  const rows = await queryRows<MigrationRecord & Record<string, unknown>>(
    db,
    sql`${SELECT_MIGRATION} m ${where} ORDER BY m.created_at DESC, m.id DESC
        LIMIT ${body.pageSize} OFFSET ${(body.pageIndex - 1) * body.pageSize}`,
  );
  return { dataCount: count!.n, data: rows.map(answerOf) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ends reversibility: the S/Ns are free for writes again, the old S/N's history is the new one's for good. */
export async function confirmMigration(db: Database, actor: Actor, migrationId: number, now: Date): Promise<MigrationRow> {
  const m = await visible(db, actor, migrationId, now);
  const at = now.toISOString();
  const done = await db.transaction(async (tx) => {
    const [row] = await queryRows<MigrationRecord & Record<string, unknown>>(
      tx,
      sql`UPDATE system_migrations SET state = 'confirmed', finished_by = ${actor.username}, finished_at = ${at}::timestamptz,
                 updated_at = ${at}::timestamptz
           WHERE id = ${m.id} AND state = 'moved' RETURNING *`,
    );
    if (!row) return undefined;
    await restoreRegistry(tx, row.saved, at);
    await writeUserLog(
      tx,
      { userId: actor.id, username: actor.username, action: 'sysmigration.confirm', target: m.old_sn, detail: { id: m.id } },
      now,
    );
    return row;
  });
  if (!done) throw notInState(m, 'confirmed once its rows have moved');
  return answerOf(done);
}

/** Moves the rows back exactly (the job, backwards); allowed once moved, or when the job stopped on an error. */
export async function revertMigration(
  db: Database,
  actor: Actor,
  migrationId: number,
  now: Date,
  send: (migrationId: number) => Promise<unknown>,
): Promise<MigrationRow> {
  const m = await visible(db, actor, migrationId, now);
  const at = now.toISOString();
  const [row] = await queryRows<MigrationRecord & Record<string, unknown>>(
    db,
    sql`UPDATE system_migrations SET state = 'reverting', error = NULL, updated_at = ${at}::timestamptz, finished_by = ${actor.username}
         WHERE id = ${m.id} AND (state = 'moved' OR (state IN ('queued', 'running') AND error IS NOT NULL)) RETURNING *`,
  );
  if (!row) throw notInState(m, 'reverted once its rows have moved (or its job stopped on an error), and before it is confirmed');
  await writeUserLog(
    db,
    { userId: actor.id, username: actor.username, action: 'sysmigration.revert', target: m.old_sn, detail: { id: m.id } },
    now,
  );
  await send(row.id);
  return answerOf(row);
}

function notInState(m: MigrationRecord, rule: string): ApiError {
  if (m.state === 'confirmed' || m.state === 'reverted')
    return new ApiError(Code.REPEATED_MIGRATION, `Data migration ${m.id} is already ${m.state}`);
  return new ApiError(Code.SN_MOVING, `Data migration ${m.id} is ${m.state}: it can be ${rule}`);
}

async function restoreRegistry(db: Database, saved: Saved, at: string): Promise<void> {
  for (const [sn, state] of Object.entries(saved.registry))
    await db.execute(sql`UPDATE sn_registry SET state = ${state}, updated_at = ${at}::timestamptz WHERE sn = ${sn} AND state = 'moving'`);
}

// ---- The job's work ----------------------------------------------------------------------------------------------

/** One step in its own transaction, only while the migration is still in `state` (a revert asked meanwhile stops a move). */
async function step(
  db: Database,
  migrationId: number,
  state: 'running' | 'reverting',
  work: (tx: Database, m: MigrationRecord) => Promise<{ kind: string; moved: number } | void>,
  now: () => Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const m = await load(tx, migrationId, true);
    if (!m || m.state !== state) return false;
    const done = await work(tx, m);
    if (done && done.moved !== 0) {
      const delta = state === 'running' ? done.moved : -done.moved;
      await tx.execute(
        sql`UPDATE system_migrations
               SET progress = jsonb_set(progress, ${pgArray([done.kind])}::text[], to_jsonb(coalesce((progress->>${done.kind})::int, 0) + ${delta})),
                   updated_at = ${now().toISOString()}::timestamptz
             WHERE id = ${migrationId}`,
      );
    }
    return true;
  });
}

export interface RunOptions {
  /** Stops after this many chunks (what a process stopped mid-way leaves), for the resume test. */
  maxChunks?: number;
}

/**
 * The job: a queued migration gets its plan (under the systems' locks, so what reached them before is in it), then
 * each kind moves in chunks of CHUNK_ROWS rows, each chunk and its progress in one transaction: a job stopped by a
 * restart goes on from what is left. A reverting migration moves back the same way. Answers false when it stopped early.
 */
export async function runMigration(db: Database, migrationId: number, now: () => Date, options: RunOptions = {}): Promise<boolean> {
  let chunks = 0;
  const more = () => options.maxChunks === undefined || chunks < options.maxChunks;
  const first = await load(db, migrationId);
  if (!first) return true;
  if (first.state === 'queued') await beginMove(db, first, now);
  const m = (await load(db, migrationId))!;
  if (m.state !== 'running' && m.state !== 'reverting') return true;
  const state = m.state;
  const kinds = state === 'running' ? MOVED : [...MOVED].reverse();
  for (const kind of kinds) {
    for (;;) {
      if (!more()) return false;
      chunks += 1;
      let moved = 0;
      const going = await step(
        db,
        migrationId,
        state,
        async (tx, current) => {
          moved = state === 'running' ? await moveChunk(tx, kind, current) : await moveBackChunk(tx, kind, current);
          return { kind: kind.kind, moved };
        },
        now,
      );
      if (!going) return true;
      if (moved === 0) break;
    }
  }
  const at = now().toISOString();
  await db.transaction(async (tx) => {
    const [row] = await queryRows<MigrationRecord & Record<string, unknown>>(
      tx,
      state === 'running'
        ? sql`UPDATE system_migrations SET state = 'moved', error = NULL, updated_at = ${at}::timestamptz WHERE id = ${migrationId} AND state = 'running' RETURNING *`
        : sql`UPDATE system_migrations SET state = 'reverted', error = NULL, updated_at = ${at}::timestamptz, finished_at = ${at}::timestamptz
               WHERE id = ${migrationId} AND state = 'reverting' RETURNING *`,
    );
    if (row && state === 'reverting') await restoreRegistry(tx, row.saved, at);
  });
  return true;
}

/** Records a job's failure with the migration (the screen shows it; the queue retries, and staff may revert). */
export async function recordFailure(db: Database, migrationId: number, error: unknown, now: Date): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.execute(
    sql`UPDATE system_migrations SET error = ${message.slice(0, 1000)}, updated_at = ${now.toISOString()}::timestamptz WHERE id = ${migrationId}`,
  );
}

async function beginMove(db: Database, m: MigrationRecord, now: () => Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await queryRows<{ state: string }>(tx, sql`SELECT state FROM system_migrations WHERE id = ${m.id} FOR UPDATE`);
    if (current?.state !== 'queued') return;
    // Ingest of either system waits for these locks: what it stored before is in the plan, and nothing after passes the guard.
    const pair = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM systems WHERE id IN (${m.old_system_id}, ${m.new_system_id}) FOR UPDATE`,
    );
    const [old] = await queryRows<SystemRow & Record<string, unknown>>(tx, sql`SELECT * FROM systems WHERE id = ${m.old_system_id}`);
    const [neu] = await queryRows<SystemRow & Record<string, unknown>>(tx, sql`SELECT * FROM systems WHERE id = ${m.new_system_id}`);
    const at = now().toISOString();
    if (pair.length !== 2 || !old || !neu) {
      await tx.execute(
        sql`UPDATE system_migrations SET state = 'reverted', error = 'a system of the migration no longer exists', updated_at = ${at}::timestamptz WHERE id = ${m.id}`,
      );
      await restoreRegistry(tx, m.saved, at);
      return;
    }
    const asRow = (r: Record<string, unknown>) => ({ id: r.id as number, sysSn: r.sys_sn as string }) as SystemRow;
    let plan: Plan;
    try {
      plan = await planOf(tx, asRow(old), asRow(neu));
    } catch (error) {
      // Something reached the new system before the old one's last data after all: nothing moves.
      await tx.execute(
        sql`UPDATE system_migrations SET state = 'reverted', error = ${(error as Error).message}, updated_at = ${at}::timestamptz WHERE id = ${m.id}`,
      );
      await restoreRegistry(tx, m.saved, at);
      return;
    }
    const saved = await savedOf(tx, asRow(old), asRow(neu));
    saved.registry = m.saved.registry;
    await tx.execute(
      sql`UPDATE system_migrations SET state = 'running', plan = ${JSON.stringify(plan)}::jsonb, saved = ${JSON.stringify(saved)}::jsonb,
                 updated_at = ${at}::timestamptz WHERE id = ${m.id}`,
    );
  });
}

async function moveChunk(tx: Database, kind: MovedKind, m: MigrationRecord): Promise<number> {
  const from = m.old_system_id;
  const to = m.new_system_id;
  const plan = m.plan.kinds[kind.kind]!;
  if (kind.how === 'by time') return moveTimeChunk(tx, kind, from, to, plan.boundary ?? null);
  if (kind.how === 'by key, summed') return moveKeyedChunk(tx, kind, m, plan);
  if (kind.how === 'links') return moveLinks(tx, kind, m.saved.links[kind.kind] ?? [], m.new_sn, to, m.old_sn, from);
  // Takeover: once (a second call finds nothing to take).
  if ((m.progress[kind.kind] ?? 0) > 0) return 0;
  const sets = sql.join(
    kind.columns.map((c) => sql`${id(c)} = CASE WHEN n.${id(c)} IS NULL OR n.${id(c)}::text = '' THEN o.${id(c)} ELSE n.${id(c)} END`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE systems n SET ${sets} FROM systems o WHERE n.id = ${to} AND o.id = ${from}`);
  return 1;
}

async function moveBackChunk(tx: Database, kind: MovedKind, m: MigrationRecord): Promise<number> {
  const plan = m.plan.kinds[kind.kind]!;
  if (kind.how === 'by time') return moveTimeChunk(tx, kind, m.new_system_id, m.old_system_id, plan.boundary ?? null);
  if (kind.how === 'by key, summed') return moveKeyedBackChunk(tx, kind, m, plan);
  if (kind.how === 'links')
    return moveLinks(tx, kind, m.saved.links[kind.kind] ?? [], m.old_sn, m.old_system_id, m.new_sn, m.new_system_id);
  if ((m.progress[kind.kind] ?? 0) <= 0) return 0;
  // The new system's own values as they were (the same record type, so each column reads back as it was stored).
  await tx.execute(
    sql`UPDATE systems SET (${takenOver()}) = (SELECT ${takenOver()} FROM jsonb_populate_record(NULL::systems, ${JSON.stringify(m.saved.takeover)}::jsonb))
         WHERE id = ${m.new_system_id}`,
  );
  return 1;
}

/** Up to CHUNK_ROWS rows of `from` up to the boundary (every row of the old system) go to `to`. */
async function moveTimeChunk(tx: Database, kind: TimeKind, from: number, to: number, boundary: string | null): Promise<number> {
  if (!boundary) return 0;
  const t = id(kind.table);
  const key = id(kind.rowKey);
  const time = id(kind.time);
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH picked AS (
          SELECT ${key} AS k FROM ${t} WHERE system_id = ${from} AND ${time} <= ${boundary}::timestamptz ORDER BY ${key} LIMIT ${CHUNK_ROWS}
        ), moved AS (
          UPDATE ${t} SET system_id = ${to} WHERE system_id = ${from} AND ${key} IN (SELECT k FROM picked) RETURNING 1
        ) SELECT count(*)::int AS n FROM moved`,
  );
  return rows[0]!.n;
}

/**
 * Rollups: keys before the new system's first move plainly, in chunks; then, once, the keys both may have (from the
 * new system's first key to the old one's last): both originals saved, the old figures added to the new row (or the
 * old row moved where the new system has none).
 */
async function moveKeyedChunk(tx: Database, kind: KeyedKind, m: MigrationRecord, plan: KindPlan): Promise<number> {
  const t = id(kind.table);
  const k = id(kind.key);
  const from = m.old_system_id;
  const to = m.new_system_id;
  if (!plan.boundary) return 0;
  const plain = plan.new_first ? sql`${k} < ${plan.new_first}::date` : sql`true`;
  const [chunk] = await queryRows<{ n: number }>(
    tx,
    sql`WITH picked AS (SELECT ${k} AS k FROM ${t} WHERE system_id = ${from} AND ${plain} ORDER BY ${k} LIMIT ${CHUNK_ROWS}),
        moved AS (UPDATE ${t} SET system_id = ${to} WHERE system_id = ${from} AND ${k} IN (SELECT k FROM picked) RETURNING 1)
        SELECT count(*)::int AS n FROM moved`,
  );
  if (chunk!.n > 0 || !plan.new_first || plan.new_first > plan.boundary) return chunk!.n;
  const inRange = sql`${k} BETWEEN ${plan.new_first}::date AND ${plan.boundary}::date`;
  const [left] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${t} WHERE system_id = ${from} AND ${inRange}`);
  if (left!.n === 0) return 0;
  await tx.execute(sql`
    INSERT INTO system_migration_saved_rows (migration_id, kind, side, key, row)
    SELECT ${m.id}, ${kind.kind}, CASE WHEN system_id = ${from} THEN 'old' ELSE 'new' END, ${k}::text, to_jsonb(r.*)
      FROM ${t} r WHERE system_id IN (${from}, ${to}) AND ${inRange}
    ON CONFLICT DO NOTHING`);
  const sums = sql.join(
    kind.sums.map((c) => sql`${id(c)} = n.${id(c)} + o.${id(c)}`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${t} n SET ${sums} FROM ${t} o
     WHERE n.system_id = ${to} AND o.system_id = ${from} AND o.${k} = n.${k} AND o.${k} BETWEEN ${plan.new_first}::date AND ${plan.boundary}::date`);
  await tx.execute(sql`
    DELETE FROM ${t} o WHERE o.system_id = ${from} AND ${inRange}
       AND EXISTS (SELECT 1 FROM ${t} n WHERE n.system_id = ${to} AND n.${k} = o.${k})`);
  await tx.execute(sql`UPDATE ${t} SET system_id = ${to} WHERE system_id = ${from} AND ${inRange}`);
  return left!.n;
}

/** The revert of the above: the range both had gets its saved originals back; the keys before it go back in chunks. */
async function moveKeyedBackChunk(tx: Database, kind: KeyedKind, m: MigrationRecord, plan: KindPlan): Promise<number> {
  const t = id(kind.table);
  const k = id(kind.key);
  const from = m.new_system_id;
  const to = m.old_system_id;
  if (!plan.boundary) return 0;
  const overlaps = !!plan.new_first && plan.new_first <= plan.boundary;
  const plain = overlaps ? sql`${k} < ${plan.new_first}::date` : sql`${k} <= ${plan.boundary}::date`;
  const [chunk] = await queryRows<{ n: number }>(
    tx,
    sql`WITH picked AS (SELECT ${k} AS k FROM ${t} WHERE system_id = ${from} AND ${plain} ORDER BY ${k} LIMIT ${CHUNK_ROWS}),
        moved AS (UPDATE ${t} SET system_id = ${to} WHERE system_id = ${from} AND ${k} IN (SELECT k FROM picked) RETURNING 1)
        SELECT count(*)::int AS n FROM moved`,
  );
  if (chunk!.n > 0 || !overlaps) return chunk!.n;
  const [saved] = await queryRows<{ old: number; restored: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE side = 'old')::int AS old,
               (SELECT count(*)::int FROM ${t} WHERE system_id = ${to} AND ${k} BETWEEN ${plan.new_first}::date AND ${plan.boundary}::date) AS restored
          FROM system_migration_saved_rows WHERE migration_id = ${m.id} AND kind = ${kind.kind}`,
  );
  // Done once: the old rows of the range are back.
  if (saved!.old === 0 || saved!.restored >= saved!.old) return 0;
  await tx.execute(
    sql`DELETE FROM ${t} WHERE system_id IN (${from}, ${to}) AND ${k} BETWEEN ${plan.new_first}::date AND ${plan.boundary}::date`,
  );
  await tx.execute(sql`
    INSERT INTO ${t} SELECT (jsonb_populate_record(NULL::${t}, s.row)).*
      FROM system_migration_saved_rows s WHERE s.migration_id = ${m.id} AND s.kind = ${kind.kind}`);
  await tx.execute(sql`DELETE FROM system_migration_saved_rows WHERE migration_id = ${m.id} AND kind = ${kind.kind}`);
  return saved!.old;
}

/** Linked rows (their ids kept at the plan) to the other system, in one statement: they are few. */
async function moveLinks(
  tx: Database,
  kind: LinkKind,
  ids: number[],
  toSn: string,
  toId: number,
  fromSn: string,
  fromId: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const t = id(kind.table);
  const c = id(kind.column);
  const value = kind.bySn ? sql`${toSn}` : sql`${toId}`;
  const still = kind.bySn ? sql`lower(${c}) = lower(${fromSn})` : sql`${c} = ${fromId}`;
  // A row keyed by the system itself (one settings row per system) is the from-system's one; others are the ids kept.
  const which = kind.id === kind.column ? sql`true` : sql`${id(kind.id)} = ANY(${pgArray(ids)}::int[])`;
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`WITH moved AS (UPDATE ${t} SET ${c} = ${value} WHERE ${which} AND ${still} RETURNING 1)
        SELECT count(*)::int AS n FROM moved`,
  );
  return r!.n;
}

/** The pickers' systems: in scope, by a part of the S/N or name, each saying whether it is being moved. */
export async function findSystems(db: Database, actor: Actor, text: string, now: Date) {
  const scope = systemScope(await viewerOf(db, actor), now) ?? sql`true`;
  const like = `%${escapeLike(text)}%`;
  const rows = await queryRows<{ sys_sn: string; sys_name: string; last_seen_at: string | null; moving: boolean }>(
    db,
    sql`SELECT systems.sys_sn, systems.sys_name, systems.last_seen_at,
               EXISTS (SELECT 1 FROM system_migrations m WHERE m.state = ANY(${pgArray([...HOLDING_STATES])}::text[])
                          AND systems.id IN (m.old_system_id, m.new_system_id)) AS moving
          FROM systems WHERE ${scope} AND (systems.sys_sn ILIKE ${like} OR systems.sys_name ILIKE ${like})
         ORDER BY systems.sys_sn LIMIT 20`,
  );
  return rows.map((r) => ({ ...r, last_seen_at: iso(r.last_seen_at) }));
}

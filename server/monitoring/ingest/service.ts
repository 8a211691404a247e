import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../src/shared/codes';
import type { Database } from '../../db';
import { systemFaults, systems, type FaultLevel } from '../../db/schema/monitoring';
import { ApiError } from '../../http/envelope';
import { queryRows } from '../../db';
import { pgArray } from '../sql-arrays';
import { effectiveStatus, SEVERITY } from '../status';
import { hashDeviceKey } from './device-keys';
import { addToDailyRollups } from './rollups';
import type { NewFault } from '../../mail/fault-mails';
import type { IngestBatch, IngestResult } from './schema';

type SystemRow = typeof systems.$inferSelect;

/**
 * Device ingest: one batch is one transaction. Samples go in with ON CONFLICT DO NOTHING on
 * (system_id, ts), so a re-sent batch stores nothing new, and the samples really stored are added to the
 * rollups of their days in the same statement (rollups.ts); faults are upserted by (system, code, start);
 * the status follows the newest data. A batch that breaks any rule is refused before anything is written.
 *
 * The usual batch (samples and a status, no faults) is a single statement, atomic by itself: samples,
 * rollups and status at once, one round trip to the database. A batch with faults (rare) runs as a
 * transaction of several statements, because the status must see the faults it just stored.
 */
/** Told, after the batch committed, of the faults it reported for the first time (not of re-sent ones). */
export type NewFaultsListener = (system: SystemRow, faults: NewFault[]) => Promise<void>;

export async function ingestWithDeviceKey(
  db: Database,
  deviceKey: string | undefined,
  batch: IngestBatch,
  now: Date,
  onNewFaults?: NewFaultsListener,
): Promise<IngestResult> {
  if (!deviceKey) throw new ApiError(401, 'Unauthorized: missing device key', { httpStatus: 401 });
  const [system] = await db.select().from(systems).where(eq(systems.deviceKeyHash, hashDeviceKey(deviceKey)));
  if (!system) throw new ApiError(401, 'Unauthorized: unknown device key', { httpStatus: 401 });
  return ingestBatch(db, system, batch, now, onNewFaults);
}

export async function ingestBatch(db: Database, system: SystemRow, batch: IngestBatch, now: Date, onNewFaults?: NewFaultsListener): Promise<IngestResult> {
  const times = checkSampleTimes(system, batch, now);
  checkFaultTimes(batch, now);

  if (times.length > 0 && (batch.faults ?? []).length === 0) {
    const { inserted, days, emsStatus } = await storeSamples(db, system, batch, times, true);
    return { accepted: inserted, duplicates: batch.samples.length - inserted, ems_status: emsStatus, days };
  }
  const { result, newFaults } = await db.transaction(async (tx) => {
    const { inserted, days } = await storeSamples(tx, system, batch, times, false);
    const newFaults = await upsertFaults(tx, system.id, batch);
    const emsStatus = await updateStatus(tx, system, batch, times);
    return { result: { accepted: inserted, duplicates: batch.samples.length - inserted, ems_status: emsStatus, days }, newFaults };
  });
  if (newFaults.length > 0) await onNewFaults?.(system, newFaults);
  return result;
}

/**
 * Stores the samples and adds those that were new to their days' rollups; with `withStatus`, also sets
 * the status as updateStatus would for a batch without faults (from the open faults already stored).
 * Answers how many samples were new, the local days whose rollups they changed, and the status then.
 */
async function storeSamples(
  db: Database,
  system: SystemRow,
  batch: IngestBatch,
  times: number[],
  withStatus: boolean,
): Promise<{ inserted: number; days: string[]; emsStatus: string | null }> {
  if (times.length === 0) return { inserted: 0, days: [], emsStatus: system.emsStatus };
  const s = batch.samples;
  const newest = new Date(Math.max(...times)).toISOString();
  const statusParts = withStatus
    ? {
        ctes: sql`,
        open_fault AS (SELECT level FROM system_faults WHERE system_id = ${system.id} AND ended_at IS NULL),
        effective AS (
          SELECT r.status FROM unnest(${pgArray(Object.keys(SEVERITY))}::text[], ${pgArray(Object.values(SEVERITY))}::int[]) AS r(status, severity)
           WHERE r.status = ${batch.status ?? 'normal'} OR r.status IN (SELECT level FROM open_fault)
           ORDER BY r.severity DESC LIMIT 1
        ), touched AS (
          -- A batch older than what the system already sent (a late re-send) leaves status and last-seen alone.
          UPDATE systems SET ems_status = (SELECT status FROM effective), last_seen_at = ${newest}::timestamptz
           WHERE id = ${system.id} AND (last_seen_at IS NULL OR last_seen_at <= ${newest}::timestamptz)
           RETURNING ems_status
        )`,
        select: sql`, coalesce((SELECT ems_status FROM touched), (SELECT ems_status FROM systems WHERE id = ${system.id})) AS ems_status`,
      }
    : { ctes: sql``, select: sql`` };
  const [row] = await queryRows<{ inserted: number; days: string | null; ems_status?: string | null }>(
    db,
    sql`WITH batch AS (
          SELECT to_timestamp(u.ms / 1000.0) AS ts, u.pv, u.load, u.battery, u.grid, u.soc
            FROM unnest(${pgArray(times)}::bigint[], ${pgArray(s.map((x) => x.pv_w))}::int[], ${pgArray(s.map((x) => x.load_w))}::int[],
                        ${pgArray(s.map((x) => x.battery_w))}::int[], ${pgArray(s.map((x) => x.grid_w))}::int[], ${pgArray(s.map((x) => x.soc))}::real[])
                 AS u(ms, pv, load, battery, grid, soc)
        ), stored AS (
          INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
          SELECT ${system.id}, ts, pv, load, battery, grid, soc FROM batch
          ON CONFLICT (system_id, ts) DO NOTHING
          RETURNING ts, pv_w, load_w, battery_w, grid_w
        ), rolled_up AS (
          ${addToDailyRollups(system, 'stored')}
          RETURNING day
        )${statusParts.ctes}
        SELECT (SELECT count(*)::int FROM stored) AS inserted,
               (SELECT string_agg(day::text, ',' ORDER BY day) FROM rolled_up) AS days
               ${statusParts.select}`,
  );
  return {
    inserted: Number(row?.inserted ?? 0),
    days: row?.days ? row.days.split(',') : [],
    emsStatus: withStatus ? (row?.ems_status ?? null) : system.emsStatus,
  };
}

/** Every sample on the system's interval grid, not in the future, no time twice. Answers epoch ms. */
function checkSampleTimes(system: SystemRow, batch: IngestBatch, now: Date): number[] {
  const intervalMs = system.transFrequency * 1000;
  const seen = new Set<number>();
  return batch.samples.map((sample, i) => {
    const ms = Date.parse(sample.ts);
    if (ms > now.getTime()) throw refused(`samples.${i}.ts`, 'in the future');
    if (ms % intervalMs !== 0) throw refused(`samples.${i}.ts`, `not on the ${system.transFrequency} s interval`);
    if (seen.has(ms)) throw refused(`samples.${i}.ts`, 'sent twice in the batch');
    seen.add(ms);
    return ms;
  });
}

function checkFaultTimes(batch: IngestBatch, now: Date): void {
  (batch.faults ?? []).forEach((fault, i) => {
    const started = Date.parse(fault.started_at);
    if (started > now.getTime()) throw refused(`faults.${i}.started_at`, 'in the future');
    if (fault.ended_at && Date.parse(fault.ended_at) < started) throw refused(`faults.${i}.ended_at`, 'before started_at');
  });
}

function refused(field: string, why: string): ApiError {
  return new ApiError(Code.PARAM_ERROR, `Parameter error: ${field} (${why}); batch refused, nothing stored`);
}

/** Stores the faults; answers those stored for the first time (a re-sent report only updates its end). */
async function upsertFaults(db: Database, systemId: number, batch: IngestBatch): Promise<NewFault[]> {
  const created: NewFault[] = [];
  for (const fault of batch.faults ?? []) {
    const [row] = await db
      .insert(systemFaults)
      .values({
        systemId,
        code: fault.code,
        level: fault.level,
        description: fault.description,
        startedAt: new Date(fault.started_at),
        endedAt: fault.ended_at ? new Date(fault.ended_at) : null,
      })
      .onConflictDoUpdate({
        target: [systemFaults.systemId, systemFaults.code, systemFaults.startedAt],
        // An end, once known, stays: a late re-send of the 'still open' report must not reopen it.
        set: { endedAt: sql`coalesce(${systemFaults.endedAt}, excluded.ended_at)` },
      })
      // xmax is 0 on a row this statement inserted, not on one it updated.
      .returning({ created: sql<boolean>`(xmax = 0)` });
    if (row?.created) created.push({ code: fault.code, level: fault.level, description: fault.description, startedAt: new Date(fault.started_at) });
  }
  return created;
}

/**
 * The status follows the newest report: a batch older than what the system already sent (a late re-send)
 * leaves status and last-seen alone. Open faults raise the reported status.
 */
async function updateStatus(db: Database, system: SystemRow, batch: IngestBatch, times: number[]): Promise<string | null> {
  const newest = times.length > 0 ? Math.max(...times) : null;
  const lastSeen = system.lastSeenAt?.getTime() ?? null;
  if (newest !== null && lastSeen !== null && newest < lastSeen) return system.emsStatus;
  if (newest === null && batch.status === undefined && (batch.faults ?? []).length === 0) return system.emsStatus;
  const open = await db
    .select({ level: systemFaults.level })
    .from(systemFaults)
    .where(and(eq(systemFaults.systemId, system.id), isNull(systemFaults.endedAt)));
  const status = effectiveStatus(batch.status ?? 'normal', open.map((f) => f.level as FaultLevel));
  await db
    .update(systems)
    .set({ emsStatus: status, ...(newest !== null ? { lastSeenAt: new Date(newest) } : {}) })
    .where(eq(systems.id, system.id));
  return status;
}

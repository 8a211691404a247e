import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { Database } from '../../core/db';
import type { FaultLevel } from '../../../contract/monitoring-constants';
import { systemFaults, systems } from '../../core/db/schema/monitoring';
import { ApiError } from '../../core/http/envelope';
import { isUniqueViolation, queryRows } from '../../core/db';
import { DEFAULT_RAW_RETENTION_DAYS, rawWindowStart } from '../retention';
import { pgArray } from '../sql-arrays';
import { effectiveStatus, SEVERITY } from '../status';
import type { DeviceIdentities, DeviceIdentity } from './device-identities';
import { addToRollups } from './rollups';
import type { NewFault } from '../../core/mail/fault-mails';
import { alarmsFromFaults, type ReportedFault } from '../../alarms/lifecycle';
import type { IngestResult } from '../../../contract/monitoring';
import type { IngestBatch } from '../../../contract/ingest';
import { refuseWhileMoving } from '../../sysmigration/guard';

type SystemRow = typeof systems.$inferSelect;

/**
 * Device ingest: one batch is one transaction. Samples go in once per (system_id, ts), so a re-sent batch
 * stores nothing new, and the samples really stored are added to the rollups of their days in the same
 * statement (rollups.ts); faults are upserted by (system, code, start); the status follows the newest
 * data. A batch that breaks any rule is refused before anything is written.
 *
 * The usual batch (new samples and a status, no faults) is a single statement, atomic by itself: samples,
 * rollups and status at once, one round trip to the database. It first assumes what a device sends is new
 * (a plain INSERT, the rollups summed from the batch itself); when the key says some of it is already
 * stored (a re-send), nothing of that attempt remains and the statement runs again keeping only the
 * samples that were new (ON CONFLICT DO NOTHING … RETURNING, a third dearer). A batch with faults (rare)
 * runs as a transaction of several statements, because the status must see the faults it just stored.
 */
/**
 * Told, after the batch committed, of the alarms its faults opened: a fault that continues an open alarm (a repeat,
 * a flap within the hold) and a re-sent report tell nobody (server/alarms/lifecycle.ts).
 */
export type NewFaultsListener = (system: SystemRow, faults: NewFault[]) => Promise<void>;

export async function ingestWithDeviceKey(
  db: Database,
  identities: DeviceIdentities,
  deviceKey: string | undefined,
  batch: IngestBatch,
  now: Date,
  onNewFaults?: NewFaultsListener,
  rawRetentionDays = DEFAULT_RAW_RETENTION_DAYS,
): Promise<IngestResult> {
  if (!deviceKey) throw new ApiError(Code.UNAUTHORIZED, 'Unauthorized: missing device key', { httpStatus: 401 });
  const system = await identities.find(deviceKey);
  if (!system) throw new ApiError(Code.UNAUTHORIZED, 'Unauthorized: unknown device key', { httpStatus: 401 });
  return ingestBatch(db, system, batch, now, onNewFaults, rawRetentionDays);
}

export async function ingestBatch(
  db: Database,
  system: DeviceIdentity,
  batch: IngestBatch,
  now: Date,
  onNewFaults?: NewFaultsListener,
  rawRetentionDays = DEFAULT_RAW_RETENTION_DAYS,
): Promise<IngestResult> {
  // A system whose data is being moved takes no samples or faults (HTTP: 85, the device sends them again later; MQTT: refused, counted as dropped).
  await refuseWhileMoving(db, { ids: [system.id] });
  const times = checkSampleTimes(system, batch, now, rawRetentionDays);
  checkFaultTimes(batch, now);

  if (times.length > 0 && (batch.faults ?? []).length === 0) {
    const stored = await storeSamplesAndStatus(db, system, batch, times);
    return {
      accepted: stored.inserted,
      duplicates: batch.samples.length - stored.inserted,
      ems_status: stored.emsStatus,
      days: stored.days,
    };
  }
  const { result, newFaults, reporter } = await db.transaction(async (tx) => {
    // The whole row, locked: the status rule reads its last report, and fault mails need its details.
    const [reporter] = await tx.select().from(systems).where(eq(systems.id, system.id)).for('update');
    if (!reporter) throw new ApiError(Code.UNAUTHORIZED, 'Unauthorized: unknown device key', { httpStatus: 401 });
    const { inserted, days } = await storeSamples(tx, system, batch, times, { assumeNew: false, withStatus: false });
    const newFaults = await alarmsFromFaults(tx, system.id, await upsertFaults(tx, system.id, batch));
    const emsStatus = await updateStatus(tx, reporter, batch, times);
    return {
      result: { accepted: inserted, duplicates: batch.samples.length - inserted, ems_status: emsStatus, days },
      newFaults,
      reporter,
    };
  });
  if (newFaults.length > 0) await onNewFaults?.(reporter, newFaults);
  return result;
}

interface Stored {
  /** How many samples were new. */
  inserted: number;
  /** The local days whose rollups they changed. */
  days: string[];
  /** The status after the batch (when the statement set it). */
  emsStatus: string | null;
}

/** The one-statement path: assumes the samples are new, and keeps only the new ones when that was wrong. */
async function storeSamplesAndStatus(db: Database, system: DeviceIdentity, batch: IngestBatch, times: number[]): Promise<Stored> {
  try {
    return await storeSamples(db, system, batch, times, { assumeNew: true, withStatus: true });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return storeSamples(db, system, batch, times, { assumeNew: false, withStatus: true });
}

/**
 * Stores the samples and adds those that were new to their days' rollups; with `withStatus`, also sets
 * the status as updateStatus would for a batch without faults (from the open faults already stored).
 * With `assumeNew`, any sample already stored fails the whole statement with a unique violation.
 */
async function storeSamples(
  db: Database,
  system: DeviceIdentity,
  batch: IngestBatch,
  times: number[],
  { assumeNew, withStatus }: { assumeNew: boolean; withStatus: boolean },
): Promise<Stored> {
  if (times.length === 0) return { inserted: 0, days: [], emsStatus: null };
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
  // Assumed new, the rollups sum the batch itself: RETURNING every row costs more than the sums.
  const insert = assumeNew
    ? sql`stored AS (
          INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
          SELECT ${system.id}, ts, pv_w, load_w, battery_w, grid_w, soc FROM batch
        ), ${addToRollups(system, 'batch')}`
    : sql`stored AS (
          INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
          SELECT ${system.id}, ts, pv_w, load_w, battery_w, grid_w, soc FROM batch
          ON CONFLICT (system_id, ts) DO NOTHING
          RETURNING ts, pv_w, load_w, battery_w, grid_w
        ), ${addToRollups(system, 'stored')}`;
  const [row] = await queryRows<{ inserted: number | null; days: string | null; ems_status?: string | null }>(
    db,
    sql`WITH batch AS (
          SELECT to_timestamp(u.ms / 1000.0) AS ts, u.pv_w, u.load_w, u.battery_w, u.grid_w, u.soc
            FROM unnest(${pgArray(times)}::bigint[], ${pgArray(s.map((x) => x.pv_w))}::int[], ${pgArray(s.map((x) => x.load_w))}::int[],
                        ${pgArray(s.map((x) => x.battery_w))}::int[], ${pgArray(s.map((x) => x.grid_w))}::int[], ${pgArray(s.map((x) => x.soc))}::real[])
                 AS u(ms, pv_w, load_w, battery_w, grid_w, soc)
        ), ${insert}${statusParts.ctes}
        SELECT ${assumeNew ? sql`NULL` : sql`(SELECT count(*)::int FROM stored)`} AS inserted,
               (SELECT string_agg(day::text, ',' ORDER BY day) FROM rolled_up) AS days
               ${statusParts.select}`,
  );
  return {
    inserted: assumeNew ? times.length : Number(row?.inserted ?? 0),
    days: row?.days ? row.days.split(',') : [],
    emsStatus: row?.ems_status ?? null,
  };
}

/** Every sample on the system's interval grid, not in the future, no time twice. Answers epoch ms. */
function checkSampleTimes(system: DeviceIdentity, batch: IngestBatch, now: Date, rawRetentionDays: number): number[] {
  const intervalMs = system.transFrequency * 1000;
  // A sample the retention purge would delete at once (retention.ts) is refused: stored, it would be added to
  // the rollups and then be gone from the curve, which would no longer add up to its day.
  const oldest = batch.samples.length > 0 ? rawWindowStart(system.timeZone, now, rawRetentionDays) : 0;
  const seen = new Set<number>();
  return batch.samples.map((sample, i) => {
    const ms = Date.parse(sample.ts);
    if (ms > now.getTime()) throw refused(`samples.${i}.ts`, 'in the future');
    if (ms < oldest) throw refused(`samples.${i}.ts`, `older than the ${rawRetentionDays} days raw samples are kept`);
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

/** Stores the faults; answers each, marked when stored for the first time (a re-sent report only updates its end). */
async function upsertFaults(db: Database, systemId: number, batch: IngestBatch): Promise<ReportedFault[]> {
  const reported: ReportedFault[] = [];
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
    reported.push({
      code: fault.code,
      level: fault.level,
      description: fault.description,
      startedAt: new Date(fault.started_at),
      endedAt: fault.ended_at ? new Date(fault.ended_at) : null,
      created: row?.created === true,
    });
  }
  return reported;
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
  const status = effectiveStatus(
    batch.status ?? 'normal',
    open.map((f) => f.level as FaultLevel),
  );
  await db
    .update(systems)
    .set({ emsStatus: status, ...(newest !== null ? { lastSeenAt: new Date(newest) } : {}) })
    .where(eq(systems.id, system.id));
  return status;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../src/shared/codes';
import type { Database } from '../../db';
import { systemFaults, systems, type FaultLevel } from '../../db/schema/monitoring';
import { ApiError } from '../../http/envelope';
import { pgArray } from '../sql-arrays';
import { effectiveStatus } from '../status';
import { hashDeviceKey } from './device-keys';
import { localDaysOf, recomputeDailyRollups } from './rollups';
import type { IngestBatch, IngestResult } from './schema';

type SystemRow = typeof systems.$inferSelect;

/**
 * Device ingest: one batch is one transaction. Samples go in with ON CONFLICT DO NOTHING on
 * (system_id, ts), so a re-sent batch stores nothing new; the rollups of every day the batch touched are
 * recomputed from raw rows; faults are upserted by (system, code, start); the status follows the newest
 * data. A batch that breaks any rule is refused before anything is written.
 */
export async function ingestWithDeviceKey(db: Database, deviceKey: string | undefined, batch: IngestBatch, now: Date): Promise<IngestResult> {
  if (!deviceKey) throw new ApiError(401, 'Unauthorized: missing device key', { httpStatus: 401 });
  const [system] = await db.select().from(systems).where(eq(systems.deviceKeyHash, hashDeviceKey(deviceKey)));
  if (!system) throw new ApiError(401, 'Unauthorized: unknown device key', { httpStatus: 401 });
  return ingestBatch(db, system, batch, now);
}

export async function ingestBatch(db: Database, system: SystemRow, batch: IngestBatch, now: Date): Promise<IngestResult> {
  const times = checkSampleTimes(system, batch, now);
  checkFaultTimes(batch, now);

  return db.transaction(async (tx) => {
    const inserted = await insertSamples(tx, system.id, batch, times);
    const days = await localDaysOf(tx, batch.samples.map((s) => s.ts), system.timeZone);
    await recomputeDailyRollups(tx, system.id, system.timeZone, system.transFrequency, days);
    await upsertFaults(tx, system.id, batch);
    const emsStatus = await updateStatus(tx, system, batch, times);
    return { accepted: inserted, duplicates: batch.samples.length - inserted, ems_status: emsStatus, days };
  });
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

async function insertSamples(db: Database, systemId: number, batch: IngestBatch, times: number[]): Promise<number> {
  if (batch.samples.length === 0) return 0;
  const s = batch.samples;
  const result = (await db.execute(sql`
    INSERT INTO telemetry (system_id, ts, pv_w, load_w, battery_w, grid_w, soc)
    SELECT ${systemId}, to_timestamp(u.ms / 1000.0), u.pv, u.load, u.battery, u.grid, u.soc
      FROM unnest(${pgArray(times)}::bigint[], ${pgArray(s.map((x) => x.pv_w))}::int[], ${pgArray(s.map((x) => x.load_w))}::int[],
                  ${pgArray(s.map((x) => x.battery_w))}::int[], ${pgArray(s.map((x) => x.grid_w))}::int[], ${pgArray(s.map((x) => x.soc))}::real[])
           AS u(ms, pv, load, battery, grid, soc)
    ON CONFLICT (system_id, ts) DO NOTHING`)) as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

async function upsertFaults(db: Database, systemId: number, batch: IngestBatch): Promise<void> {
  for (const fault of batch.faults ?? []) {
    await db
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
      });
  }
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

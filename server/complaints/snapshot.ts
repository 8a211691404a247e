import { and, asc, desc, eq, lte, max, sql } from 'drizzle-orm';
import {
  SNAPSHOT_FAULTS,
  SNAPSHOT_POWER_POINTS,
  SNAPSHOT_POWER_STEP_MINUTES,
  type SnapshotPowerPoint,
  type SystemSnapshot,
} from '../../contract/complaint-snapshot';
import { queryRows, type Database } from '../core/db';
import type { FaultLevel } from '../../contract/monitoring-constants';
import { effectiveStatus } from '../monitoring/status';
import { complaintSnapshots, systemComponents, systemFaults, systems, telemetry } from '../core/db/schema';

/**
 * The system as it was when a complaint was filed: the engineer reads the model, firmware, status,
 * last faults and last day's curve beside the text without opening another screen, and sees them as they were then
 * even after a firmware update. Bounded: the newest SNAPSHOT_FAULTS faults, SNAPSHOT_POWER_POINTS 15-minute means.
 */

/** A system has a handful of devices; the cap keeps a misconfigured one from bloating every complaint about it. */
const MAX_COMPONENTS = 20;
const DAY_MS = 24 * 3_600_000;

async function powerOfLastDay(db: Database, systemId: number, now: Date): Promise<SnapshotPowerPoint[]> {
  const since = new Date(now.getTime() - DAY_MS);
  const step = `${SNAPSHOT_POWER_STEP_MINUTES} minutes`;
  const rows = await queryRows<{ ts: Date | string; pv_w: number; load_w: number; battery_w: number; grid_w: number; soc: number }>(
    db,
    sql`SELECT date_bin(${step}::interval, ts, ${since.toISOString()}::timestamptz) AS ts,
          round(avg(pv_w))::int AS pv_w, round(avg(load_w))::int AS load_w, round(avg(battery_w))::int AS battery_w,
          round(avg(grid_w))::int AS grid_w, round(avg(soc)::numeric, 1)::float8 AS soc
        FROM telemetry
        WHERE system_id = ${systemId} AND ts > ${since.toISOString()}::timestamptz AND ts <= ${now.toISOString()}::timestamptz
        GROUP BY 1 ORDER BY 1 LIMIT ${SNAPSHOT_POWER_POINTS}`,
  );
  return rows.map((r) => ({
    ts: new Date(r.ts).toISOString(),
    pv_w: Number(r.pv_w),
    load_w: Number(r.load_w),
    battery_w: Number(r.battery_w),
    grid_w: Number(r.grid_w),
    soc: Number(r.soc),
  }));
}

/**
 * The snapshot of the system with this S/N at `now` (the filing's moment); null when there is no such system. Nothing
 * later is in it, also when it is taken afterwards (the demo's complaints, filed days before the demo starts): faults
 * started by then, as they stood then (one that ended later was still running), data seen by then, and the status
 * of that moment where the system has been heard of since.
 */
export async function takeSnapshot(db: Database, sysSn: string, now: Date): Promise<SystemSnapshot | null> {
  const [system] = await db.select().from(systems).where(eq(systems.sysSn, sysSn)).limit(1);
  if (!system) return null;
  const components = await db
    .select({
      kind: systemComponents.kind,
      sn: systemComponents.sn,
      model: systemComponents.model,
      firmware_version: systemComponents.firmwareVersion,
    })
    .from(systemComponents)
    .where(eq(systemComponents.systemId, system.id))
    .orderBy(asc(systemComponents.kind), asc(systemComponents.id))
    .limit(MAX_COMPONENTS);
  const faults = await db
    .select({
      code: systemFaults.code,
      level: systemFaults.level,
      description: systemFaults.description,
      started_at: systemFaults.startedAt,
      ended_at: systemFaults.endedAt,
    })
    .from(systemFaults)
    .where(and(eq(systemFaults.systemId, system.id), lte(systemFaults.startedAt, now)))
    .orderBy(desc(systemFaults.startedAt), desc(systemFaults.id))
    .limit(SNAPSHOT_FAULTS);
  const later = system.lastSeenAt !== null && system.lastSeenAt > now;
  const lastSeenAt = later ? await lastSampleBy(db, system.id, now) : system.lastSeenAt;
  const endedBy = (ended: Date | null) => (ended && ended <= now ? ended : null);
  return {
    system_id: system.id,
    sys_sn: system.sysSn,
    sys_name: system.sysName,
    model: system.minv,
    battery_model: system.mbat,
    ems_status: later ? statusAt(faults, lastSeenAt, now, system.transFrequency) : (system.emsStatus ?? null),
    last_seen_at: lastSeenAt?.toISOString() ?? null,
    components,
    faults: faults.map((f) => ({ ...f, started_at: f.started_at.toISOString(), ended_at: endedBy(f.ended_at)?.toISOString() ?? null })),
    power: await powerOfLastDay(db, system.id, now),
    taken_at: now.toISOString(),
  };
}

/** The newest sample of the system at or before `at`. */
async function lastSampleBy(db: Database, systemId: number, at: Date): Promise<Date | null> {
  const [row] = await db
    .select({ ts: max(telemetry.ts) })
    .from(telemetry)
    .where(and(eq(telemetry.systemId, systemId), lte(telemetry.ts, at)));
  return row?.ts ? new Date(row.ts) : null;
}

/**
 * The status at a past moment, as the monitoring would have shown it: offline three intervals after the last sample
 * (server/monitoring/systems/service.ts), else raised by the faults running then (server/monitoring/status.ts).
 */
function statusAt(
  faults: readonly { level: FaultLevel; ended_at: Date | null }[],
  lastSeenAt: Date | null,
  at: Date,
  intervalSeconds: number,
): SystemSnapshot['ems_status'] {
  if (!lastSeenAt || at.getTime() - lastSeenAt.getTime() > intervalSeconds * 3 * 1000) return 'offline';
  return effectiveStatus(
    'normal',
    faults.filter((f) => !f.ended_at || f.ended_at > at).map((f) => f.level),
  );
}

/** Takes and keeps the snapshot of a complaint just filed (in the filing's transaction). */
export async function keepSnapshot(db: Database, complaintId: number, sysSn: string, now: Date): Promise<void> {
  const snapshot = await takeSnapshot(db, sysSn, now);
  if (!snapshot) return;
  await db.insert(complaintSnapshots).values({ complaintId, snapshot, takenAt: now }).onConflictDoNothing();
}

/** The kept snapshot of a complaint, or null. */
export async function snapshotOf(db: Database, complaintId: number): Promise<SystemSnapshot | null> {
  const [row] = await db
    .select({ snapshot: complaintSnapshots.snapshot })
    .from(complaintSnapshots)
    .where(eq(complaintSnapshots.complaintId, complaintId));
  return row?.snapshot ?? null;
}

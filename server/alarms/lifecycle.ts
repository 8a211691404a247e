import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALARM_CLEAR_HOLD_MINUTES, OFFLINE_ALARM_CODE, type AlarmEventKind } from '../../contract/alarm-states';
import { alarmClassOf, faultCodeOf, type AlarmSeverity, type FaultComponent } from '../../contract/fault-codes';
import type { FaultLevel } from '../../contract/monitoring-constants';
import { queryRows, type Database } from '../core/db';
import { alarmEvents, alarms, systemFaults } from '../core/db/schema';

/**
 * How alarms follow what devices report (DESIGN §12). A fault seen for the first time opens the alarm of its
 * (system, component, code), or continues the open one: its count and last-seen rise, and nobody is told again. When
 * no fault of that code is open any more the alarm is 'clearing'; it clears once ALARM_CLEAR_HOLD_MINUTES passed
 * without the fault coming back, and a fault that comes back within the hold returns it to 'active' as the same
 * alarm. So a flapping fault, or a storm of the same event, is one alarm and one notification.
 *
 * The ingest calls `alarmsFromFaults` inside its transaction, which holds the system's row locked: the reads and
 * writes of one system's alarms never interleave. The sweep (`sweepAlarms`, every minute) clears what the hold
 * released, opens the alarm of a system that fell silent and clears it when the system reports again, and adopts
 * faults that are open without an alarm (those stored before alarms existed).
 */

export interface ReportedFault {
  code: string;
  level: FaultLevel;
  description: string;
  startedAt: Date;
  endedAt: Date | null;
  /** Stored for the first time by this batch (a re-sent report is not a new occurrence). */
  created: boolean;
}

/** An alarm this batch opened: what its notification tells. */
export interface OpenedAlarm {
  id: number;
  code: string;
  level: FaultLevel;
  severity: AlarmSeverity;
  description: string;
  startedAt: Date;
}

const HOLD_MS = ALARM_CLEAR_HOLD_MINUTES * 60_000;

/**
 * A system whose history moved to its successor (a confirmed data migration) is replaced: its silence is expected,
 * so it raises no offline alarm and loses the one it had.
 */
const replaced = (systemId: string) =>
  sql.raw(`EXISTS (SELECT 1 FROM system_migrations m WHERE m.old_system_id = ${systemId} AND m.state = 'confirmed')`);

/** Opens, continues and starts clearing the system's alarms from a batch's faults; answers the alarms it opened. */
export async function alarmsFromFaults(db: Database, systemId: number, faults: readonly ReportedFault[]): Promise<OpenedAlarm[]> {
  const opened: OpenedAlarm[] = [];
  const ordered = [...faults].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  for (const fault of ordered.filter((f) => f.created)) {
    const alarm = await occurrence(db, systemId, fault);
    if (alarm) opened.push(alarm);
  }
  const endedCodes = new Set(ordered.filter((f) => f.endedAt !== null).map((f) => f.code));
  for (const code of endedCodes) await startClearing(db, systemId, code, ordered);
  return opened;
}

/** One new occurrence of a fault: the open alarm continues (back to active if it was clearing), or a new one opens. */
async function occurrence(db: Database, systemId: number, fault: ReportedFault): Promise<OpenedAlarm | undefined> {
  const { component, severity } = alarmClassOf(fault.code, fault.level);
  const [open] = await db
    .select({ id: alarms.id, state: alarms.state })
    .from(alarms)
    .where(and(eq(alarms.systemId, systemId), eq(alarms.component, component), eq(alarms.code, fault.code), isNull(alarms.clearedAt)));
  if (open) {
    await db
      .update(alarms)
      .set({
        occurrences: sql`${alarms.occurrences} + 1`,
        lastSeenAt: sql`greatest(${alarms.lastSeenAt}, ${fault.startedAt.toISOString()}::timestamptz)`,
        state: 'active',
        clearDueAt: null,
      })
      .where(and(eq(alarms.systemId, systemId), eq(alarms.id, open.id)));
    if (open.state === 'clearing') await addEvent(db, systemId, open.id, 'returned', fault.startedAt);
    return undefined;
  }
  const [created] = await db
    .insert(alarms)
    .values({
      systemId,
      code: fault.code,
      component,
      severity,
      description: fault.description,
      state: 'active',
      firstSeenAt: fault.startedAt,
      lastSeenAt: fault.startedAt,
    })
    .returning({ id: alarms.id });
  await addEvent(db, systemId, created!.id, 'opened', fault.startedAt);
  return { id: created!.id, code: fault.code, level: fault.level, severity, description: fault.description, startedAt: fault.startedAt };
}

/** Once no fault of the code is open, its active alarm waits out the hold from the latest end. */
async function startClearing(db: Database, systemId: number, code: string, faults: readonly ReportedFault[]): Promise<void> {
  const [stillOpen] = await db
    .select({ id: systemFaults.id })
    .from(systemFaults)
    .where(and(eq(systemFaults.systemId, systemId), eq(systemFaults.code, code), isNull(systemFaults.endedAt)))
    .limit(1);
  if (stillOpen) return;
  const lastEnd = Math.max(...faults.filter((f) => f.code === code && f.endedAt).map((f) => f.endedAt!.getTime()));
  await db
    .update(alarms)
    .set({
      state: 'clearing',
      clearDueAt: new Date(lastEnd + HOLD_MS),
      lastSeenAt: sql`greatest(${alarms.lastSeenAt}, ${new Date(lastEnd).toISOString()}::timestamptz)`,
    })
    .where(and(eq(alarms.systemId, systemId), eq(alarms.code, code), eq(alarms.state, 'active'), isNull(alarms.clearedAt)));
}

export async function addEvent(
  db: Database,
  systemId: number,
  alarmId: number,
  kind: AlarmEventKind,
  at: Date,
  by?: { id: number; name: string },
  note?: string,
): Promise<void> {
  await db
    .insert(alarmEvents)
    .values({ systemId, alarmId, kind, at, byUserId: by?.id ?? null, byName: by?.name ?? null, note: note ?? null });
}

/** What one run of the sweep changed (for the job's log and the tests). */
export interface SweepResult {
  cleared: number;
  offlineOpened: number;
  offlineCleared: number;
  adopted: number;
}

/** The minute's work on alarms: set-based, so a fleet of any size is a few statements. */
export async function sweepAlarms(db: Database, now: Date): Promise<SweepResult> {
  const at = now.toISOString();
  const [cleared] = await queryRows<{ n: number }>(
    db,
    sql`WITH cleared AS (
          UPDATE alarms SET state = 'cleared', cleared_at = clear_due_at
           WHERE cleared_at IS NULL AND state = 'clearing' AND clear_due_at <= ${at}::timestamptz
          RETURNING system_id, id, cleared_at),
        logged AS (INSERT INTO alarm_events (system_id, alarm_id, kind, at) SELECT system_id, id, 'cleared', cleared_at FROM cleared)
        SELECT count(*)::int AS n FROM cleared`,
  );
  const offline = faultCodeOf(OFFLINE_ALARM_CODE)!;
  const [offlineOpened] = await queryRows<{ n: number }>(
    db,
    sql`WITH opened AS (
          INSERT INTO alarms (system_id, code, component, severity, description, state, first_seen_at, last_seen_at)
          SELECT s.id, ${OFFLINE_ALARM_CODE}, ${offline.component}, ${offline.severity}, 'System offline (no data)', 'active',
                 coalesce(s.last_seen_at, ${at}::timestamptz), ${at}::timestamptz
            FROM systems s
           WHERE s.ems_status = 'offline' AND NOT (${replaced('s.id')})
          ON CONFLICT (system_id, component, code) WHERE cleared_at IS NULL DO NOTHING
          RETURNING system_id, id, first_seen_at),
        logged AS (INSERT INTO alarm_events (system_id, alarm_id, kind, at) SELECT system_id, id, 'opened', first_seen_at FROM opened)
        SELECT count(*)::int AS n FROM opened`,
  );
  // Back as soon as it reports: the three silent intervals that raised it were the hold already.
  const [offlineCleared] = await queryRows<{ n: number }>(
    db,
    sql`WITH cleared AS (
          UPDATE alarms a SET state = 'cleared', cleared_at = greatest(a.first_seen_at, coalesce(s.last_seen_at, ${at}::timestamptz)),
                 clear_due_at = NULL
            FROM systems s
           WHERE s.id = a.system_id AND a.code = ${OFFLINE_ALARM_CODE} AND a.cleared_at IS NULL
             AND (s.ems_status IS DISTINCT FROM 'offline' OR ${replaced('s.id')})
          RETURNING a.system_id, a.id, a.cleared_at),
        logged AS (INSERT INTO alarm_events (system_id, alarm_id, kind, at) SELECT system_id, id, 'cleared', cleared_at FROM cleared)
        SELECT count(*)::int AS n FROM cleared`,
  );
  return {
    cleared: cleared?.n ?? 0,
    offlineOpened: offlineOpened?.n ?? 0,
    offlineCleared: offlineCleared?.n ?? 0,
    adopted: await adoptOpenFaults(db),
  };
}

/**
 * Faults open without an alarm (stored before alarms existed, or by a path that bypassed them) get theirs, quietly:
 * whoever was to be told was told when the fault came in.
 */
async function adoptOpenFaults(db: Database): Promise<number> {
  const orphans = await queryRows<{ system_id: number; code: string; level: FaultLevel; description: string; first: string; last: string }>(
    db,
    sql`SELECT f.system_id, f.code, min(f.level) AS level, min(f.description) AS description,
               min(f.started_at) AS first, max(f.started_at) AS last
          FROM system_faults f
         WHERE f.ended_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.system_id = f.system_id AND a.code = f.code AND a.cleared_at IS NULL)
         GROUP BY f.system_id, f.code
         LIMIT 1000`,
  );
  let adopted = 0;
  for (const orphan of orphans) {
    const { component, severity }: { component: FaultComponent; severity: AlarmSeverity } = alarmClassOf(orphan.code, orphan.level);
    const [row] = await db
      .insert(alarms)
      .values({
        systemId: orphan.system_id,
        code: orphan.code,
        component,
        severity,
        description: orphan.description,
        state: 'active',
        firstSeenAt: new Date(orphan.first),
        lastSeenAt: new Date(orphan.last),
      })
      .onConflictDoNothing()
      .returning({ id: alarms.id });
    if (!row) continue;
    adopted++;
    await addEvent(db, orphan.system_id, row.id, 'opened', new Date(orphan.first));
  }
  return adopted;
}

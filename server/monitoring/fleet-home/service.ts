import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { energyDaily, systemFaults, systems } from '../../core/db/schema/monitoring';
import { systemEvents } from '../../core/db/schema/system-events';
import type { FleetEnergyToday, FleetEvent, FleetFaultRow, FleetOfflineRow, FleetOverview } from '../../../contract/monitoring';
import { systemScope, type Viewer } from '../../core/system-scope';
import { round2 } from '../target';

/** How long a system must have been silent to count as 'offline for more than a day'. */
const OFFLINE_FOR_MS = 24 * 3_600_000;

/**
 * The staff home: in the caller's scope, the systems with an open fault (newest fault
 * first), the systems silent for more than a day (longest first), today's energy of the fleet and the last
 * events. Each list answers its first `limit` rows and how many there are.
 */
export async function fleetOverview(db: Database, viewer: Viewer, now: Date, limit: number): Promise<FleetOverview> {
  const scope = systemScope(viewer, now);
  const [faults, offline, energy, events] = await Promise.all([
    systemsWithFaults(db, scope, limit),
    longOffline(db, scope, now, limit),
    energyToday(db, scope, now),
    lastEvents(db, scope, limit),
  ]);
  return { faults, offline, energy, events };
}

type Scope = ReturnType<typeof systemScope>;

/** One row per system with an open fault: its newest open fault and how many it has open. */
async function systemsWithFaults(db: Database, scope: Scope, limit: number): Promise<{ data: FleetFaultRow[]; dataCount: number }> {
  const open = and(isNull(systemFaults.endedAt), scope);
  const perSystem = db
    .selectDistinctOn([systemFaults.systemId], {
      systemId: systemFaults.systemId,
      code: systemFaults.code,
      level: systemFaults.level,
      description: systemFaults.description,
      startedAt: systemFaults.startedAt,
      openFaults: sql<number>`count(*) OVER (PARTITION BY ${systemFaults.systemId})`.as('open_faults'),
    })
    .from(systemFaults)
    .innerJoin(systems, eq(systems.id, systemFaults.systemId))
    .where(open)
    .orderBy(systemFaults.systemId, desc(systemFaults.startedAt))
    .as('per_system');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        code: perSystem.code,
        level: perSystem.level,
        description: perSystem.description,
        startedAt: perSystem.startedAt,
        openFaults: perSystem.openFaults,
        sysSn: systems.sysSn,
        sysName: systems.sysName,
        emsStatus: systems.emsStatus,
        timeZone: systems.timeZone,
      })
      .from(perSystem)
      .innerJoin(systems, eq(systems.id, perSystem.systemId))
      .orderBy(desc(perSystem.startedAt), systems.sysSn)
      .limit(limit),
    db
      .select({ n: sql<number>`count(DISTINCT ${systemFaults.systemId})` })
      .from(systemFaults)
      .innerJoin(systems, eq(systems.id, systemFaults.systemId))
      .where(open),
  ]);
  return {
    dataCount: Number(total?.n ?? 0),
    data: rows.map((r) => ({
      sys_sn: r.sysSn,
      sys_name: r.sysName,
      ems_status: r.emsStatus,
      time_zone: r.timeZone,
      code: r.code,
      level: r.level,
      description: r.description,
      started_at: new Date(r.startedAt).toISOString(),
      open_faults: Number(r.openFaults),
    })),
  };
}

/** Offline systems whose last report is more than a day old (or that never reported), longest silent first. */
async function longOffline(db: Database, scope: Scope, now: Date, limit: number): Promise<{ data: FleetOfflineRow[]; dataCount: number }> {
  const where = and(
    eq(systems.emsStatus, 'offline'),
    or(isNull(systems.lastSeenAt), lt(systems.lastSeenAt, new Date(now.getTime() - OFFLINE_FOR_MS))),
    scope,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        sysSn: systems.sysSn,
        sysName: systems.sysName,
        lastSeenAt: systems.lastSeenAt,
        timeZone: systems.timeZone,
        countryCode: systems.countryCode,
        city: systems.city,
      })
      .from(systems)
      .where(where)
      .orderBy(sql`${systems.lastSeenAt} ASC NULLS FIRST`, systems.sysSn)
      .limit(limit),
    db.select({ n: count() }).from(systems).where(where),
  ]);
  return {
    dataCount: Number(total?.n ?? 0),
    data: rows.map((r) => ({
      sys_sn: r.sysSn,
      sys_name: r.sysName,
      last_seen_at: r.lastSeenAt?.toISOString() ?? null,
      time_zone: r.timeZone,
      country_code: r.countryCode,
      city: r.city,
    })),
  };
}

/** The sums of the systems' rollups of their own local today (one primary-key lookup per system). */
async function energyToday(db: Database, scope: Scope, now: Date): Promise<FleetEnergyToday> {
  const [row] = await db
    .select({
      systems: count(),
      pv: sql<number>`coalesce(sum(${energyDaily.pvKwh}), 0)`,
      load: sql<number>`coalesce(sum(${energyDaily.loadKwh}), 0)`,
      imported: sql<number>`coalesce(sum(${energyDaily.importKwh}), 0)`,
      exported: sql<number>`coalesce(sum(${energyDaily.exportKwh}), 0)`,
      charge: sql<number>`coalesce(sum(${energyDaily.chargeKwh}), 0)`,
      discharge: sql<number>`coalesce(sum(${energyDaily.dischargeKwh}), 0)`,
    })
    .from(systems)
    .innerJoin(
      energyDaily,
      and(
        eq(energyDaily.systemId, systems.id),
        sql`${energyDaily.day} = (${now.toISOString()}::timestamptz AT TIME ZONE ${systems.timeZone})::date`,
      ),
    )
    .where(scope);
  return {
    systems: Number(row?.systems ?? 0),
    pv_kwh: round2(Number(row?.pv ?? 0)),
    load_kwh: round2(Number(row?.load ?? 0)),
    import_kwh: round2(Number(row?.imported ?? 0)),
    export_kwh: round2(Number(row?.exported ?? 0)),
    charge_kwh: round2(Number(row?.charge ?? 0)),
    discharge_kwh: round2(Number(row?.discharge ?? 0)),
  };
}

/** The newest events of the fleet (system_events, newest first). */
async function lastEvents(db: Database, scope: Scope, limit: number): Promise<FleetEvent[]> {
  const rows = await db
    .select({ e: systemEvents, sysSn: systems.sysSn, sysName: systems.sysName, timeZone: systems.timeZone })
    .from(systemEvents)
    .innerJoin(systems, eq(systems.id, systemEvents.systemId))
    .where(scope)
    .orderBy(desc(systemEvents.at), desc(systemEvents.id))
    .limit(limit);
  return rows.map(({ e, sysSn, sysName, timeZone }) => ({
    id: e.id,
    kind: e.kind,
    at: e.at.toISOString(),
    sys_sn: sysSn,
    sys_name: sysName,
    time_zone: timeZone,
    code: e.code,
    level: e.level as FleetEvent['level'],
    description: e.description,
  }));
}

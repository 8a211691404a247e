import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contract/codes';
import type { Database } from '../../core/db';
import { EMS_STATUSES } from '../../../contract/monitoring-constants';
import { energyDaily, systems, systemStatusCounts } from '../../core/db/schema/monitoring';
import { installerCompanies } from '../../core/db/schema/organizations';
import { systemScope, systemsInScope, type SystemRow, type Viewer } from '../../core/system-scope';
import { pgArray } from '../sql-arrays';
import { ALL, round2 } from '../target';
import { logSystemChange, type SystemChangeAuthor } from './history';
import { isLiveSortKey, liveJoins, type LiveSortKey } from './live';
import type { MapPosition, StatusCounts, SystemListRow, SystemSummary } from '../../../contract/monitoring';
import type { SystemSortKey } from '../../../contract/monitoring-constants';
import { refuseWhileMoving, systemsBeingMoved } from '../../sysmigration/guard';
import { likeContaining } from '../../core/crud/factory';

export type { MapPosition, StatusCounts, SystemListRow, SystemSummary };

export function summaryOf(s: SystemRow): SystemSummary {
  return {
    system_id: s.id,
    sys_sn: s.sysSn,
    sys_name: s.sysName,
    popv: s.popv,
    minv: s.minv,
    poinv: s.poinv,
    cobat: s.cobat,
    mbat: s.mbat,
    surpluscobat: s.surpluscobat,
    uscapacity: s.uscapacity,
    ems_status: s.emsStatus,
    trans_frequency: s.transFrequency,
  };
}

/**
 * The customer's (or sharer's) selector list: their systems (`shared_with_me` when shared with them rather
 * than theirs), and when there are several, the synthetic 'All' entry first with the sums of popv, poinv,
 * cobat and surpluscobat to 2 decimals.
 */
export async function selectorList(db: Database, viewer: Viewer, now: Date): Promise<SystemSummary[]> {
  const list = (await systemsInScope(db, viewer, now)).map((s) => ({ ...summaryOf(s), shared_with_me: s.customerUserId !== viewer.id }));
  if (list.length < 2) return list;
  const sum = (key: 'popv' | 'poinv' | 'cobat' | 'surpluscobat') => round2(list.reduce((total, s) => total + s[key], 0));
  const all: SystemSummary = {
    system_id: null,
    sys_sn: ALL,
    sys_name: ALL,
    popv: sum('popv'),
    minv: '',
    poinv: sum('poinv'),
    cobat: sum('cobat'),
    mbat: '',
    surpluscobat: sum('surpluscobat'),
    uscapacity: 0,
    ems_status: null,
    trans_frequency: list[0]!.trans_frequency,
  };
  return [all, ...list];
}

/** The storage list's search (every field optional): what the list and its status counts are filtered by. */
export interface SystemSearch {
  sn?: string;
  name?: string;
  /** A status of spec §4 or 'unknown' for none. */
  status?: string;
  countryCode?: string;
  installer?: string;
}

export interface SystemListQuery extends SystemSearch {
  pageIndex: number;
  pageSize: number;
  /** At most one column (the list's table sorts by one); by S/N when none. */
  sort?: ReadonlyArray<{ field: SystemSortKey; order: 'asc' | 'desc' }>;
}

const SORTABLE = {
  sys_sn: systems.sysSn,
  sys_name: systems.sysName,
  ems_status: systems.emsStatus,
  country_code: systems.countryCode,
  installer: installerCompanies.name,
  popv: systems.popv,
  cobat: systems.cobat,
  commissioned_on: systems.commissionedOn,
  last_seen_at: systems.lastSeenAt,
  // Every sort key of the contract has its column here, or is a live figure (live.ts).
} as const satisfies Record<Exclude<SystemSortKey, LiveSortKey>, unknown>;

/** The viewer's scope narrowed by a search (the installer filter reads the joined installer_companies). */
function searchWhere(viewer: Viewer, now: Date, q: SystemSearch): SQL | undefined {
  const filters: (SQL | undefined)[] = [systemScope(viewer, now)];
  if (q.sn) filters.push(ilike(systems.sysSn, likeContaining(q.sn)));
  if (q.name) filters.push(ilike(systems.sysName, likeContaining(q.name)));
  if (q.status)
    filters.push(q.status === 'unknown' ? isNull(systems.emsStatus) : eq(systems.emsStatus, q.status as (typeof EMS_STATUSES)[number]));
  if (q.countryCode) filters.push(eq(systems.countryCode, q.countryCode.toUpperCase()));
  if (q.installer) filters.push(ilike(installerCompanies.name, likeContaining(q.installer)));
  return and(...filters);
}

/**
 * The storage list's rows with their live figures, by system id: the same statement for every page and every
 * viewer (the page was chosen in scope before), so it is built once per database and prepared.
 */
function listRowsStatement(db: Database) {
  const live = liveJoins(db, sql.placeholder('now'));
  return db
    .select({
      system: systems,
      installer: installerCompanies.name,
      pvW: live.sortable.pv_w,
      batteryW: live.sortable.battery_w,
      gridW: live.sortable.grid_w,
      soc: live.sortable.soc,
      todayPvKwh: live.sortable.today_pv_kwh,
      alarmCode: live.alarm.code,
      alarmLevel: live.alarm.level,
      alarmDescription: live.alarm.description,
      alarmStartedAt: live.alarm.startedAt,
    })
    .from(systems)
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .leftJoinLateral(live.latest, sql`true`)
    .leftJoin(energyDaily, live.today)
    .leftJoinLateral(live.alarm, sql`true`)
    .where(sql`${systems.id} = ANY(${sql.placeholder('ids')}::int[])`)
    .prepare('systems_list_rows');
}

const listRowsStatements = new WeakMap<Database, ReturnType<typeof listRowsStatement>>();

function listRowsOf(db: Database) {
  let statement = listRowsStatements.get(db);
  if (!statement) listRowsStatements.set(db, (statement = listRowsStatement(db)));
  return statement;
}

/**
 * The staff storage list: the viewer's scope, filtered, sorted, one page, with each row's live figures
 * (live.ts). The page is chosen first and the live figures read for its rows only, unless the list is
 * sorted by one of them: then each system in the search needs its own (one index lookup each).
 */
export async function listSystems(db: Database, viewer: Viewer, now: Date, q: SystemListQuery): Promise<Page<SystemListRow>> {
  const where = searchWhere(viewer, now, q);
  const sort = q.sort?.[0]?.field ?? 'sys_sn';
  const direction = q.sort?.[0]?.order === 'desc' ? 'DESC' : 'ASC';
  // The live joins take part in choosing the page only when the list is sorted by one of their figures.
  const live = isLiveSortKey(sort) ? { key: sort, joins: liveJoins(db, now) } : null;
  // Systems without the value (no installer, never reported, no alarm) come last whichever way the list is sorted.
  const sortOrder = live
    ? live.joins.orderBy(live.key, direction)
    : sql`${SORTABLE[sort as keyof typeof SORTABLE]} ${sql.raw(direction)} NULLS LAST`;

  // Unscoped staff without a search list the whole fleet: its size is what the status counts' triggers keep, so the
  // page is read off the sort's index alone. Otherwise the page tells the size of the whole search beside each row (a
  // window over the search, before LIMIT); only a page past the end, which has no row to tell it, asks for the count
  // on its own.
  const fleetSize = where === undefined ? (await fleetCountsOf(db).execute()).reduce((sum, { n }) => sum + Number(n), 0) : null;
  const pageQuery = db
    .select({
      id: systems.id,
      total: (fleetSize === null ? sql<number>`count(*) OVER ()` : sql<number>`${fleetSize}::int`).mapWith(Number),
    })
    .from(systems)
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .$dynamic();
  const sortedBy = live
    ? pageQuery
        .leftJoinLateral(live.joins.latest, sql`true`)
        .leftJoin(energyDaily, live.joins.today)
        .leftJoinLateral(live.joins.alarm, sql`true`)
    : pageQuery;
  const page = await sortedBy
    .where(where)
    .orderBy(sortOrder, asc(systems.sysSn))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  const ids = page.map((row) => row.id);
  const dataCount = fleetSize ?? (page.length > 0 ? page[0]!.total : q.pageIndex === 1 ? 0 : await countInSearch(db, where));
  const rows = ids.length === 0 ? [] : await listRowsOf(db).execute({ ids: pgArray(ids), now: now.toISOString() });
  const byId = new Map(rows.map((row) => [row.system.id, row]));
  return {
    dataCount,
    data: ids
      .map((id) => byId.get(id)!)
      .map(({ system: s, installer, ...l }) => ({
        ...summaryOf(s),
        country_code: s.countryCode,
        city: s.city,
        address: s.address,
        installer,
        time_zone: s.timeZone,
        commissioned_on: s.commissionedOn,
        last_seen_at: s.lastSeenAt?.toISOString() ?? null,
        remark: s.remark,
        pv_w: numberOrNull(l.pvW),
        battery_w: numberOrNull(l.batteryW),
        grid_w: numberOrNull(l.gridW),
        soc: l.soc === null ? null : round2(Number(l.soc)),
        today_pv_kwh: l.todayPvKwh === null ? null : round2(Number(l.todayPvKwh)),
        alarm:
          l.alarmCode === null
            ? null
            : {
                code: l.alarmCode,
                level: l.alarmLevel,
                description: l.alarmDescription,
                started_at: new Date(l.alarmStartedAt).toISOString(),
              },
      })),
  };
}

async function countInSearch(db: Database, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(systems)
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .where(where);
  return Number(total?.n ?? 0);
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * Systems per ems_status in the viewer's scope, or in the part of it a storage-list search finds (its status
 * filter left out: the counts are what the status cards offer to choose from).
 */
export async function statusCounts(
  db: Database,
  viewer: Viewer,
  now: Date,
  search: Omit<SystemSearch, 'status'> = {},
): Promise<StatusCounts> {
  const where = searchWhere(viewer, now, search);
  // Everything the fleet holds (unscoped staff, no search): the counts the triggers keep, not a count of the fleet.
  const rows = where === undefined ? await fleetCountsOf(db).execute() : await countPerStatus(db, where, !!search.installer);
  const counts: StatusCounts = { normal: 0, warning: 0, fault: 0, offline: 0, protection: 0, unknown: 0, total: 0 };
  for (const { status, n } of rows) {
    const key = status && (EMS_STATUSES as readonly string[]).includes(status) ? (status as keyof StatusCounts) : 'unknown';
    counts[key] += Number(n);
    counts.total += Number(n);
  }
  return counts;
}

const fleetCountStatements = new WeakMap<Database, ReturnType<typeof fleetCountStatement>>();

function fleetCountStatement(db: Database) {
  return db
    .select({ status: systemStatusCounts.status, n: systemStatusCounts.n })
    .from(systemStatusCounts)
    .prepare('systems_fleet_status_counts');
}

/** The counts the triggers keep for the whole fleet (prepared once per database: the status cards ask often). */
function fleetCountsOf(db: Database) {
  let statement = fleetCountStatements.get(db);
  if (!statement) fleetCountStatements.set(db, (statement = fleetCountStatement(db)));
  return statement;
}

async function countPerStatus(db: Database, where: SQL, joinInstaller: boolean) {
  const base = db.select({ status: systems.emsStatus, n: count() }).from(systems);
  return (joinInstaller ? base.leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId)) : base)
    .where(where)
    .groupBy(systems.emsStatus);
}

export async function mapPositions(db: Database, viewer: Viewer, now: Date): Promise<MapPosition[]> {
  const rows = await db.select().from(systems).where(systemScope(viewer, now)).orderBy(systems.sysSn);
  return rows.map((s) => ({
    sys_sn: s.sysSn,
    sys_name: s.sysName,
    latitude: s.latitude,
    longitude: s.longitude,
    ems_status: s.emsStatus,
    country_code: s.countryCode,
    city: s.city,
    popv: s.popv,
    cobat: s.cobat,
  }));
}

/** Sets the system's remark: the remark and its user-log row commit together or not at all. */
export async function updateRemark(db: Database, system: SystemRow, remark: string, by: SystemChangeAuthor, now: Date): Promise<void> {
  await refuseWhileMoving(db, { ids: [system.id] });
  await db.transaction(async (tx) => {
    await tx.update(systems).set({ remark }).where(eq(systems.id, system.id));
    await logSystemChange(tx, by, system, 'update_remark', { remark }, by.address, now);
  });
}

/**
 * A system that has not reported for three intervals is offline. Ingest sets the status back as soon as
 * it reports again.
 */
export async function markSilentSystemsOffline(db: Database, now: Date): Promise<void> {
  await db
    .update(systems)
    .set({ emsStatus: 'offline' })
    .where(
      and(
        or(isNull(systems.emsStatus), inArray(systems.emsStatus, ['normal', 'warning', 'fault', 'protection'])),
        sql`${systems.lastSeenAt} < ${now.toISOString()}::timestamptz - make_interval(secs => ${systems.transFrequency} * 3)`,
        // A system whose data is being moved is left as it is until the migration ends (its events are moving).
        sql`${systems.id} NOT IN ${systemsBeingMoved()}`,
      ),
    );
}

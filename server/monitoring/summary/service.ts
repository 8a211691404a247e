import { and, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../contract/codes';
import { CLOSED_STATUSES } from '../../../contract/complaints-constants';
import type { EmsStatus, FaultLevel } from '../../../contract/monitoring-constants';
import type { SummaryListBody, SummaryRow, SummarySearch } from '../../../contract/summary';
import { SUMMARY_COMPONENTS, type SummaryComponent, type SummarySortKey } from '../../../contract/summary-constants';
import { defineAbilityFor } from '../../../permissions/ability';
import type { Actor } from '../../core/auth/actor';
import type { Database } from '../../core/db';
import { complaints } from '../../core/db/schema/complaints';
import { systemComponents, systemFaults, systems } from '../../core/db/schema/monitoring';
import { installerCompanies } from '../../core/db/schema/organizations';
import { users } from '../../core/db/schema/users';
import { systemWarranties } from '../../core/db/schema/warranty';
import { systemScope, viewerOf } from '../../core/system-scope';
import { SEVERITY } from '../status';
import { EXPIRING_DAYS } from '../../../contract/warranty-constants';
import { ends, stateCondition, systemEndDate, todayOf } from '../../warranty/ends';
import { likeContaining } from '../../core/crud/factory';

/**
 * The system summary (sysSummaryInfo): one row per system in the caller's scope (server/core/system-scope.ts) with
 * its components' firmware, open faults and open complaints, each a correlated subquery on its own index
 * (system_components and system_faults by system, complaints by S/N). The list and its export read the same rows.
 */

/** The firmware versions of a system's components of one kind, distinct, joined; null when none is known. */
const firmwareOf = (kind: SummaryComponent) =>
  sql<string | null>`(SELECT string_agg(DISTINCT ${systemComponents.firmwareVersion}, ', ' ORDER BY ${systemComponents.firmwareVersion})
    FROM ${systemComponents}
    WHERE ${systemComponents.systemId} = ${systems.id} AND ${systemComponents.kind} = ${kind} AND ${systemComponents.firmwareVersion} <> '')`;

const openFault = sql`${systemFaults.systemId} = ${systems.id} AND ${systemFaults.endedAt} IS NULL`;
const openFaults = sql<number>`(SELECT count(*) FROM ${systemFaults} WHERE ${openFault})`.mapWith(Number);
const severity = sql`CASE ${systemFaults.level} ${sql.join(
  Object.entries(SEVERITY).map(([level, rank]) => sql`WHEN ${level} THEN ${sql.raw(String(rank))}`),
  sql` `,
)} END`;
const worstFaultLevel = sql<FaultLevel | null>`(SELECT ${systemFaults.level} FROM ${systemFaults} WHERE ${openFault} ORDER BY ${severity} DESC LIMIT 1)`;

const closed = sql.join(
  CLOSED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
const openComplaint = sql`${complaints.sys_sn} = ${systems.sysSn} AND ${complaints.status} NOT IN (${closed})`;
const openComplaints = sql<number>`(SELECT count(*) FROM ${complaints} WHERE ${openComplaint})`.mapWith(Number);

/** The owner's name as their profile shows it: the display name, else the user name. */
const customerName = sql<string | null>`COALESCE(NULLIF(${users.displayName}, ''), ${users.username})`;

const FIRMWARE = Object.fromEntries(SUMMARY_COMPONENTS.map((kind) => [`${kind}_fw`, firmwareOf(kind)])) as Record<
  `${SummaryComponent}_fw`,
  SQL<string | null>
>;

const SORTABLE: Record<SummarySortKey, SQL> = {
  sys_sn: sql`${systems.sysSn}`,
  sys_name: sql`${systems.sysName}`,
  minv: sql`${systems.minv}`,
  popv: sql`${systems.popv}`,
  poinv: sql`${systems.poinv}`,
  cobat: sql`${systems.cobat}`,
  ...FIRMWARE,
  ems_status: sql`${systems.emsStatus}`,
  installer: sql`${installerCompanies.name}`,
  customer: customerName,
  country_code: sql`${systems.countryCode}`,
  city: sql`${systems.city}`,
  commissioned_on: sql`${systems.commissionedOn}`,
  warranty_end: systemEndDate,
  last_seen_at: sql`${systems.lastSeenAt}`,
  open_faults: openFaults,
  open_complaints: openComplaints,
};

function searchWhere(scope: SQL | undefined, q: SummarySearch, now: Date): SQL | undefined {
  const filters: (SQL | undefined)[] = [scope];
  if (q.q) filters.push(sql`(${ilike(systems.sysSn, likeContaining(q.q))} OR ${ilike(systems.sysName, likeContaining(q.q))})`);
  if (q.model) filters.push(ilike(systems.minv, likeContaining(q.model)));
  if (q.firmware)
    filters.push(
      sql`EXISTS (SELECT 1 FROM ${systemComponents} WHERE ${systemComponents.systemId} = ${systems.id} AND ${ilike(systemComponents.firmwareVersion, likeContaining(q.firmware))})`,
    );
  if (q.countryCode) filters.push(eq(systems.countryCode, q.countryCode.toUpperCase()));
  if (q.installer) filters.push(ilike(installerCompanies.name, likeContaining(q.installer)));
  if (q.status) filters.push(q.status === 'unknown' ? isNull(systems.emsStatus) : eq(systems.emsStatus, q.status as EmsStatus));
  if (q.hasOpenFaults !== undefined)
    filters.push(sql`${sql.raw(q.hasOpenFaults ? '' : 'NOT ')}EXISTS (SELECT 1 FROM ${systemFaults} WHERE ${openFault})`);
  if (q.hasOpenComplaints !== undefined)
    filters.push(sql`${sql.raw(q.hasOpenComplaints ? '' : 'NOT ')}EXISTS (SELECT 1 FROM ${complaints} WHERE ${openComplaint})`);
  if (q.warranty === 'none') filters.push(isNull(systemWarranties.id));
  else if (q.warranty) filters.push(stateCondition(q.warranty, todayOf(now), EXPIRING_DAYS));
  return and(...filters);
}

/**
 * Whether the caller sees the customer: the roles that keep customers' files (customer archives: after-sales staff,
 * and installers, resellers and service partners for the customers of their own systems) do; R&D, the S/N desk,
 * suppliers and VPP managers see a system without its owner's personal data.
 */
function seesCustomers(actor: Pick<Actor, 'roles' | 'menuDenied'>): boolean {
  return defineAbilityFor(actor.roles, actor.menuDenied).can('read', 'customerArchive');
}

/** Paging of a query; none = every row of the search (the export). */
interface Window {
  limit: number;
  offset: number;
}

async function summaryRows(
  db: Database,
  actor: Pick<Actor, 'id' | 'roles' | 'menuDenied'>,
  q: SummarySearch,
  now: Date,
  window?: Window,
): Promise<Page<SummaryRow>> {
  const where = searchWhere(systemScope(await viewerOf(db, actor), now), q, now);
  const customers = seesCustomers(actor);
  // The owner's name orders nothing for a caller who may not read it (the order would tell it): the S/N's order instead.
  const asked = q.sort?.[0]?.field === 'customer' && !customers ? undefined : q.sort?.[0];
  const sort = asked?.field ?? 'sys_sn';
  const direction = sql.raw(asked?.order === 'desc' ? 'DESC' : 'ASC');
  const query = db
    .select({
      system: systems,
      installer: installerCompanies.name,
      customer: customerName,
      ...FIRMWARE,
      openFaults,
      worstFaultLevel,
      openComplaints,
      warrantyEnd: ends.system,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(systems)
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .leftJoin(users, eq(users.id, systems.customerUserId))
    .leftJoin(systemWarranties, eq(systemWarranties.systemId, systems.id))
    .where(where)
    // Rows without the value come last whichever way; the S/N breaks ties so pages never overlap.
    .orderBy(sql`${SORTABLE[sort]} ${direction} NULLS LAST`, systems.sysSn)
    .$dynamic();
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  const dataCount = rows[0]?.total ?? (window && window.offset > 0 ? await countOf(db, where) : 0);
  return {
    dataCount,
    data: rows.map(({ system: s, ...r }) => ({
      sys_sn: s.sysSn,
      sys_name: s.sysName,
      minv: s.minv,
      popv: s.popv,
      poinv: s.poinv,
      cobat: s.cobat,
      inverter_fw: r.inverter_fw,
      battery_fw: r.battery_fw,
      meter_fw: r.meter_fw,
      ems_fw: r.ems_fw,
      ems_status: s.emsStatus,
      installer: r.installer,
      customer: customers ? r.customer : null,
      country_code: s.countryCode,
      city: s.city,
      commissioned_on: s.commissionedOn,
      warranty_end: r.warrantyEnd,
      last_seen_at: s.lastSeenAt?.toISOString() ?? null,
      time_zone: s.timeZone,
      open_faults: r.openFaults,
      worst_fault_level: r.worstFaultLevel,
      open_complaints: r.openComplaints,
    })),
  };
}

async function countOf(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(systems)
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .leftJoin(systemWarranties, eq(systemWarranties.systemId, systems.id))
    .where(where);
  return row?.n ?? 0;
}

/** One page of the summary. */
export function summaryPage(
  db: Database,
  actor: Pick<Actor, 'id' | 'roles' | 'menuDenied'>,
  { pageIndex, pageSize, ...q }: SummaryListBody,
  now: Date,
): Promise<Page<SummaryRow>> {
  return summaryRows(db, actor, q, now, { limit: pageSize, offset: (pageIndex - 1) * pageSize });
}

/** Every row of the search, in the list's order (the export). */
export async function summaryAll(
  db: Database,
  actor: Pick<Actor, 'id' | 'roles' | 'menuDenied'>,
  q: SummarySearch,
  now: Date,
): Promise<SummaryRow[]> {
  return (await summaryRows(db, actor, q, now)).data;
}

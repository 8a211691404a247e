import { and, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ALARM_STATES, type AlarmSortKey, type AlarmState } from '../../contract/alarm-states';
import type { AlarmDetail, AlarmListBody, AlarmPage, AlarmRow, AlarmSearch } from '../../contract/alarms';
import { ALARM_SEVERITIES } from '../../contract/fault-codes';
import { Code } from '../../contract/codes';
import { defineAbilityFor } from '../../permissions/ability';
import type { Actor } from '../core/auth/actor';
import { queryRows, type Database } from '../core/db';
import { likeContaining } from '../core/crud/factory';
import { alarmEvents, alarms, installerCompanies, systemComponents, systems, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { systemScope, viewerOf } from '../core/system-scope';
import { addEvent } from './lifecycle';

/**
 * The fault search (sysFailureCheck) and the work on one alarm. Every read and write goes through the caller's
 * scope of systems (server/core/system-scope.ts): an alarm outside it answers 45 like one that does not exist.
 */

type Caller = Pick<Actor, 'id' | 'username' | 'roles' | 'menuDenied'>;

const SEVERITY_RANK = sql`CASE ${alarms.severity} ${sql.join(
  ALARM_SEVERITIES.map((severity, rank) => sql`WHEN ${severity} THEN ${sql.raw(String(rank))}`),
  sql` `,
)} END`;

const SORTABLE: Record<AlarmSortKey, SQL> = {
  severity: SEVERITY_RANK,
  last_seen_at: sql`${alarms.lastSeenAt}`,
  first_seen_at: sql`${alarms.firstSeenAt}`,
  occurrences: sql`${alarms.occurrences}`,
  sys_sn: sql`${systems.sysSn}`,
};

/** The search's conditions; `withStates` false leaves the states out (the counts per state). */
function searchWhere(scope: SQL | undefined, q: AlarmSearch, withStates: boolean): SQL | undefined {
  const filters: (SQL | undefined)[] = [scope];
  if (q.q) filters.push(sql`(${ilike(systems.sysSn, likeContaining(q.q))} OR ${ilike(systems.sysName, likeContaining(q.q))})`);
  if (q.model) filters.push(ilike(systems.minv, likeContaining(q.model)));
  if (q.firmware)
    filters.push(
      sql`EXISTS (SELECT 1 FROM ${systemComponents} WHERE ${systemComponents.systemId} = ${systems.id} AND ${ilike(systemComponents.firmwareVersion, likeContaining(q.firmware))})`,
    );
  if (q.component) filters.push(eq(alarms.component, q.component));
  if (q.code) filters.push(sql`upper(${alarms.code}) = ${q.code.toUpperCase()}`);
  if (q.severities?.length) filters.push(inArray(alarms.severity, q.severities));
  if (withStates && q.states?.length) filters.push(inArray(alarms.state, q.states));
  if (q.acknowledged !== undefined) filters.push(q.acknowledged ? isNotNull(alarms.acknowledgedAt) : isNull(alarms.acknowledgedAt));
  if (q.countryCode) filters.push(eq(systems.countryCode, q.countryCode.toUpperCase()));
  if (q.installer) filters.push(ilike(installerCompanies.name, likeContaining(q.installer)));
  // Seen in the period: opened before its end and not cleared before its start.
  filters.push(sql`${alarms.firstSeenAt} <= ${q.to}::timestamptz`);
  filters.push(sql`(${alarms.clearedAt} IS NULL OR ${alarms.clearedAt} >= ${q.from}::timestamptz)`);
  return and(...filters);
}

/** The period is what keeps a search of a year of a large fleet bounded: required, and in order. */
function checkPeriod(q: AlarmSearch): asserts q is AlarmSearch & { from: string; to: string } {
  if (!q.from || !q.to) throw new ApiError(Code.SEARCH_DATE_REQUIRED, 'Search date required: from and to');
  if (Date.parse(q.from) > Date.parse(q.to))
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: from is after to', { data: { field: 'from' } });
}

const selection = {
  alarm: alarms,
  sysSn: systems.sysSn,
  sysName: systems.sysName,
  model: systems.minv,
  countryCode: systems.countryCode,
  timeZone: systems.timeZone,
  installer: installerCompanies.name,
  assignee: sql<
    string | null
  >`(SELECT COALESCE(NULLIF(${users.displayName}, ''), ${users.username}) FROM ${users} WHERE ${users.id} = ${alarms.assigneeId})`,
};

function rowOf(r: {
  alarm: typeof alarms.$inferSelect;
  sysSn: string;
  sysName: string;
  model: string;
  countryCode: string;
  timeZone: string;
  installer: string | null;
  assignee: string | null;
}): AlarmRow {
  const a = r.alarm;
  return {
    id: a.id,
    sys_sn: r.sysSn,
    sys_name: r.sysName,
    model: r.model,
    country_code: r.countryCode,
    installer: r.installer,
    time_zone: r.timeZone,
    code: a.code,
    component: a.component,
    severity: a.severity,
    state: a.state,
    description: a.description,
    first_seen_at: a.firstSeenAt.toISOString(),
    last_seen_at: a.lastSeenAt.toISOString(),
    occurrences: a.occurrences,
    cleared_at: a.clearedAt?.toISOString() ?? null,
    acknowledged_at: a.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: a.acknowledgedByName,
    acknowledge_note: a.acknowledgeNote,
    assignee_id: a.assigneeId,
    assignee: r.assignee,
  };
}

function alarmsQuery(db: Database, where: SQL | undefined) {
  return db
    .select(selection)
    .from(alarms)
    .innerJoin(systems, eq(systems.id, alarms.systemId))
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .where(where)
    .$dynamic();
}

async function scopeOf(db: Database, actor: Caller, now: Date): Promise<SQL | undefined> {
  return systemScope(await viewerOf(db, actor), now);
}

/** Every alarm of the search in the list's order, paged or (the export) whole. */
export async function alarmRows(
  db: Database,
  actor: Caller,
  q: AlarmSearch,
  now: Date,
  window?: { limit: number; offset: number },
): Promise<AlarmRow[]> {
  checkPeriod(q);
  const asked = q.sort?.[0];
  const direction = sql.raw(asked?.order === 'asc' ? 'ASC' : 'DESC');
  // The worst first unless asked otherwise: severity ranks critical as 0.
  const order = asked
    ? sql`${SORTABLE[asked.field]} ${asked.field === 'severity' ? sql.raw(asked.order === 'asc' ? 'DESC' : 'ASC') : direction}`
    : SEVERITY_RANK;
  const query = alarmsQuery(db, searchWhere(await scopeOf(db, actor, now), q, true)).orderBy(
    order,
    sql`${alarms.lastSeenAt} DESC`,
    sql`${alarms.id} DESC`,
  );
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return rows.map(rowOf);
}

/** One page of the fault search, with the count of the search's alarms in each state. */
export async function alarmPage(db: Database, actor: Caller, { pageIndex, pageSize, ...q }: AlarmListBody, now: Date): Promise<AlarmPage> {
  const data = await alarmRows(db, actor, q, now, { limit: pageSize, offset: (pageIndex - 1) * pageSize });
  const byState = await db
    .select({ state: alarms.state, n: sql<number>`count(*)`.mapWith(Number) })
    .from(alarms)
    .innerJoin(systems, eq(systems.id, alarms.systemId))
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .where(searchWhere(await scopeOf(db, actor, now), q, false))
    .groupBy(alarms.state);
  const counts = Object.fromEntries(ALARM_STATES.map((state) => [state, byState.find((r) => r.state === state)?.n ?? 0])) as Record<
    AlarmState,
    number
  >;
  const asked: readonly AlarmState[] = q.states?.length ? q.states : ALARM_STATES;
  return { dataCount: asked.reduce<number>((sum, state) => sum + counts[state], 0), data, counts };
}

/** An alarm in the caller's scope, or 45 (the same answer as for one that does not exist). */
async function scopedAlarm(db: Database, actor: Caller, id: number, now: Date): Promise<AlarmRow & { systemId: number }> {
  const [row] = await alarmsQuery(db, and(eq(alarms.id, id), await scopeOf(db, actor, now)));
  if (!row) throw new ApiError(Code.NO_PERMISSION);
  return { ...rowOf(row), systemId: row.alarm.systemId };
}

export async function alarmDetail(db: Database, actor: Caller, id: number, now: Date): Promise<AlarmDetail> {
  const { systemId, ...alarm } = await scopedAlarm(db, actor, id, now);
  const history = await db
    .select({ kind: alarmEvents.kind, at: alarmEvents.at, by: alarmEvents.byName, note: alarmEvents.note })
    .from(alarmEvents)
    .where(and(eq(alarmEvents.systemId, systemId), eq(alarmEvents.alarmId, id)))
    .orderBy(alarmEvents.at, alarmEvents.id);
  return { ...alarm, history: history.map((e) => ({ ...e, at: e.at.toISOString() })) };
}

/** Acknowledges the alarms named, all or none: one outside the scope refuses the whole call (45). */
export async function acknowledgeAlarms(
  db: Database,
  actor: Caller,
  { ids, note }: { ids: number[]; note?: string },
  now: Date,
): Promise<{ acknowledged: number; already: number }> {
  const wanted = [...new Set(ids)];
  const scope = await scopeOf(db, actor, now);
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ systemId: alarms.systemId, id: alarms.id, acknowledgedAt: alarms.acknowledgedAt })
      .from(alarms)
      .innerJoin(systems, eq(systems.id, alarms.systemId))
      .where(and(inArray(alarms.id, wanted), scope))
      .for('update', { of: alarms });
    if (found.length !== wanted.length) throw new ApiError(Code.NO_PERMISSION);
    const open = found.filter((a) => a.acknowledgedAt === null);
    const by = { id: actor.id, name: actor.username };
    for (const alarm of open) {
      await tx
        .update(alarms)
        .set({ acknowledgedAt: now, acknowledgedBy: actor.id, acknowledgedByName: actor.username, acknowledgeNote: note || null })
        .where(and(eq(alarms.systemId, alarm.systemId), eq(alarms.id, alarm.id)));
      await addEvent(tx, alarm.systemId, alarm.id, 'acknowledged', now, by, note || undefined);
    }
    return { acknowledged: open.length, already: found.length - open.length };
  });
}

/** The staff who may take an alarm of the system: they work on the fault search and see the system. */
async function assigneesOf(db: Database, systemId: number, now: Date): Promise<{ id: number; name: string }[]> {
  const staff = await queryRows<{
    id: number;
    name: string;
    roles: string[];
    installer_company_id: number | null;
    organization_id: number | null;
  }>(
    db,
    sql`SELECT id, COALESCE(NULLIF(display_name, ''), username) AS name, roles, installer_company_id, organization_id
          FROM users WHERE NOT locked ORDER BY 2`,
  );
  const options: { id: number; name: string }[] = [];
  for (const user of staff) {
    if (!defineAbilityFor(user.roles, []).can('update', 'alarm')) continue;
    const scope = systemScope(
      { id: user.id, roles: user.roles, installerCompanyId: user.installer_company_id, organizationId: user.organization_id },
      now,
    );
    const [seen] = await db
      .select({ id: systems.id })
      .from(systems)
      .where(and(eq(systems.id, systemId), scope));
    if (seen) options.push({ id: user.id, name: user.name });
  }
  return options;
}

export async function alarmAssignees(db: Database, actor: Caller, id: number, now: Date): Promise<{ id: number; name: string }[]> {
  const { systemId } = await scopedAlarm(db, actor, id, now);
  return assigneesOf(db, systemId, now);
}

export async function assignAlarm(
  db: Database,
  actor: Caller,
  { id, assignee_id }: { id: number; assignee_id: number | null },
  now: Date,
): Promise<AlarmDetail> {
  const { systemId } = await scopedAlarm(db, actor, id, now);
  let name: string | undefined;
  if (assignee_id !== null) {
    name = (await assigneesOf(db, systemId, now)).find((option) => option.id === assignee_id)?.name;
    if (name === undefined)
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: assignee_id (not a member of staff who works on this system’s alarms)', {
        data: { field: 'assignee_id' },
      });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(alarms)
      .set({ assigneeId: assignee_id })
      .where(and(eq(alarms.systemId, systemId), eq(alarms.id, id)));
    await addEvent(tx, systemId, id, 'assigned', now, { id: actor.id, name: actor.username }, name ?? undefined);
  });
  return alarmDetail(db, actor, id, now);
}

export async function commentAlarm(
  db: Database,
  actor: Caller,
  { id, note }: { id: number; note: string },
  now: Date,
): Promise<AlarmDetail> {
  const { systemId } = await scopedAlarm(db, actor, id, now);
  await addEvent(db, systemId, id, 'commented', now, { id: actor.id, name: actor.username }, note);
  return alarmDetail(db, actor, id, now);
}

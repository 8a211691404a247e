import { and, asc, eq, gte, ilike, inArray, lte, ne, or, sql, sum } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { WorkHourEntry, WorkHourTotalsBody } from '../../contract/workhours';
import { DAY_MAX_HOURS } from '../../resources/rdWorkHours';
import type { Actor } from '../core/auth/actor';
import { escapeLike, type CrudHooks, type Row } from '../core/crud/factory';
import { queryRows, type Database } from '../core/db';
import { defineAbilityFor } from '../../permissions/ability';
import { complaints, rdWorkHours, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { mailTexts } from '../core/mail/texts';
import { rowScope, type ScopeUser } from '../core/scope';
import { languageOf } from '../reports/service';
import { assertComplaintInScope } from './complaint-link';

/**
 * The R&D working hours' rules the declaration cannot say (resources/rdWorkHours.ts): an entry names a complaint in
 * the caller's scope or a project, and no engineer logs more than 24 h on one day. That an entry is its engineer's
 * alone to read and change is the row scope 'personal' (permissions/scopes.ts), applied before these hooks.
 */

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The 24 h rule, run in the save's transaction after the row is written: a lock per engineer and day makes a second
 * save of that day wait until the first committed, so its sum counts the first one's hours and two parallel saves
 * cannot pass together; over 24 h, the transaction rolls back with a message naming the day and the hours logged.
 */
async function assertDayWithinLimit(db: Database, actor: Actor, row: Row): Promise<void> {
  const engineerId = Number(row.engineer_id);
  const day = String(row.work_date);
  await queryRows(db, sql`SELECT pg_advisory_xact_lock(hashtext(${`rd_work_hours:${engineerId}:${day}`}))`);
  const [others] = await db
    .select({ hours: sum(rdWorkHours.hours).mapWith(Number) })
    .from(rdWorkHours)
    .where(and(eq(rdWorkHours.engineer_id, engineerId), eq(rdWorkHours.work_date, day), ne(rdWorkHours.id, Number(row.id))));
  const logged = others?.hours ?? 0;
  const hours = Number(row.hours);
  if (logged + hours <= DAY_MAX_HOURS) return;
  const t = mailTexts(await languageOf(db, actor.id));
  // The fixed translation's language ('de-DE'), so the day and the hours read as the user reads them elsewhere.
  const lng = (t as unknown as { lng?: string }).lng ?? 'en';
  const info = t('workhours:RAndDtimereport.dayFull', {
    day: new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
    logged: new Intl.NumberFormat(lng).format(logged),
    hours: new Intl.NumberFormat(lng).format(hours),
    max: DAY_MAX_HOURS,
  });
  throw new ApiError(Code.CUSTOM_MESSAGE, info, { data: { field: 'hours', day, logged } });
}

const entryRules: CrudHooks = {
  async beforeSave(values, { db, mode, existing, actor, now }) {
    const complaintId = values.complaint_id !== undefined ? values.complaint_id : existing?.complaint_id;
    const project = values.project !== undefined ? values.project : existing?.project;
    if (blank(complaintId) && blank(project))
      throw new ApiError(Code.PARAM_REQUIRED, 'Parameter required: complaint_id or project', { data: { field: 'complaint_id' } });
    if (!blank(values.complaint_id)) await assertComplaintInScope(db, actor, Number(values.complaint_id), now);
    return mode === 'create' ? { ...values, engineer: actor.username } : values;
  },
  async afterSave(row, { db, actor }) {
    await assertDayWithinLimit(db, actor, row);
  },
};

/** The hooks with the list's and detail's rows carrying their engineer's display name (`engineer_name`). */
export const workHourHooks = (db: Database): CrudHooks => ({
  ...entryRules,
  async expand(rows) {
    const names = await engineerNames(db, [...new Set(rows.map((row) => Number(row.engineer_id)))]);
    for (const row of rows) row.engineer_name = names.get(Number(row.engineer_id)) ?? row.engineer;
  },
});

/** The name a person is shown by: their display name, else their user name. */
const nameOf = sql<string>`coalesce(nullif(trim(${users.displayName}), ''), ${rdWorkHours.engineer})`;

/**
 * The complaints whose titles the reader may see beside hours: those of their complaint scope, for a reader who may
 * read complaints at all. Any other complaint is named by its number alone (the entry was logged when it was in scope).
 */
function visibleTitle(user: ScopeUser & { menuDenied?: readonly string[] }, now: Date) {
  if (!defineAbilityFor(user.roles, user.menuDenied ?? []).can('read', 'complaint')) return sql<string | null>`NULL`;
  const scope = rowScope('complaint', user, now, complaints.sys_sn);
  return scope ? sql<string | null>`CASE WHEN ${scope} THEN ${complaints.title} END` : sql<string | null>`${complaints.title}`;
}

/**
 * The entries a totals query or an export covers, in the caller's scope (partners their own), oldest first. Each
 * carries its engineer's display name; the engineer filter matches the user name or the display name.
 */
export async function readEntries(
  db: Database,
  user: ScopeUser & { menuDenied?: readonly string[] },
  body: WorkHourTotalsBody,
  now: Date,
): Promise<WorkHourEntry[]> {
  const engineer = body.engineer ? `%${escapeLike(body.engineer)}%` : undefined;
  return db
    .select({
      engineer: rdWorkHours.engineer,
      engineer_name: nameOf,
      work_date: rdWorkHours.work_date,
      hours: rdWorkHours.hours,
      kind: rdWorkHours.kind,
      complaint_id: rdWorkHours.complaint_id,
      complaint_title: visibleTitle(user, now),
      project: rdWorkHours.project,
      note: rdWorkHours.note,
    })
    .from(rdWorkHours)
    .leftJoin(complaints, eq(complaints.id, rdWorkHours.complaint_id))
    .leftJoin(users, eq(users.id, rdWorkHours.engineer_id))
    .where(
      and(
        rowScope('rdWorkHour', user, now, rdWorkHours.engineer_id),
        gte(rdWorkHours.work_date, body.from),
        lte(rdWorkHours.work_date, body.to),
        engineer ? or(ilike(rdWorkHours.engineer, engineer), ilike(users.displayName, engineer)) : undefined,
        body.kind ? eq(rdWorkHours.kind, body.kind) : undefined,
        body.complaint_id ? eq(rdWorkHours.complaint_id, body.complaint_id) : undefined,
      ),
    )
    .orderBy(asc(rdWorkHours.work_date), asc(rdWorkHours.engineer), asc(rdWorkHours.id));
}

/** The display names of these engineers (by user id), for the rows a list or detail answers. */
export async function engineerNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(nullif(trim(${users.displayName}), ''), ${users.username})` })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

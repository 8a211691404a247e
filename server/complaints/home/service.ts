import { and, asc, count, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AfterSalesHome, HomeComplaint, HomeSection } from '../../../contract/complaint-home';
import { isOverseer } from '../../../permissions/roles';
import { ARCHIVERS, complaintWorkflow, FIRST_LINE, TEAM_ROLES, type ComplaintTeam } from '../../../resources/complaints';
import type { Actor } from '../../core/auth/actor';
import { complaints, users } from '../../core/db/schema';
import type { Database } from '../../core/db';
import { rowScope } from '../../core/scope';
import { localClock, localMidnight } from '../../core/time/local-clock';
import { clocksOf } from '../clock-store';

/**
 * The after-sales home (DESIGN §9's 'who acts next', as a page): for the first line the new and reopened complaints,
 * for a team the complaints forwarded to it, the open complaints the caller handles, the clocks of those that run out
 * before the reader's midnight or already have, and for archivers the complaints waiting to be archived. Each section
 * answers its count and its first rows, the most urgent first; everything within the caller's complaint scope.
 */

/** Rows per section: the home shows the first few and links to the list for the rest. */
const SECTION_ROWS = 8;
const OPEN_STATES = Object.entries(complaintWorkflow.states)
  .filter(([, state]) => state.category === 'open')
  .map(([name]) => name);
/** The caller's own work: open complaints they handle, beside those still waiting for a team. */
const HANDLED_STATES = OPEN_STATES.filter((state) => !['new', 'reopened', 'forwarded'].includes(state));

/** The teams whose forwarded complaints wait for these roles: their own, every team for an overseer. */
function teamsOf(roles: readonly string[]): ComplaintTeam[] {
  const teams = Object.entries(TEAM_ROLES) as [ComplaintTeam, string][];
  const overseer = isOverseer(roles);
  return teams.filter(([, role]) => overseer || roles.includes(role)).map(([team]) => team);
}

const processorName = sql<string | null>`(SELECT coalesce(nullif(trim(${users.displayName}), ''), ${users.username}) FROM ${users}
  WHERE ${users.username} = ${complaints.processor})`;

async function section(db: Database, where: SQL, order: SQL[], now: Date): Promise<HomeSection> {
  const [total] = await db.select({ n: count() }).from(complaints).where(where);
  const rows = await db
    .select({
      id: complaints.id,
      title: complaints.title,
      status: complaints.status,
      sys_sn: complaints.sys_sn,
      priority: complaints.priority,
      team: complaints.team,
      processor_name: processorName,
      created_at: complaints.created_at,
      due_at: complaints.due_at,
    })
    .from(complaints)
    .where(where)
    .orderBy(...order, asc(complaints.id))
    .limit(SECTION_ROWS);
  // Which clock the deadline is, from the complaints' history (server/complaints/clocks.ts).
  const clocks = await clocksOf(db, rows, now);
  const items = rows.map((row): HomeComplaint => {
    const of = clocks.get(row.id)!;
    const running = (['first_response', 'resolution'] as const).filter((name) => of[name].state === 'running');
    const next = running.sort((a, b) => Date.parse(of[a].due_at!) - Date.parse(of[b].due_at!))[0] ?? null;
    return {
      ...row,
      created_at: row.created_at.toISOString(),
      due_at: row.due_at?.toISOString() ?? null,
      // As the list's 'overdue' filter reads it (server/complaints/derived.ts).
      overdue: row.due_at !== null && row.due_at < now,
      clock: next,
    };
  });
  return { count: Number(total?.n ?? 0), items };
}

/** The end of the reader's day: their next local midnight. */
function endOfToday(now: Date, timeZone: string): Date {
  const today = localClock(timeZone)(now.getTime()).day;
  return new Date(localMidnight(timeZone, today + 1));
}

export async function afterSalesHome(db: Database, actor: Actor, now: Date, timeZone: string): Promise<AfterSalesHome> {
  const roles = actor.roles;
  const scope = rowScope('complaint', actor, now, complaints.sys_sn);
  const firstLine = roles.some((role) => (FIRST_LINE as readonly string[]).includes(role));
  const teams = teamsOf(roles);
  const waiting = or(
    firstLine ? inArray(complaints.status, ['new', 'reopened']) : undefined,
    teams.length ? and(eq(complaints.status, 'forwarded'), inArray(complaints.team, teams)) : undefined,
  );
  const queue = and(scope, waiting ?? sql`false`)!;
  const mine = and(scope, eq(complaints.processor, actor.username), inArray(complaints.status, HANDLED_STATES))!;
  const dueToday = and(isNotNull(complaints.due_at), lt(complaints.due_at, endOfToday(now, timeZone)), or(queue, mine))!;
  const urgent = [sql`${complaints.due_at} ASC NULLS LAST`];
  const archiver = roles.some((role) => (ARCHIVERS as readonly string[]).includes(role));
  return {
    queue: await section(db, queue, urgent, now),
    mine: await section(db, mine, urgent, now),
    clocks: await section(db, dueToday, urgent, now),
    archive: archiver ? await section(db, and(scope, eq(complaints.status, 'waitingArchive'))!, [asc(complaints.updated_at)], now) : null,
  };
}

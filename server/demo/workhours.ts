import { count, desc, inArray } from 'drizzle-orm';
import { WORK_KINDS } from '../../contract/workhours-constants';
import type { Database } from '../core/db';
import { demoMinutes } from './time';
import { complaints, rdWorkHours, users } from '../core/db/schema';

/**
 * Demo R&D hours: the last four weeks of the R&D engineer (dev) and of the two after-sales teams,
 * a few entries each working day, on the demo complaints and two projects, so that the week view, the totals and the
 * export show believable figures. Deterministic: the same demo every start.
 */
const ENGINEERS = ['dev', 'fasw', 'dasw'] as const;
const PROJECTS = ['BMS firmware 3.2', 'Inverter self-test'];
const WEEKS = 4;
/** A working day's entries, by the day's index: quarter hours that add up to 6 to 8.5 hours. */
const DAY_PLANS: readonly (readonly number[])[] = [
  [3, 2.5, 1],
  [4, 2],
  [2.25, 3.5, 1.5, 0.75],
  [5, 1.25],
  [1.5, 4, 2],
];

export async function seedWorkHoursDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(rdWorkHours);
  if (Number(existing?.n ?? 0) > 0) return;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...ENGINEERS]));
  const recent = await db.select({ id: complaints.id }).from(complaints).orderBy(desc(complaints.id)).limit(6);
  if (people.length === 0) return;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: (typeof rdWorkHours.$inferInsert)[] = [];
  let n = 0;
  for (let back = WEEKS * 7; back >= 0; back--) {
    const day = new Date(today - back * 86_400_000);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const [p, person] of people.entries()) {
      const plan = DAY_PLANS[(back + p) % DAY_PLANS.length]!;
      for (const hours of plan) {
        n++;
        // Most hours go into complaints; every third entry is project work.
        const complaint = n % 3 !== 0 && recent.length > 0 ? recent[n % recent.length]!.id : null;
        // Written down in the afternoon of the day worked, each entry at its own minute (today's not after now).
        const loggedAt = new Date(Math.min(day.getTime() + 13 * 3_600_000 + demoMinutes(`workhours:${n}`, 300), now.getTime()));
        rows.push({
          engineer_id: person.id,
          engineer: person.username,
          work_date: day.toISOString().slice(0, 10),
          hours,
          kind: WORK_KINDS[(n * 5 + p) % WORK_KINDS.length]!,
          complaint_id: complaint,
          project: complaint === null ? PROJECTS[n % PROJECTS.length]! : '',
          note: n % 4 === 0 ? 'Reproduced with the customer’s log files' : '',
          created_by: person.username,
          created_at: loggedAt,
          updated_at: loggedAt,
        });
      }
    }
  }
  await db.insert(rdWorkHours).values(rows);
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { InstallerOverview, InstallerScorecard } from '../../../contract/installers';
import { installerArchives } from '../../../resources/installerArchives';
import type { Actor } from '../../core/auth/actor';
import type { Database } from '../../core/db';
import { complaints, installerCompanies, systems } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { rowScope } from '../../core/scope';
import { installerScorecards } from '../installerScorecard';

/** The most complaints one file's overview lists (the newest; the complaint list holds them all). */
const COMPLAINT_LIMIT = 200;

/** The installer files `actor`'s scope holds (the declaration's row scope, as the generated calls apply it). */
const inScope = (actor: Actor, now: Date) => rowScope(installerArchives.scope!.subject, actor, now, installerCompanies.id);

/** Every installer file in the caller's scope with its scorecard over the last 12 months. */
export function scorecardsInScope(db: Database, actor: Actor, now: Date): Promise<InstallerScorecard[]> {
  return installerScorecards(db, now, inScope(actor, now));
}

/** One installer file's scorecard, its systems and the complaints on them; 45 outside the scope, as for none. */
export async function installerOverview(db: Database, actor: Actor, id: number, now: Date): Promise<InstallerOverview> {
  const [file] = await db
    .select({ id: installerCompanies.id })
    .from(installerCompanies)
    .where(and(eq(installerCompanies.id, id), inScope(actor, now)))
    .limit(1);
  if (!file) throw new ApiError(Code.NO_PERMISSION);
  const [scorecard] = await installerScorecards(db, now, eq(installerCompanies.id, id));
  const installed = await db
    .select({
      sys_sn: systems.sysSn,
      sys_name: systems.sysName,
      country: systems.countryCode,
      ems_status: systems.emsStatus,
      created_at: systems.createdAt,
    })
    .from(systems)
    .where(eq(systems.installerCompanyId, id))
    .orderBy(systems.sysSn);
  const onSystems = await db
    .select({
      id: complaints.id,
      title: complaints.title,
      status: complaints.status,
      sys_sn: complaints.sys_sn,
      created_at: complaints.created_at,
    })
    .from(complaints)
    .where(inArray(complaints.sys_sn, sql`(SELECT ${systems.sysSn} FROM ${systems} WHERE ${systems.installerCompanyId} = ${id})`))
    .orderBy(desc(complaints.created_at))
    .limit(COMPLAINT_LIMIT);
  return {
    scorecard: scorecard!,
    systems: installed.map((s) => ({ ...s, created_at: s.created_at.toISOString() })),
    complaints: onSystems.map((c) => ({ ...c, created_at: c.created_at.toISOString() })),
  };
}

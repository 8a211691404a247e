import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ArchiveComplaint, ClientListBody, ClientRow } from '../../contract/archives';
import type { Page } from '../../contract/codes';
import { escapeLike } from '../core/crud/factory';
import type { Database } from '../core/db';
import { complaints, customerArchives, installerCompanies, systems, users } from '../core/db/schema';
import { rowScope, systemScopeOf } from '../core/scope';
import { customerComplaints } from './service';

/**
 * /clientList: the portal's customer users with their systems, from which staff open a customer's archive or start
 * one filled from the user and the system. Staff who see every system see every customer; installers, resellers and
 * the like only customers owning a system in their scope, with those systems alone (DESIGN §6).
 */
export async function clientPage(db: Database, request: FastifyRequest, now: Date, body: ClientListBody): Promise<Page<ClientRow>> {
  const scope = systemScopeOf(request.user, now);
  const ownsInScope = sql`EXISTS (SELECT 1 FROM ${systems} WHERE ${systems.customerUserId} = ${users.id} AND ${scope ?? sql`true`})`;
  const keyword = body.keyword ? `%${escapeLike(body.keyword)}%` : undefined;
  const where = and(
    sql`'customer' = ANY(${users.roles})`,
    scope ? ownsInScope : undefined,
    keyword
      ? or(
          ilike(users.username, keyword),
          ilike(users.displayName, keyword),
          ilike(users.email, keyword),
          sql`EXISTS (SELECT 1 FROM ${systems} WHERE ${systems.customerUserId} = ${users.id} AND ${systems.sysSn} ILIKE ${keyword})`,
        )
      : undefined,
  ) as SQL;
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const people = await db
    .select({
      user_id: users.id,
      username: users.username,
      display_name: users.displayName,
      email: users.email,
      phone: users.phone,
      country: users.country,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(body.pageSize)
    .offset((body.pageIndex - 1) * body.pageSize);
  const ids = people.map((p) => p.user_id);
  const owned = ids.length
    ? await db
        .select({
          userId: systems.customerUserId,
          sys_sn: systems.sysSn,
          sys_name: systems.sysName,
          minv: systems.minv,
          mbat: systems.mbat,
          address: systems.address,
          postcode: systems.postcode,
          city: systems.city,
          country: systems.countryCode,
          installer_company: installerCompanies.name,
        })
        .from(systems)
        .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
        .where(and(inArray(systems.customerUserId, ids), scope))
        .orderBy(asc(systems.sysSn))
    : [];
  const archives = ids.length
    ? await db
        .select({ id: customerArchives.id, userId: customerArchives.user_id })
        .from(customerArchives)
        .where(inArray(customerArchives.user_id, ids))
        .orderBy(asc(customerArchives.id))
    : [];
  return {
    dataCount: Number(total?.n ?? 0),
    data: people.map((person) => ({
      ...person,
      systems: owned.filter((s) => s.userId === person.user_id).map(({ userId: _, ...system }) => system),
      archive_id: archives.find((a) => a.userId === person.user_id)?.id ?? null,
    })),
  };
}

/** The complaints on an archive's customer's systems that the caller may see (their complaint scope), newest first. */
export async function archiveComplaints(
  db: Database,
  request: FastifyRequest,
  now: Date,
  archive: { sys_sn: string; user_id: number | null },
): Promise<ArchiveComplaint[]> {
  const rows = await db
    .select({
      id: complaints.id,
      title: complaints.title,
      type: complaints.type,
      status: complaints.status,
      sys_sn: complaints.sys_sn,
      created_at: complaints.created_at,
    })
    .from(complaints)
    .where(and(customerComplaints(archive), rowScope('complaint', request.user, now, complaints.sys_sn)))
    .orderBy(desc(complaints.created_at), desc(complaints.id))
    .limit(500);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

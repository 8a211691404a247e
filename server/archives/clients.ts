import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ArchiveComplaint, ClientListBody, ClientRow } from '../../contract/archives';
import { Code, type Page } from '../../contract/codes';
import type { Actor } from '../core/auth/actor';
import { escapeLike } from '../core/crud/factory';
import { queryRows, type Database } from '../core/db';
import { complaints, customerArchives, installerCompanies, systems, users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { rowScope, systemScopeOf } from '../core/scope';
import { customerArchives as customerArchiveDeclaration } from '../../resources/customerArchives';
import { customerComplaints } from './service';

/**
 * /clientList: the owners of the systems in the caller's scope, from which staff open a customer's archive or start one
 * filled from the user and the system. An owner is a customer user owning such a system, or, for a system no portal
 * user owns, the person its customer archive names (most home owners never register). Staff who see every system see
 * every owner; installers, resellers and the like only the owners of systems in their scope, with those systems alone
 * (DESIGN §6). Newest first.
 */
export async function clientPage(db: Database, actor: Actor, now: Date, body: ClientListBody): Promise<Page<ClientRow>> {
  const scope = systemScopeOf(actor, now) ?? sql`true`;
  const keyword = body.keyword ? `%${escapeLike(body.keyword)}%` : undefined;
  const userMatches = keyword
    ? or(
        ilike(users.username, keyword),
        ilike(users.displayName, keyword),
        ilike(users.email, keyword),
        sql`EXISTS (SELECT 1 FROM ${systems} WHERE ${systems.customerUserId} = ${users.id} AND ${systems.sysSn} ILIKE ${keyword})`,
      )
    : undefined;
  const archiveMatches = keyword
    ? or(
        ilike(customerArchives.name, keyword),
        ilike(customerArchives.contact, keyword),
        ilike(customerArchives.email, keyword),
        ilike(customerArchives.sys_sn, keyword),
      )
    : undefined;
  const registered = and(
    sql`'customer' = ANY(${users.roles})`,
    sql`EXISTS (SELECT 1 FROM ${systems} WHERE ${systems.customerUserId} = ${users.id} AND ${scope})`,
    userMatches,
  ) as SQL;
  // An archive stands for its owner only where no portal user owns its system (else the user is the owner).
  const unregistered = and(
    isNull(customerArchives.user_id),
    sql`EXISTS (SELECT 1 FROM ${systems} WHERE ${systems.sysSn} = ${customerArchives.sys_sn} AND ${systems.customerUserId} IS NULL
          AND ${scope})`,
    archiveMatches,
  ) as SQL;
  const owners = sql`(SELECT ${users.id} AS user_id, NULL::integer AS archive_id, ${users.createdAt} AS since FROM ${users}
      WHERE ${registered}
    UNION ALL
    SELECT NULL::integer, ${customerArchives.id}, ${customerArchives.created_at} FROM ${customerArchives} WHERE ${unregistered})`;
  const [total] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${owners} o`);
  const page = await queryRows<{ user_id: number | null; archive_id: number | null }>(
    db,
    sql`SELECT user_id, archive_id FROM ${owners} o ORDER BY since DESC, user_id NULLS LAST, archive_id
        LIMIT ${body.pageSize} OFFSET ${(body.pageIndex - 1) * body.pageSize}`,
  );
  const userIds = page.flatMap((o) => (o.user_id === null ? [] : [Number(o.user_id)]));
  const archiveIds = page.flatMap((o) => (o.archive_id === null ? [] : [Number(o.archive_id)]));
  const people = userIds.length
    ? await db
        .select({
          user_id: users.id,
          username: users.username,
          display_name: users.displayName,
          email: users.email,
          phone: users.phone,
          country: users.country,
        })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const files = await db
    .select({
      id: customerArchives.id,
      userId: customerArchives.user_id,
      sys_sn: customerArchives.sys_sn,
      name: customerArchives.name,
      email: customerArchives.email,
      phone: customerArchives.phone,
      country: customerArchives.country,
    })
    .from(customerArchives)
    .where(
      userIds.length || archiveIds.length
        ? or(
            userIds.length ? inArray(customerArchives.user_id, userIds) : undefined,
            archiveIds.length ? inArray(customerArchives.id, archiveIds) : undefined,
          )
        : sql`false`,
    )
    .orderBy(asc(customerArchives.id));
  const sns = files.filter((f) => archiveIds.includes(f.id)).map((f) => f.sys_sn);
  const owned =
    userIds.length || sns.length
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
          .where(
            and(
              or(
                userIds.length ? inArray(systems.customerUserId, userIds) : undefined,
                sns.length ? inArray(systems.sysSn, sns) : undefined,
              ),
              scope,
            ),
          )
          .orderBy(asc(systems.sysSn))
      : [];
  const systemRow = ({ userId: _, ...system }: (typeof owned)[number]) => system;
  return {
    dataCount: Number(total?.n ?? 0),
    data: page.map((owner): ClientRow => {
      if (owner.user_id !== null) {
        const person = people.find((p) => p.user_id === Number(owner.user_id))!;
        return {
          ...person,
          systems: owned.filter((s) => s.userId === person.user_id).map(systemRow),
          archive_id: files.find((a) => a.userId === person.user_id)?.id ?? null,
        };
      }
      const file = files.find((a) => a.id === Number(owner.archive_id))!;
      return {
        user_id: null,
        username: null,
        display_name: file.name,
        email: file.email,
        phone: file.phone,
        country: file.country,
        systems: owned.filter((s) => s.userId === null && s.sys_sn === file.sys_sn).map(systemRow),
        archive_id: file.id,
      };
    }),
  };
}

/**
 * The complaints on the customer's systems of the archive with this id that the caller may see (their complaint
 * scope), newest first; 45 for an archive outside their archive scope, as for one that does not exist.
 */
export async function archiveComplaints(db: Database, actor: Actor, id: number, now: Date): Promise<ArchiveComplaint[]> {
  const [archive] = await db
    .select({ sys_sn: customerArchives.sys_sn, user_id: customerArchives.user_id })
    .from(customerArchives)
    .where(and(eq(customerArchives.id, id), rowScope(customerArchiveDeclaration.scope!.subject, actor, now, customerArchives.sys_sn)))
    .limit(1);
  if (!archive) throw new ApiError(Code.NO_PERMISSION);
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
    .where(and(customerComplaints(archive), rowScope('complaint', actor, now, complaints.sys_sn)))
    .orderBy(desc(complaints.created_at), desc(complaints.id))
    .limit(500);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

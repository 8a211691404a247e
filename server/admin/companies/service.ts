import { and, asc, count, countDistinct, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../../contract/codes';
import type { ServicePartner } from '../../../contract/companies';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { OrganizationKind } from '../../../permissions/roles';
import type { CrudHooks, Row } from '../../core/crud/factory';
import type { Database } from '../../core/db';
import { installerCompanies, organizations, systemComponents, systems, users } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';

/**
 * Company management's checks (resources/companyManagement.ts): an installer company's reseller and service partner
 * are organizations of that kind (2 naming the field otherwise); a company that users, systems or installer companies
 * still point at is not deleted (400, its info saying what points at it, nothing changed), since the foreign keys
 * would otherwise quietly unlink them and take their scope away; the list and `one` carry those counts.
 */

type Counts = Map<number, number>;

/** How many rows of the column's table point at each of the ids (distinct values of `distinct` when given). */
async function countsBy(db: Database, column: PgColumn, ids: number[], distinct?: PgColumn): Promise<Counts> {
  const rows = await db
    .select({ id: column, n: distinct ? countDistinct(distinct) : count() })
    .from(column.table as PgTable)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
}

/** Users and systems of installer companies. */
async function installerLinks(db: Database, ids: number[]) {
  const [usersOf, systemsOf] = await Promise.all([
    countsBy(db, users.installerCompanyId, ids),
    countsBy(db, systems.installerCompanyId, ids),
  ]);
  return (id: number) => ({ user_count: usersOf.get(id) ?? 0, system_count: systemsOf.get(id) ?? 0 });
}

/** Users, installer companies (as their reseller or service partner) and systems (holding its components) of organizations. */
async function organizationLinks(db: Database, ids: number[]) {
  const [usersOf, asReseller, asPartner, systemsOf] = await Promise.all([
    countsBy(db, users.organizationId, ids),
    countsBy(db, installerCompanies.resellerId, ids),
    countsBy(db, installerCompanies.servicePartnerId, ids),
    countsBy(db, systemComponents.supplierId, ids, systemComponents.systemId),
  ]);
  return (id: number) => ({
    user_count: usersOf.get(id) ?? 0,
    company_count: (asReseller.get(id) ?? 0) + (asPartner.get(id) ?? 0),
    system_count: systemsOf.get(id) ?? 0,
  });
}

/** Refuses the delete while anything points at the company, saying what (the screen disables the button first). */
function refuseWhileLinked(name: unknown, links: Record<string, number>): void {
  const held = Object.entries(links).filter(([, n]) => n > 0);
  if (held.length === 0) return;
  const words: Record<string, string> = { user_count: 'user(s)', system_count: 'system(s)', company_count: 'installer company(ies)' };
  throw new ApiError(
    Code.OPERATION_FAILED,
    `Operation failure: ${held.map(([key, n]) => `${n} ${words[key]}`).join(', ')} still belong to ${String(name)}; link them to another company first`,
    { data: { field: 'name', ...links } },
  );
}

/** The organization an installer company's field names must exist and be of the field's kind. */
async function checkOrganization(db: Database, id: unknown, kind: OrganizationKind, field: string): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, Number(id)), eq(organizations.kind, kind)))
    .limit(1);
  if (!row) throw new ApiError(Code.PARAM_ERROR, `${field}: no ${kind} with id ${String(id)}`, { data: { field } });
}

/**
 * An installer company is one row under two screens (company management and the installer files of the after-sales
 * area): both deletes refuse while users or systems point at it, since the foreign keys would otherwise unlink them.
 */
export const refuseInstallerDeleteWhileLinked: Pick<CrudHooks, 'beforeDelete'> = {
  async beforeDelete(existing, ctx) {
    const links = await installerLinks(ctx.db, [Number(existing.id)]);
    refuseWhileLinked(existing.name, links(Number(existing.id)));
  },
};

export const installerCompanyHooks = (db: Database): CrudHooks => ({
  async beforeSave(values, ctx) {
    await checkOrganization(ctx.db, values.reseller_id, 'reseller', 'reseller_id');
    await checkOrganization(ctx.db, values.service_partner_id, 'servicepartner', 'service_partner_id');
  },
  ...refuseInstallerDeleteWhileLinked,
  async expand(rows: Row[]) {
    if (rows.length === 0) return;
    const links = await installerLinks(
      db,
      rows.map((row) => Number(row.id)),
    );
    for (const row of rows) Object.assign(row, links(Number(row.id)));
  },
});

export const organizationHooks = (db: Database): CrudHooks => ({
  async beforeDelete(existing, ctx) {
    const links = await organizationLinks(ctx.db, [Number(existing.id)]);
    refuseWhileLinked(existing.name, links(Number(existing.id)));
  },
  async expand(rows: Row[]) {
    if (rows.length === 0) return;
    const links = await organizationLinks(
      db,
      rows.map((row) => Number(row.id)),
    );
    for (const row of rows) Object.assign(row, links(Number(row.id)));
  },
});

/** The service partners by name, those of a country (theirs, or named in their areas) or matching a keyword. */
export async function servicePartnerList(
  db: Database,
  { country, keyword }: { country?: string; keyword?: string },
): Promise<{ dataCount: number; data: ServicePartner[] }> {
  const conditions: SQL[] = [eq(organizations.kind, 'servicepartner')];
  if (country) conditions.push(or(eq(organizations.country, country), sql`${organizations.areas} ~ ${`(^|[^A-Z])${country}([^A-Z]|$)`}`)!);
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(organizations.name, like), ilike(organizations.areas, like))!);
  }
  const data = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      country: organizations.country,
      areas: organizations.areas,
      contact: organizations.contact,
      phone: organizations.phone,
      email: organizations.email,
    })
    .from(organizations)
    .where(and(...conditions))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return { dataCount: data.length, data };
}

import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Audience } from '../../contract/messages';
import { installerCompanies, systemComponents, systems, users, vpps } from '../core/db/schema';

const list = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The users a message's audience names, as one condition on `users` (CONTRACT.md 'Messages'):
 * - `everyone`: every active user;
 * - otherwise the users meeting EVERY criterion given: one of `roles`, located in one of `countries` (users.country),
 *   and, when `models` or `firmwareVersions` are given, responsible for a system of that model (systems.minv) with a
 *   component on that firmware (system_components.firmware_version): the system's owner, the users of its installer
 *   company, the reseller and the service partner of that company, and the manager of its VPP. Staff who see every
 *   system are not reached through systems (they would all be); name their role instead. Sharers are guests and
 *   are not reached through systems either;
 * - plus the users named in `userIds`, whatever the criteria.
 * Locked and deactivated users get nothing.
 */
export function audienceCondition(audience: Audience): SQL {
  const active = and(eq(users.locked, false), isNull(users.deactivatedAt))!;
  const parts: SQL[] = [];
  if (audience.everyone) parts.push(sql`true`);
  else {
    if (audience.roles?.length) parts.push(sql`${users.roles} && ${list(audience.roles)}`);
    if (audience.countries?.length) parts.push(inArray(users.country, audience.countries));
    const systemCondition = systemsCondition(audience);
    if (systemCondition) parts.push(responsibleFor(systemCondition));
  }
  const criteria = parts.length ? and(...parts) : undefined;
  const named = audience.userIds?.length ? inArray(users.id, audience.userIds) : undefined;
  const who = criteria && named ? or(criteria, named) : (criteria ?? named ?? sql`false`);
  return and(active, who)!;
}

/** The systems of the models and firmware versions given (both when both are), undefined when neither is. */
function systemsCondition(audience: Audience): SQL | undefined {
  const conditions: SQL[] = [];
  if (audience.models?.length) conditions.push(inArray(systems.minv, audience.models));
  if (audience.firmwareVersions?.length) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${systemComponents} WHERE ${systemComponents.systemId} = ${systems.id} AND ${inArray(systemComponents.firmwareVersion, audience.firmwareVersions)})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The users responsible for one of the systems meeting `condition`: owner, installer company, its reseller and service partner, VPP manager. */
function responsibleFor(condition: SQL): SQL {
  const ofSystems = (column: SQL | typeof systems.customerUserId | typeof systems.installerCompanyId | typeof systems.vppId) =>
    sql`(SELECT ${column} FROM ${systems} WHERE ${condition} AND ${column} IS NOT NULL)`;
  const companies = ofSystems(systems.installerCompanyId);
  const has = (role: string) => sql`${role} = ANY(${users.roles})`;
  return or(
    sql`${users.id} IN ${ofSystems(systems.customerUserId)}`,
    and(has('installer'), sql`${users.installerCompanyId} IN ${companies}`),
    and(
      has('reseller'),
      sql`${users.organizationId} IN (SELECT ${installerCompanies.resellerId} FROM ${installerCompanies} WHERE ${installerCompanies.id} IN ${companies})`,
    ),
    and(
      has('servicepartner'),
      sql`${users.organizationId} IN (SELECT ${installerCompanies.servicePartnerId} FROM ${installerCompanies} WHERE ${installerCompanies.id} IN ${companies})`,
    ),
    and(has('vppmanager'), sql`${users.id} IN (SELECT ${vpps.managerUserId} FROM ${vpps} WHERE ${vpps.id} IN ${ofSystems(systems.vppId)})`),
  )!;
}

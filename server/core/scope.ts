import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { seesEverySystem } from '../../permissions/roles';
import { ALL_ROWS_READERS, rowScopeOf } from '../../permissions/scopes';
import { systems } from './db/schema/monitoring';
import { installerCompanies } from './db/schema/organizations';
import { users } from './db/schema/users';
import { systemScopeOfUser } from './system-scope';

/** Who asks: the token's user (id and roles) is all a row scope needs. */
export interface ScopeUser {
  id: number;
  roles: readonly string[];
}

/** A row of `systems`: what a system scope admits. */
export type SystemRow = typeof systems.$inferSelect;

/** Which systems a user sees (DESIGN §6), as one SQL condition on `systems` (./system-scope.ts); undefined = every system. */
export function systemScopeOf(user: ScopeUser, now: Date): SQL | undefined {
  return systemScopeOfUser(user, now);
}

/**
 * The one SQL condition of a subject's row scope (permissions/scopes.ts) for `user`: on `column`, the row's
 * link (a system's S/N for 'system', a user id for 'owner' and 'personal'). Undefined means every row. The CRUD service
 * applies it to list, one, save and delete; hand-written services call it too, so the two never disagree.
 */
export function rowScope(subject: string, user: ScopeUser, now: Date, column: SQLWrapper): SQL | undefined {
  const kind = rowScopeOf(subject);
  if (kind === 'personal') return readsEveryRow(subject, user) ? undefined : eq(column as never, user.id);
  if (!kind || seesEverySystem(user.roles)) return undefined;
  if (kind === 'owner') return eq(column as never, user.id);
  if (kind === 'installerCompany') return inArray(column as never, companiesOf(user));
  const systemsInScope = systemScopeOf(user, now);
  if (!systemsInScope) return undefined;
  return inArray(column as never, sql`(SELECT ${systems.sysSn} FROM ${systems} WHERE ${systemsInScope})`);
}

function readsEveryRow(subject: string, user: ScopeUser): boolean {
  const readers = ALL_ROWS_READERS[subject as keyof typeof ALL_ROWS_READERS] ?? [];
  return user.roles.some((role) => (readers as readonly string[]).includes(role));
}

/**
 * The installer companies a partner user works for or with (DESIGN §6): an installer their own company, a reseller
 * or service partner the companies linked to their organization; any other role none.
 */
function companiesOf(user: ScopeUser): SQL {
  const me = sql`(SELECT ${users.installerCompanyId} FROM ${users} WHERE ${users.id} = ${user.id})`;
  const organization = sql`(SELECT ${users.organizationId} FROM ${users} WHERE ${users.id} = ${user.id})`;
  const linked: SQL[] = [];
  if (user.roles.includes('installer')) linked.push(sql`${installerCompanies.id} = ${me}`);
  if (user.roles.includes('reseller')) linked.push(sql`${installerCompanies.resellerId} = ${organization}`);
  if (user.roles.includes('servicepartner')) linked.push(sql`${installerCompanies.servicePartnerId} = ${organization}`);
  const where = linked.length ? sql.join(linked, sql` OR `) : sql`false`;
  return sql`(SELECT ${installerCompanies.id} FROM ${installerCompanies} WHERE ${where})`;
}

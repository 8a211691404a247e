import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { seesEverySystem } from '../../permissions/roles';
import { rowScopeOf } from '../../permissions/scopes';
import { systems } from './db/schema/monitoring';
import { users } from './db/schema/users';
import { systemScope, type Viewer } from '../monitoring/scope';

/** Who asks: the token's user (id and roles) is all a row scope needs. */
export interface ScopeUser {
  id: number;
  roles: readonly string[];
}

/**
 * The viewer of DESIGN §6 without reading the user's row first: the links staff set (installer company,
 * organization) are read by the query itself, so the condition is built synchronously and costs one subquery.
 */
function viewerOfUser(user: ScopeUser): Viewer {
  // systemScope compares with these values inside its SQL, where a subquery stands in for a number.
  const link = (column: typeof users.installerCompanyId | typeof users.organizationId) =>
    sql`(SELECT ${column} FROM ${users} WHERE ${users.id} = ${user.id})` as unknown as number;
  return { id: user.id, roles: user.roles, installerCompanyId: link(users.installerCompanyId), organizationId: link(users.organizationId) };
}

/**
 * The one SQL condition of a subject's row scope (permissions/scopes.ts) for `user`: on `column`, the row's
 * link (a system's S/N for 'system', a user id for 'owner'). Undefined means every row. The CRUD service
 * applies it to list, one, save and delete; hand-written services call it too, so the two never disagree.
 */
export function rowScope(subject: string, user: ScopeUser, now: Date, column: SQLWrapper): SQL | undefined {
  const kind = rowScopeOf(subject);
  if (!kind || seesEverySystem(user.roles)) return undefined;
  if (kind === 'owner') return eq(column as never, user.id);
  const systemsInScope = systemScope(viewerOfUser(user), now);
  if (!systemsInScope) return undefined;
  return inArray(column as never, sql`(SELECT ${systems.sysSn} FROM ${systems} WHERE ${systemsInScope})`);
}

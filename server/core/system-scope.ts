import { and, eq, gt, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { SYSTEM_SCOPED_ROLES } from '../../permissions/roles';
import { Code } from '../../contract/codes';
import type { Database } from './db';
import { PreparedStatement } from './db/prepared';
import { systemComponents, systems, vpps } from './db/schema/monitoring';
import { installerCompanies } from './db/schema/organizations';
import { systemShares } from './db/schema/shares';
import { users } from './db/schema/users';
import type { Actor } from './auth/actor';
import { ApiError } from './http/envelope';
import type { ScopeUser, SystemRow } from './scope';

export type { SystemRow } from './scope';

/**
 * Who sees which system (DESIGN §6), as one SQL condition on `systems`. A user with several roles sees the
 * union; any role not listed here (admin, servicer, dev …) sees every system.
 */
export interface Viewer {
  id: number;
  roles: readonly string[];
  /**
   * The links staff set in user management (DESIGN §10), never the company text of the user's own profile:
   * an installer's company, and the reseller, service partner or supplier (organizations) a user works for.
   */
  installerCompanyId: number | null;
  organizationId: number | null;
}

const SCOPED_ROLES = new Set<string>(SYSTEM_SCOPED_ROLES);

/** The roles whose scope follows a link (systemScope): only their viewers need the user's row read. */
const LINKED_ROLES = new Set(['installer', 'reseller', 'servicepartner', 'supplier']);

const SCOPE_LINKS = new PreparedStatement<{ installer_company_id: number | null; organization_id: number | null }>(
  'scope_links',
  sql`SELECT installer_company_id, organization_id FROM users WHERE id = ${sql.placeholder('id')}`,
);

/**
 * The viewer of a caller. The links are read on every call (staff may change them at any time); a viewer whose
 * scope follows no link (a customer, any unscoped staff such as an admin) needs no query at all.
 */
export async function viewerOf(db: Database, user: Pick<Actor, 'id' | 'roles'>): Promise<Viewer> {
  const unscoped = user.roles.some((role) => !SCOPED_ROLES.has(role));
  if (unscoped || !user.roles.some((role) => LINKED_ROLES.has(role))) {
    return { id: user.id, roles: user.roles, installerCompanyId: null, organizationId: null };
  }
  const [row] = await SCOPE_LINKS.rows(db, { id: user.id });
  return {
    id: user.id,
    roles: user.roles,
    installerCompanyId: row?.installer_company_id ?? null,
    organizationId: row?.organization_id ?? null,
  };
}

/** The condition on `systems` for the viewer's scope; undefined = every system. */
export function systemScope(viewer: Viewer, now: Date): SQL | undefined {
  return scopeCondition(viewer, {
    viewerId: viewer.id,
    installerCompanyId: viewer.installerCompanyId,
    organizationId: viewer.organizationId,
    now,
  });
}

/**
 * The system scope of a token's user without reading the user's row first (what rowScope of ./scope.ts applies):
 * the links staff set (installer company, organization) are read by the query itself, so the condition is built
 * synchronously and costs one subquery.
 */
export function systemScopeOfUser(user: ScopeUser, now: Date): SQL | undefined {
  // scopeCondition compares with these values inside its SQL, where a subquery stands in for a number.
  const link = (column: typeof users.installerCompanyId | typeof users.organizationId) =>
    sql`(SELECT ${column} FROM ${users} WHERE ${users.id} = ${user.id})` as unknown as number;
  return systemScope(
    { id: user.id, roles: user.roles, installerCompanyId: link(users.installerCompanyId), organizationId: link(users.organizationId) },
    now,
  );
}

/** What a scope condition compares with: the viewer's values, or placeholders for them in a prepared statement. */
interface ScopeValues {
  viewerId: number | Placeholder;
  installerCompanyId: number | null | Placeholder;
  organizationId: number | null | Placeholder;
  now: Date | Placeholder;
}

/** The scope of the viewer's roles and links (which links are set decides the shape; `values` fill it). */
function scopeCondition(viewer: Viewer, values: ScopeValues): SQL | undefined {
  if (viewer.roles.some((role) => !SCOPED_ROLES.has(role))) return undefined;
  const { viewerId, installerCompanyId, organizationId, now } = values;
  // The systems of the installer companies this organization resells to or services.
  const installersOf = (column: typeof installerCompanies.resellerId | typeof installerCompanies.servicePartnerId) =>
    inArray(
      systems.installerCompanyId,
      sql`(SELECT ${installerCompanies.id} FROM ${installerCompanies} WHERE ${column} = ${organizationId})`,
    );
  const conditions: SQL[] = [];
  for (const role of viewer.roles) {
    switch (role) {
      case 'customer':
        conditions.push(eq(systems.customerUserId, viewerId));
        break;
      case 'sharer':
        conditions.push(
          inArray(
            systems.sysSn,
            sql`(SELECT ${systemShares.systemSn} FROM ${systemShares} WHERE ${and(eq(systemShares.sharerUserId, viewerId), gt(systemShares.expiresAt, now))})`,
          ),
        );
        break;
      case 'installer':
        if (viewer.installerCompanyId !== null) conditions.push(eq(systems.installerCompanyId, installerCompanyId!));
        break;
      case 'reseller':
        if (viewer.organizationId !== null) conditions.push(installersOf(installerCompanies.resellerId));
        break;
      case 'servicepartner':
        if (viewer.organizationId !== null) conditions.push(installersOf(installerCompanies.servicePartnerId));
        break;
      case 'vppmanager':
        conditions.push(inArray(systems.vppId, sql`(SELECT ${vpps.id} FROM ${vpps} WHERE ${vpps.managerUserId} = ${viewerId})`));
        break;
      case 'supplier':
        if (viewer.organizationId !== null) {
          conditions.push(
            inArray(
              systems.id,
              sql`(SELECT ${systemComponents.systemId} FROM ${systemComponents} WHERE ${systemComponents.supplierId} = ${organizationId})`,
            ),
          );
        }
        break;
    }
  }
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

/**
 * The system with this S/N if the viewer may see it. A system that does not exist and one outside the
 * scope answer the same code 45, so nobody learns which S/Ns exist.
 */
export async function systemInScope(db: Database, viewer: Viewer, sn: string, now: Date): Promise<SystemRow> {
  const [system] = await scopedStatementsOf(db, viewer).bySn.execute({ ...scopeValuesOf(viewer, now), sn });
  if (!system) throw new ApiError(Code.NO_PERMISSION);
  return system;
}

/** Every system of the viewer's scope (the customer's selector, the sharer's list). */
export async function systemsInScope(db: Database, viewer: Viewer, now: Date): Promise<SystemRow[]> {
  return scopedStatementsOf(db, viewer).all.execute(scopeValuesOf(viewer, now));
}

/**
 * The two scoped reads every statistics call starts with, prepared once per scope shape (the viewer's roles and
 * which links are set) and database: the values (who, which links, when) fill placeholders on each call. An empty
 * name leaves them unnamed (the driver's unnamed statement is parsed on every call).
 */
function scopedStatements(db: Database, viewer: Viewer, name: string) {
  const named = (suffix: string) => (name ? `${name}_${suffix}` : '');
  const scope = scopeCondition(viewer, {
    viewerId: sql.placeholder('viewerId'),
    installerCompanyId: sql.placeholder('installerCompanyId'),
    organizationId: sql.placeholder('organizationId'),
    now: sql.placeholder('now'),
  });
  const bySn = eq(systems.sysSn, sql.placeholder('sn'));
  return {
    bySn: db
      .select()
      .from(systems)
      .where(scope ? and(bySn, scope) : bySn)
      .prepare(named('by_sn')),
    all: db.select().from(systems).where(scope).orderBy(systems.sysSn).prepare(named('all')),
  };
}

type ScopedStatements = ReturnType<typeof scopedStatements>;

/** Role sets are few (the role table's); past this many shapes a database gets unnamed statements. */
const SCOPE_SHAPES_KEPT = 64;
const scopedStatementsByDb = new WeakMap<Database, Map<string, ScopedStatements>>();

function scopedStatementsOf(db: Database, viewer: Viewer): ScopedStatements {
  const shape = `${viewer.roles.join(',')}|${viewer.installerCompanyId !== null}|${viewer.organizationId !== null}`;
  let shapes = scopedStatementsByDb.get(db);
  if (!shapes) scopedStatementsByDb.set(db, (shapes = new Map()));
  let statements = shapes.get(shape);
  if (!statements) {
    if (shapes.size >= SCOPE_SHAPES_KEPT) return scopedStatements(db, viewer, '');
    statements = scopedStatements(db, viewer, `scope_systems_${shapes.size}`);
    shapes.set(shape, statements);
  }
  return statements;
}

function scopeValuesOf(viewer: Viewer, now: Date) {
  return { viewerId: viewer.id, installerCompanyId: viewer.installerCompanyId, organizationId: viewer.organizationId, now };
}

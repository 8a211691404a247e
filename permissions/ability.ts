import { createMongoAbility, AbilityBuilder, type MongoAbility } from '@casl/ability';
import { RESOURCES } from '../resources';
import { entityOf, subjectOf } from '../resources/types';
import { permissionOf } from '../resources/workflow';
import { leafRoutes, ROUTES, type RouteNode } from './routes';
import { CRUD_ACTIONS, isSubject, SUBJECT_GRANTS, type SubjectAction } from './subjects';

/**
 * One CASL ability for both enforcers: the web app (menu, route guards, buttons) and the server (every
 * endpoint). Two kinds of subject:
 * - the route keys of permissions/routes.ts: 'access' opens the screen (menu, route guard); the screen's
 *   buttons still ask 'create' / 'update' / 'delete' / 'export' on its key;
 * - the entities of permissions/subjects.ts ('user', 'license', 'system', …) with their actions ('read',
 *   'create', …, workflow actions): what every /api call checks (its `config.permission`), held as the
 *   grants there say and narrowed by a declaration's `permissions` (resources/types.ts).
 *
 * `menuDenied` holds the keys an administrator has hidden from this particular user or role
 * (per-user menu permissions): they are removed on top of the role table.
 */
export type Action = 'access' | 'read' | 'create' | 'update' | 'delete' | 'export';
export type AppAbility = MongoAbility<[Action | SubjectAction, string]>;

/**
 * Abilities are immutable and there are few distinct (roles, denials) pairs, while the server asks for one
 * on every request: building a CASL ability costs far more than the rest of a request, so keep them.
 */
const cache = new Map<string, AppAbility>();
const CACHE_LIMIT = 1000;

export function defineAbilityFor(
  roles: readonly string[],
  menuDenied: readonly string[] = [],
  routes: readonly RouteNode[] = ROUTES,
): AppAbility {
  if (routes !== ROUTES) return buildAbility(roles, menuDenied, routes);
  const key = `${[...roles].sort().join(',')}|${[...menuDenied].sort().join(',')}`;
  let ability = cache.get(key);
  if (!ability) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    ability = buildAbility(roles, menuDenied, routes);
    cache.set(key, ability);
  }
  return ability;
}

function buildAbility(roles: readonly string[], menuDenied: readonly string[], routes: readonly RouteNode[]): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  for (const route of leafRoutes(routes)) {
    if (!route.roles || route.roles.some((r) => roles.includes(r))) {
      can(['access', 'create', 'update', 'delete', 'export'], route.key);
    }
  }
  for (const key of menuDenied) cannot(['access', 'create', 'update', 'delete', 'export'], key);

  const holds = (held: readonly string[] | undefined) => !held || held.some((r) => roles.includes(r));
  const openScreens = new Set(
    leafRoutes(routes)
      .filter((r) => holds(r.roles) && !menuDenied.includes(r.key))
      .map((r) => r.key),
  );
  for (const grant of SUBJECT_GRANTS) {
    if ((!grant.screen || openScreens.has(grant.screen)) && holds(grant.roles)) can([...grant.actions], grant.subject);
  }
  for (const declaration of RESOURCES) {
    // A declaration that names no entity of subjects.ts is an entity of its own, held with its screen.
    const entity = entityOf(declaration);
    if (!isSubject(entity) && openScreens.has(subjectOf(declaration))) can([...CRUD_ACTIONS], entity);
  }
  // A workflow's actions (resources/workflow.ts) go with its screen, to the roles its transition names.
  for (const declaration of RESOURCES) {
    if (!declaration.workflow || !openScreens.has(subjectOf(declaration))) continue;
    for (const transition of declaration.workflow.transitions) {
      if (holds(transition.roles)) can(permissionOf(transition), entityOf(declaration));
    }
  }
  // A declaration may narrow what its screen implies (e.g. delete for admins only).
  for (const declaration of RESOURCES) {
    for (const [action, held] of Object.entries(declaration.permissions ?? {})) {
      if (!holds(held)) cannot(action, entityOf(declaration));
    }
  }
  return build();
}

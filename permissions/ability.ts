import { createMongoAbility, AbilityBuilder, type MongoAbility } from '@casl/ability';
import { ENTITY_RULES } from './entities';
import { leafRoutes, ROUTES, type RouteNode } from './routes';

/**
 * One CASL ability for both enforcers: the web app (menu, route guards, buttons) and the server (every
 * endpoint). Subjects are the route keys of permissions/routes.ts; 'access' opens the screen and the calls
 * behind it. Parts of an entity that are no screen (a system's remark, its cost) are subjects of their own with
 * the actions of permissions/entities.ts ('read', 'update').
 *
 * `menuDenied` holds the keys an administrator has hidden from this particular user or role
 * (per-user menu permissions): they are removed on top of the role table.
 */
export type Action = 'access' | 'read' | 'create' | 'update' | 'delete' | 'export';
export type AppAbility = MongoAbility<[Action, string]>;

/**
 * Abilities are immutable and there are few distinct (roles, denials) pairs, while the server asks for one
 * on every request: building a CASL ability costs far more than the rest of a request, so keep them.
 */
const cache = new Map<string, AppAbility>();
const CACHE_LIMIT = 1000;

export function defineAbilityFor(roles: readonly string[], menuDenied: readonly string[] = [], routes: readonly RouteNode[] = ROUTES): AppAbility {
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
  for (const rule of ENTITY_RULES) {
    if (rule.roles.some((r) => roles.includes(r))) can(rule.action, rule.subject);
  }
  for (const key of menuDenied) cannot(['access', 'create', 'update', 'delete', 'export'], key);
  return build();
}

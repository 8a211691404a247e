import { defineAbilityFor } from '../../permissions/ability';
import { filterRoutes, leafRoutes, ROUTES, type RouteNode } from '../../permissions/routes';

export interface MenuEntry {
  key: string;
  path: string;
  icon?: string;
  children?: MenuEntry[];
}

/**
 * The routes a user may open (spec §2: kept when the user holds any of its roles, children filtered
 * recursively; minus the per-user `menuDenied`), limited to routes whose screen exists.
 */
export function allowedRoutes(roles: readonly string[], menuDenied: readonly string[], hasScreen: (key: string) => boolean, routes: readonly RouteNode[] = ROUTES): RouteNode[] {
  const ability = defineAbilityFor(roles, menuDenied, routes);
  return leafRoutes(filterRoutes(routes, roles)).filter((r) => hasScreen(r.key) && ability.can('access', r.key));
}

/** The sidebar menu: allowed, built and not hidden; groups keep their order and disappear when empty. */
export function buildMenu(roles: readonly string[], menuDenied: readonly string[], hasScreen: (key: string) => boolean, routes: readonly RouteNode[] = ROUTES): MenuEntry[] {
  const allowed = new Set(allowedRoutes(roles, menuDenied, hasScreen, routes).map((r) => r.key));
  const walk = (nodes: readonly RouteNode[]): MenuEntry[] =>
    nodes.flatMap((node): MenuEntry[] => {
      if (node.children) {
        const children = walk(node.children);
        return children.length ? [{ key: node.key, path: node.path, icon: node.icon, children }] : [];
      }
      if (node.hidden || !allowed.has(node.key)) return [];
      return [{ key: node.key, path: node.path, icon: node.icon }];
    });
  return walk(routes);
}

/** Breadcrumbs (spec §2: they start at the dashboard): dashboard › group › screen. */
export function breadcrumbFor(pathname: string, routes: readonly RouteNode[] = ROUTES): RouteNode[] {
  const dashboard = routes.find((r) => r.key === 'dashboard');
  const trail: RouteNode[] = [];
  const search = (nodes: readonly RouteNode[], parents: RouteNode[]): boolean => {
    for (const node of nodes) {
      if (node.children) {
        if (search(node.children, [...parents, node])) return true;
      } else if (node.path.toLowerCase() === pathname.toLowerCase()) {
        trail.push(...parents, node);
        return true;
      }
    }
    return false;
  };
  search(routes, []);
  if (!dashboard) return trail;
  if (trail[0]?.key === 'dashboard') return trail;
  return [dashboard, ...trail];
}

/** The route key of a path, if it is one of the table's. */
export function routeKeyFor(pathname: string, routes: readonly RouteNode[] = ROUTES): string | undefined {
  return leafRoutes(routes).find((r) => r.path.toLowerCase() === pathname.toLowerCase())?.key;
}

import { defineAbilityFor } from '../../permissions/ability';
import { filterRoutes, leafRoutes, routeContains, ROUTES, type RouteNode } from '../../permissions/routes';

export interface MenuEntry {
  key: string;
  /** A route's path, or the address of a link entry (`external`). */
  path: string;
  /** A link added in menuManagement: opens its address in a new tab. */
  external?: boolean;
  icon?: string;
  /** Titles set in menuManagement, per language; a language left out shows `menu:<key>`. */
  titles?: Partial<Record<string, string>>;
  children?: MenuEntry[];
}

/** What menuManagement changes in the sidebar (GET /api/Menu/GetMenuOverrides), per menu key. */
export interface MenuOverride {
  title?: Partial<Record<string, string>>;
  order?: number;
  icon?: string;
  hidden?: boolean;
  /** The group the entry was moved to (`null`: the top level); absent where the route table's parent holds. */
  parent?: string | null;
  /** An entry added in menuManagement that is no route: a link to this address, for every logged-in user. */
  link?: string;
}
export type MenuOverrides = Readonly<Record<string, MenuOverride>>;

/**
 * The tree with entries moved to the group menuManagement gave them (`parent`) and link entries added.
 * A move to a group that does not exist, to a screen or into the entry itself is ignored: the entry stays.
 */
function moveEntries(routes: readonly RouteNode[], overrides: MenuOverrides): readonly RouteNode[] {
  const moves = Object.entries(overrides).filter(([, o]) => o.parent !== undefined || o.link);
  if (moves.length === 0) return routes;
  const byKey = new Map<string, RouteNode>();
  const index = (nodes: readonly RouteNode[]) => nodes.forEach((n) => (byKey.set(n.key, n), n.children && index(n.children)));
  index(routes);
  const placed = new Map<string | null, RouteNode[]>();
  const moved = new Set<string>();
  for (const [key, override] of moves) {
    const node: RouteNode | undefined = byKey.get(key) ?? (override.link ? { key, path: override.link } : undefined);
    const parent = override.parent ?? null;
    const target = parent === null ? undefined : byKey.get(parent);
    if (!node || (parent !== null && (!target?.children || routeContains(node, parent)))) {
      if (!byKey.has(key) && node) placed.set(null, [...(placed.get(null) ?? []), node]);
      continue;
    }
    moved.add(key);
    placed.set(parent, [...(placed.get(parent) ?? []), node]);
  }
  const rebuild = (nodes: readonly RouteNode[], parent: string | null): RouteNode[] => [
    ...nodes.filter((n) => !moved.has(n.key)).map((n) => (n.children ? { ...n, children: rebuild(n.children, n.key) } : n)),
    ...(placed.get(parent) ?? []).map((n) => (n.children ? { ...n, children: rebuild(n.children, n.key) } : n)),
  ];
  return rebuild(routes, null);
}

/**
 * The route table reshaped by menuManagement: entries moved between groups, link entries added, siblings in
 * the override order (the table's order where none is set), icons replaced, entries hidden. Only the shape of
 * the menu changes: access stays with the role table and the user's menu permissions (allowedRoutes reads the
 * untouched table).
 */
export function applyMenuOverrides(routes: readonly RouteNode[], overrides: MenuOverrides): RouteNode[] {
  const walk = (nodes: readonly RouteNode[]): RouteNode[] =>
    nodes
      .map((node, index) => ({ node, index, order: overrides[node.key]?.order ?? (index + 1) * 10 }))
      .sort((a, b) => a.order - b.order || a.index - b.index)
      .map(({ node }) => {
        const override = overrides[node.key];
        const next: RouteNode = { ...node };
        if (override?.icon) next.icon = override.icon;
        if (override?.hidden) next.hidden = true;
        if (node.children) next.children = walk(node.children);
        return next;
      });
  return walk(moveEntries(routes, overrides));
}

/** The title of a menu entry in a language: the menuManagement title when set, else the translated `menu:<key>`. */
export function menuTitle(key: string, language: string, overrides: MenuOverrides, translate: (key: string) => string): string {
  const lng = language.slice(0, 2);
  return overrides[key]?.title?.[lng]?.trim() || translate(`menu:${key}`);
}

/**
 * The routes a user may open (spec §2: kept when the user holds any of its roles, children filtered
 * recursively; minus the per-user `menuDenied`), limited to routes whose screen exists.
 */
export function allowedRoutes(
  roles: readonly string[],
  menuDenied: readonly string[],
  hasScreen: (key: string) => boolean,
  routes: readonly RouteNode[] = ROUTES,
): RouteNode[] {
  const ability = defineAbilityFor(roles, menuDenied, routes);
  return leafRoutes(filterRoutes(routes, roles)).filter((r) => hasScreen(r.key) && ability.can('access', r.key));
}

/**
 * The sidebar menu: allowed, built and not hidden; groups keep their order and disappear when empty.
 * `overrides` (menuManagement) reorder, rename, re-icon and hide entries; they never open one.
 */
export function buildMenu(
  roles: readonly string[],
  menuDenied: readonly string[],
  hasScreen: (key: string) => boolean,
  routes: readonly RouteNode[] = ROUTES,
  overrides: MenuOverrides = {},
): MenuEntry[] {
  const allowed = new Set(allowedRoutes(roles, menuDenied, hasScreen, routes).map((r) => r.key));
  const entry = (node: RouteNode): MenuEntry => {
    const titles = overrides[node.key]?.title;
    return titles && Object.keys(titles).length
      ? { key: node.key, path: node.path, icon: node.icon, titles }
      : { key: node.key, path: node.path, icon: node.icon };
  };
  const walk = (nodes: readonly RouteNode[]): MenuEntry[] =>
    nodes.flatMap((node): MenuEntry[] => {
      if (node.children) {
        if (overrides[node.key]?.hidden) return [];
        const children = walk(node.children);
        return children.length ? [{ ...entry(node), children }] : [];
      }
      if (node.hidden) return [];
      const link = overrides[node.key]?.link;
      if (link && !allowed.has(node.key)) return [{ ...entry(node), path: link, external: true }];
      if (!allowed.has(node.key)) return [];
      return [entry(node)];
    });
  return walk(Object.keys(overrides).length ? applyMenuOverrides(routes, overrides) : routes);
}

/** The route key of a path, if it is one of the table's. */
export function routeKeyFor(pathname: string, routes: readonly RouteNode[] = ROUTES): string | undefined {
  return leafRoutes(routes).find((r) => r.path.toLowerCase() === pathname.toLowerCase())?.key;
}

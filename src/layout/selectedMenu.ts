import { leafRoutes, type RouteNode } from '../../permissions/routes';
import type { MenuEntry } from '../routing/menu';

/** What the sidebar marks on a page: the highlighted entry and the group opened around it. */
export interface MenuSelection {
  key?: string;
  group?: string;
}

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The first screen entry (not a group) passing `test`, with the group it sits in (the menu is two levels deep). */
function findEntry(entries: readonly MenuEntry[], test: (entry: MenuEntry) => boolean): MenuSelection {
  for (const entry of entries) {
    if (!entry.children && test(entry)) return { key: entry.key };
    const child = entry.children?.find((c) => !c.children && test(c));
    if (child) return { key: child.key, group: entry.key };
  }
  return {};
}

/**
 * The entry to highlight on `pathname`: the page's own entry, or on a hidden route (a complaint's page, a form) the
 * entry its `menuParent` names in permissions/routes.ts, wherever menu management placed it. Nothing when neither is
 * in the user's menu.
 */
export function selectedMenu(entries: readonly MenuEntry[], pathname: string, routes: readonly RouteNode[] = leafRoutes()): MenuSelection {
  const own = findEntry(entries, (entry) => !entry.external && samePath(entry.path, pathname));
  if (own.key) return own;
  const parent = routes.find((route) => samePath(route.path, pathname))?.menuParent;
  return parent ? findEntry(entries, (entry) => entry.key === parent) : {};
}

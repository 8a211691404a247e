import { and, count, eq, ne, sql } from 'drizzle-orm';
import { routeContains, ROUTES, type RouteNode } from '../../../permissions/routes';
import type { CrudHooks } from '../../core/crud/factory';
import type { Database } from '../../core/db';
import { menus } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { localeFiles } from '../translations/locale-files';
import type { MenuOverride } from '../../../contract/admin/menus';
import { TRANSLATION_LANGUAGES } from '../../../contract/admin/translations';
import { Code } from '../../../contract/codes';

const TITLE_FIELDS = ['title_en', 'title_zh', 'title_de', 'title_ja'] as const;

/** The title a route key had before the tree was seeded from the shipped texts ('licenseManagement' → 'License Management'). */
function keyTitle(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/**
 * The shipped menu titles (locales/<lng>/menu.json): title(lng, key), '' when there is none. Made once per tree:
 * localeFiles() lists and stats every locale file to see whether one changed, and asked per key and language it
 * did that some 230 times for one tree (most of the menu seed's time, before every API test).
 */
function shippedTitles(): (lng: string, key: string) => string {
  const files = localeFiles();
  return (lng, key) => files.get(`${lng}/menu`)?.get(key) ?? '';
}

/** Every node of the route table by key, with the key of its group (null at the top level). */
function routeTree(): Map<string, { node: RouteNode; parent: string | null }> {
  const tree = new Map<string, { node: RouteNode; parent: string | null }>();
  const walk = (nodes: readonly RouteNode[], parent: string | null) =>
    nodes.forEach((node) => (tree.set(node.key, { node, parent }), node.children && walk(node.children, node.key)));
  walk(ROUTES, null);
  return tree;
}

/** A link entry's address: only http(s), so a menu entry can never run script. */
function isWebAddress(path: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(path);
}

/**
 * The menu tree as overrides of the route table: a title counts only where it differs from the shipped text
 * (so translation edits in langTransManagement still reach untouched entries), the icon only where it
 * differs from the route table's, the parent only where the entry was moved, order and hidden always.
 * Entries that are no route are links: they carry their address and a title in every language (English
 * where one is left blank).
 */
export async function menuOverrides(db: Database): Promise<Record<string, MenuOverride>> {
  const rows = await db.select().from(menus);
  const tree = routeTree();
  const shippedTitle = shippedTitles();
  const out: Record<string, MenuOverride> = {};
  for (const row of rows) {
    const route = tree.get(row.menu_key);
    const override: MenuOverride = { order: row.sort_order, hidden: row.hidden };
    if (!route) {
      if (!isWebAddress(row.path)) continue;
      override.link = row.path;
      override.parent = row.parent_key;
      override.title = Object.fromEntries(TRANSLATION_LANGUAGES.map((lng) => [lng, row[`title_${lng}`].trim() || row.title_en]));
    } else {
      for (const lng of TRANSLATION_LANGUAGES) {
        const title = row[`title_${lng}`].trim();
        if (!title || title === shippedTitle(lng, row.menu_key) || (lng === 'en' && title === keyTitle(row.menu_key))) continue;
        (override.title ??= {})[lng] = title;
      }
      if (row.icon && row.icon !== route.node.icon) override.icon = row.icon;
      if ((row.parent_key ?? null) !== route.parent) override.parent = row.parent_key ?? null;
    }
    out[row.menu_key] = override;
  }
  return out;
}

/** The route table as the initial menu tree (titles are the shipped texts of the four languages; editable afterwards). */
export async function seedMenus(db: Database, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(menus);
  if (Number(existing?.n ?? 0) > 0) return;
  const rows: (typeof menus.$inferInsert)[] = [];
  const shippedTitle = shippedTitles();
  const walk = (nodes: readonly RouteNode[], parent: string | null) =>
    nodes.forEach((node, i) => {
      rows.push({
        menu_key: node.key,
        parent_key: parent,
        path: node.path,
        title_en: shippedTitle('en', node.key) || keyTitle(node.key),
        title_zh: shippedTitle('zh', node.key),
        title_de: shippedTitle('de', node.key),
        title_ja: shippedTitle('ja', node.key),
        icon: node.icon ?? '',
        sort_order: (i + 1) * 10,
        hidden: node.hidden ?? false,
        created_at: now,
        updated_at: now,
      });
      if (node.children) walk(node.children, node.key);
    });
  walk(ROUTES, null);
  await db.insert(menus).values(rows).onConflictDoNothing();
}

/** menuManagement's spec checks on its generated calls (registered with the declaration in server/admin/routes.ts). */
export const menuHooks: CrudHooks = {
  async beforeSave(values, { db, existing }) {
    // A title may not be used twice in the same language (47).
    for (const field of TITLE_FIELDS) {
      const title = String(values[field] ?? '');
      if (!title) continue;
      const same = sql`lower(${menus[field]}) = lower(${title})`;
      const [clash] = await db
        .select({ id: menus.id })
        .from(menus)
        .where(existing ? and(same, ne(menus.id, existing.id as number)) : same)
        .limit(1);
      if (clash) throw new ApiError(Code.MENU_TITLE_USED, undefined, { data: { field } });
    }
    const tree = routeTree();
    const key = String(values.menu_key ?? existing?.menu_key ?? '');
    const route = tree.get(key);
    // A route keeps its address; an entry that is no route is a link and needs a web address.
    if (route ? String(values.path ?? route.node.path) !== route.node.path : !isWebAddress(String(values.path ?? ''))) {
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: path', { data: { field: 'path' } });
    }
    if (values.parent_key) {
      const parentKey = String(values.parent_key);
      // The parent is a group (a screen has no sub menu), and a group never moves into itself.
      const group = tree.get(parentKey);
      if (!group?.node.children || (route && routeContains(route.node, parentKey)))
        throw new ApiError(Code.PARAM_ERROR, 'Parameter error: parent_key', { data: { field: 'parent_key' } });
    }
  },
  async beforeDelete(existing, { db }) {
    const [child] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.parent_key, String(existing.menu_key)))
      .limit(1);
    if (child) throw new ApiError(Code.SUB_MENU_EXISTS);
  },
};

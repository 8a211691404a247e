import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROUTES, type RouteNode } from '../../permissions/routes';
import { menuManagement } from '../../resources/menuManagement';
import type { AppDeps } from '../config';
import { registerCrud } from '../crud/factory';
import type { Database } from '../db';
import { menus } from '../db/schema';
import { ApiError, ok } from '../http/envelope';
import { localeFiles, TRANSLATION_LANGUAGES } from './translations';

const TITLE_FIELDS = ['title_en', 'title_zh', 'title_de', 'title_ja'] as const;

/** The title a route key had before the tree was seeded from the shipped texts ('licenseManagement' → 'License Management'). */
function keyTitle(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/** The shipped menu title of a route key in a language (locales/<lng>/menu.json), '' when there is none. */
function shippedTitle(lng: string, key: string): string {
  return localeFiles().get(`${lng}/menu`)?.get(key) ?? '';
}

export type MenuLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** What menuManagement changes in the sidebar, per menu key (src/routing/menu.ts applies it over the route table). */
export interface MenuOverride {
  /** Titles an admin set, per language; a language left out shows the (translatable) text of locales/. */
  title?: Partial<Record<MenuLanguage, string>>;
  order: number;
  icon?: string;
  hidden: boolean;
}

/**
 * The menu tree as overrides of the route table: a title counts only where it differs from the shipped text
 * (so translation edits in langTransManagement still reach untouched entries), the icon only where it
 * differs from the route table's, order and hidden always.
 */
export async function menuOverrides(db: Database): Promise<Record<string, MenuOverride>> {
  const rows = await db.select().from(menus);
  const routeIcons = new Map<string, string | undefined>();
  const walk = (nodes: readonly RouteNode[]) => nodes.forEach((n) => (routeIcons.set(n.key, n.icon), n.children && walk(n.children)));
  walk(ROUTES);
  const out: Record<string, MenuOverride> = {};
  for (const row of rows) {
    const override: MenuOverride = { order: row.sort_order, hidden: row.hidden };
    for (const lng of TRANSLATION_LANGUAGES) {
      const title = row[`title_${lng}`].trim();
      if (!title || title === shippedTitle(lng, row.menu_key) || (lng === 'en' && title === keyTitle(row.menu_key))) continue;
      (override.title ??= {})[lng] = title;
    }
    if (row.icon && row.icon !== routeIcons.get(row.menu_key)) override.icon = row.icon;
    out[row.menu_key] = override;
  }
  return out;
}

/** The route table as the initial menu tree (titles are the shipped texts of the four languages; editable afterwards). */
export async function seedMenus(db: Database, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(menus);
  if (Number(existing?.n ?? 0) > 0) return;
  const rows: (typeof menus.$inferInsert)[] = [];
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

export function registerMenus(app: FastifyInstance, deps: AppDeps): void {
  registerCrud(app, deps, {
    declaration: menuManagement,
    table: menus,
    hooks: {
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
          if (clash) throw new ApiError(47, undefined, { data: { field } });
        }
        if (values.parent_key) {
          if (values.parent_key === values.menu_key) throw new ApiError(2, 'Parameter error: parent_key', { data: { field: 'parent_key' } });
          const [parent] = await db.select({ id: menus.id }).from(menus).where(eq(menus.menu_key, String(values.parent_key))).limit(1);
          if (!parent) throw new ApiError(2, 'Parameter error: parent_key', { data: { field: 'parent_key' } });
        }
      },
      async beforeDelete(existing, { db }) {
        const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parent_key, String(existing.menu_key))).limit(1);
        if (child) throw new ApiError(46);
      },
    },
  });
  // Every logged-in user's web app reads this at start to shape the sidebar; access stays with the role table.
  app.get('/Menu/GetMenuOverrides', {
    schema: { tags: ['menuManagement'], summary: 'The menu tree as overrides of the route table: { [menuKey]: { title?: { en, zh, de, ja }, order, icon?, hidden } }' },
    handler: async () => ok(await menuOverrides(deps.db)),
  });
  // The tree starts as the route table the first time anyone opens it.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/Menu/')) await seedMenus(deps.db, deps.clock());
  });
}

import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROUTES, type RouteNode } from '../../permissions/routes';
import { menuManagement } from '../../resources/menuManagement';
import type { AppDeps } from '../config';
import { registerCrud } from '../crud/factory';
import type { Database } from '../db';
import { menus } from '../db/schema';
import { ApiError } from '../http/envelope';

const TITLE_FIELDS = ['title_en', 'title_zh', 'title_de', 'title_ja'] as const;

/** The route table as the initial menu tree (English titles from the route keys; editable afterwards). */
export async function seedMenus(db: Database, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(menus);
  if (Number(existing?.n ?? 0) > 0) return;
  const rows: (typeof menus.$inferInsert)[] = [];
  const walk = (nodes: readonly RouteNode[], parent: string | null) =>
    nodes.forEach((node, i) => {
      const title = node.key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
      rows.push({
        menu_key: node.key,
        parent_key: parent,
        path: node.path,
        title_en: title,
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
  // The tree starts as the route table the first time anyone opens it.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/Menu/')) await seedMenus(deps.db, deps.clock());
  });
}

import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenus } from '../../../server/admin/menus/service';
import { queryRows } from '../../../server/core/db';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

/**
 * Migration 0029: a menu tree seeded before the installer files existed held the installer archives' titles on /clientList and 'Processing
 * records' on cusHandleRecord; it gets the shipped titles, and a title an administrator chose stays.
 */
const MIGRATION = new URL('../../../server/core/db/migrations/0029_shipped_menu_titles.sql', import.meta.url);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedMenus(database.db, new Date());
});
afterAll(() => database.close());

const titles = async (key: string) =>
  (
    await queryRows<{ title_en: string; title_de: string; title_zh: string; title_ja: string }>(
      database.db,
      sql`SELECT title_en, title_de, title_zh, title_ja FROM menus WHERE menu_key = ${key}`,
    )
  )[0];

describe('the shipped menu titles of /clientList and cusHandleRecord (migration 0029)', () => {
  it('replaces the old shipped titles and keeps a title an administrator chose', async () => {
    await database.db.execute(
      sql`UPDATE menus SET title_en = 'Installer archives', title_de = 'Installateursarchiv', title_zh = '安装商档案', title_ja = 'Our clients' WHERE menu_key = 'clientList'`,
    );
    await database.db.execute(sql`UPDATE menus SET title_en = 'Processing records' WHERE menu_key = 'cusHandleRecord'`);
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await database.db.execute(sql.raw(statement));
    expect(await titles('clientList')).toEqual({
      title_en: 'Customers',
      title_de: 'Kunden',
      title_zh: '客户列表',
      title_ja: 'Our clients',
    });
    expect((await titles('cusHandleRecord'))!.title_en).toBe('Handling records');
  });
});

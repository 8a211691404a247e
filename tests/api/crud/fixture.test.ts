import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import { createTestApp, type TestApp } from '../helpers';
import { CREATE_FIXTURE_WIDGETS } from './fixture-resource';

/**
 * The claim of DESIGN §3: a declaration listed in RESOURCES and a table in server/core/db/schema are all a new
 * entity needs. The two mocks below stand for those two edits; the app is then built as always (buildApp),
 * and its endpoints, route, roles and menu entry come from the same registration path as the shipped
 * resources: no service, no route code, no registerCrud call.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureWidgets } = await import('./fixture-resource');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureWidgets] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureWidgetsTable } = await import('./fixture-resource');
  return { ...(await importOriginal<object>()), fixtureWidgetsTable };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(CREATE_FIXTURE_WIDGETS);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE fixture_widgets RESTART IDENTITY`);
});

/** Every table's rows, the fixture's too (created after the helper listed the tables). */
async function rowCounts() {
  const [widgets] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM fixture_widgets`);
  return { ...(await t.database.rowCounts()), fixture_widgets: widgets!.n };
}

describe('a fixture resource gets working endpoints from its declaration alone', () => {
  it('list / one / save / delete with paging, sorting, filters, validation, duplicates, CASL and audit', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const call = async (path: string, body: unknown, token = admin) => (await t.post(path, body, { token })).body;
    for (const [code, colour, weight] of [
      ['W-3', 'red', 3],
      ['W-1', 'green', 1],
      ['W-2', 'red', 2],
    ] as const) {
      expect((await call('/api/Widget/SaveWidget', { code, colour, weight })).code).toBe(200);
    }
    const page = await call('/api/Widget/GetWidgetPageList', {
      pageIndex: 1,
      pageSize: 2,
      colour: 'red',
      sort: [{ field: 'weight', order: 'desc' }],
    });
    expect(page.data).toMatchObject({ dataCount: 2, data: [{ code: 'W-3' }, { code: 'W-2' }] });
    expect((await call('/api/Widget/GetWidget', { id: 2 })).data).toMatchObject({ code: 'W-1', weight: 1 });
    expect((await call('/api/Widget/SaveWidget', { id: 2, code: 'W-1', colour: 'red', weight: 9 })).data).toMatchObject({
      colour: 'red',
      weight: 9,
    });
    expect((await call('/api/Widget/DeleteWidget', { id: 3 })).code).toBe(200);

    const before = await rowCounts();
    expect(await call('/api/Widget/SaveWidget', { colour: 'red', weight: 1 })).toMatchObject({
      code: 3,
      info: expect.stringContaining('code'),
    });
    expect(await call('/api/Widget/SaveWidget', { code: 'W-9', colour: 'blue', weight: 1 })).toMatchObject({
      code: 2,
      info: expect.stringContaining('colour'),
    });
    expect(await call('/api/Widget/SaveWidget', { code: 'W-9', colour: 'red', weight: 101 })).toMatchObject({
      code: 2,
      info: expect.stringContaining('weight'),
    });
    expect((await call('/api/Widget/SaveWidget', { code: 'w-3', colour: 'red', weight: 1 })).code).toBe(52);
    expect((await call('/api/Widget/GetWidget', { id: 99 })).code).toBe(8);
    // The roles the declaration gives its new route decide, on every call.
    for (const refused of ['customer', 'sncreator']) {
      const token = (await t.login(refused)).AccessToken;
      expect(await call('/api/Widget/GetWidgetPageList', {}, token)).toMatchObject({ code: 45, data: null });
      expect((await call('/api/Widget/SaveWidget', { code: 'W-7', colour: 'red', weight: 1 }, token)).code).toBe(45);
      expect((await call('/api/Widget/DeleteWidget', { id: 1 }, token)).code).toBe(45);
    }
    const after = await rowCounts();
    expect({ ...after, user_log: 0, sessions: 0, session_used_keys: 0 }).toEqual({
      ...before,
      user_log: 0,
      sessions: 0,
      session_used_keys: 0,
    });

    const servicer = (await t.login('servicer')).AccessToken;
    expect((await call('/api/Widget/GetWidgetPageList', {}, servicer)).data.dataCount).toBe(2);

    const audit = await call('/api/UserLog/GetUserLogPageList', { action: 'fixtureWidgets', pageSize: 50 });
    expect(audit.data.data.map((r: any) => r.action).sort()).toEqual([
      'fixtureWidgets.create',
      'fixtureWidgets.create',
      'fixtureWidgets.create',
      'fixtureWidgets.delete',
      'fixtureWidgets.update',
    ]);
  });

  it('its route joins the route table with its roles: the menu tree and the role permissions know it', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const tree = await t.post('/api/Menu/GetMenuPageList', { menu_key: 'fixtureWidgets' }, { token: admin });
    expect(tree.body.data.data).toMatchObject([
      { menu_key: 'fixtureWidgets', parent_key: 'BasicSettings', path: '/BasicSettings/fixtureWidgets', icon: 'tool' },
    ]);
    const roles = await t.post('/api/Role/GetRolePageList', { pageSize: 50 }, { token: admin });
    const available = (role: string) => roles.body.data.data.find((r: any) => r.role === role)?.available ?? [];
    expect(available('servicer')).toContain('fixtureWidgets');
    expect(available('sncreator')).not.toContain('fixtureWidgets');
  });
});

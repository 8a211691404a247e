import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';
import type { AppDeps } from '../../../server/config';
import { registerCrud } from '../../../server/crud/factory';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The claim of DESIGN §3: a declaration and a table are enough for working endpoints. No service, no route
 * code: list / one / save / delete, validation, duplicates, CASL and the audit trail all come from here.
 */
const widgets = pgTable('fixture_widgets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  colour: text('colour').notNull(),
  weight: integer('weight').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const fixtureWidgets = defineResource({
  name: 'fixtureWidgets',
  subject: 'snManagement', // any route key of permissions/routes.ts: its roles decide
  route: '/fixture/widgets',
  namespace: 'admin',
  endpoints: { list: '/Widget/GetWidgetPageList', one: '/Widget/GetWidget', save: '/Widget/SaveWidget', delete: '/Widget/DeleteWidget' },
  defaultSort: { field: 'code', order: 'asc' },
  fields: {
    code: { schema: rules.requiredText(20), list: true, filter: 'text', sortable: true, form: true, unique: 52 },
    colour: { schema: z.enum(['red', 'green']), widget: 'select', options: ['red', 'green'], list: true, filter: true, form: true },
    weight: { schema: z.number().int().min(1).max(100), widget: 'number', list: true, sortable: true, form: true },
  },
});

let t: TestApp;
const deps = {} as AppDeps;
beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      app.register(async (scope) => registerCrud(scope, { get db() { return t.db; }, get clock() { return t.clock; }, config: deps.config }, { declaration: fixtureWidgets, table: widgets }), { prefix: '/api' }),
  });
  await t.db.execute(sql`CREATE TABLE fixture_widgets (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, code text NOT NULL, colour text NOT NULL, weight integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE fixture_widgets RESTART IDENTITY`);
});

describe('a fixture resource gets working endpoints from its declaration alone', () => {
  it('list / one / save / delete with paging, sorting, filters, validation, duplicates, CASL and audit', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const call = async (path: string, body: unknown, token = admin) => (await t.post(path, body, { token })).body;
    for (const [code, colour, weight] of [['W-3', 'red', 3], ['W-1', 'green', 1], ['W-2', 'red', 2]] as const) {
      expect((await call('/api/Widget/SaveWidget', { code, colour, weight })).code).toBe(200);
    }
    const page = await call('/api/Widget/GetWidgetPageList', { pageIndex: 1, pageSize: 2, colour: 'red', sort: [{ field: 'weight', order: 'desc' }] });
    expect(page.data).toMatchObject({ dataCount: 2, data: [{ code: 'W-3' }, { code: 'W-2' }] });
    expect((await call('/api/Widget/GetWidget', { id: 2 })).data).toMatchObject({ code: 'W-1', weight: 1 });
    expect((await call('/api/Widget/SaveWidget', { id: 2, code: 'W-1', colour: 'red', weight: 9 })).data).toMatchObject({ colour: 'red', weight: 9 });
    expect((await call('/api/Widget/DeleteWidget', { id: 3 })).code).toBe(200);

    const before = await t.database.rowCounts();
    expect(await call('/api/Widget/SaveWidget', { colour: 'red', weight: 1 })).toMatchObject({ code: 3, info: expect.stringContaining('code') });
    expect(await call('/api/Widget/SaveWidget', { code: 'W-9', colour: 'blue', weight: 1 })).toMatchObject({ code: 2, info: expect.stringContaining('colour') });
    expect(await call('/api/Widget/SaveWidget', { code: 'W-9', colour: 'red', weight: 101 })).toMatchObject({ code: 2, info: expect.stringContaining('weight') });
    expect((await call('/api/Widget/SaveWidget', { code: 'w-3', colour: 'red', weight: 1 })).code).toBe(52);
    expect((await call('/api/Widget/GetWidget', { id: 99 })).code).toBe(8);
    const customer = (await t.login('customer')).AccessToken;
    expect((await call('/api/Widget/GetWidgetPageList', {}, customer)).code).toBe(45);
    expect((await call('/api/Widget/SaveWidget', { code: 'W-7', colour: 'red', weight: 1 }, customer)).code).toBe(45);
    const after = await t.database.rowCounts();
    expect({ ...after, user_log: 0, sessions: 0, session_used_keys: 0 }).toEqual({ ...before, user_log: 0, sessions: 0, session_used_keys: 0 });

    const audit = await call('/api/UserLog/GetUserLogPageList', { action: 'fixtureWidgets', pageSize: 50 });
    expect(audit.data.data.map((r: any) => r.action).sort()).toEqual([
      'fixtureWidgets.create', 'fixtureWidgets.create', 'fixtureWidgets.create', 'fixtureWidgets.delete', 'fixtureWidgets.update',
    ]);
  });
});

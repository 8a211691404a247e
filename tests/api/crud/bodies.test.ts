import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tableDigests } from '../admin/helpers';
import { createTestApp, type TestApp } from '../helpers';
import { multipart, pdf } from './attach-helpers';
import { CREATE_FIXTURE_WIDGETS } from './fixture-resource';

/**
 * The generated calls declare their bodies: list, one, save, delete and download are validated by
 * the validator every route uses, before the handler, and a refused body answers `{ code, data: { field }, info }`
 * with the spec's code and changes nothing; the upload's text parts are parsed with a schema the same way.
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

const LIST = '/api/Widget/GetWidgetPageList';
const ONE = '/api/Widget/GetWidget';
const SAVE = '/api/Widget/SaveWidget';
const DELETE = '/api/Widget/DeleteWidget';
const UPLOAD = '/api/Widget/UploadWidgetFile';
const DOWNLOAD = '/api/Widget/DownloadWidgetFile';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(CREATE_FIXTURE_WIDGETS);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  await t.db.execute(sql`TRUNCATE fixture_widgets RESTART IDENTITY`);
  admin = (await t.login('admin')).AccessToken;
});

/** Every table's digest, the fixture's too (created after the helper listed the tables). */
async function digests() {
  const widgets = await t.db.execute(sql`SELECT md5(string_agg(fixture_widgets::text, '|' ORDER BY id)) AS digest FROM fixture_widgets`);
  return { ...(await tableDigests(t)), fixture_widgets: JSON.stringify(widgets) };
}

/** A refused call: the code, `data.field` naming the field, `info` naming it too, and no table changed. */
async function expectRefused(path: string, body: unknown, code: number, field: string) {
  const before = await digests();
  const { body: answer } = await t.post(path, body, { token: admin });
  expect(answer, `${path} ${JSON.stringify(body)}`).toMatchObject({ code, data: { field } });
  expect(answer.info).toContain(field);
  expect(await digests(), `${path}: a table changed`).toEqual(before);
}

async function saved(body: Record<string, unknown>) {
  const { body: answer } = await t.post(SAVE, body, { token: admin });
  expect(answer.code, answer.info).toBe(200);
  return answer.data;
}

describe('the generated calls validate their bodies before the handler', () => {
  it('list: a bad filter, page or order names its field; cleared filters and a missing body filter nothing', async () => {
    await saved({ code: 'W-1', colour: 'red', weight: 1 });
    await expectRefused(LIST, { colour: 'blue' }, 2, 'colour');
    await expectRefused(LIST, { pageSize: 0 }, 2, 'pageSize');
    await expectRefused(LIST, { pageIndex: 'first' }, 2, 'pageIndex');
    await expectRefused(LIST, { sort: [{ field: 'weight', order: 'up' }] }, 2, 'sort.0.order');
    await expectRefused(LIST, { code: 'x'.repeat(201) }, 2, 'code');
    const cleared = await t.post(LIST, { code: '', colour: null, pageSize: '' }, { token: admin });
    expect(cleared.body).toMatchObject({ code: 200, data: { dataCount: 1 } });
    const bodiless = await t.post(LIST, undefined, { token: admin });
    expect(bodiless.body).toMatchObject({ code: 200, data: { dataCount: 1 } });
  });

  it('one and delete: a missing or blank id answers 3, a bad one 2, naming id', async () => {
    await saved({ code: 'W-1', colour: 'red', weight: 1 });
    for (const path of [ONE, DELETE]) {
      await expectRefused(path, {}, 3, 'id');
      await expectRefused(path, { id: '' }, 3, 'id');
      await expectRefused(path, { id: 'one' }, 2, 'id');
      await expectRefused(path, { id: -1 }, 2, 'id');
    }
  });

  it('save: the first field of the mode that is missing or bad is named, with its code; nothing is written', async () => {
    await expectRefused(SAVE, {}, 3, 'code');
    await expectRefused(SAVE, { code: 'W-1', weight: 1 }, 3, 'colour');
    await expectRefused(SAVE, { code: '  ', colour: 'red', weight: 1 }, 3, 'code');
    await expectRefused(SAVE, { code: 'W-1', colour: 'red', weight: 1.5 }, 2, 'weight');
    await expectRefused(SAVE, ['W-1'], 2, 'body');
    const widget = await saved({ code: 'W-1', colour: 'red', weight: 1 });
    await expectRefused(SAVE, { id: 'x', code: 'W-1', colour: 'red', weight: 1 }, 2, 'id');
    await expectRefused(SAVE, { id: widget.id, code: 'W-1', colour: 'red' }, 3, 'weight');
    // '' and null are no id: a new record.
    expect(await saved({ id: '', code: 'W-2', colour: 'green', weight: 2 })).toMatchObject({ id: widget.id + 1 });
    expect(await saved({ id: null, code: 'W-3', colour: 'green', weight: 3 })).toMatchObject({ id: widget.id + 2 });
  });

  it('download: a missing id answers 3, a bad one 2, naming id', async () => {
    await expectRefused(DOWNLOAD, {}, 3, 'id');
    await expectRefused(DOWNLOAD, { id: '1x' }, 2, 'id');
  });

  it('upload: its text parts are parsed by a schema: an unknown field or a bad record id answers 2 naming the part, nothing kept', async () => {
    for (const [parts, field] of [
      [[{ name: 'field', value: 'colour' }], 'field'],
      [
        [
          { name: 'field', value: 'papers' },
          { name: 'recordId', value: '0' },
        ],
        'recordId',
      ],
    ] as const) {
      const before = await digests();
      const body = multipart([...parts, { name: 'file', filename: 'a.pdf', content: pdf() }]);
      const response = await t.inject({
        method: 'POST',
        url: UPLOAD,
        headers: { ...body.headers, authorization: `Bearer ${admin}` },
        payload: body.payload,
      });
      expect(response.json()).toMatchObject({ code: 2, data: { field } });
      expect(await digests()).toEqual(before);
    }
  });
});

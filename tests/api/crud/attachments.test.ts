import { readdir, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import type { LocalFolderStorage } from '../../../server/core/storage';
import { removeStaleUploads } from '../../../server/core/uploads/service';
import { createTestApp, type TestApp } from '../helpers';
import { tableDigests } from '../admin/helpers';
import { CREATE_FIXTURE_WIDGETS } from './fixture-resource';
import { multipart, pdf, PNG, PROGRAMS, zipOf, type Part } from './attach-helpers';

/**
 * Attachments as a field type: the fixture resource declares two attachments fields
 * (papers: 3 × 80 MB of PDF or text; photo: 1 image) and gets its upload and download calls and its save and read
 * of files from the declaration alone, as fixture.test.ts does for the rest.
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

const UPLOAD = '/api/Widget/UploadWidgetFile';
const DOWNLOAD = '/api/Widget/DownloadWidgetFile';
const SAVE = '/api/Widget/SaveWidget';
const MB = 1024 * 1024;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(CREATE_FIXTURE_WIDGETS);
});
afterAll(() => t.close());
beforeEach(async () => {
  await rm((t.app.storage as LocalFolderStorage).root, { recursive: true, force: true });
  await t.reset();
  await t.db.execute(sql`TRUNCATE fixture_widgets RESTART IDENTITY`);
  for (const user of ['admin', 'servicer', 'customer']) tokens[user] = (await t.login(user)).AccessToken;
});

async function send(parts: Part[], { as = 'admin', contentLength }: { as?: string; contentLength?: number } = {}) {
  const body = multipart(parts, { contentLength });
  const response = await t.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...body.headers, authorization: `Bearer ${tokens[as]}` },
    payload: body.payload,
  });
  return { answer: response.json(), read: body.read(), headers: response.headers };
}

function file(filename: string, content: Buffer, extra: Partial<Extract<Part, { filename: string }>> = {}): Part {
  return { name: 'file', filename, content, ...extra };
}

async function upload(
  filename: string,
  content: Buffer,
  { field = 'papers', as = 'admin', recordId }: { field?: string; as?: string; recordId?: number } = {},
) {
  const parts: Part[] = [{ name: 'field', value: field }];
  if (recordId !== undefined) parts.push({ name: 'recordId', value: String(recordId) });
  return (await send([...parts, file(filename, content)], { as })).answer;
}

async function call(path: string, body: unknown, as = 'admin') {
  return (await t.post(path, body, { token: tokens[as] })).body;
}

/** Every stored file (the storage folder's files, temporary ones included). */
async function storedFiles(): Promise<string[]> {
  const root = (t.app.storage as LocalFolderStorage).root;
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

async function uploadRows() {
  return queryRows<{ id: number; record_id: number | null; original_name: string; sha256: string }>(
    t.db,
    sql`SELECT id, record_id, original_name, sha256 FROM uploads ORDER BY id`,
  );
}

/** Runs a refused call and proves that no table and no stored file changed. */
async function expectNothingKept(refuse: () => Promise<{ code: number; info: string }>, code: number, info?: string) {
  const before = { tables: await tableDigests(t), files: await storedFiles() };
  const answer = await refuse();
  expect(answer.code, answer.info).toBe(code);
  if (info) expect(answer.info).toContain(info);
  expect({ tables: await tableDigests(t), files: await storedFiles() }).toEqual(before);
}

describe('upload, save, read and download from the declaration alone', () => {
  it('a paper and a photo are uploaded, attached by the save, listed with the record and downloaded as they were sent', async () => {
    const paper = pdf('warranty card');
    const up = await upload('Garantie – Übersicht.pdf', paper);
    expect(up).toMatchObject({
      code: 200,
      data: {
        name: 'Garantie – Übersicht.pdf',
        size: paper.length,
        mime: 'application/pdf',
        sha256: createHash('sha256').update(paper).digest('hex'),
      },
    });
    const photo = await upload('roof.png', PNG, { field: 'photo' });
    expect(photo.data).toMatchObject({ mime: 'image/png', size: PNG.length });
    // The stored file is named by a generated key, never by the user's name.
    expect(await storedFiles()).toHaveLength(2);
    expect((await storedFiles()).every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);

    const saved = await call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [up.data.id], photo: [photo.data.id] });
    expect(saved.code, saved.info).toBe(200);
    const one = await call('/api/Widget/GetWidget', { id: saved.data.id });
    expect(one.data.papers).toEqual([{ id: up.data.id, name: 'Garantie – Übersicht.pdf', size: paper.length, mime: 'application/pdf' }]);
    expect(one.data.photo).toEqual([{ id: photo.data.id, name: 'roof.png', size: PNG.length, mime: 'image/png' }]);
    const list = await call('/api/Widget/GetWidgetPageList', {});
    expect(list.data.data[0]).toMatchObject({ papers: [{ id: up.data.id }], photo: [{ id: photo.data.id }] });

    for (const as of ['admin', 'servicer']) {
      const response = await t.inject({
        method: 'POST',
        url: DOWNLOAD,
        headers: { authorization: `Bearer ${tokens[as]}` },
        payload: { id: up.data.id },
      });
      expect(response.rawPayload.equals(paper)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="Garantie _ _bersicht.pdf"; filename*=UTF-8''Garantie%20%E2%80%93%20%C3%9Cbersicht.pdf`,
      );
    }
  });

  it('an edit keeps, adds and removes files; files no record holds go after a day, with their bytes', async () => {
    const [a, b, c] = [
      await upload('a.pdf', pdf('a')),
      await upload('b.txt', Buffer.from('plain text, b\n')),
      await upload('c.pdf', pdf('c')),
    ];
    expect(b.data.mime).toBe('text/plain');
    const saved = await call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [a.data.id, b.data.id] });
    // An edit form sends back what the record answered ({ id, … }); b is removed, c added.
    const one = await call('/api/Widget/GetWidget', { id: saved.data.id });
    const edited = await call(SAVE, { ...one.data, papers: [one.data.papers[0], c.data.id] });
    expect(edited.code, edited.info).toBe(200);
    expect((await call('/api/Widget/GetWidget', { id: saved.data.id })).data.papers.map((f: { id: number }) => f.id)).toEqual([
      a.data.id,
      c.data.id,
    ]);
    // Leaving papers out changes nothing; an empty list lets every paper go.
    await call(SAVE, { id: saved.data.id, code: 'W-1', colour: 'red', weight: 2 });
    expect((await call('/api/Widget/GetWidget', { id: saved.data.id })).data.papers).toHaveLength(2);

    t.clock.advance(23 * 3600_000);
    expect(await removeStaleUploads({ db: t.db, storage: t.app.storage, now: t.clock() })).toBe(0);
    t.clock.advance(2 * 3600_000);
    expect(await removeStaleUploads({ db: t.db, storage: t.app.storage, now: t.clock() })).toBe(1);
    tokens.admin = (await t.login('admin')).AccessToken;
    expect((await uploadRows()).map((r) => r.original_name)).toEqual(['a.pdf', 'c.pdf']);
    expect(await storedFiles()).toHaveLength(2);

    // A deleted record lets its files go too.
    expect((await call('/api/Widget/DeleteWidget', { id: saved.data.id })).code).toBe(200);
    expect(await removeStaleUploads({ db: t.db, storage: t.app.storage, now: t.clock() })).toBe(2);
    expect(await storedFiles()).toEqual([]);
  });
});

describe('limits and content', () => {
  it('a 90 MB file is cut off at 80 MB: code 2, the rest of the body unread, nothing kept, memory flat', async () => {
    const limit = 80 * MB;
    // The server's memory before, after a warm-up upload (the code paths loaded).
    await upload('warm.pdf', pdf('warm-up'));
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    let result: Awaited<ReturnType<typeof send>>;
    try {
      await expectNothingKept(
        async () => {
          result = await send([{ name: 'field', value: 'papers' }, file('big.pdf', pdf('big'), { padding: 90 * MB })]);
          return result.answer;
        },
        2,
        'larger than 80 MB',
      );
    } finally {
      clearInterval(sampler);
    }
    // Cut off at the limit: at most the limit and the stream buffers in between were read of the 90 MB.
    expect(result!.read).toBeGreaterThan(limit);
    expect(result!.read).toBeLessThan(limit + 4 * MB);
    expect(result!.headers.connection).toBe('close');
    // Streamed, never held: the process grew by far less than the 80 MB it read (generous bound for the GC's slack).
    expect(peak - before).toBeLessThan(48 * MB);
  });

  it('a body that says it is over the limit is refused before it is read', async () => {
    await expectNothingKept(
      async () => {
        const { answer, read } = await send([{ name: 'field', value: 'papers' }, file('big.pdf', pdf('big'), { padding: 90 * MB })], {
          contentLength: 90 * MB + 500,
        });
        expect(read).toBeLessThan(1 * MB);
        return answer;
      },
      2,
      'larger than 80 MB',
    );
  });

  it('a fourth paper is refused (code 2 naming papers), a second photo too', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4]) ids.push((await upload(`p${n}.pdf`, pdf(`paper ${n}`))).data.id);
    await expectNothingKept(() => call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: ids }), 2, 'papers');
    const saved = await call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: ids.slice(0, 3) });
    expect(saved.code).toBe(200);
    await expectNothingKept(() => call(SAVE, { ...saved.data, papers: ids }), 2, 'papers');
    const photos = [
      (await upload('a.png', PNG, { field: 'photo' })).data.id,
      (await upload('b.png', Buffer.concat([PNG, Buffer.from('x')]), { field: 'photo' })).data.id,
    ];
    await expectNothingKept(() => call(SAVE, { code: 'W-2', colour: 'red', weight: 1, photo: photos }), 2, 'photo');
  });

  it('an .exe renamed .pdf is refused (95), as every other program by its first bytes, and a program by its name', async () => {
    for (const [kind, bytes] of Object.entries(PROGRAMS)) {
      await expectNothingKept(() => upload('invoice.pdf', bytes), 95);
      await expectNothingKept(() => upload('invoice.png', bytes, { field: 'photo' }), 95);
      expect((await upload('invoice.pdf', bytes)).info, kind).toMatch(/program|installer|cabinet|script/);
    }
    const jar = await zipOf({ 'META-INF/MANIFEST.MF': 'Main-Class: Evil\n', 'Evil.class': 'x' });
    const apk = await zipOf({ 'AndroidManifest.xml': '<manifest/>', 'classes.dex': 'dex\n035' });
    for (const archive of [jar, apk]) await expectNothingKept(() => upload('manual.pdf', archive), 95, 'program');
    // A genuine paper under a program's name is refused too (DESIGN §4: by content and by name).
    for (const name of ['setup.exe', 'run.sh', 'tool.jar', 'app.apk', 'a.pdf.exe', 'x.bat.'])
      await expectNothingKept(() => upload(name, pdf()), 95);
  });

  it('a PNG named .pdf is taken only where the field accepts images', async () => {
    await expectNothingKept(() => upload('scan.pdf', PNG), 95, 'image/png');
    const photo = await upload('scan.pdf', PNG, { field: 'photo' });
    expect(photo).toMatchObject({ code: 200, data: { name: 'scan.pdf', mime: 'image/png' } });
    // And the other way round: a PDF named .png is no photo.
    await expectNothingKept(() => upload('scan.png', pdf(), { field: 'photo' }), 95, 'application/pdf');
  });

  it('the same file twice on one record is refused (96): in one save, and when uploaded to a record that holds it', async () => {
    const paper = pdf('same');
    const [a, b] = [await upload('a.pdf', paper), await upload('b.pdf', paper)];
    await expectNothingKept(() => call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [a.data.id, b.data.id] }), 96);
    await expectNothingKept(() => call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [a.data.id, a.data.id] }), 96);
    const saved = await call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [a.data.id] });
    await expectNothingKept(() => upload('again.pdf', paper, { recordId: saved.data.id }), 96);
    await expectNothingKept(() => call(SAVE, { ...saved.data, papers: [a.data.id, b.data.id] }), 96);
    // The same bytes on another record are fine.
    expect((await call(SAVE, { code: 'W-2', colour: 'red', weight: 1, papers: [b.data.id] })).code).toBe(200);
  });
});

describe('who may attach and download', () => {
  it('a save naming an upload that does not exist, is someone else’s, of another field or held by another record answers 54', async () => {
    const mine = await upload('mine.pdf', pdf('mine'));
    const theirs = await upload('theirs.pdf', pdf('theirs'), { as: 'servicer' });
    const photo = await upload('p.png', PNG, { field: 'photo' });
    for (const papers of [[999], [theirs.data.id], [photo.data.id], [mine.data.id, 999]]) {
      await expectNothingKept(() => call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers }), 54);
    }
    const held = await call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [mine.data.id] });
    expect(held.code).toBe(200);
    await expectNothingKept(() => call(SAVE, { code: 'W-2', colour: 'red', weight: 1, papers: [mine.data.id] }), 54);
    // Another user editing the record keeps the files it holds and adds their own.
    const edit = await call(SAVE, { ...held.data, papers: [mine.data.id, theirs.data.id] }, 'servicer');
    expect(edit.code, edit.info).toBe(200);
  });

  it('a foreign user downloading answers 45: a role without the screen, anyone but the uploader before the save, and an id of no file', async () => {
    const paper = await upload('a.pdf', pdf('a'));
    const download = (id: number, as: string) => call(DOWNLOAD, { id }, as);
    await expectNothingKept(() => download(paper.data.id, 'servicer'), 45);
    await expectNothingKept(() => download(paper.data.id, 'customer'), 45);
    await call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [paper.data.id] });
    await expectNothingKept(() => download(paper.data.id, 'customer'), 45);
    await expectNothingKept(() => upload('b.pdf', pdf('b'), { as: 'customer' }), 45);
    await expectNothingKept(() => download(999, 'admin'), 45);
    await expectNothingKept(() => call(DOWNLOAD, { id: 'x' }), 2);
    await expectNothingKept(() => call(DOWNLOAD, {}), 3);
  });
});

describe('bad input', () => {
  it('no file, an empty file, two files, a NUL in the name, an unknown field or record: a clear code, nothing kept', async () => {
    await expectNothingKept(async () => (await send([{ name: 'field', value: 'papers' }])).answer, 34);
    await expectNothingKept(() => call(UPLOAD, { field: 'papers' }), 34);
    await expectNothingKept(() => upload('empty.pdf', Buffer.alloc(0)), 34);
    await expectNothingKept(
      async () => (await send([{ name: 'field', value: 'papers' }, file('a.pdf', pdf('a')), file('b.pdf', pdf('b'))])).answer,
      2,
      'one file',
    );
    await expectNothingKept(
      async () =>
        (
          await send([
            { name: 'field', value: 'papers' },
            file('x', pdf(), { rawDisposition: `form-data; name="file"; filename*=UTF-8''a%00b.pdf` }),
          ])
        ).answer,
      2,
      'NUL',
    );
    await expectNothingKept(() => upload('a.pdf', pdf(), { field: 'nope' }), 2, 'field');
    await expectNothingKept(() => upload('a.pdf', pdf(), { field: 'code' }), 2, 'field');
    await expectNothingKept(() => upload('a.pdf', pdf(), { recordId: 999 }), 8);
    await expectNothingKept(
      async () => (await send([{ name: 'field', value: 'papers' }, { name: 'recordId', value: '1x' }, file('a.pdf', pdf())])).answer,
      2,
      'recordId',
    );
    await expectNothingKept(
      () => call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [{ name: 'still uploading' }] }),
      2,
      'papers',
    );
    await expectNothingKept(() => call(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: 'a.pdf' }), 2, 'papers');
  });

  it('a name is kept without folders or control characters; the field may be left out where there is only one... or not', async () => {
    const up = await upload('C:\\fakepath\\..\\report\u0007.pdf', pdf());
    expect(up.data.name).toBe('report_.pdf');
    // Two attachments fields: the upload must say which.
    await expectNothingKept(async () => (await send([file('a.pdf', pdf())])).answer, 3, 'field');
  });
});

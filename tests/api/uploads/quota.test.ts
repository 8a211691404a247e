import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../server/core/db/database';
import { uploads } from '../../../server/core/db/schema/uploads';
import type { LocalFolderStorage } from '../../../server/core/storage';
import {
  DEFAULT_MIN_FREE_BYTES,
  parseUploadMinFreeBytes,
  UNATTACHED_BYTES_CAP,
  UPLOADS_PER_HOUR,
} from '../../../server/core/uploads/quota';
import { createTestApp, type TestApp } from '../helpers';
import { tableDigests } from '../admin/helpers';
import { multipart, pdf, PNG } from '../crud/attach-helpers';
import { CREATE_FIXTURE_WIDGETS } from '../crud/fixture-resource';

/**
 * Per-user upload limits and the disk's floor (server/core/uploads/quota.ts), on the fixture resource of the
 * attachments tests (papers: PDF or text; photo: an image; roles admin and servicer): past 60 uploads an hour 15, past
 * 400 MB no record holds 16, below the free-space floor 400, each before a byte is written; a role without the
 * upload right still answers 45 whatever its quota.
 */
vi.mock('../../../resources/index', async (importOriginal) => {
  const shipped = await importOriginal<typeof import('../../../resources/index')>();
  const { fixtureWidgets } = await import('../crud/fixture-resource');
  return { ...shipped, RESOURCES: [...shipped.RESOURCES, fixtureWidgets] };
});
vi.mock('../../../server/core/db/schema/index', async (importOriginal) => {
  const { fixtureWidgetsTable } = await import('../crud/fixture-resource');
  return { ...(await importOriginal<object>()), fixtureWidgetsTable };
});

const UPLOAD = '/api/Widget/UploadWidgetFile';
const SAVE = '/api/Widget/SaveWidget';
const KB = 1024;

let t: TestApp;
/** The same app with a free-space floor no disk reaches. */
let full: TestApp;
const tokens: Record<string, string> = {};
const fullTokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  full = await createTestApp({ config: { uploadMinFreeBytes: Number.MAX_SAFE_INTEGER } });
  for (const app of [t, full]) await app.db.execute(CREATE_FIXTURE_WIDGETS);
});
afterAll(async () => {
  await t.close();
  await full.close();
});
beforeEach(async () => {
  for (const app of [t, full]) {
    await rm((app.app.storage as LocalFolderStorage).root, { recursive: true, force: true });
    await app.reset();
    await app.db.execute(sql`TRUNCATE fixture_widgets RESTART IDENTITY`);
  }
  for (const user of ['admin', 'servicer', 'customer', 'supplier', 'vppmanager']) {
    tokens[user] = (await t.login(user)).AccessToken;
    fullTokens[user] = (await full.login(user)).AccessToken;
  }
});

/**
 * Uploads one file as a browser does: the body's length announced (content-length), which the quota counts while
 * the upload streams.
 */
async function upload(
  content: Buffer,
  {
    as = 'admin',
    field = 'papers',
    name = 'a.pdf',
    app = t,
    url = UPLOAD,
  }: { as?: string; field?: string; name?: string; app?: TestApp; url?: string } = {},
) {
  const body = multipart([
    { name: 'field', value: field },
    { name: 'file', filename: name, content },
  ]);
  const payload = Buffer.concat(await body.payload.toArray());
  const token = (app === t ? tokens : fullTokens)[as];
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload,
  });
  return response.json() as { code: number; info: string; data: { id: number } };
}

/** A paper of about `bytes` bytes (a PDF padded with a comment line). */
function paperOf(bytes: number, tag = randomBytes(4).toString('hex')): Buffer {
  const head = pdf(tag);
  return Buffer.concat([head, Buffer.from(`%${'x'.repeat(Math.max(0, bytes - head.length - 2))}\n`)]);
}

async function userId(app: TestApp, username: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM users WHERE username = ${username}`);
  return row!.id;
}

/** Rows of uploads the user made earlier (their bytes are not needed: the quota counts rows and sizes). */
async function earlierUploads(
  app: TestApp,
  username: string,
  { count, size, attached, minutesAgo = 10 }: { count: number; size: number; attached: boolean; minutesAgo?: number },
) {
  const ownerId = await userId(app, username);
  const createdAt = new Date(app.clock().getTime() - minutesAgo * 60_000);
  await app.db.insert(uploads).values(
    Array.from({ length: count }, () => ({
      ownerId,
      resource: 'fixtureWidgets',
      field: 'papers',
      storageKey: randomBytes(16).toString('hex'),
      originalName: 'earlier.pdf',
      mime: 'application/pdf',
      size,
      sha256: randomBytes(32).toString('hex'),
      createdAt,
      recordId: attached ? 999 : null,
    })),
  );
}

async function storedFiles(app: TestApp): Promise<string[]> {
  const entries = await readdir((app.app.storage as LocalFolderStorage).root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

/** Runs a refused upload and proves that no table and no stored file changed (nothing was written, not even a partial). */
async function expectRefused(app: TestApp, refuse: () => ReturnType<typeof upload>, code: number, info: string) {
  const before = { tables: await tableDigests(app), files: await storedFiles(app) };
  const answer = await refuse();
  expect(answer.code, answer.info).toBe(code);
  expect(answer.info).toContain(info);
  expect({ tables: await tableDigests(app), files: await storedFiles(app) }).toEqual(before);
}

describe('uploads per hour', () => {
  it(`past ${UPLOADS_PER_HOUR} uploads in an hour answers 15 with nothing written; an hour later uploads are taken again`, async () => {
    // Attached or not, every upload of the hour counts.
    await earlierUploads(t, 'admin', { count: UPLOADS_PER_HOUR - 1, size: KB, attached: true });
    expect((await upload(paperOf(2 * KB))).code).toBe(200);
    await expectRefused(t, () => upload(paperOf(2 * KB)), 15, `at most ${UPLOADS_PER_HOUR} uploads an hour`);
    // Per user: another user uploads meanwhile.
    expect((await upload(paperOf(2 * KB), { as: 'servicer' })).code).toBe(200);

    t.clock.advance(60 * 60_000);
    tokens.admin = (await t.login('admin')).AccessToken;
    expect((await upload(paperOf(2 * KB))).code).toBe(200);
  });
});

describe('bytes no record holds', () => {
  it('an upload that would pass 400 MB of unattached files answers 16 with nothing written; saving the record frees the room', async () => {
    // 10 kB short of the cap.
    await earlierUploads(t, 'admin', { count: 5, size: UNATTACHED_BYTES_CAP / 5 - 2 * KB, attached: false });
    await expectRefused(t, () => upload(paperOf(20 * KB)), 16, '400 MB of uploads no record holds');
    const small = await upload(paperOf(2 * KB));
    expect(small.code, small.info).toBe(200);
    await expectRefused(t, () => upload(paperOf(8 * KB)), 16, '400 MB');
    // Per user.
    expect((await upload(paperOf(20 * KB), { as: 'servicer' })).code).toBe(200);

    // The save takes the small file: its bytes no longer count.
    expect(
      (await t.post(SAVE, { code: 'W-1', colour: 'red', weight: 1, papers: [small.data.id] }, { token: tokens.admin })).body.code,
    ).toBe(200);
    expect((await upload(paperOf(8 * KB))).code).toBe(200);
  });

  it('two uploads at once that fit only one by one: one is taken, the other answers 16', async () => {
    await earlierUploads(t, 'admin', { count: 5, size: UNATTACHED_BYTES_CAP / 5 - 2 * KB, attached: false });
    const answers = await Promise.all([upload(paperOf(6 * KB)), upload(paperOf(6 * KB))]);
    expect(answers.map((a) => a.code).sort()).toEqual([16, 200]);
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('files a day old are no longer counted (the clean-up removes them)', async () => {
    await earlierUploads(t, 'admin', { count: 5, size: UNATTACHED_BYTES_CAP / 5, attached: false, minutesAgo: 26 * 60 });
    expect((await upload(paperOf(20 * KB))).code).toBe(200);
  });
});

describe('free disk space', () => {
  it('below the floor an upload answers 400 naming the cause, with nothing written; the floor comes from the config', async () => {
    await expectRefused(full, () => upload(paperOf(2 * KB), { app: full }), 400, 'too little free disk space for uploads');
    await expectRefused(full, () => upload(PNG, { app: full, field: 'photo', name: 'roof.png', as: 'servicer' }), 400, 'free disk space');
    // The default floor: this disk has room above it.
    expect((await upload(paperOf(2 * KB))).code).toBe(200);
  });

  it('UPLOAD_MIN_FREE_MB is read in megabytes, 1 GiB without it; anything but a whole number ≥ 0 stops the start', () => {
    expect(parseUploadMinFreeBytes(undefined)).toBe(DEFAULT_MIN_FREE_BYTES);
    expect(DEFAULT_MIN_FREE_BYTES).toBe(1024 ** 3);
    expect(parseUploadMinFreeBytes('')).toBe(DEFAULT_MIN_FREE_BYTES);
    expect(parseUploadMinFreeBytes('2048')).toBe(2 * 1024 ** 3);
    expect(parseUploadMinFreeBytes('0')).toBe(0);
    for (const wrong of ['-1', '1.5', 'lots']) expect(() => parseUploadMinFreeBytes(wrong)).toThrow('UPLOAD_MIN_FREE_MB');
  });
});

describe('a role without the upload right', () => {
  it('answers 45, not its quota: over the hourly rate, over the bytes cap, below the disk floor; nothing written', async () => {
    await earlierUploads(t, 'customer', {
      count: UPLOADS_PER_HOUR + 1,
      size: Math.ceil(UNATTACHED_BYTES_CAP / UPLOADS_PER_HOUR),
      attached: false,
    });
    await expectRefused(t, () => upload(paperOf(2 * KB), { as: 'customer' }), 45, '');
    await expectRefused(full, () => upload(paperOf(2 * KB), { app: full, as: 'customer' }), 45, '');
  });
});

describe('the shipped upload calls', () => {
  it('a customer’s complaint files and a supplier’s or VPP manager’s suggestion files are held to the same limits', async () => {
    const complaintFile = { url: '/api/Complaints/UploadComplaintFile', field: 'attachments' };
    const suggestionFile = { url: '/api/ProductSuggestion/UploadProductSuggestionFile', field: 'attachments' };
    expect((await upload(paperOf(2 * KB), { as: 'customer', ...complaintFile })).code).toBe(200);
    await earlierUploads(t, 'customer', { count: 5, size: UNATTACHED_BYTES_CAP / 5, attached: false });
    await expectRefused(t, () => upload(paperOf(2 * KB), { as: 'customer', ...complaintFile }), 16, '400 MB');

    expect((await upload(paperOf(2 * KB), { as: 'supplier', ...suggestionFile })).code).toBe(200);
    await earlierUploads(t, 'supplier', { count: UPLOADS_PER_HOUR, size: KB, attached: true });
    await expectRefused(t, () => upload(paperOf(2 * KB), { as: 'supplier', ...suggestionFile }), 15, 'uploads an hour');
    await earlierUploads(t, 'vppmanager', { count: UPLOADS_PER_HOUR, size: KB, attached: true });
    await expectRefused(t, () => upload(paperOf(2 * KB), { as: 'vppmanager', ...suggestionFile }), 15, 'uploads an hour');
  });
});

import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalFolderStorage } from '../../../server/core/storage';
import { removeStaleUploadsJob } from '../../../server/core/uploads/jobs';
import { ABANDONED_PARTIAL_MS } from '../../../server/core/uploads/service';
import { createTestApp, TEST_EPOCH, type TestApp } from '../helpers';

/**
 * A process killed mid-upload leaves its `.partial` file (storage's own clean-up never ran): the start and the hourly
 * clean-up remove those not written to for ABANDONED_PARTIAL_MS, and keep younger ones, which may be uploads in
 * progress on another node sharing the folder, and complete files.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;

/** Writes a file into the storage folder as `put` names it, last written `ago` ms before `now`. */
function leave(root: string, name: string, now: Date, ago: number): string {
  const folder = join(root, name.slice(0, 2));
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  writeFileSync(path, randomBytes(1024));
  const written = new Date(now.getTime() - ago);
  utimesSync(path, written, written);
  return name;
}

const key = () => randomBytes(16).toString('hex');

async function filesIn(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

async function runHourlyJob(app: TestApp) {
  await removeStaleUploadsJob.run({
    db: app.db,
    clock: app.clock,
    config: app.config,
    storage: app.app.storage,
    log: app.app.log,
    data: {},
  });
}

describe('partial files of uploads a crash cut short', () => {
  it('the start removes those older than the safe age and keeps a fresh one and complete files', async () => {
    const left: Record<string, string> = {};
    t = await createTestApp({
      // Before the app is ready: as a restarted server finds the folder.
      configure: (app) => {
        const root = (app.storage as LocalFolderStorage).root;
        left.stale = leave(root, `${key()}.partial`, TEST_EPOCH, ABANDONED_PARTIAL_MS + MINUTE);
        left.fresh = leave(root, `${key()}.partial`, TEST_EPOCH, ABANDONED_PARTIAL_MS - 10 * MINUTE);
        left.complete = leave(root, key(), TEST_EPOCH, 30 * 24 * 60 * MINUTE);
        // Not one of storage's names: never touched.
        left.foreign = leave(root, 'notes.partial', TEST_EPOCH, 30 * 24 * 60 * MINUTE);
      },
    });
    expect(await filesIn((t.app.storage as LocalFolderStorage).root)).toEqual([left.complete, left.fresh, left.foreign].sort());
  });

  it('the hourly clean-up removes them too, while a fresh one and an upload in progress are kept', async () => {
    t = await createTestApp();
    const storage = t.app.storage as LocalFolderStorage;
    const stale = leave(storage.root, `${key()}.partial`, t.clock(), ABANDONED_PARTIAL_MS + MINUTE);
    const fresh = leave(storage.root, `${key()}.partial`, t.clock(), 5 * MINUTE);
    await runHourlyJob(t);
    expect(await filesIn(storage.root)).toEqual([fresh]);
    expect(stale).not.toBe(fresh);

    // An upload still streaming (its bytes arrive as the job runs), at the real time of its writes.
    t.clock.set(new Date());
    const body = new PassThrough();
    const stored = storage.put(body);
    body.write(randomBytes(64 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await filesIn(storage.root)).filter((name) => name !== fresh && name.endsWith('.partial'))).toHaveLength(1);
    // An hour on, the fresh one of before is stale; the upload writes on.
    t.clock.advance(ABANDONED_PARTIAL_MS);
    body.write(randomBytes(64 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await runHourlyJob(t);
    body.end(randomBytes(1024));
    const { key: done, size } = await stored;
    expect(size).toBe(129 * 1024);
    expect(await filesIn(storage.root)).toEqual([done]);
  });
});

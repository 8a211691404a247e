import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFoundError, type Storage, type StoredObject } from './storage';

/** Keys are 32 random hex characters: nothing of the user's reaches a path. */
const KEY = /^[0-9a-f]{32}$/;
/** A file being written: its key and this ending until it is complete. */
const PARTIAL = /^[0-9a-f]{32}\.partial$/;
/** The sub-folders `put` makes: the key's first two characters. */
const SUB_FOLDER = /^[0-9a-f]{2}$/;

/**
 * The default store: files in a folder (`DATA_DIR/uploads`), under a two-character sub-folder of their key so that
 * no folder grows to millions of entries. A file is written under a temporary name and renamed when complete, so a
 * reader never sees half a file and a failed upload leaves nothing behind.
 */
export class LocalFolderStorage implements Storage {
  constructor(readonly root: string) {}

  async put(stream: Readable): Promise<StoredObject> {
    const key = randomBytes(16).toString('hex');
    const path = this.pathOf(key);
    const partial = `${path}.partial`;
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      // As much in flight as the write stream takes (16 kB by default would hold back each 1 MB chunk).
      highWaterMark: 1024 * 1024,
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Opened before the first byte: a write stream opening its file itself may create it only after a refusal's
    // clean-up below has run, leaving a stray file.
    const file = await open(partial, 'wx');
    try {
      // The stream closes the file when it ends or fails. `flush`: the file is on the disk (fsync) before it is
      // named and before the caller records it; the uploads row that points at it is committed to the database,
      // so after a power cut it must not point at a file lost in the page cache. The folder too, for the name.
      await pipeline(stream, measure, file.createWriteStream({ highWaterMark: 1024 * 1024, flush: true }));
      await rename(partial, path);
      await syncFolder(dirname(path));
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(partial, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Readable> {
    if (!KEY.test(key)) throw new StorageNotFoundError(key);
    // Opened first, so that a missing file rejects here instead of erroring the stream half-way through a reply.
    const handle = await open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new StorageNotFoundError(key) : error;
    });
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    if (!KEY.test(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  /** The bytes the folder's file system still gives an unprivileged process (statfs: free blocks × block size). */
  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const { bavail, bsize } = await statfs(this.root);
    return bavail * bsize;
  }

  /**
   * Partial files a crashed process left (its `put` never reached the clean-up) whose last write is older than
   * `before`. By the time of the last write, not of creation: a slow upload still in progress keeps touching its file.
   * Another process removing the same file meanwhile is no error.
   */
  async removeAbandoned(before: Date): Promise<number> {
    let removed = 0;
    const folders = await readdir(this.root, { withFileTypes: true }).catch(missingAsEmpty);
    for (const folder of folders) {
      if (!folder.isDirectory() || !SUB_FOLDER.test(folder.name)) continue;
      const names = await readdir(join(this.root, folder.name)).catch(missingAsEmpty);
      for (const name of names) {
        if (!PARTIAL.test(name)) continue;
        const path = join(this.root, folder.name, name);
        const written = await stat(path).then(
          ({ mtimeMs }) => mtimeMs,
          () => undefined,
        );
        if (written === undefined || written >= before.getTime()) continue;
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private pathOf(key: string): string {
    return join(this.root, key.slice(0, 2), key);
  }
}

/** A folder that is not there (nothing uploaded yet) holds nothing. */
function missingAsEmpty(error: NodeJS.ErrnoException): never[] {
  if (error.code === 'ENOENT') return [];
  throw error;
}

/** Makes a folder's entries (a file just renamed into it) durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A store for an app built without one (tests): a folder of its own under the system's temporary folder. */
export function temporaryStorage(): LocalFolderStorage {
  return new LocalFolderStorage(join(tmpdir(), `ess-uploads-${process.pid}-${randomBytes(4).toString('hex')}`));
}

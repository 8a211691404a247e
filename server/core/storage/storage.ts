import type { Readable } from 'node:stream';

/** What `put` answers: the generated key the object is stored under, its size in bytes and its SHA-256 (hex). */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Where uploaded files live (DESIGN §1, §10). The server knows files only by the keys this answers, never by a
 * name a user gave, so another store can replace the local folder without touching the rest:
 *
 * - `put` reads the stream to its end while writing it, hashing and counting on the way (the file is never
 *   whole in memory), and answers a key it generated. If the stream fails (the upload was refused half-way),
 *   nothing is kept and `put` rejects with the stream's error.
 * - `get` answers the bytes as a stream; an unknown key rejects with `StorageNotFoundError`.
 * - `remove` deletes; an unknown key is no error (a clean-up may run twice).
 * - `freeBytes` answers the room left for new files, or undefined where the store has no such limit; uploads are
 *   refused below a floor (server/core/uploads/quota.ts) so that a full disk never fails the database beside it.
 * - `removeAbandoned` deletes what a `put` cut short by a crash left behind (it never got to clean up), when it was
 *   last written before `before`, and answers how many; a `put` still receiving bytes writes constantly, so it is
 *   never one of them. Run at start and by the hourly clean-up (server/core/uploads/jobs.ts).
 *
 * An S3-compatible store follows the same calls: `put` as a multipart upload (e.g. `@aws-sdk/lib-storage`'s
 * `Upload`) of a hashing pass-through stream to a generated object key, aborted when the stream fails; `get`
 * as `GetObject`'s body; `remove` as `DeleteObject`; `freeBytes` undefined (the bucket grows); `removeAbandoned`
 * as `ListMultipartUploads` and `AbortMultipartUpload` of those initiated before `before`. Several API nodes then
 * share it as they share the database.
 */
export interface Storage {
  put(stream: Readable): Promise<StoredObject>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  freeBytes(): Promise<number | undefined>;
  removeAbandoned(before: Date): Promise<number>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object '${key}'`);
    this.name = 'StorageNotFoundError';
  }
}
